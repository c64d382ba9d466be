/**
 * The tools and skills Nova's side knows, from the contract package's registry and skill table:
 * the same lists the server is built from, so Nova's side never keeps a second one.
 */
export {
  SKILLS,
  SKILL_NAMES,
  TOOL_NAMES,
  isSkillName,
  isToolName,
  skillAllows,
  type SkillName,
  type ToolName,
} from "nova-contract";
