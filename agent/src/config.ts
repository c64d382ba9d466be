import { isAbsolute, resolve } from "node:path";
import { DEFAULT_REGION, ModelChoiceError, parseModelChoice, type ModelChoice } from "nova-tools";

/**
 * How the Nova codebase is configured, from its environment: `NOVA_MODEL` (agent/.env on deploy,
 * agent/.env.local on the emulators, which firebase-tools reads only there) and where the tools are.
 * Pure, so the refusals are tested without loading the function.
 */
export interface ServingConfig {
  model: ModelChoice;
  /** The model's name for the record (`script/NAME` or the Genkit model name). */
  modelName: string;
  /** The tools' URL prefix: the emulator's origin, or the deployed project's cloudfunctions.net host. */
  functionsUrl: string;
  /** The Gemini wire double's address (emulator only): the Gemini API plugin's `baseUrl`. */
  geminiBaseUrl: string | null;
  emulator: boolean;
}

/**
 * Nova's runtime identity (docs/security.md): created by scripts/iam/create-service-account.sh --agent,
 * it holds no Firestore role, only the model provider's (roles/aiplatform.user) and log writing.
 * firebase-tools resolves the `id@` shorthand to the deploy project's account.
 */
export const AGENT_SERVICE_ACCOUNT_ID = "nova-agent";
/** The Gemini API key's secret, bound only when NOVA_MODEL is googleai/... */
export const GEMINI_SECRET = "GEMINI_API_KEY";

export class ServingConfigError extends Error {}

/** A host on this machine: the only place a script model or the wire double may be used. */
export function isLoopback(hostOrUrl: string): boolean {
  const withScheme = /^https?:\/\//i.test(hostOrUrl.trim()) ? hostOrUrl.trim() : `http://${hostOrUrl.trim()}`;
  const host = new URL(withScheme).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

/**
 * Reads the configuration, refusing what production must never run: a script model (SPEC section 9:
 * tests and demos only) or the wire double outside the emulators. This runs when the module loads,
 * and `firebase deploy` loads it to discover the functions, so a deploy with such a NOVA_MODEL fails.
 * @param baseDir where a relative `script:PATH` is resolved (the codebase folder)
 */
export function servingConfig(env: NodeJS.ProcessEnv, baseDir: string): ServingConfig {
  const emulator = env.FUNCTIONS_EMULATOR === "true";
  const named = env.NOVA_MODEL?.trim();
  if (!named)
    throw new ServingConfigError(
      "NOVA_MODEL is not set: agent/.env names the production model (vertexai/... or googleai/...), agent/.env.local the emulators' one",
    );
  let model: ModelChoice;
  try {
    model = parseModelChoice(named);
  } catch (err) {
    throw new ServingConfigError(`NOVA_MODEL: ${err instanceof ModelChoiceError ? err.message : String(err)}`);
  }
  const project = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
  const functionsUrl =
    env.NOVA_FUNCTIONS_URL?.trim() ||
    (emulator || !project ? "" : `https://${DEFAULT_REGION}-${project}.cloudfunctions.net`);
  if (!functionsUrl)
    throw new ServingConfigError(
      emulator
        ? "NOVA_FUNCTIONS_URL is not set: agent/.env.local names the Functions emulator (http://127.0.0.1:5001)"
        : "no project id (GCLOUD_PROJECT) to derive the tools' URL from; set NOVA_FUNCTIONS_URL",
    );
  const geminiBaseUrl = env.NOVA_GEMINI_BASE_URL?.trim() || null;
  const local = emulator && isLoopback(functionsUrl);
  if (model.kind === "script" && !local)
    throw new ServingConfigError(
      `NOVA_MODEL=${named} is a script model: it runs only on the emulators against local tools, never in a deploy`,
    );
  if (geminiBaseUrl && !(local && isLoopback(geminiBaseUrl)))
    throw new ServingConfigError("NOVA_GEMINI_BASE_URL (the Gemini wire double) is for the emulators only");
  if (model.kind === "script") {
    const path = isAbsolute(model.path) ? model.path : resolve(baseDir, model.path);
    const name = path.replace(/^.*[\\/]/, "").replace(/\.[cm]?js$/, "");
    return { model: { kind: "script", path }, modelName: `script/${name}`, functionsUrl, geminiBaseUrl, emulator };
  }
  return { model, modelName: model.name, functionsUrl, geminiBaseUrl, emulator };
}
