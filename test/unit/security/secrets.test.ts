import { afterAll, describe, expect, it } from "vitest";
import { EnvelopeSchema, type Envelope } from "nova-contract";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import type { VerifiedAuth } from "../../../functions/src/runtime/identity";
import { MemoryStore } from "../../../functions/src/store/memory";
import type { BoundedQuery, ReadOnlyStore, StoredDoc } from "../../../functions/src/store/store";
import { CloudLoggingSink } from "../../../functions/src/trace/cloud-logging";
import { generateSeed } from "../../../scripts/seed/generate";
import {
  allExamples,
  asObject,
  idFields,
  isPlainObject,
  loadCatalog,
  readManifest,
  requireSource,
} from "../../support/catalog";
import { fireQueuedTimers, onFakeTime, withFakeTime } from "../../support/fake-time";
import { seededAuth, seededDocs } from "../../support/seeded-store";

/**
 * Nothing secret leaves through an envelope or a log line (SPEC sections 4 and 7), on the success,
 * error and timeout paths of every tool in the catalog. Canaries are unique strings planted where
 * secrets live: the seeded jobs' internal fields, extra fields on every document, and the message,
 * stack, cause and `details` of errors a store or a tool throws. Everything the runtime writes is
 * captured: envelopes, the Cloud Logging entries (each entry CloudLoggingSink hands the logger, as JSON)
 * and anything printed on stdout, stderr or the console while a call runs.
 */

const decls = loadCatalog();
// The runtime, the adapter and ToolError from the same module graph as the tools (see requireSource).
const { invokeTool } = requireSource<typeof import("../../../functions/src/runtime/invoke")>("runtime/invoke");
const { ToolError } = requireSource<typeof import("../../../functions/src/runtime/errors")>("runtime/errors");
const { FirestoreStore } = requireSource<typeof import("../../../functions/src/store/firestore")>("store/firestore");
const seed = generateSeed();
const docs = seededDocs(seed);
const seededStore = new MemoryStore(docs);
const users = seededAuth(seed);
const OPERATOR = users.get("operator@acme.test")!;
const manifest = readManifest();
const SEEDED_CANARIES = manifest.canaries;
const CANARY = `CANARY-unit-secrets-${Math.random().toString(36).slice(2, 10)}`;
const ALL_CANARIES = [...SEEDED_CANARIES, CANARY];

// ------------------------------------------------------------------ capture

let logText = "";
const sink = new CloudLoggingSink({ writer: { write: (entry) => void (logText += `${JSON.stringify(entry)}\n`) } });
let printed = "";

/**
 * Runs calls with stdout, stderr and the console recorded as well as passed on, so that a secret
 * printed by any layer (not only the trace) is caught.
 */
async function capturing<T>(run: () => Promise<T>, passOn = true): Promise<T> {
  const record = (s: unknown) => {
    try {
      printed += typeof s === "string" ? s : Buffer.isBuffer(s) ? s.toString("utf8") : JSON.stringify(s);
    } catch {
      printed += String(s);
    }
  };
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const methods = ["log", "info", "warn", "error", "debug", "trace"] as const;
  const saved = methods.map((m) => console[m]);
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => (
    record(chunk),
    passOn ? out(chunk as string, ...(rest as [])) : true
  )) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => (
    record(chunk),
    passOn ? err(chunk as string, ...(rest as [])) : true
  )) as typeof process.stderr.write;
  methods.forEach(
    (m, i) => (console[m] = (...args: unknown[]) => (args.forEach(record), passOn ? saved[i]!(...args) : undefined)),
  );
  try {
    return await run();
  } finally {
    process.stdout.write = out as typeof process.stdout.write;
    process.stderr.write = err as typeof process.stderr.write;
    methods.forEach((m, i) => (console[m] = saved[i]!));
  }
}

async function flushLog(): Promise<void> {
  await new Promise((r) => setImmediate(r));
}

function leaks(text: string): string[] {
  return ALL_CANARIES.filter((c) => text.includes(c));
}

async function call(
  decl: ToolDeclaration,
  data: unknown,
  store: ReadOnlyStore,
  auth: VerifiedAuth | null = OPERATOR,
): Promise<Envelope> {
  const before = logText.length;
  const env = await capturing(() => invokeTool(decl, { auth, data }, { store, sink }));
  await flushLog();
  expect(EnvelopeSchema.safeParse(env).success).toBe(true);
  expect(logText.length, "one log entry per call").toBeGreaterThan(before);
  return env;
}

