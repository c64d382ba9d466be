export {
  runNova,
  DEFAULT_MAX_REASKS,
  DEFAULT_MAX_TURNS,
  GEMINI_ANSWER_JSON_SCHEMA,
  type NovaOptions,
  type NovaResult,
  type InvocationReport,
  type InvocationOutcome,
} from "./run";
export { NovaModelError } from "./errors";
export { ProgressEventSchema, progressEmitter, resultCode, type ProgressEvent, type ProgressHook } from "./progress";
export { novaMiddleware } from "./middleware";
export { geminiDeclarations, geminiSchema, GEMINI_DIR, type GeminiDeclaration } from "./gemini";
export { NovaSession, type InvocationStats, type Refusal, type TokenUsage, type ToolAnswer } from "./session";
export { mintMarker, datamark, datamarkText, untrustedStrings } from "./spotlight";
export { fallbackAnswer, FALLBACK_TEXT } from "./fallback";
export { reaskMessage, markerViolations, MARKER_RULE } from "./reask";
export { SKILL_GUIDE, LOAD_SKILL, loadSkillDeclaration } from "./skills";
export { publishedDeclarations, STRICT_DIR, type StrictDeclaration } from "nova-contract/published";
export { systemPrompt, ANSWER_JSON_SCHEMA } from "./instructions";
export {
  parseModelChoice,
  loadScriptRunner,
  defineScriptModel,
  genkitFor,
  quietGenkitLogs,
  modelFamily,
  modelName,
  SCRIPT_PREFIX,
  ModelChoiceError,
  type ModelChoice,
  type ModelFamily,
  type AnswerMode,
  type ScriptRunner,
} from "./models";
