import { scripted } from "../script.mjs";

export const scenario = {
  name: "trend_scan",
  description: "one per skill: newest signals, a blank search (INVALID_QUERY from the server) and its corrected search",
  as: "viewer@acme.test",
  question: "What is trending, and anything on the creator economy?",
  expect: { outcome: "accepted_first" },
};

export default scripted({
  skill: "trend_scan",
  calls: [
    ["fetch_trend_signals", { limit: 3 }],
    ["search_trend_signals", { query: "   ", limit: 3 }],
    ["search_trend_signals", { query: "creator economy", limit: 3 }],
  ],
});
