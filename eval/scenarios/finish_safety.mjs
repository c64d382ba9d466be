import { faultAtAnswer, finish } from "../script.mjs";

export const scenario = {
  name: "finish_safety",
  description:
    "the answer turn ends with finish reason SAFETY (blocked for safety, no content): an attempt without an answer (no_answer); told so, the model answers",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "accepted_after_reask", violations: ["no_answer"], calls: 1 },
};

export default faultAtAnswer(() => finish("SAFETY"), {
  skill: "trend_scan",
  calls: [["fetch_trend_signals", { limit: 2 }]],
});
