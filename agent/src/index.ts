import { join } from "node:path";
import { onCallGenkit } from "firebase-functions/https";
import { pseudonymSecrets } from "../../functions/src/trace/pseudonym";
import { AGENT_SERVICE_ACCOUNT_ID, GEMINI_SECRET, servingConfig } from "./config";
import { checkedAction } from "./flow";
import { novaServing } from "./serve";

// The codebase folder: a relative script:PATH in .env.local is resolved from here.
const config = servingConfig(process.env, join(__dirname, ".."));
const { flow } = novaServing(config);

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
