import { createHmac } from "node:crypto";

/**
 * Keyed pseudonyms for callers and workspaces: stable within a deployment (same key), useless for
 * reversing without the key. Production sets NOVA_PSEUDONYM_KEY; without it the project id keys
 * them, which keeps them stable per project but is documented as the weaker choice.
 */
export function pseudonymKey(env: NodeJS.ProcessEnv = process.env): string {
  return env.NOVA_PSEUDONYM_KEY || `nova-pseudonym:${env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? "local"}`;
}

export function pseudonym(kind: "u" | "w", id: string, key: string = pseudonymKey()): string {
  return `${kind}_${createHmac("sha256", key).update(`${kind}:${id}`).digest("base64url").slice(0, 16)}`;
}
