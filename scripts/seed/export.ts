/**
 * Regenerates the committed emulator data: `npx tsx scripts/seed/export.ts`.
 *
 * 1. starts the Firestore emulator jar on a free port (18080 upwards),
 * 2. loads generateSeed() into it and asks the emulator to export it,
 * 3. writes emulator-data/ in the layout `firebase emulators:start --import emulator-data` reads:
 *      firebase-export-metadata.json
 *      firestore_export/firestore_export.overall_export_metadata (+ its all_namespaces/ data)
 *      auth_export/accounts.json, auth_export/config.json
 *      seed-manifest.json (what is in the data set, for people and tests)
 * 4. starts the jar again with --seed_from_export on the new export and checks a few documents.
 * Every jar it starts is stopped by its own pid in a finally block, also on failure.
 *
 * Options: --seed=N (default 20261130), --out=DIR (default <repo>/emulator-data), --no-verify.
 * Env: FIRESTORE_EMULATOR_BINARY_PATH (else ../shared/emulators/cloud-firestore-emulator.jar).
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { countByCollection, DEFAULT_SEED, generateSeed, PROJECT_ID, SEED_NOW, type Seed } from "./generate";
import { loadSeed, writeAuthExport } from "./load";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const FIRESTORE_EXPORT_NAME = "firestore_export";
const METADATA_FILE = `${FIRESTORE_EXPORT_NAME}/${FIRESTORE_EXPORT_NAME}.overall_export_metadata`;
/** The version of the jar in ../shared/emulators (see its README). */
const FIRESTORE_JAR_VERSION = "1.19.9";
const MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

function log(message: string): void {
  process.stderr.write(`[seed] ${message}\n`);
}

