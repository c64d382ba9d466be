import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { DEMO_PROJECT_ID } from "nova-contract";
import { ServingConfigError, isLoopback, servingConfig, type ServingConfig } from "./config";

/** The files firebase-tools reads for this codebase on the emulators, in its order: .env, then .env.local. */
export function emulatorEnvFiles(agentDir: string): NodeJS.ProcessEnv {
  const read = (name: string) =>
    existsSync(join(agentDir, name)) ? parseEnv(readFileSync(join(agentDir, name), "utf8")) : {};
  return { ...read(".env"), ...read(".env.local") };
}

/**
 * The configuration of the Genkit CLI's developer runtime (dev.ts): the emulators' Nova, the same
 * NOVA_MODEL and tools as the Functions emulator serves (agent/.env.local; the shell's environment
 * wins, as it does for firebase-tools), in a plain Node process the CLI starts. It stands in for the
 * Functions emulator, so it refuses what servingConfig refuses there, and first anything but the
 * local tools: a script model or the wire double never runs against deployed tools from here.
 * Pure, so the refusals are tested without starting it.
 */
export function devServingConfig(env: NodeJS.ProcessEnv, agentDir: string): ServingConfig & { projectId: string } {
  if (env.GENKIT_ENV !== "dev")
    throw new ServingConfigError(
      "the developer runtime runs under the Genkit CLI (GENKIT_ENV=dev): npx genkit start -- npx tsx agent/src/dev.ts",
    );
  const merged = { ...emulatorEnvFiles(agentDir), ...env };
  const tools = merged.NOVA_FUNCTIONS_URL?.trim();
  if (!tools || !isLoopback(tools))
    throw new ServingConfigError(
      `the developer runtime calls the tools on the Functions emulator only; NOVA_FUNCTIONS_URL is ${tools ? JSON.stringify(tools) : "not set"}`,
    );
  const projectId = merged.GCLOUD_PROJECT ?? merged.GOOGLE_CLOUD_PROJECT ?? DEMO_PROJECT_ID;
  return {
    ...servingConfig({ ...merged, FUNCTIONS_EMULATOR: "true", GCLOUD_PROJECT: projectId }, agentDir),
    projectId,
  };
}
