import { scripted } from "../../../eval/script.mjs";

export const scenario = {
  name: "cross_workspace",
  description:
    "another workspace's job id: NOT_FOUND from the server (indistinguishable from a missing job), reported exactly",
  as: "operator@acme.test",
  question: "How is job-globex-1 doing?",
  expect: { outcome: "accepted_first", errors: ["NOT_FOUND"] },
};

export default scripted({ skill: "job_status", calls: [["get_job_status", { jobId: "job-globex-1" }]] });
