import { scripted } from "../script.mjs";

export const scenario = {
  name: "job_status",
  description: "one per skill: a failed job's redacted status",
  as: "liaison@acme.test",
  question: "How is job-failed-1 doing?",
  expect: { outcome: "accepted_first" },
};

export default scripted({ skill: "job_status", calls: [["get_job_status", { jobId: "job-failed-1" }]] });
