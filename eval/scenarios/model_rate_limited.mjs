import { faultAtAnswer, modelFault } from "../script.mjs";

export const scenario = {
  name: "model_rate_limited",
  description:
    "the model answers its answer turn with HTTP 429 (the plugin does not retry): no answer can be had, the invocation ends with NovaModelError (ask: exit 2), no stack, no provider text",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "error", calls: 1 },
};

export default faultAtAnswer(() => modelFault(429), {
  skill: "trend_scan",
  calls: [["fetch_trend_signals", { limit: 2 }]],
});
