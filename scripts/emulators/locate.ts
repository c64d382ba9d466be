import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(__dirname, "..", "..");

export interface JarChoice {
  readonly path: string;
  readonly source:
    "FIRESTORE_EMULATOR_BINARY_PATH" | "firebase-tools cache" | "Google Cloud CLI" | "../shared/emulators";
}

/**
 * The Firestore emulator jar, looked for in the documented order: the variable firebase-tools
 * itself honours, firebase-tools' download cache, the Google Cloud CLI's component, and the copy
 * shipped beside this repo for machines without internet.
 */
export function findFirestoreJar(env: NodeJS.ProcessEnv = process.env): { found: JarChoice | null; looked: string[] } {
  const looked: string[] = [];
  const fromEnv = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (fromEnv) {
    looked.push(`FIRESTORE_EMULATOR_BINARY_PATH=${fromEnv}`);
    if (existsSync(fromEnv)) return { found: { path: fromEnv, source: "FIRESTORE_EMULATOR_BINARY_PATH" }, looked };
  }
  const cacheDir = join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "firebase", "emulators");
  looked.push(`${cacheDir}/cloud-firestore-emulator-v*.jar`);
  if (existsSync(cacheDir)) {
    const jars = readdirSync(cacheDir)
      .filter((f) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(f))
      .sort(compareVersions);
    const newest = jars.at(-1);
    if (newest) return { found: { path: join(cacheDir, newest), source: "firebase-tools cache" }, looked };
  }
  const sdkRoot = gcloudSdkRoot();
  if (sdkRoot) {
    const jar = join(sdkRoot, "platform", "cloud-firestore-emulator", "cloud-firestore-emulator.jar");
    looked.push(jar);
    if (existsSync(jar)) return { found: { path: jar, source: "Google Cloud CLI" }, looked };
  } else looked.push("Google Cloud CLI (gcloud not found)");
  const shared = resolve(REPO_ROOT, "..", "shared", "emulators", "cloud-firestore-emulator.jar");
  looked.push(shared);
  if (existsSync(shared)) return { found: { path: shared, source: "../shared/emulators" }, looked };
  return { found: null, looked };
}

function compareVersions(a: string, b: string): number {
  const v = (s: string) => (s.match(/v([\d.]+)\.jar$/)?.[1] ?? "0").split(".").map(Number);
  const [x, y] = [v(a), v(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

function gcloudSdkRoot(): string | null {
  try {
    const out = execFileSync("gcloud", ["info", "--format=value(installation.sdk_root)"], {
      encoding: "utf8",
      timeout: 15_000,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return out.trim() || null;
  } catch {
    return null;
  }
}

/** The major version of `java` on PATH (or JAVA_HOME), or null when there is none. */
export function javaMajorVersion(env: NodeJS.ProcessEnv = process.env): { major: number | null; binary: string } {
  const binary = env.JAVA_HOME ? join(env.JAVA_HOME, "bin", "java") : "java";
  const run = spawnSync(binary, ["-version"], { encoding: "utf8", timeout: 15_000 });
  if (run.error) return { major: null, binary };
  return { major: parseJavaVersion(`${run.stderr}${run.stdout}`), binary };
}

/** `java -version` prints to stderr, e.g. `openjdk version "17.0.15"` or `"1.8.0_392"`. */
export function parseJavaVersion(text: string): number | null {
  const m = text.match(/version "(\d+)(?:\.(\d+))?/);
  if (!m) return null;
  const first = Number(m[1]);
  return first === 1 && m[2] ? Number(m[2]) : first;
}
