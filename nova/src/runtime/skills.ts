import { SKILLS, SKILL_NAMES, type SkillName } from "../tools";

/**
 * When to use each skill, as `load_skill` describes it to the model. The allow-lists themselves
 * live in the contract's skill registry; this only says what each skill is for.
 */
export const SKILL_GUIDE = {
  trend_scan: "What is trending or being talked about: the newest trend signals, or signals matching a topic.",
  signal_watch: "Trend signals read against what the workspace has pending or recently posted (the operator feed).",
  engagement_insights: "How the workspace's published posts performed: measured results and takeaways.",
  posting_schedule:
    "When to post: posting windows from measured history, with the engagement data and feed behind them.",
  job_status: "The state of one pipeline job, by its job id.",
} as const satisfies Record<SkillName, string>;

export const LOAD_SKILL = "load_skill";

/** The declaration of `load_skill`: one argument, one of the registry's skills, each with its use. */
export function loadSkillDeclaration(): { name: string; description: string; inputSchema: Record<string, unknown> } {
  const uses = SKILL_NAMES.map((s) => `${s} (tools: ${SKILLS[s].join(", ")}): ${SKILL_GUIDE[s]}`).join(" ");
  return {
    name: LOAD_SKILL,
    description:
      "Load the one skill this question needs; call it once, before any other tool. After the load only that skill's tools are " +
      `available and no other skill can be loaded. Skills: ${uses}`,
    inputSchema: {
      type: "object",
      properties: { skill: { type: "string", enum: [...SKILL_NAMES], description: "The skill to load." } },
      required: ["skill"],
      additionalProperties: false,
    },
  };
}
