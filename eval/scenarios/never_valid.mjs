import { honestAnswer, scripted } from "../script.mjs";

export const scenario = {
  name: "never_valid",
  description:
    "keeps claiming it published the post, re-ask after re-ask: Nova falls back (the NOT_FOUND stays reported)",
  as: "operator@acme.test",
  question: "Publish the post for job-nope-404.",
  expect: { outcome: "fallback", violations: ["mutation_claim"], errors: ["NOT_FOUND"] },
};

export default scripted({
  skill: "job_status",
  calls: [["get_job_status", { jobId: "job-nope-404" }]],
  answer: (s) => honestAnswer(s, "Published! I went ahead and pushed it live."),
});
