import { faultAtAnswer, finish } from "../script.mjs";

export const scenario = {
  name: "finish_max_tokens",
  description:
    "the answer turn ends with finish reason MAX_TOKENS (cut off at the token limit with half an answer): an attempt without an answer (no_answer); told so, the model answers",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "accepted_after_reask", violations: ["no_answer"], calls: 1 },
};

export default faultAtAnswer(() => finish("MAX_TOKENS", '{"text": "Two signals lead: the first is about'), {
  skill: "trend_scan",
  calls: [["fetch_trend_signals", { limit: 2 }]],
});
