import { callTool, honestAnswer, read, say } from "../script.mjs";

export const scenario = {
  name: "turn_limit",
  description:
    "the model keeps asking to load a skill again and never answers: every load after the first refused, the turn limit ends the attempt without an answer (no_answer); told so, it answers",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  expect: { outcome: "accepted_after_reask", violations: ["no_answer"], refusedAtLeast: 10, calls: 0 },
};

export default function turnLimit(request) {
  const s = read(request);
  if (s.reasks > 0) return say(honestAnswer(s, "Nothing was read."));
  return callTool("load_skill", { skill: "trend_scan" });
}
