import { join } from "node:path";
import { genkit, type Genkit, type ModelArgument } from "genkit";
import { onCallGenkit } from "firebase-functions/https";
import { defineScriptModel } from "nova-tools";
import { pseudonym, pseudonymKey, pseudonymSecrets } from "../../functions/src/trace/pseudonym";
import { CloudLoggingInvocationSink } from "./cloud-logging";
import { AGENT_SERVICE_ACCOUNT_ID, GEMINI_SECRET, servingConfig, type ServingConfig } from "./config";
import { checkedAction, defineAskFlow, lazyScriptRunner } from "./flow";

// The codebase folder: a relative script:PATH in .env.local is resolved from here.
const config = servingConfig(process.env, join(__dirname, ".."));

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

const { ai, model } = modelFor(config);
const key = pseudonymKey();
const flow = defineAskFlow(ai, {
  model,
  modelName: config.modelName,
  functionsUrl: config.functionsUrl,
  sink: new CloudLoggingInvocationSink(),
  pseudonym: (kind, id) => pseudonym(kind, id, key),
});

export const nova_ask = onCallGenkit(
  {
    region: "us-central1",
    memory: "512MiB",
    // Up to three answers of up to twelve model turns each, with tool calls of up to 30 s.
    timeoutSeconds: 300,
    serviceAccount: `${AGENT_SERVICE_ACCOUNT_ID}@`,
    // The tools' pseudonym key (the same pseudonyms in both logs) and, for googleai/..., the API key.
    secrets: [...pseudonymSecrets(), ...(config.model.kind === "googleai" && !config.emulator ? [GEMINI_SECRET] : [])],
  },
  checkedAction(flow),
);
