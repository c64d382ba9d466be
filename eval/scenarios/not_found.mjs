import { scripted } from "../script.mjs";

export const scenario = {
  name: "not_found",
  description:
    "a job that does not exist: NOT_FOUND reported exactly, and a malformed id answered by the server (INVALID_ID)",
  as: "operator@acme.test",
  question: "What happened to job-nope-404? And to job !!?",
  expect: { outcome: "accepted_first", errors: ["NOT_FOUND", "INVALID_ID"] },
};

export default scripted({
  skill: "job_status",
  calls: [
    ["get_job_status", { jobId: "job !!" }],
    ["get_job_status", { jobId: "job-nope-404" }],
  ],
});
