import { faultAtAnswer, finish } from "../script.mjs";

export const scenario = {
  name: "finish_malformed_function_call",
  description:
    "the answer turn ends with finish reason MALFORMED_FUNCTION_CALL (a function call the API could not parse, no content): an attempt without an answer (no_answer); told so, the model answers",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "accepted_after_reask", violations: ["no_answer"], calls: 1 },
};

export default faultAtAnswer(() => finish("MALFORMED_FUNCTION_CALL"), {
  skill: "trend_scan",
  calls: [["fetch_trend_signals", { limit: 2 }]],
});
