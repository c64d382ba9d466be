import { SKILLS, SKILL_NAMES, isSkillName, skillAllows, type SkillName } from "nova-functions/lib/contract";

/**
 * The six tool names of SPEC section 3. The server contract has no exported tool list yet, so the
 * names live here; a unit test checks that every tool the skill registry (the server's SKILLS, the
 * one allow-list) grants is one of them.
 */
export const TOOL_NAMES = [
  "fetch_trend_signals",
  "search_trend_signals",
  "get_engagement_insights",
  "get_operator_feed",
  "get_job_status",
  "suggest_posting_windows",
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

export { SKILLS, SKILL_NAMES, isSkillName, skillAllows, type SkillName };