// Documents holding a seeded canary that tools were handed, over the whole file.
let servedCanaryDocs = 0;

afterAll(async () => {
  // Some tool must have been handed canary-bearing documents, or the probes proved nothing.
  expect(servedCanaryDocs).toBeGreaterThan(0);
  await flushLog();
  // The whole file's output, once more: nothing written late (an abandoned read settling) leaks either.
  expect(leaks(logText)).toEqual([]);
  expect(leaks(printed)).toEqual([]);
});

// ------------------------------------------------------------------ stores that carry canaries

/** A secret as real failures carry one: in the message, the stack, a cause and a `details` property. */
function secretError(extra: Record<string, unknown> = {}): Error {
  const err = new Error(`upstream said: ${CANARY} (token=${CANARY})`, { cause: new Error(`cause ${CANARY}`) });
  err.stack = `Error: ${CANARY}\n    at provider (${CANARY}.js:1:1)`;
  return Object.assign(err, { details: `details ${CANARY}`, metadata: { authorization: `Bearer ${CANARY}` } }, extra);
}

/** Serves membership documents from the seed and fails every other read, or every read. */
class FailingStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  reads = 0;
  constructor(
    private readonly fail: () => unknown,
    private readonly passMembership: boolean,
  ) {}
  async get(path: string): Promise<StoredDoc | null> {
    this.reads++;
    if (this.passMembership && /^workspaces\/[^/]+\/members\/[^/]+$/.test(path)) return seededStore.get(path);
    throw this.fail();
  }
  async query(_q: BoundedQuery): Promise<StoredDoc[]> {
    this.reads++;
    throw this.fail();
  }
}

/**
 * firebase-admin's Firestore as the FirestoreStore adapter drives it, rejecting with the given
 * error: the gRPC-code mapping of the real adapter is on the path. Membership documents may be
 * served from the seed so that the failure also lands inside a workspace tool's own reads.
 */
function failingFirestore(fail: () => unknown, passMembership: boolean): ReadOnlyStore {
  const snapshot = (path: string) => {
    const data = docs[path];
    return { exists: data !== undefined, id: path.split("/").pop(), ref: { path }, data: () => data };
  };
  const query: Record<string, unknown> = {};
  for (const m of ["where", "orderBy", "limit", "select", "startAfter", "offset"]) query[m] = () => query;
  query["get"] = () => Promise.reject(fail());
  const db = {
    doc: (path: string) => ({
      get: () =>
        passMembership && /^workspaces\/[^/]+\/members\/[^/]+$/.test(path)
          ? Promise.resolve(snapshot(path))
          : Promise.reject(fail()),
    }),
    collection: () => query,
    collectionGroup: () => query,
    getAll: () => Promise.reject(fail()),
  };
  return new FirestoreStore(db as never, { FIRESTORE_EMULATOR_HOST: "127.0.0.1:1" });
}

/** Adds secret-bearing internal fields to every document a store returns, nested objects included. */
class StuffedStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  constructor(private readonly inner: ReadOnlyStore) {}
  async get(path: string): Promise<StoredDoc | null> {
    const doc = await this.inner.get(path);
    return doc && stuff(doc);
  }
  async query(q: BoundedQuery): Promise<StoredDoc[]> {
    return (await this.inner.query(q)).map(stuff);
  }
}

function stuff(doc: StoredDoc): StoredDoc {
  const nested = (v: unknown): unknown =>
    isPlainObject(v)
      ? { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nested(x)])), internalNote: CANARY }
      : v;
  const data = nested(doc.data) as Record<string, unknown>;
  return {
    ...doc,
    data: {
      ...data,
      error: { code: CANARY, providerBody: CANARY, stack: CANARY },
      prompt: CANARY,
      draft: CANARY,
      credentialsRef: CANARY,
      providerBody: CANARY,
    },
  };
}

/** Resolves or rejects only after the call's budget: the answer must not wait for it, nor carry it. */
class LateStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  constructor(
    private readonly afterMs: number,
    private readonly settle: "reject" | "resolve",
  ) {}
  private later<T>(value: () => T): Promise<T> {
    return new Promise((resolve, reject) =>
      setTimeout(() => (this.settle === "reject" ? reject(secretError()) : resolve(value())), this.afterMs),
    );
  }
  get(path: string): Promise<StoredDoc | null> {
    return this.later(() => ({ id: path.split("/").pop()!, path, data: { secret: CANARY, role: "operator" } }));
  }
  query(q: BoundedQuery): Promise<StoredDoc[]> {
    return this.later(() => [{ id: "x", path: `${q.collection}/x`, data: { secret: CANARY } }]);
  }
}

