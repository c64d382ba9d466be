export {
  runNova,
  DEFAULT_MAX_REASKS,
  DEFAULT_MAX_TURNS,
  type NovaOptions,
  type NovaResult,
  type InvocationReport,
} from "./invoke";
export { novaMiddleware } from "./middleware";
export { NovaSession, type InvocationStats, type Refusal } from "./session";
export { mintMarker, datamark, datamarkText, untrustedStrings } from "./spotlight";
export { fallbackAnswer, FALLBACK_TEXT } from "./fallback";
export { reaskMessage, markerViolations, MARKER_RULE } from "./reask";
export { retryRefusal } from "./guard";
export { SKILL_GUIDE, LOAD_SKILL, loadSkillDeclaration } from "./skills";
export { publishedDeclarations, STRICT_DIR, type StrictDeclaration } from "nova-contract/published";
export { systemPrompt, ANSWER_JSON_SCHEMA } from "./instructions";
export {
  parseModelChoice,
  loadScriptRunner,
  defineScriptModel,
  genkitFor,
  SCRIPT_PREFIX,
  ModelChoiceError,
  type ModelChoice,
  type ScriptRunner,
} from "./models";
