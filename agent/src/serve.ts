import { genkit, type Genkit, type ModelArgument } from "genkit";
import { defineScriptModel } from "nova-tools";
import { pseudonym, pseudonymKey } from "../../functions/src/trace/pseudonym";
import { CloudLoggingInvocationSink } from "./cloud-logging";
import { GEMINI_SECRET, type ServingConfig } from "./config";
import { defineAskFlow, lazyScriptRunner } from "./flow";

function modelFor(cfg: ServingConfig): { ai: Genkit; model: ModelArgument } {
  if (cfg.model.kind === "script") {
    const ai = genkit({});
    return {
      ai,
      model: defineScriptModel(ai, lazyScriptRunner(cfg.model.path), cfg.modelName.slice("script/".length)),
    };
  }
  // Loaded only for a provider model: the script path never loads the plugin.
  const { googleAI, vertexAI } = require("@genkit-ai/google-genai") as typeof import("@genkit-ai/google-genai");
  const plugin =
    cfg.model.kind === "googleai"
      ? googleAI(
          cfg.geminiBaseUrl ? { baseUrl: cfg.geminiBaseUrl, apiKey: process.env[GEMINI_SECRET] ?? "wire-double" } : {},
        )
      : vertexAI({ location: "us-central1" });
  return { ai: genkit({ plugins: [plugin] }), model: cfg.model.name };
}

/**
 * The Genkit instance and the nova_ask flow for a configuration: what the callable serves
 * (index.ts) and what the Genkit CLI's developer runtime serves (dev.ts), built once, here. Under
 * GENKIT_ENV=dev, `genkit()` also starts Genkit's reflection server, which is how the CLI finds it.
 */
export function novaServing(config: ServingConfig) {
  const { ai, model } = modelFor(config);
  const key = pseudonymKey();
  const flow = defineAskFlow(ai, {
    model,
    modelName: config.modelName,
    functionsUrl: config.functionsUrl,
    sink: new CloudLoggingInvocationSink(),
    pseudonym: (kind, id) => pseudonym(kind, id, key),
  });
  return { ai, flow };
}