/** The inputs each tool is probed with: its examples, and every seeded id through its id fields. */
function probeInputs(decl: ToolDeclaration): unknown[] {
  const inputs = allExamples(decl).map((e) => e.input);
  const allIds = Object.values(manifest.perWorkspace).flatMap((p) => Object.values(p.jobsByState).flat());
  for (const field of idFields(decl))
    for (const id of allIds) inputs.push({ ...asObject(decl.examples.empty), [field]: id });
  return inputs;
}

// ------------------------------------------------------------------ tests

describe("the canaries", () => {
  it("are the manifest's, planted in the seed that the unit store serves", () => {
    expect(SEEDED_CANARIES.length).toBeGreaterThan(0);
    expect([...seed.canaries].sort()).toEqual([...SEEDED_CANARIES].sort());
    const stored = JSON.stringify(docs);
    for (const c of SEEDED_CANARIES) expect(stored).toContain(c);
  });
});

describe.each(decls.map((d) => [d.name, d] as const))("%s keeps secrets", (_name, decl) => {
  it("on every probe by every seeded caller: seeded internal fields never reach an envelope or a log line", async () => {
    let successes = 0;
    // Counts documents holding a canary that the tool actually read: the test must touch secrets to prove anything.
    const watching: ReadOnlyStore = {
      provenance: "mock",
      async get(path) {
        const doc = await seededStore.get(path);
        if (doc && leaks(JSON.stringify(doc)).length) servedCanaryDocs++;
        return doc;
      },
      async query(q) {
        const rows = await seededStore.query(q);
        servedCanaryDocs += rows.filter((d) => leaks(JSON.stringify(d)).length).length;
        return rows;
      },
    };
    for (const auth of [...users.values(), null]) {
      for (const data of probeInputs(decl)) {
        const env = await call(decl, data, watching, auth);
        if (env.status === "success") successes++;
        expect(leaks(JSON.stringify(env)), `${JSON.stringify(data)} as ${auth?.uid}`).toEqual([]);
      }
    }
    expect(successes).toBeGreaterThan(0);
    expect(leaks(logText)).toEqual([]);
    expect(leaks(printed)).toEqual([]);
  });

  it("when every document it reads carries secret internal fields, answers as before and leaks none", async () => {
    const stuffed = new StuffedStore(seededStore);
    for (const data of [...decl.examples.valid, ...(decl.examples.empty !== undefined ? [decl.examples.empty] : [])]) {
      const plain = await call(decl, data, seededStore);
      const env = await call(decl, data, stuffed);
      expect(leaks(JSON.stringify(env))).toEqual([]);
      // The extra fields are ignored, not fatal: the tool really read the stuffed documents.
      expect(env.status).toBe(plain.status);
      expect(env.error?.code).toBe(plain.error?.code);
    }
    expect(leaks(logText)).toEqual([]);
  });

  const valid = decl.examples.valid[0];

  it.each([
    ["an Error (message, stack, cause, details)", () => secretError(), "INTERNAL"],
    ["a thrown string", () => `raw ${CANARY}`, "INTERNAL"],
    [
      "a thrown plain object shaped like a ToolError",
      () => ({ code: "NOT_FOUND", message: CANARY, stack: CANARY }),
      "INTERNAL",
    ],
    [
      "a ToolError with a secret cause and details",
      () => Object.assign(new ToolError("DEPENDENCY_UNAVAILABLE"), { cause: secretError(), details: CANARY }),
      "DEPENDENCY_UNAVAILABLE",
    ],
  ] as const)("when the store rejects with %s, answers %s and leaks nothing", async (_label, fail, code) => {
    for (const passMembership of [false, true]) {
      const env = await call(decl, valid, new FailingStore(fail, passMembership));
      expect(env.error?.code).toBe(code);
      expect(leaks(JSON.stringify(env))).toEqual([]);
    }
    expect(leaks(logText)).toEqual([]);
    expect(leaks(printed)).toEqual([]);
  });

  it.each([
    ["gRPC 14 UNAVAILABLE", 14, "DEPENDENCY_UNAVAILABLE"],
    ["gRPC 4 DEADLINE_EXCEEDED", 4, "DEPENDENCY_UNAVAILABLE"],
    ["socket ECONNRESET", "ECONNRESET", "DEPENDENCY_UNAVAILABLE"],
    ["gRPC 3 INVALID_ARGUMENT", 3, "INTERNAL"],
    ["gRPC 7 PERMISSION_DENIED", 7, "INTERNAL"],
  ] as const)(
    "when Firestore fails with %s carrying a secret, answers %s through the adapter and leaks nothing",
    async (_label, grpc, code) => {
      for (const passMembership of [false, true]) {
        const before = logText.length;
        const env = await call(
          decl,
          valid,
          failingFirestore(() => secretError({ code: grpc }), passMembership),
        );
        expect(env.error?.code).toBe(code);
        expect(env.error?.retryable).toBe(code === "DEPENDENCY_UNAVAILABLE");
        expect(leaks(JSON.stringify(env))).toEqual([]);
        const entry = JSON.parse(logText.slice(before).trim().split("\n").pop()!) as { attempts: unknown[] };
        // A transient failure is retried once, a permanent one is not.
        expect(entry.attempts).toHaveLength(code === "DEPENDENCY_UNAVAILABLE" ? 2 : 1);
      }
      expect(leaks(logText)).toEqual([]);
      expect(leaks(printed)).toEqual([]);
    },
  );

  it.each([
    ["reject", "DEPENDENCY_UNAVAILABLE"],
    ["resolve", "DEPENDENCY_UNAVAILABLE"],
  ] as const)(
    "on the timeout path (reads that %s after the budget), answers %s in time and leaks nothing, also later",
    async (settle, code) => {
      const budgetMs = 300;
      const quick = { ...decl, budgetMs } as ToolDeclaration;
      // Fake time (test/support/fake-time.ts): the budget is asserted exactly.
      const env = await withFakeTime(async () => {
        const t0 = performance.now();
        const answered = await onFakeTime(call(quick, valid, new LateStore(400, settle)));
        // 15 ms of the budget kept for answering: attempt 1 142.5 ms, the 100 ms backoff, the retry 42.5 ms.
        expect(performance.now() - t0).toBe(285);
        // Let the abandoned reads settle (at 400 and 642.5 ms): nothing they carry may surface afterwards.
        await fireQueuedTimers();
        return answered;
      });
      expect(env.error?.code).toBe(code);
      await flushLog();
      expect(leaks(JSON.stringify(env))).toEqual([]);
      expect(leaks(logText)).toEqual([]);
      expect(leaks(printed)).toEqual([]);
    },
  );

  it("when its own code throws a secret-bearing error, answers INTERNAL and leaks nothing", async () => {
    const throwing = { ...decl, run: async () => Promise.reject(secretError()) } as ToolDeclaration;
    const env = await call(throwing, valid, seededStore);
    expect(env.error?.code).toBe("INTERNAL");
    expect(leaks(JSON.stringify(env) + logText + printed)).toEqual([]);
  });

  it("when its own code returns a secret in an undeclared field, answers INTERNAL (strict output) and leaks nothing", async () => {
    const leaking = {
      ...decl,
      run: async (ctx: never, input: never) => ({
        ...((await decl.run(ctx, input)) as Record<string, unknown>),
        internalNote: CANARY,
      }),
    } as ToolDeclaration;
    const env = await call(leaking, valid, seededStore);
    expect(env.error?.code).toBe("INTERNAL");
    expect(leaks(JSON.stringify(env) + logText + printed)).toEqual([]);
  });
});

describe("the capture itself", () => {
  // Guards against a capture that sees nothing: a canary printed or logged must be found.
  it("sees what is printed and what the sink writes", async () => {
    const savedLog = logText;
    const savedPrinted = printed;
    await capturing(async () => {
      process.stdout.write(`probe ${CANARY}\n`);
    }, false);
    expect(leaks(printed)).toEqual([CANARY]);
    sink.write({
      ...(JSON.parse(savedLog.trim().split("\n").pop()!) as Record<string, unknown>),
      internalReason: CANARY,
    } as never);
    await flushLog();
    expect(leaks(logText)).toEqual([CANARY]);
    logText = savedLog;
    printed = savedPrinted;
  });
});
