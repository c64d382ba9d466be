import { scripted } from "../script.mjs";

export const scenario = {
  name: "undeclared_tool",
  description:
    "after the load the model asks for publish_post, a tool nobody declared: refused like a tool outside the skill, nothing sent; then the honest answer",
  as: "operator@acme.test",
  question: "How is job-running-1?",
  expect: { outcome: "accepted_first", refusedAtLeast: 1, calls: 1 },
};

export default scripted({
  skill: "job_status",
  calls: [
    ["publish_post", { text: "Job update" }],
    ["get_job_status", { jobId: "job-running-1" }],
  ],
});
