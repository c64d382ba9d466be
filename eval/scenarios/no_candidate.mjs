import { faultAtAnswer, noCandidate } from "../script.mjs";

export const scenario = {
  name: "no_candidate",
  description:
    "the answer turn comes back with no candidate at all (on the wire: promptFeedback only): an attempt without an answer (no_answer); told so, the model answers",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "accepted_after_reask", violations: ["no_answer"], calls: 1 },
};

export default faultAtAnswer(noCandidate, { skill: "trend_scan", calls: [["fetch_trend_signals", { limit: 2 }]] });
