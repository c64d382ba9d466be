/**
 * The seed as the emulator suite serves it: generated for the day the suite starts (SPEC section 8),
 * so every window the tools count back from the real clock (job health 7 days, insights 28, search
 * 30, posting windows 84) finds what the README promises on any date. The committed emulator-data/
 * keeps the export made for SEED_NOW, loadable by a plain `firebase emulators:start`; startSuite
 * replaces its documents with these on start (docs/operations.md, "Seeded data").
 */
import { DEFAULT_SEED, generateSeed, PROJECT_ID, type Seed } from "./generate";
import { loadSeed } from "./load";

/** Set by startSuite to the reference time it served: tests and the benchmark generate the same seed. */
export const SEED_NOW_ENV = "NOVA_SEED_NOW";

const DAY_MS = 86_400_000;

/** The UTC midnight that begins the day of `ms`, in ISO form: a reference time generateSeed accepts. */
export function dayStart(ms: number): string {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString();
}

/** The reference time of the running suite's seed (its environment variable), else today's. */
export function servedSeedNow(env: NodeJS.ProcessEnv = process.env, clock: number = Date.now()): string {
  return env[SEED_NOW_ENV] ?? dayStart(clock);
}

/** The seed the running suite serves. */
export function servedSeed(env: NodeJS.ProcessEnv = process.env): Seed {
  return generateSeed(DEFAULT_SEED, servedSeedNow(env));
}

/**
 * Empties the Firestore emulator at `host` (its documented reset endpoint) and writes the seed for
 * `at` into it. Refuses any host but a loopback emulator's.
 */
export async function serveSeed(host: string, at: string): Promise<number> {
  if (!/^(127\.0\.0\.1|localhost):\d+$/.test(host)) throw new Error(`serveSeed: ${host} is not a local emulator`);
  const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
    method: "DELETE",
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`serveSeed: emptying the Firestore emulator answered HTTP ${res.status}`);
  // firebase-admin's Firestore client takes the emulator from the environment when it is created.
  const before = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    return await loadSeed(generateSeed(DEFAULT_SEED, at), process.env);
  } finally {
    if (before === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = before;
  }
}
