import { toolFiles } from "nova-functions/lib/catalog";
import { SKILLS, SKILL_NAMES, isSkillName, skillAllows, type SkillName } from "nova-functions/lib/contract";

/**
 * The tools the server declares, read from its catalog (one file per tool in functions/src/tools),
 * so Nova's side never keeps a second list. Only names are read here: no tool code is loaded.
 */
export const TOOL_NAMES: readonly string[] = Object.freeze(toolFiles().map((t) => t.name));
export type ToolName = string;

export function isToolName(name: string): name is ToolName {
  return TOOL_NAMES.includes(name);
}

export { SKILLS, SKILL_NAMES, isSkillName, skillAllows, type SkillName };
