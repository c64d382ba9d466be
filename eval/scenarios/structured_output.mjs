import { honestAnswer, scripted } from "../script.mjs";

export const scenario = {
  name: "structured_output",
  description:
    "the first answer has a claim with a wrong key (evidence for evidenceIds), which fails the structured-output check: the model's answer (malformed_answer), re-asked, corrected",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "accepted_after_reask", violations: ["malformed_answer"] },
};

export default scripted({
  skill: "trend_scan",
  calls: [["fetch_trend_signals", { limit: 2 }]],
  answer: (s) => {
    const honest = honestAnswer(s, "Two signals lead.");
    if (s.reasks > 0) return honest;
    return {
      ...honest,
      claims: honest.claims.map((c) =>
        "evidenceIds" in c ? { type: c.type, text: c.text, evidence: c.evidenceIds } : c,
      ),
    };
  },
});
