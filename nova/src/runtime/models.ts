import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { genkit, type Genkit, type GenerateRequest, type GenerateResponseData, type ModelArgument } from "genkit";

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
    `--model must be script:PATH, googleai/MODEL (GEMINI_API_KEY) or vertexai/MODEL (Application Default Credentials), got "${model}"`,
  );
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

/**
 * A Genkit instance and the model to use for a --model choice. Gemini comes through
 * @genkit-ai/google-genai: googleai/... reads GEMINI_API_KEY, vertexai/... Application Default
 * Credentials; a missing key is an error here, before anything runs.
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
  const { googleAI, vertexAI } = await import("@genkit-ai/google-genai");
  if (choice.kind === "googleai") {
    const apiKey = env.GEMINI_API_KEY?.trim();
    if (!apiKey) throw new ModelChoiceError(`${choice.name} needs GEMINI_API_KEY in the environment`);
    return { ai: genkit({ plugins: [googleAI({ apiKey })] }), model: choice.name };
  }
  return { ai: genkit({ plugins: [vertexAI()] }), model: choice.name };
}
