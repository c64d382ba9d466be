import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { DEMO_PROJECT_ID } from "nova-contract";
import { findFirestoreJar, javaMajorVersion, REPO_ROOT } from "./locate";
import { dayStart, SEED_NOW_ENV, serveSeed } from "../seed/served";
import { teeTraceLines } from "../traces/tee";

export const PROJECT_ID = DEMO_PROJECT_ID;
const FIREBASE_BIN = join(REPO_ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");
const EXPORT_DIR = join(REPO_ROOT, "emulator-data");
const FIRESTORE_SEED = join(EXPORT_DIR, "firestore_export", "firestore_export.overall_export_metadata");

export interface Ports {
  auth: number;
  firestore: number;
  functions: number;
  hub: number;
  logging: number;
}

export function readPorts(): Ports {
  const cfg = JSON.parse(readFileSync(join(REPO_ROOT, "firebase.json"), "utf8")) as {
    emulators: Record<string, { port?: number }>;
  };
  const port = (name: keyof Ports) => {
    const p = cfg.emulators[name]?.port;
    if (typeof p !== "number") throw new Error(`firebase.json has no emulators.${name}.port`);
    return p;
  };
  return {
    auth: port("auth"),
    firestore: port("firestore"),
    functions: port("functions"),
    hub: port("hub"),
    logging: port("logging"),
  };
}

export interface RunningSuite {
  readonly ports: Ports;
  readonly mode: "jar" | "firebase-tools";
  readonly logDir: string;
  /** Where the functions' trace lines land locally (one JSON entry per line). */
  readonly functionsLog: string;
  /** Only the call entries, one JSON line each, copied from the functions' output (`npm run traces`). */
  readonly tracesFile: string;
  stop(): Promise<void>;
  /**
   * Stop and restart the Firestore emulator alone (jar mode only), so that fault tests can take
   * the dependency away under running functions. A restart serves the same day's seed again.
   */
  stopFirestore(): Promise<void>;
  startFirestore(): Promise<void>;
}

export interface StartOptions {
  /** Keep the processes' output on this terminal as well as in the log files. */
  readonly echo?: boolean;
  readonly logDir?: string;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * host:port the Functions emulator is given as FIRESTORE_EMULATOR_HOST instead of the Firestore
   * emulator's own port (jar mode only): fault tests put a TCP proxy there.
   */
  readonly firestoreHostForFunctions?: string;
}

function log(msg: string) {
  process.stderr.write(`[emulators] ${msg}\n`);
}

/**
 * Starts Auth, Firestore (with firestore.rules and the seeded export) and Functions for demo-nova.
 * Where a Firestore jar and Java 17+ exist, the project starts the jar itself (firebase-tools
 * refuses Java < 21) and firebase-tools serves Auth and Functions against it; otherwise, with
 * Java 21+, the plain `firebase emulators:start` path runs everything. Each process is stopped by
 * its own pid on stop(), on failure to start, and on exit of this process.
 */
export async function startSuite(options: StartOptions = {}): Promise<RunningSuite> {
  const ports = readPorts();
  await assertPortsFree(ports);
  const logDir = options.logDir ?? join(REPO_ROOT, ".emulators");
  mkdirSync(logDir, { recursive: true });
  const children: { name: string; child: ChildProcess }[] = [];
  const stop = () => stopAll(children);
  const onExit = () => killNow(children);
  let launchFirestore: ((append: boolean) => Promise<void>) | undefined;
  process.once("exit", onExit);

  try {
    const java = javaMajorVersion();
    const jar = findFirestoreJar();
    let mode: RunningSuite["mode"];
    // The seed is served for the day the suite starts (scripts/seed/served.ts); whoever runs in this
    // process or is started from it (test workers, the benchmark's children) reads the same day here.
    const seedNow = process.env[SEED_NOW_ENV] ?? dayStart(Date.now());
    process.env[SEED_NOW_ENV] = seedNow;
    const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, GCLOUD_PROJECT: PROJECT_ID };
    const importArgs = existsSync(join(EXPORT_DIR, "firebase-export-metadata.json")) ? ["--import", EXPORT_DIR] : [];

    if (jar.found && java.major !== null && java.major >= 17) {
      mode = "jar";
      log(`Firestore emulator: ${jar.found.path} (from ${jar.found.source}) on Java ${java.major}`);
      const args = [
        "-cp",
        jar.found.path,
        "com.google.cloud.datastore.emulator.firestore.CloudFirestore",
        "start",
        "--host=127.0.0.1",
        `--port=${ports.firestore}`,
        `--rules=${join(REPO_ROOT, "firestore.rules")}`,
        ...(existsSync(FIRESTORE_SEED) ? [`--seed_from_export=${FIRESTORE_SEED}`] : []),
      ];
      const javaBinary = java.binary;
      launchFirestore = async (append) => {
        const entry = {
          name: "firestore",
          child: launch(javaBinary, args, env, join(logDir, "firestore.log"), options.echo, append),
        };
        const at = children.findIndex((c) => c.name === "firestore");
        if (at >= 0) children[at] = entry;
        else children.push(entry);
        await waitFor(
          `Firestore emulator on ${ports.firestore}`,
          () => httpOk(`http://127.0.0.1:${ports.firestore}/`),
          60_000,
          children,
        );
      };
      await launchFirestore(false);
      await serveSeed(`127.0.0.1:${ports.firestore}`, seedNow);
      env.FIRESTORE_EMULATOR_HOST = options.firestoreHostForFunctions ?? `127.0.0.1:${ports.firestore}`;
      children.push({
        name: "firebase",
        child: launch(
          process.execPath,
          [FIREBASE_BIN, "emulators:start", "--only", "auth,functions", "--project", PROJECT_ID, ...importArgs],
          env,
          join(logDir, "firebase.log"),
          options.echo,
        ),
      });
    } else if (java.major !== null && java.major >= 21) {
      // firebase-tools then hands the functions its own Firestore address, whatever we set.
      if (options.firestoreHostForFunctions)
        throw new Error("firestoreHostForFunctions needs the Firestore jar and Java 17+ (jar mode)");
      mode = "firebase-tools";
      log(
        `no Firestore jar found; Java ${java.major}: using plain firebase emulators:start (downloads the jar on first use)`,
      );
      children.push({
        name: "firebase",
        child: launch(
          process.execPath,
          [
            FIREBASE_BIN,
            "emulators:start",
            "--only",
            "auth,firestore,functions",
            "--project",
            PROJECT_ID,
            ...importArgs,
          ],
          env,
          join(logDir, "firebase.log"),
          options.echo,
        ),
      });
    } else {
      throw new Error(missingMessage(java.major, jar.looked));
    }

    const tracesFile = join(logDir, "traces.jsonl");
    const firebase = children.find((c) => c.name === "firebase");
    if (firebase) teeTraceLines(firebase.child.stdout!, tracesFile);
    await waitFor("Auth emulator", () => httpOk(`http://127.0.0.1:${ports.auth}/`), 120_000, children);
    await waitFor("Functions emulator", () => functionsReady(ports.functions), 120_000, children);
    if (mode === "firebase-tools") {
      await waitFor(
        `Firestore emulator on ${ports.firestore}`,
        () => httpOk(`http://127.0.0.1:${ports.firestore}/`),
        60_000,
        children,
      );
      await serveSeed(`127.0.0.1:${ports.firestore}`, seedNow);
    }
    log(`seed served for ${seedNow} (${SEED_NOW_ENV}); emulator-data/ holds the export for 2026-11-30`);
    log(
      `ready: auth ${ports.auth}, firestore ${ports.firestore}, functions ${ports.functions} (project ${PROJECT_ID}, mode ${mode})`,
    );
    return {
      ports,
      mode,
      logDir,
      functionsLog: join(logDir, "firebase.log"),
      tracesFile,
      async stop() {
        process.removeListener("exit", onExit);
        await stop();
      },
      async stopFirestore() {
        if (!launchFirestore) throw new Error("stopFirestore needs jar mode");
        await stopAll(children.filter((c) => c.name === "firestore"));
      },
      async startFirestore() {
        if (!launchFirestore) throw new Error("startFirestore needs jar mode");
        const current = children.find((c) => c.name === "firestore")?.child;
        if (current && current.exitCode === null && current.signalCode === null) return;
        await launchFirestore(true);
        await serveSeed(`127.0.0.1:${ports.firestore}`, seedNow);
      },
    };
  } catch (err) {
    process.removeListener("exit", onExit);
    await stop();
    throw err;
  }
}

