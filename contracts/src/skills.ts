import type { ToolName } from "./tools";

/**
 * The skill registry (SPEC section 6), the one place that allow-lists tools for Nova. Granting a
 * tool to a skill is a deliberate edit here, never a side effect of adding a tool.
 */
export const SKILLS = {
  trend_scan: ["fetch_trend_signals", "search_trend_signals"],
  signal_watch: ["fetch_trend_signals", "search_trend_signals", "get_operator_feed"],
  engagement_insights: ["get_engagement_insights"],
  posting_schedule: ["get_engagement_insights", "get_operator_feed", "suggest_posting_windows"],
  job_status: ["get_job_status"],
} as const satisfies Record<string, readonly ToolName[]>;

export type SkillName = keyof typeof SKILLS;
export const SKILL_NAMES = Object.keys(SKILLS) as [SkillName, ...SkillName[]];

export function isSkillName(name: string): name is SkillName {
  return Object.prototype.hasOwnProperty.call(SKILLS, name);
}

export function skillAllows(skill: SkillName, tool: string): boolean {
  return (SKILLS[skill] as readonly string[]).includes(tool);
}

/** The skills that allow-list a tool, for its declaration and docs. */
export function skillsFor(tool: string): SkillName[] {
  return SKILL_NAMES.filter((s) => skillAllows(s, tool));
}