export function findJar(env: NodeJS.ProcessEnv = process.env): string {
  const jar =
    env.FIRESTORE_EMULATOR_BINARY_PATH ||
    path.resolve(REPO_ROOT, "..", "shared", "emulators", "cloud-firestore-emulator.jar");
  if (!fs.existsSync(jar))
    throw new Error(`Firestore emulator jar not found at ${jar} (set FIRESTORE_EMULATOR_BINARY_PATH)`);
  return jar;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function freePort(from = 18080, to = 18200): Promise<number> {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}-${to}`);
}

function httpRequest(method: string, url: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        headers: payload ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    if (payload) req.write(payload);
    req.end();
  });
}

/** Jars started by this process, so an interrupt (Ctrl-C) still stops them by pid. */
const started = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    process.exit(130);
  });
}

export interface RunningJar {
  port: number;
  host: string;
  child: ChildProcess;
  output: () => string;
}

export async function startJar(jar: string, extraArgs: string[] = []): Promise<RunningJar> {
  const port = await freePort();
  const args = [
    "-cp",
    jar,
    MAIN_CLASS,
    "start",
    "--host=127.0.0.1",
    `--port=${port}`,
    `--project_id=${PROJECT_ID}`,
    "--single_project_mode=true",
    ...extraArgs,
  ];
  const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"] });
  started.add(child);
  child.once("exit", () => started.delete(child));
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const running: RunningJar = { port, host: `127.0.0.1:${port}`, child, output: () => out };
  log(`started Firestore emulator pid ${child.pid} on 127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Firestore emulator exited early (${child.exitCode ?? child.signalCode}):\n${out}`);
    }
    try {
      await httpRequest("GET", `http://127.0.0.1:${port}/`);
      return running;
    } catch {
      if (Date.now() > deadline) {
        await stopJar(running);
        throw new Error(`Firestore emulator did not answer on port ${port} within 60 s:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Stops the jar by its own pid: SIGTERM, then SIGKILL after 10 s. */
export async function stopJar(jar: RunningJar): Promise<void> {
  const { child } = jar;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const killed = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
  ]);
  if (!killed) {
    child.kill("SIGKILL");
    await exited;
  }
  log(`stopped Firestore emulator pid ${child.pid}`);
}

export function buildManifest(seed: Seed): Record<string, unknown> {
  const perWorkspace: Record<string, Record<string, unknown>> = {};
  for (const doc of seed.docs) {
    const parts = doc.path.split("/");
    if (parts[0] !== "workspaces" || parts.length < 4) continue;
    const wid = parts[1] as string;
    const collection = parts[2] as string;
    const w = (perWorkspace[wid] ??= { posts: 0, measuredPosts: 0, jobs: 0, goals: 0, pendingItems: 0, members: 0 });
    w[collection] = ((w[collection] as number | undefined) ?? 0) + 1;
    if (collection === "posts" && doc.data.status === "published" && doc.data.metrics)
      w.measuredPosts = (w.measuredPosts as number) + 1;
  }
  for (const [wid, byState] of Object.entries(seed.fixtures.jobs)) {
    const w = perWorkspace[wid];
    if (w) w.jobsByState = Object.fromEntries(Object.entries(byState).map(([s, ids]) => [s, ids]));
  }
  return {
    seed: seed.seed,
    seedNow: SEED_NOW,
    projectId: PROJECT_ID,
    regenerate: "npx tsx scripts/seed/export.ts",
    counts: countByCollection(seed.docs),
    totalDocs: seed.docs.length,
    perWorkspace,
    users: seed.users.map((u) => ({
      email: u.email,
      uid: u.uid,
      password: u.password,
      workspaceClaim: u.workspaceId ?? null,
      memberships: u.memberships,
      description: u.description,
    })),
    fixtures: {
      injectionSignalIds: seed.fixtures.injectionSignalIds,
      fakeEnvelopeSignalIds: seed.fixtures.fakeEnvelopeSignalIds,
    },
    canaries: seed.canaries,
  };
}

function writeJson(file: string, value: unknown): void {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function firebaseToolsVersion(): string {
  try {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, "node_modules", "firebase-tools", "package.json"), "utf8"),
    ) as { version: string };
    return pkg.version;
  } catch {
    return "0.0.0";
  }
}

/** Starts the jar on the export and checks that the data came back (a few reads with firebase-admin). */
async function verifyExport(jarPath: string, outDir: string, seed: Seed): Promise<void> {
  const metadata = path.resolve(outDir, METADATA_FILE);
  const jar = await startJar(jarPath, [`--seed_from_export=${metadata}`]);
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = jar.host;
  const app = initializeApp({ projectId: PROJECT_ID }, `nova-seed-verify-${process.pid}`);
  try {
    const db = getFirestore(app);
    const job = await db.doc("workspaces/acme/jobs/job-failed-1").get();
    if (!job.exists || job.get("state") !== "failed" || job.get("attempts") !== 3)
      throw new Error("verify: workspaces/acme/jobs/job-failed-1 missing or wrong");
    if (!(job.get("createdAt") instanceof Timestamp)) throw new Error("verify: createdAt is not a Timestamp");
    const counts = countByCollection(seed.docs);
    const posts = (await db.collection("workspaces/acme/posts").count().get()).data().count;
    const signals = (await db.collection("trendSignals").count().get()).data().count;
    const expectedAcmePosts = seed.docs.filter((d) => d.path.startsWith("workspaces/acme/posts/")).length;
    if (posts !== expectedAcmePosts) throw new Error(`verify: acme posts ${posts} != ${expectedAcmePosts}`);
    if (signals !== counts.trendSignals) throw new Error(`verify: trendSignals ${signals} != ${counts.trendSignals}`);
    const globexJob = await db.doc("workspaces/globex/jobs/job-globex-1").get();
    if (!globexJob.exists) throw new Error("verify: workspaces/globex/jobs/job-globex-1 missing");
    log(`verified the export: job-failed-1 present, ${posts} acme posts, ${signals} trend signals`);
  } finally {
    await deleteApp(app);
    if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previous;
    await stopJar(jar);
  }
}

export async function exportSeed(options: { seed?: number; outDir?: string; verify?: boolean } = {}): Promise<void> {
  const seed = generateSeed(options.seed ?? DEFAULT_SEED);
  const outDir = path.resolve(options.outDir ?? path.join(REPO_ROOT, "emulator-data"));
  const jarPath = findJar();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nova-seed-"));
  const staging = path.join(tmp, "staging");
  const rawExport = path.join(tmp, "raw");
  fs.mkdirSync(staging);
  fs.mkdirSync(rawExport);
  try {
    const jar = await startJar(jarPath);
    const previous = process.env.FIRESTORE_EMULATOR_HOST;
    try {
      process.env.FIRESTORE_EMULATOR_HOST = jar.host;
      const written = await loadSeed(seed);
      log(`loaded ${written} documents`);
      const res = await httpRequest("POST", `http://127.0.0.1:${jar.port}/emulator/v1/projects/${PROJECT_ID}:export`, {
        database: `projects/${PROJECT_ID}/databases/(default)`,
        export_directory: rawExport,
        export_name: FIRESTORE_EXPORT_NAME,
      });
      if (res.status !== 200) throw new Error(`export failed: HTTP ${res.status} ${res.text}`);
    } finally {
      if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previous;
      await stopJar(jar);
    }

    const exported = path.join(rawExport, FIRESTORE_EXPORT_NAME);
    if (!fs.existsSync(path.join(rawExport, METADATA_FILE))) {
      throw new Error(`export did not produce ${METADATA_FILE}; got: ${fs.readdirSync(rawExport).join(", ")}`);
    }
    fs.cpSync(exported, path.join(staging, FIRESTORE_EXPORT_NAME), { recursive: true });
    writeAuthExport(seed.users, path.join(staging, "auth_export"));
    const toolsVersion = firebaseToolsVersion();
    writeJson(path.join(staging, "firebase-export-metadata.json"), {
      version: toolsVersion,
      firestore: { version: FIRESTORE_JAR_VERSION, path: FIRESTORE_EXPORT_NAME, metadata_file: METADATA_FILE },
      auth: { version: toolsVersion, path: "auth_export" },
    });
    writeJson(path.join(staging, "seed-manifest.json"), buildManifest(seed));

    // Swap in only the entries this script owns; anything else in outDir is left alone.
    fs.mkdirSync(outDir, { recursive: true });
    for (const entry of fs.readdirSync(staging)) {
      fs.rmSync(path.join(outDir, entry), { recursive: true, force: true });
      fs.cpSync(path.join(staging, entry), path.join(outDir, entry), { recursive: true });
    }
    log(`wrote ${outDir}`);

    if (options.verify !== false) await verifyExport(jarPath, outDir, seed);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): { seed?: number; outDir?: string; verify?: boolean } {
  const options: { seed?: number; outDir?: string; verify?: boolean } = {};
  for (const arg of argv) {
    if (arg.startsWith("--seed=")) options.seed = Number(arg.slice("--seed=".length));
    else if (arg.startsWith("--out=")) options.outDir = arg.slice("--out=".length);
    else if (arg === "--no-verify") options.verify = false;
    else throw new Error(`unknown argument: ${arg}`);
  }
  if (options.seed !== undefined && !Number.isInteger(options.seed)) throw new Error("--seed must be an integer");
  return options;
}

if (require.main === module) {
  exportSeed(parseArgs(process.argv.slice(2))).then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`[seed] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
