import { scripted } from "../script.mjs";

export const scenario = {
  name: "signal_watch",
  description: "one per skill: a search that matches nothing (no_data) and the operator feed",
  as: "operator@acme.test",
  question: "Is anything about zzzz-nothing-matches trending, and what is waiting for me?",
  expect: { outcome: "accepted_first" },
};

export default scripted({
  skill: "signal_watch",
  calls: [
    ["search_trend_signals", { query: "zzzz-nothing-matches", limit: 5 }],
    ["get_operator_feed", {}],
  ],
});
