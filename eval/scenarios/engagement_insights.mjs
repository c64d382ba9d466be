import { scripted } from "../script.mjs";

export const scenario = {
  name: "engagement_insights",
  description: "one per skill: measured posts and takeaways (no arguments: the model sends none)",
  as: "owner@globex.test",
  question: "How did our posts perform?",
  expect: { outcome: "accepted_first" },
};

export default scripted({ skill: "engagement_insights", calls: [["get_engagement_insights", undefined]] });
