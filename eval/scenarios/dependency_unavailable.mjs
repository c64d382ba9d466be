import { scripted } from "../script.mjs";

export const scenario = {
  name: "dependency_unavailable",
  description:
    "Firestore unreachable (the fault proxy resets every connection): DEPENDENCY_UNAVAILABLE, its one retry, a second retry refused, the error reported",
  as: "viewer@acme.test",
  question: "What is trending right now?",
  fault: "reset",
  expect: { outcome: "accepted_first", errors: ["DEPENDENCY_UNAVAILABLE"], refusedAtLeast: 1, calls: 2 },
};

export default scripted({
  skill: "trend_scan",
  calls: [
    ["fetch_trend_signals", { limit: 3 }],
    ["fetch_trend_signals", { limit: 3 }],
    ["fetch_trend_signals", { limit: 3 }],
  ],
});
