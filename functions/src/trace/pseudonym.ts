import { createHmac } from "node:crypto";

/**
 * The Secret Manager secret (and environment variable) holding the deployment's pseudonym key.
 * Functions bind it at deploy time (see pseudonymSecrets), so the key is fixed for a deployment and
 * pseudonyms stay stable across its instances; rotating it starts new pseudonyms at the next deploy.
 */
export const PSEUDONYM_SECRET = "NOVA_PSEUDONYM_KEY";

/**
 * Keyed pseudonyms for callers and workspaces: stable within a deployment (same key), useless for
 * reversing without the key. Production reads the secret NOVA_PSEUDONYM_KEY; without it the project
 * id keys them, which keeps them stable per project but anyone who knows the project id and guesses
 * a workspace id can recompute them, so that fallback is for the emulator only.
 */
export function pseudonymKey(env: NodeJS.ProcessEnv = process.env): string {
  return env[PSEUDONYM_SECRET] || `nova-pseudonym:${env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? "local"}`;
}

export function pseudonym(kind: "u" | "w", id: string, key: string = pseudonymKey()): string {
  return `${kind}_${createHmac("sha256", key).update(`${kind}:${id}`).digest("base64url").slice(0, 16)}`;
}

/**
 * The secrets a function declares. Deployed, it needs the key (deploy refuses until the secret
 * exists: docs/operations.md). On the emulator it declares none: firebase-tools would otherwise try
 * Secret Manager for the demo project at every worker start, and the project-id key is fine there.
 */
export function pseudonymSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.FUNCTIONS_EMULATOR === "true" ? [] : [PSEUDONYM_SECRET];
}