function missingMessage(javaMajor: number | null, looked: string[]): string {
  const javaLine = javaMajor === null ? "No Java found on PATH (or JAVA_HOME)." : `Java ${javaMajor} found.`;
  return [
    "Cannot start the Firestore emulator.",
    javaLine,
    "Either (a) Java 17+ and the Firestore emulator jar, looked for at:",
    ...looked.map((l) => `  - ${l}`),
    "  Get it with `gcloud components install cloud-firestore-emulator`, or set FIRESTORE_EMULATOR_BINARY_PATH to the jar;",
    "or (b) Java 21+ with internet access, so that firebase-tools downloads the jar itself.",
    "Install Java with e.g. `apt-get install openjdk-17-jre-headless` (21 for option b).",
  ].join("\n");
}

async function assertPortsFree(ports: Ports): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (!free)
      throw new Error(
        `Port ${port} (${name}, from firebase.json) is already in use. Stop whatever holds it (\`lsof -i :${port}\` or \`ss -ltnp 'sport = :${port}'\`) and try again.`,
      );
  }
}

function launch(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  echo?: boolean,
  append = false,
): ChildProcess {
  const out = createWriteStream(logFile, { flags: append ? "a" : "w" });
  // Its own process group, so that stop() can end what firebase-tools spawned even if it hangs.
  const child = spawn(cmd, args, { cwd: REPO_ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.pipe(out, { end: false });
    if (echo) stream.on("data", (chunk: Buffer) => process.stdout.write(chunk));
  }
  child.once("exit", () => out.end());
  return child;
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Ready when a callable answers: the envelope of an unauthenticated call proves the code loaded. */
async function functionsReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/${PROJECT_ID}/us-central1/fetch_trend_signals`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { limit: 1 } }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => null)) as { result?: { status?: string } } | null;
    if (!(res.status === 200 && body?.result?.status === "error")) return false;
    return await agentReady(port);
  } catch {
    return false;
  }
}

/** The Nova codebase (agent/) loaded too: nova_ask answers a call without a token with UNAUTHENTICATED. */
async function agentReady(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/${PROJECT_ID}/us-central1/nova_ask`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { question: "ready?" } }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => null)) as { error?: { status?: string } } | null;
  return body?.error?.status === "UNAUTHENTICATED";
}

async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  children: { name: string; child: ChildProcess }[],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = children.find((c) => c.child.exitCode !== null || c.child.signalCode !== null);
    if (dead)
      throw new Error(
        `${dead.name} exited (code ${dead.child.exitCode ?? dead.child.signalCode}) while waiting for ${what}; see .emulators/${dead.name}.log`,
      );
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}; see the logs in .emulators/`);
}

/** SIGINT first (firebase-tools shuts its emulators down cleanly), then the whole group by force. */
async function stopAll(children: { name: string; child: ChildProcess }[]): Promise<void> {
  for (const { child } of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    signal(child.pid, "SIGINT");
    const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    // Anything it left behind in its group goes too.
    signalGroup(child.pid, "SIGKILL");
  }
}

function killNow(children: { name: string; child: ChildProcess }[]): void {
  for (const { child } of children) if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

function signalGroup(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(-pid, sig);
  } catch {
    /* group already gone */
  }
}
