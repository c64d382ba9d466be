import { execFileSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { DEMO_PROJECT_ID } from "nova-contract";
import { loadAllTools } from "../functions/src/catalog";
import type { ToolDeclaration } from "../functions/src/runtime/declaration";
import type { Ports } from "../scripts/emulators/suite";
import { DEV_PASSWORD } from "../scripts/seed/generate";
import type { Machine } from "./report";
import type { Row } from "./stats";

export const REPO = resolve(__dirname, "..");
export const FUNCTIONS_LIB = join(REPO, "functions", "lib");
export const PROJECT_ID = DEMO_PROJECT_ID;
export const PASSWORD = DEV_PASSWORD;

/** Every tool runs as this seeded acme owner: a member, so workspace tools reach their reads. */
export const BENCH_USER = "owner@acme.test";
/** The load section spreads its callers over the acme members (different uids, same workspace). */
export const LOAD_USERS = ["owner@acme.test", "operator@acme.test", "viewer@acme.test", "liaison@acme.test"];

/** A tool as the benchmark drives it: the declaration's first valid example is the input. */
export interface BenchTool {
  readonly name: string;
  readonly scope: string;
  readonly memory: string;
  readonly input: unknown;
  /** A stated read bound, when the declaration carries one (a number or a function of the input). */
  readonly maxReads: number | ((input: unknown) => number) | null;
  readonly decl: ToolDeclaration;
}

export interface SignedIn {
  readonly email: string;
  readonly uid: string;
  readonly idToken: string;
  /** The token's payload as Firebase Auth issued it: uid and custom claims come from here. */
  readonly claims: Record<string, unknown>;
}

export interface SectionResult {
  readonly rows: Row[];
  readonly details: unknown;
}

/** What the sections that need emulators share; built once by run.ts after the suite is up. */
export interface BenchContext {
  readonly ports: Ports;
  /** The environment the product runs with against the emulators, for in-process code and children. */
  readonly env: NodeJS.ProcessEnv;
  readonly tools: BenchTool[];
  readonly user: SignedIn;
  readonly loadUsers: SignedIn[];
  readonly quick: boolean;
}

/** Every registered tool (the registry the build serves), loaded from source under tsx. */
export function loadCatalog(): BenchTool[] {
  return loadAllTools().map((decl) => {
    const bound = (decl as unknown as { maxReads?: unknown }).maxReads;
    return {
      name: decl.name,
      scope: decl.scope,
      memory: decl.memory,
      input: decl.examples.valid[0],
      maxReads: typeof bound === "number" || typeof bound === "function" ? (bound as BenchTool["maxReads"]) : null,
      decl,
    };
  });
}

export function emulatorEnv(ports: Ports): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID }),
  };
  // Children must not inherit a TypeScript loader: cold-start figures would include it.
  delete env.NODE_OPTIONS;
  return env;
}

/** Signs in through the Auth emulator's REST API, as a client SDK would, and returns the ID token. */
export async function signIn(authPort: number, email: string): Promise<SignedIn> {
  const res = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!res.ok || !body.idToken || !body.localId) throw new Error(`sign-in of ${email} failed with HTTP ${res.status}`);
  return { email, uid: body.localId, idToken: body.idToken, claims: decodePayload(body.idToken) };
}

export function decodePayload(jwt: string): Record<string, unknown> {
  const part = jwt.split(".")[1];
  if (!part) throw new Error("not a JWT");
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/** One callable-protocol POST; the time includes reading the whole answer. */
export async function callable(
  url: string,
  idToken: string | null,
  data: unknown,
  timeoutMs = 60_000,
): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data: data ?? null }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { ms, status: res.status, body };
}

/** A call succeeded end to end when HTTP said 200 and the envelope said success. */
export function envelopeOk(status: number, body: unknown): boolean {
  const result = (body as { result?: { status?: unknown } } | null)?.result;
  return status === 200 && result?.status === "success";
}

export function machine(): Machine {
  let model = cpus()[0]?.model ?? "unknown";
  try {
    const line = execFileSync("lscpu", { encoding: "utf8" })
      .split("\n")
      .find((l) => /^Model name:/.test(l));
    if (line) model = line.replace(/^Model name:\s*/, "").trim();
  } catch {
    /* lscpu absent: keep Node's view of the model */
  }
  let commit: string | null;
  let dirty = false;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).trim();
    dirty =
      execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: REPO, encoding: "utf8" }).trim() !==
      "";
  } catch {
    commit = null;
  }
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform}-${process.arch}`,
    commit,
    dirty,
  };
}
