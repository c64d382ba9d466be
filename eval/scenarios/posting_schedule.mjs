import { scripted } from "../script.mjs";

export const scenario = {
  name: "posting_schedule",
  description: "one per skill: too little history, so INSUFFICIENT_HISTORY is reported exactly",
  as: "owner@initech.test",
  question: "When should we post?",
  expect: { outcome: "accepted_first", errors: ["INSUFFICIENT_HISTORY"] },
};

export default scripted({
  skill: "posting_schedule",
  calls: [
    ["get_engagement_insights", {}],
    ["suggest_posting_windows", {}],
  ],
});
