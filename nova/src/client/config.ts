import { DEMO_PROJECT_ID } from "nova-contract";

/** Local emulator defaults (SPEC section 8: project demo-nova). */
export const DEFAULT_PROJECT_ID = DEMO_PROJECT_ID;
export const DEFAULT_REGION = "us-central1";
export const DEFAULT_FUNCTIONS_HOST = "127.0.0.1:5001";
export const DEFAULT_AUTH_EMULATOR_HOST = "127.0.0.1:9099";
/** The password of every seeded user (scripts/seed/generate.ts seeds it from here): the CLI's default. */
export const SEEDED_PASSWORD = "nova-dev-pass";
export const EMULATOR_API_KEY = "fake-api-key";

function withScheme(hostOrUrl: string): string {
  const trimmed = hostOrUrl.trim().replace(/(?<!\/)\/+$/, "");
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}

/**
 * The URL prefix a tool name is appended to. `functionsUrl` may be a host ("127.0.0.1:5001"), an
 * origin ("http://127.0.0.1:5001": the emulator layout `/<project>/<region>` is appended) or a full
 * prefix with a path ("https://us-central1-p.cloudfunctions.net/" style or ".../demo-nova/us-central1"),
 * used as given.
 */
export function functionsPrefix(opts: { functionsUrl?: string; projectId?: string; region?: string } = {}): string {
  const base = withScheme(opts.functionsUrl ?? DEFAULT_FUNCTIONS_HOST);
  const url = new URL(base);
  if (url.pathname && url.pathname !== "/") return base;
  return `${base}/${opts.projectId ?? DEFAULT_PROJECT_ID}/${opts.region ?? DEFAULT_REGION}`;
}

export function toolUrl(
  tool: string,
  opts: { functionsUrl?: string; projectId?: string; region?: string } = {},
): string {
  return `${functionsPrefix(opts)}/${encodeURIComponent(tool)}`;
}

/** The Auth emulator base URL from a host ("127.0.0.1:9099") or URL. */
export function authEmulatorBase(host?: string): string {
  return withScheme(host ?? DEFAULT_AUTH_EMULATOR_HOST);
}

/** Hosts from the environment, as the CLI reads them. */
export function hostsFromEnv(env: NodeJS.ProcessEnv = process.env): { functionsUrl: string; authHost: string } {
  return {
    functionsUrl: env.NOVA_FUNCTIONS_URL?.trim() || DEFAULT_FUNCTIONS_HOST,
    authHost: env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || DEFAULT_AUTH_EMULATOR_HOST,
  };
}
