import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
// A static import: compiled to require() in this CommonJS package, so the plugin and this code share
// one genkit. A dynamic import() here loaded the plugin's ES build and a second genkit, whose
// instanceof checks failed ("Unknown action type returned from plugin googleai").
import { googleAI, vertexAI } from "@genkit-ai/google-genai";
import { genkit, type Genkit, type GenerateRequest, type GenerateResponseData, type ModelArgument } from "genkit";
import { logger } from "genkit/logging";

/** A script model: Genkit's own model runner signature (SPEC section 9). */
export type ScriptRunner = (request: GenerateRequest) => GenerateResponseData | Promise<GenerateResponseData>;

export const SCRIPT_PREFIX = "script:";

/** What `--model` named: a script module, or a Genkit model of a provider plugin. */
export type ModelChoice = { kind: "script"; path: string } | { kind: "googleai" | "vertexai"; name: string };

export class ModelChoiceError extends Error {}

export function parseModelChoice(model: string): ModelChoice {
  if (model.startsWith(SCRIPT_PREFIX)) {
    const path = model.slice(SCRIPT_PREFIX.length);
    if (!path) throw new ModelChoiceError("script: needs a path, e.g. --model script:eval/models/trend_scan.mjs");
    return { kind: "script", path };
  }
  const provider = model.split("/")[0];
  if ((provider === "googleai" || provider === "vertexai") && model.length > provider.length + 1)
    return { kind: provider, name: model };
  throw new ModelChoiceError(
    `--model must be script:PATH, googleai/MODEL (GEMINI_API_KEY) or vertexai/MODEL (Application Default Credentials, or VERTEX_API_KEY for express mode), got "${model}"`,
  );
}

/**
 * How the final answer is asked for, by model family (docs/nova-runtime.md, "The answer"):
 * - `json-schema`: Genkit's structured output (a JSON response with a schema) beside the tools.
 *   Script models, and Gemini 3, which documents structured output together with function calling.
 * - `json-text`: the answer as JSON text, with no response mime type and no schema. Gemini before 3
 *   refuses responseMimeType application/json together with function declarations.
 */
export type AnswerMode = "json-schema" | "json-text";

export interface ModelFamily {
  /** The model's name as Genkit resolves it ("googleai/gemini-2.5-flash", "script/trend_scan"). */
  name: string;
  /** Whose wire the model speaks: Gemini gets the published Gemini declarations and schema subset. */
  provider: "gemini" | "script";
  answer: AnswerMode;
}

/** The name of a Genkit model argument: a name, a reference ({name}) or an action (__action.name). */
export function modelName(model: ModelArgument): string {
  if (typeof model === "string") return model;
  const m = model as { name?: unknown; __action?: { name?: unknown } };
  if (typeof m.__action?.name === "string") return m.__action.name;
  return typeof m.name === "string" ? m.name : "unknown";
}

/** The family of a model, from its name (a pure decision: tests and docs state the same table). */
export function modelFamily(model: ModelArgument): ModelFamily {
  const name = modelName(model);
  const [provider, id = ""] = name.split(/\/(.*)/s);
  if (provider !== "googleai" && provider !== "vertexai") return { name, provider: "script", answer: "json-schema" };
  const major = /^gemini-(\d+)/.exec(id)?.[1];
  return { name, provider: "gemini", answer: major !== undefined && Number(major) >= 3 ? "json-schema" : "json-text" };
}

/** Loads a script module's default export. */
export async function loadScriptRunner(path: string): Promise<ScriptRunner> {
  const mod = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown };
  const runner =
    typeof mod.default === "function" ? mod.default : (mod.default as { default?: unknown } | undefined)?.default;
  if (typeof runner !== "function")
    throw new ModelChoiceError(
      `${path} has no default export that is a model runner (GenerateRequest) => GenerateResponseData`,
    );
  return runner as ScriptRunner;
}

/** Registers a script runner as a Genkit model (defineModel) and returns its name. */
export function defineScriptModel(ai: Genkit, runner: ScriptRunner, name = "nova-script"): string {
  const model = ai.defineModel(
    {
      name: `script/${name}`,
      label: `script model ${name}`,
      supports: {
        multiturn: true,
        tools: true,
        systemRole: true,
        toolChoice: true,
        output: ["text", "json"],
        constrained: "all",
      },
    },
    async (request) => runner(request),
  );
  return model.__action.name;
}

/** A loopback base URL (the Gemini wire double): the only endpoint NOVA_GEMINI_BASE_URL may name. */
function loopbackBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ModelChoiceError(`NOVA_GEMINI_BASE_URL must be a URL, got "${value}"`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol !== "http:" || !(host === "localhost" || host === "::1" || /^127\./.test(host)))
    throw new ModelChoiceError(
      `NOVA_GEMINI_BASE_URL must be a loopback http URL (the Gemini wire double), got "${value}"`,
    );
  return value.replace(/(?<!\/)\/+$/, "");
}

/**
 * A Genkit instance and the model to use for a --model choice. Gemini comes through
 * @genkit-ai/google-genai: googleai/... reads GEMINI_API_KEY (and NOVA_GEMINI_BASE_URL, a loopback
 * address of the Gemini wire double, as the plugin's own baseUrl option); vertexai/... uses
 * VERTEX_API_KEY (Vertex express mode) when set, else Application Default Credentials. A missing
 * key is an error here, before anything runs.
 */
export async function genkitFor(
  choice: ModelChoice,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ai: Genkit; model: ModelArgument }> {
  if (choice.kind === "script") {
    const runner = await loadScriptRunner(choice.path);
    const ai = genkit({});
    return { ai, model: defineScriptModel(ai, runner, basename(choice.path).replace(/\.[cm]?js$/, "")) };
  }
  if (choice.kind === "googleai") {
    const apiKey = env.GEMINI_API_KEY?.trim();
    if (!apiKey) throw new ModelChoiceError(`${choice.name} needs GEMINI_API_KEY in the environment`);
    const base = env.NOVA_GEMINI_BASE_URL?.trim();
    return {
      ai: genkit({ plugins: [googleAI({ apiKey, ...(base ? { baseUrl: loopbackBaseUrl(base) } : {}) })] }),
      model: choice.name,
    };
  }
  const apiKey = env.VERTEX_API_KEY?.trim();
  return { ai: genkit({ plugins: [vertexAI(apiKey ? { apiKey } : {})] }), model: choice.name };
}

/**
 * Silences Genkit's own logger for this process (the nova-tools command, npm run eval): it prints a
 * failed model request with the provider's text and a stack to stderr, where the command prints
 * only its own short error (NovaModelError). A library caller keeps its logging as it set it.
 */
export function quietGenkitLogs(): void {
  const none = () => undefined;
  logger.init({ level: "error", shouldLog: () => false, debug: none, info: none, warn: none, error: none });
}
