import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { EnvelopeSchema, type Envelope, ERROR_CATALOG, type ErrorCode, IsoUtcSchema } from "nova-contract";
import { ToolError } from "../../../functions/src/runtime/errors";
import { TransientDependencyError } from "../../../functions/src/store/store";
import { defineTool, type ToolDeclaration } from "../../../functions/src/runtime/declaration";
import { invokeTool, type CallRequest } from "../../../functions/src/runtime/invoke";
import type { VerifiedAuth } from "../../../functions/src/runtime/identity";
import { MemoryStore } from "../../../functions/src/store/memory";
import type { BoundedQuery, ReadOnlyStore, StoredDoc } from "../../../functions/src/store/store";
import { CallTraceSchema, MemoryTraceSink, type CallTrace } from "../../../functions/src/trace/entry";
import { pseudonym } from "../../../functions/src/trace/pseudonym";
import fetchTrendSignals from "../../../functions/src/tools/fetch_trend_signals";
import getJobStatus from "../../../functions/src/tools/get_job_status";
import { FAKED, onFakeTime } from "../../support/fake-time";

// ---------------------------------------------------------------- fixtures

const WS = "acme";
const UID = "uid_alice_123";
const ME: VerifiedAuth = { uid: UID, claims: { workspaceId: WS } };

const signal = (n: number, observedAt: string) => ({
  title: `Signal ${n}`,
  summary: `Summary ${n}`,
  source: "example",
  url: `https://example.com/${n}`,
  topics: ["ai"],
  score: 0.5,
  observedAt,
});

const job = (extra: Record<string, unknown> = {}) => ({
  kind: "render",
  state: "failed",
  attempts: 3,
  progress: 0.5,
  createdAt: "2025-01-01T10:00:00.000Z",
  updatedAt: "2025-01-01T11:00:00.000Z",
  ...extra,
});

const CANARIES = [
  "CANARY_CODE_7f3",
  "CANARY_BODY_91a",
  "CANARY_STACK_c02",
  "CANARY_PROMPT_5d9",
  "CANARY_DRAFT_e4b",
  "CANARY_CRED_0aa",
];

function docs(extra: Record<string, Record<string, unknown>> = {}): Record<string, Record<string, unknown>> {
  return {
    "trendSignals/s1": signal(1, "2025-01-01T00:00:00.000Z"),
    "trendSignals/s2": signal(2, "2025-01-03T00:00:00.000Z"),
    "trendSignals/s3": signal(3, "2025-01-02T00:00:00.000Z"),
    [`workspaces/${WS}`]: { name: "Acme", timezone: "Europe/Paris" },
    [`workspaces/${WS}/members/${UID}`]: { role: "operator" },
    [`workspaces/${WS}/jobs/j1`]: job(),
    [`workspaces/${WS}/jobs/j_stuffed`]: job({
      error: { code: CANARIES[0], providerBody: CANARIES[1], stack: CANARIES[2] },
      prompt: CANARIES[3],
      draft: CANARIES[4],
      credentialsRef: CANARIES[5],
    }),
    "workspaces/other/jobs/j_other": job(),
    "workspaces/other/members/uid_bob": { role: "owner" },
    ...extra,
  };
}

/** Counts every read that reaches the store (membership reads included), resolved or not. */
class SpyStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  calls = 0;
  constructor(private readonly inner: ReadOnlyStore) {}
  get(path: string): Promise<StoredDoc | null> {
    this.calls++;
    return this.inner.get(path);
  }
  query(q: BoundedQuery): Promise<StoredDoc[]> {
    this.calls++;
    return this.inner.query(q);
  }
}

const hangingStore: ReadOnlyStore = {
  provenance: "mock",
  get: () => new Promise(() => {}),
  query: () => new Promise(() => {}),
};

class UnavailableStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  calls = 0;
  async get(): Promise<StoredDoc | null> {
    this.calls++;
    throw new TransientDependencyError("unavailable");
  }
  async query(): Promise<StoredDoc[]> {
    this.calls++;
    throw new TransientDependencyError("unavailable");
  }
}

interface Called {
  env: Envelope;
  trace: CallTrace;
  sink: MemoryTraceSink;
  elapsed: number;
}

async function call(
  decl: ToolDeclaration,
  data: unknown,
  opts: { auth?: VerifiedAuth | null; store?: ReadOnlyStore; req?: Partial<CallRequest> } = {},
): Promise<Called> {
  const sink = new MemoryTraceSink();
  const t0 = performance.now();
  const env = await invokeTool(
    decl,
    { auth: opts.auth === undefined ? ME : opts.auth, data, ...opts.req },
    { store: opts.store ?? new MemoryStore(docs()), sink },
  );
  const elapsed = performance.now() - t0;
  expect(sink.entries).toHaveLength(1);
  return { env, trace: sink.entries[0]!.trace, sink, elapsed };
}

function expectError(env: Envelope, code: ErrorCode) {
  expect(EnvelopeSchema.safeParse(env).success).toBe(true);
  expect(env.status).toBe("error");
  expect(env.data).toBeNull();
  expect(env.evidence).toEqual([]);
  expect(env.error?.code).toBe(code);
  expect(env.error?.category).toBe(ERROR_CATALOG[code].category);
  expect(env.error?.retryable).toBe(ERROR_CATALOG[code].retryable);
}

/** Small enough to keep tests fast, large enough that the retry still has time after the 100 ms backoff. */
const BUDGET = 400;

// A tool record with its evidence, the shape test tools answer.
const Item = z.strictObject({ evidenceId: z.string(), value: z.string() });

function testTool(name: string, run: (ctx: any, input: any) => Promise<unknown>, over: Record<string, unknown> = {}) {
  return defineTool({
    name,
    description: "A test-only tool.",
    input: z.strictObject({}).nullable(),
    output: z.strictObject({ item: Item }),
    scope: "public",
    budgetMs: BUDGET,
    errors: ["DEPENDENCY_UNAVAILABLE", "NOT_FOUND"],
    examples: { valid: [{}], invalid: [{ input: { x: 1 }, code: "INVALID_ARGUMENT" }] },
    run: run as never,
    ...over,
  } as never) as ToolDeclaration;
}

const answer = (ctx: any, value = "ok") => ({ item: { evidenceId: ctx.evidence.record("trendSignals/s1"), value } });

// ---------------------------------------------------------------- success

describe("success", () => {
  it("fetch_trend_signals answers a valid envelope, newest first, evidence linked both ways", async () => {
    const { env, trace } = await call(fetchTrendSignals, { limit: 2 });
    expect(EnvelopeSchema.safeParse(env).success).toBe(true);
    expect(env.status).toBe("success");
    const data = env.data as {
      signals: { signalId: string; evidenceId: string; untrusted: { title: string } }[];
      count: number;
    };
    expect(data.signals.map((s) => s.signalId)).toEqual(["s2", "s3"]);
    expect(data.count).toBe(2);
    expect(data.signals[0]!.untrusted.title).toBe("Signal 2");
    // Linked both ways: one record evidence per signal, and nothing else.
    expect(env.evidence).toHaveLength(2);
    expect(env.evidence.map((e) => e.evidenceId).sort()).toEqual(data.signals.map((s) => s.evidenceId).sort());
    for (const s of data.signals) {
      const ev = env.evidence.find((e) => e.evidenceId === s.evidenceId);
      expect(ev).toMatchObject({ kind: "record", ref: `trendSignals/${s.signalId}`, provenance: "mock" });
      expect(IsoUtcSchema.safeParse(ev!.observedAt).success).toBe(true);
      expect(Math.abs(Date.parse(ev!.observedAt) - Date.now())).toBeLessThan(10_000);
      expect(ev!.evidenceId).toMatch(/^ev_[A-Za-z0-9_-]{16,}$/);
    }
    expect(trace).toMatchObject({
      status: "success",
      resultCode: "OK",
      provenance: "mock",
      authorization: "allowed_public",
    });
    expect(trace.evidenceIds).toEqual(env.evidence.map((e) => e.evidenceId));
  });

  it("evidence ids are unique across calls", async () => {
    const a = await call(fetchTrendSignals, { limit: 3 });
    const b = await call(fetchTrendSignals, { limit: 3 });
    const ids = [...a.env.evidence, ...b.env.evidence].map((e) => e.evidenceId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it("get_job_status answers a redacted job with its record evidence", async () => {
    const { env } = await call(getJobStatus, { jobId: "j1" });
    expect(EnvelopeSchema.safeParse(env).success).toBe(true);
    const jobView = (env.data as { job: Record<string, unknown> }).job;
    expect(jobView).toMatchObject({
      jobId: "j1",
      kind: "render",
      state: "failed",
      attempts: 3,
      progress: 0.5,
      createdAt: "2025-01-01T10:00:00.000Z",
    });
    expect(env.evidence).toEqual([
      expect.objectContaining({
        evidenceId: jobView.evidenceId,
        kind: "record",
        ref: `workspaces/${WS}/jobs/j1`,
        provenance: "mock",
      }),
    ]);
  });

  it("a stored Timestamp reaches the wire as ISO-8601 UTC through the data contract's one parse", async () => {
    const at = Date.UTC(2025, 2, 4, 5, 6, 7, 89);
    const stored: ReadOnlyStore = {
      provenance: "mock",
      get: async () => null,
      query: async () => [
        { id: "s1", path: "trendSignals/s1", data: { ...signal(1, ""), observedAt: Timestamp.fromMillis(at) } },
      ],
    };
    const { env } = await call(fetchTrendSignals, { limit: 1 }, { store: stored });
    expect(env.status).toBe("success");
    expect((env.data as { signals: { observedAt: string }[] }).signals[0]?.observedAt).toBe(new Date(at).toISOString());
    expect(JSON.parse(JSON.stringify(env))).toEqual(env);
  });

  it.each([
    ["a Date", new Date("2025-03-04T05:06:07.089Z")],
    ["a Firestore Timestamp", Timestamp.fromMillis(Date.UTC(2025, 2, 4, 5, 6, 7, 89))],
  ])(
    "%s returned where the output declares an ISO string is INTERNAL output_schema, not converted",
    async (_label, when) => {
      const output = z.strictObject({ item: z.strictObject({ evidenceId: z.string(), at: IsoUtcSchema }) });
      const dated = testTool(
        "dated_tool",
        async (ctx) => ({ item: { evidenceId: ctx.evidence.record("trendSignals/s1"), at: when as never } }),
        { output },
      );
      const { env, trace } = await call(dated, {});
      expectError(env, "INTERNAL");
      expect(trace.internalReason).toBe("output_schema");
      const iso = testTool(
        "iso_tool",
        async (ctx) => ({
          item: { evidenceId: ctx.evidence.record("trendSignals/s1"), at: "2025-03-04T05:06:07.089Z" },
        }),
        { output },
      );
      expect((await call(iso, {})).env.status).toBe("success");
    },
  );

  it("evidence a tool minted but did not cite is left out", async () => {
    const tool = testTool("explorer_tool", async (ctx) => {
      ctx.evidence.record("trendSignals/s2");
      return answer(ctx);
    });
    const { env } = await call(tool, null);
    expect(env.status).toBe("success");
    expect(env.evidence).toHaveLength(1);
    expect(env.evidence[0]!.evidenceId).toBe((env.data as { item: { evidenceId: string } }).item.evidenceId);
  });
});

// ---------------------------------------------------------------- budget and retry

describe("budget and the one transient retry", () => {
  // Fake time (test/support/fake-time.ts): the budget, the attempt timeouts and the backoff are exact.
  beforeEach(() => vi.useFakeTimers(FAKED));
  afterEach(() => vi.useRealTimers());

  it("a read that never resolves answers DEPENDENCY_UNAVAILABLE within the budget after exactly two timed-out attempts", async () => {
    let runs = 0;
    const tool = testTool("hang_tool", async (ctx) => {
      runs++;
      await ctx.store.get("trendSignals/s1");
      return answer(ctx);
    });
    const { env, trace, elapsed } = await onFakeTime(call(tool, null, { store: hangingStore }));
    expectError(env, "DEPENDENCY_UNAVAILABLE");
    expect(env.error?.retryable).toBe(true);
    expect(env.error?.message).toBe(ERROR_CATALOG.DEPENDENCY_UNAVAILABLE.message);
    // 20 ms of the 400 ms budget are kept for answering: attempt 1 gets half of the other 380 ms, then
    // the 100 ms backoff, then the retry gets the 90 ms left. The answer comes at 380 ms.
    expect(elapsed).toBe(380);
    expect(trace.totalDurationMs).toBe(380);
    expect(runs).toBe(2);
    expect(trace.attempts.map((a) => [a.outcome, a.durationMs])).toEqual([
      ["timeout", 190],
      ["timeout", 90],
    ]);
    expect(trace.resultCode).toBe("DEPENDENCY_UNAVAILABLE");
  });

  it("a transient failure then success answers success after exactly two attempts", async () => {
    let runs = 0;
    const tool = testTool("flaky_tool", async (ctx) => {
      runs++;
      if (runs === 1) throw new TransientDependencyError("unavailable");
      return answer(ctx);
    });
    const { env, trace } = await onFakeTime(call(tool, null));
    expect(env.status).toBe("success");
    expect(EnvelopeSchema.safeParse(env).success).toBe(true);
    expect(runs).toBe(2);
    expect(trace.attempts.map((a) => a.outcome)).toEqual(["unavailable", "ok"]);
  });

  it("a timed-out first attempt then success answers success", async () => {
    let runs = 0;
    const tool = testTool("slow_then_fast_tool", async (ctx) => {
      runs++;
      if (runs === 1) await new Promise((r) => setTimeout(r, 1_000));
      return answer(ctx, `run${runs}`);
    });
    const { env, trace } = await onFakeTime(call(tool, null));
    expect(env.status).toBe("success");
    expect((env.data as { item: { value: string } }).item.value).toBe("run2");
    expect(trace.attempts.map((a) => a.outcome)).toEqual(["timeout", "ok"]);
  });

  it.each([
    ["fetch_trend_signals", fetchTrendSignals, { limit: 3 }],
    ["get_job_status (membership read fails)", getJobStatus, { jobId: "j1" }],
  ] as const)(
    "%s on a store that is always unavailable: DEPENDENCY_UNAVAILABLE after exactly two attempts",
    async (_n, decl, data) => {
      const store = new UnavailableStore();
      const { env, trace } = await onFakeTime(call(decl, data, { store }));
      expectError(env, "DEPENDENCY_UNAVAILABLE");
      expect(store.calls).toBe(2);
      expect(trace.attempts.map((a) => a.outcome)).toEqual(["unavailable", "unavailable"]);
      expect(trace.provenance).toBeNull();
    },
  );

  it.each([
    ["ToolError NOT_FOUND from run", "NOT_FOUND"],
    ["ToolError INVALID_ID from run", "INVALID_ID"],
  ] as const)("%s: exactly one attempt", async (_n, code) => {
    let runs = 0;
    const tool = testTool(
      `failing_${code.toLowerCase()}`,
      async () => {
        runs++;
        throw new ToolError(code);
      },
      { errors: ["DEPENDENCY_UNAVAILABLE", "NOT_FOUND", "INVALID_ID"] },
    );
    const { env, trace } = await call(tool, null);
    expectError(env, code);
    expect(env.error?.message).toBe(ERROR_CATALOG[code].message);
    expect(runs).toBe(1);
    expect(trace.attempts).toHaveLength(1);
    expect(trace.attempts[0]).toMatchObject({ attempt: 1, outcome: "failed", code });
  });

  it("PERMISSION_DENIED: exactly one attempt and one membership read", async () => {
    const store = new SpyStore(new MemoryStore(docs()));
    const { env, trace } = await call(
      getJobStatus,
      { jobId: "j1" },
      { auth: { uid: "uid_stranger", claims: { workspaceId: WS } }, store },
    );
    expectError(env, "PERMISSION_DENIED");
    expect(trace.attempts).toHaveLength(1);
    expect(store.calls).toBe(1);
  });

  it("NOT_FOUND from get_job_status: exactly one attempt", async () => {
    const { env, trace } = await call(getJobStatus, { jobId: "nope" });
    expectError(env, "NOT_FOUND");
    expect(trace.attempts).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- INTERNAL

describe("INTERNAL", () => {
  it("an undeclared error code thrown by a tool is INTERNAL", async () => {
    const tool = testTool("undeclared_tool", async () => {
      throw new ToolError("INSUFFICIENT_HISTORY", "Need 5 measured posts.");
    });
    const { env, trace } = await call(tool, null);
    expectError(env, "INTERNAL");
    expect(env.error?.message).toBe(ERROR_CATALOG.INTERNAL.message);
    expect(trace.internalReason).toMatch(/undeclared/);
  });

  it.each([
    ["an extra key", (ctx: any) => ({ ...answer(ctx), debug: "x" })],
    ["an extra key in a record", (ctx: any) => ({ item: { ...answer(ctx).item, providerBody: "x" } })],
    ["a wrong type", (ctx: any) => ({ item: { evidenceId: ctx.evidence.record("trendSignals/s1"), value: 42 } })],
    ["a missing key", (ctx: any) => ({ item: { evidenceId: ctx.evidence.record("trendSignals/s1") } })],
    ["a citation of evidence it never minted", () => ({ item: { evidenceId: "ev_AAAAAAAAAAAAAAAAAAAA", value: "x" } })],
    [
      "evidence whose ref is too long for an envelope",
      (ctx: any) => ({ item: { evidenceId: ctx.evidence.record(`trendSignals/${"s".repeat(500)}`), value: "x" } }),
    ],
  ])("an output with %s is INTERNAL", async (_n, out) => {
    const tool = testTool("bad_output_tool", async (ctx) => out(ctx));
    const { env, trace } = await call(tool, null);
    expectError(env, "INTERNAL");
    expect(trace.attempts).toHaveLength(1);
    expect(trace.evidenceIds).toEqual([]);
  });

  it("cites an unknown id among known ones: INTERNAL evidence_links, and which output check failed is traced", async () => {
    const output = z.strictObject({ item: Item, evidenceIds: z.array(z.string()) });
    const tool = testTool(
      "mixed_citation_tool",
      async (ctx) => ({
        ...answer(ctx),
        evidenceIds: [ctx.evidence.record("trendSignals/s2"), "ev_BBBBBBBBBBBBBBBBBBBB"],
      }),
      { output },
    );
    const { env, trace } = await call(tool, null);
    expectError(env, "INTERNAL");
    expect(trace.internalReason).toBe("evidence_links");
    const fine = testTool(
      "cited_tool",
      async (ctx) => ({ ...answer(ctx), evidenceIds: [ctx.evidence.record("trendSignals/s2")] }),
      { output },
    );
    const ok = await call(fine, null);
    expect(EnvelopeSchema.safeParse(ok.env).success).toBe(true);
    expect(ok.env.evidence).toHaveLength(2);
    const wrongType = testTool("typed_tool", async (ctx) => ({
      item: { evidenceId: ctx.evidence.record("trendSignals/s1"), value: 42 },
    }));
    expect((await call(wrongType, null)).trace.internalReason).toBe("output_schema");
  });

  it.each([
    ["an Error", () => new Error("CANARY-secret-123 token=abc")],
    ["a TypeError", () => new TypeError("CANARY-secret-123 token=abc")],
    ["a thrown string", () => "CANARY-secret-123 token=abc"],
    [
      "an object with a provider body",
      () => ({ code: 13, details: "CANARY-secret-123 token=abc", stack: "CANARY-secret-123" }),
    ],
  ])("%s carrying a secret is INTERNAL and the secret appears in neither envelope nor trace", async (_n, make) => {
    let runs = 0;
    const tool = testTool("leaky_tool", async () => {
      runs++;
      throw make();
    });
    const { env, trace } = await call(tool, null);
    expectError(env, "INTERNAL");
    expect(runs).toBe(1);
    for (const s of ["CANARY", "secret-123", "token=abc"]) {
      expect(JSON.stringify(env)).not.toContain(s);
      expect(JSON.stringify(trace)).not.toContain(s);
    }
  });
});

// ---------------------------------------------------------------- auth

describe("authentication and workspace binding", () => {
  it.each([
    ["fetch_trend_signals", fetchTrendSignals, { limit: 3 }],
    ["get_job_status", getJobStatus, { jobId: "j1" }],
  ] as const)("%s with null auth is UNAUTHENTICATED with zero store reads", async (_n, decl, data) => {
    const store = new SpyStore(new MemoryStore(docs()));
    const { env, trace } = await call(decl, data, { auth: null, store });
    expectError(env, "UNAUTHENTICATED");
    expect(store.calls).toBe(0);
    expect(trace.reads).toBe(0);
    expect(trace.attempts).toEqual([]);
    expect(trace.caller).toBeNull();
    expect(trace.authorization).toBe("denied_unauthenticated");
  });

  it("authentication is checked before input: null auth with invalid input is UNAUTHENTICATED", async () => {
    const { env } = await call(getJobStatus, { jobId: "../x", workspaceId: "other" }, { auth: null });
    expectError(env, "UNAUTHENTICATED");
  });

  it("an empty uid is UNAUTHENTICATED", async () => {
    const { env } = await call(fetchTrendSignals, { limit: 1 }, { auth: { uid: "", claims: {} } });
    expectError(env, "UNAUTHENTICATED");
  });

  const denied: [string, VerifiedAuth, Record<string, Record<string, unknown>>][] = [
    ["no workspaceId claim", { uid: UID, claims: {} }, {}],
    ["a non-string workspaceId claim", { uid: UID, claims: { workspaceId: ["acme"] } }, {}],
    ["a malformed workspaceId claim", { uid: UID, claims: { workspaceId: "acme/members" } }, {}],
    ["a claim but no member doc", { uid: "uid_nobody", claims: { workspaceId: WS } }, {}],
    ["a member of another workspace", { uid: "uid_bob", claims: { workspaceId: WS } }, {}],
    ["a claim for a workspace the caller is not in", { uid: UID, claims: { workspaceId: "other" } }, {}],
    ["a disabled member", ME, { [`workspaces/${WS}/members/${UID}`]: { role: "owner", disabled: true } }],
    ["an unknown role", ME, { [`workspaces/${WS}/members/${UID}`]: { role: "admin" } }],
    ["a member doc without a role", ME, { [`workspaces/${WS}/members/${UID}`]: { disabled: false } }],
    ["a role of the wrong type", ME, { [`workspaces/${WS}/members/${UID}`]: { role: ["owner"] } }],
  ];
  it.each(denied)("workspace tool, %s: PERMISSION_DENIED", async (_n, auth, extra) => {
    const { env, trace } = await call(getJobStatus, { jobId: "j1" }, { auth, store: new MemoryStore(docs(extra)) });
    expectError(env, "PERMISSION_DENIED");
    expect(env.error?.message).toBe(ERROR_CATALOG.PERMISSION_DENIED.message);
    expect(trace.authorization).toMatch(/^denied_/);
    expect(trace.reads).toBeLessThanOrEqual(1);
  });

  it.each(["owner", "operator", "viewer", "liaison"])("a valid %s member gets success", async (role) => {
    const { env, trace } = await call(
      getJobStatus,
      { jobId: "j1" },
      { store: new MemoryStore(docs({ [`workspaces/${WS}/members/${UID}`]: { role, disabled: false } })) },
    );
    expect(env.status).toBe("success");
    expect(trace.authorization).toBe("allowed_member");
    expect(trace.reads).toBe(2);
  });

  it("a public tool needs auth but no membership (and reads no member doc)", async () => {
    const store = new SpyStore(new MemoryStore(docs()));
    const { env, trace } = await call(
      fetchTrendSignals,
      { limit: 1 },
      { auth: { uid: "uid_nobody", claims: {} }, store },
    );
    expect(env.status).toBe("success");
    expect(store.calls).toBe(1);
    expect(trace.authorization).toBe("allowed_public");
  });
});

// ---------------------------------------------------------------- input

describe("input validation", () => {
  const cases: [string, ToolDeclaration, unknown, ErrorCode][] = [
    ["jobId with '/'", getJobStatus, { jobId: "a/b" }, "INVALID_ID"],
    ["jobId '..'", getJobStatus, { jobId: ".." }, "INVALID_ID"],
    ["jobId '../j1'", getJobStatus, { jobId: "../j1" }, "INVALID_ID"],
    ["jobId ''", getJobStatus, { jobId: "" }, "INVALID_ID"],
    ["jobId of 129 chars", getJobStatus, { jobId: "a".repeat(129) }, "INVALID_ID"],
    ["jobId with a space", getJobStatus, { jobId: "j 1" }, "INVALID_ID"],
    ["jobId 5", getJobStatus, { jobId: 5 }, "INVALID_ARGUMENT"],
    ["jobId null", getJobStatus, { jobId: null }, "INVALID_ARGUMENT"],
    ["jobId missing", getJobStatus, {}, "INVALID_ARGUMENT"],
    ["get_job_status null data", getJobStatus, null, "INVALID_ARGUMENT"],
    ["jobId plus workspaceId", getJobStatus, { jobId: "j1", workspaceId: "other" }, "INVALID_ARGUMENT"],
    ["jobId plus uid", getJobStatus, { jobId: "j1", uid: "uid_bob" }, "INVALID_ARGUMENT"],
    ["jobId plus role", getJobStatus, { jobId: "j1", role: "owner" }, "INVALID_ARGUMENT"],
    ["limit 0", fetchTrendSignals, { limit: 0 }, "INVALID_ARGUMENT"],
    ["limit 11", fetchTrendSignals, { limit: 11 }, "INVALID_ARGUMENT"],
    ["limit 2.5", fetchTrendSignals, { limit: 2.5 }, "INVALID_ARGUMENT"],
    ["limit '5'", fetchTrendSignals, { limit: "5" }, "INVALID_ARGUMENT"],
    ["limit NaN", fetchTrendSignals, { limit: Number.NaN }, "INVALID_ARGUMENT"],
    ["limit missing", fetchTrendSignals, {}, "INVALID_ARGUMENT"],
    ["fetch_trend_signals null data", fetchTrendSignals, null, "INVALID_ARGUMENT"],
    ["fetch_trend_signals undefined data", fetchTrendSignals, undefined, "INVALID_ARGUMENT"],
    ["fetch_trend_signals an array", fetchTrendSignals, [5], "INVALID_ARGUMENT"],
    ["limit plus workspaceId", fetchTrendSignals, { limit: 3, workspaceId: WS }, "INVALID_ARGUMENT"],
    ["limit plus uid", fetchTrendSignals, { limit: 3, uid: UID }, "INVALID_ARGUMENT"],
    ["limit plus role", fetchTrendSignals, { limit: 3, role: "owner" }, "INVALID_ARGUMENT"],
  ];

  it.each(cases)("%s → %s, and the store is never read", async (_n, decl, data, code) => {
    const store = new SpyStore(new MemoryStore(docs()));
    const { env, trace } = await call(decl, data, { store });
    expectError(env, code);
    expect(store.calls).toBe(0);
    expect(trace.reads).toBe(0);
    expect(trace.attempts).toEqual([]);
  });

  it.each([
    [fetchTrendSignals, { limit: 3, zz_unknown_KEY_canary: "VALUE_canary_42" }],
    [getJobStatus, { jobId: "j1", zz_unknown_KEY_canary: "VALUE_canary_42" }],
    [getJobStatus, { jobId: "j1", workspaceId: "VALUE_canary_42" }],
  ] as const)("the INVALID_ARGUMENT message does not echo the unknown key or its value (%#)", async (decl, data) => {
    const { env } = await call(decl, data);
    expectError(env, "INVALID_ARGUMENT");
    const message = env.error!.message;
    expect(message).not.toMatch(/zz_unknown_KEY_canary|VALUE_canary_42|workspaceId/);
    expect(message.length).toBeLessThanOrEqual(300);
  });
});

describe("arguments exactly as sent: own properties of plain JSON only", () => {
  // JSON.parse keeps `__proto__` as an own key, exactly as the callable body carries it.
  const sent = [
    ['{"__proto__":{"limit":2}}', fetchTrendSignals],
    ['{"limit":2,"__proto__":{"limit":3}}', fetchTrendSignals],
    ['{"jobId":"j1","__proto__":null}', getJobStatus],
    ['{"__proto__":{"jobId":"j1"}}', getJobStatus],
  ] as const;

  it.each(sent)("%s is INVALID_ARGUMENT, reads nothing, and the trace records the key as sent", async (text, decl) => {
    const store = new SpyStore(new MemoryStore(docs()));
    const data = JSON.parse(text) as unknown;
    const { env, trace } = await call(decl, data, { store });
    expectError(env, "INVALID_ARGUMENT");
    expect(store.calls).toBe(0);
    expect(Object.prototype.hasOwnProperty.call(trace.arguments, "__proto__")).toBe(true);
    expect(JSON.stringify(trace.arguments)).toBe(JSON.stringify(data));
  });

  it("a __proto__ key at any depth is refused, even inside a value the schema would reject anyway", async () => {
    const { env } = await call(getJobStatus, JSON.parse('{"jobId":"j1","x":[{"a":{"__proto__":{}}}]}'));
    expectError(env, "INVALID_ARGUMENT");
  });

  it("an object whose prototype carries the arguments runs nothing (the SDK's decoded copy of such a body)", async () => {
    const store = new SpyStore(new MemoryStore(docs()));
    const { env, trace } = await call(fetchTrendSignals, Object.create({ limit: 2 }), { store });
    expectError(env, "INVALID_ARGUMENT");
    expect(store.calls).toBe(0);
    expect(trace.arguments).toEqual({});
  });

  it.each([
    ["a Date", new Date(0)],
    [
      "a class instance",
      new (class Limit {
        limit = 2;
      })(),
    ],
    ["a Map", new Map([["limit", 2]])],
    ["a getter", Object.defineProperty({}, "limit", { get: () => 2, enumerable: true })],
    ["a symbol key", { limit: 2, [Symbol("s")]: 1 }],
  ])("%s is not plain JSON: INVALID_ARGUMENT", async (_label, data) => {
    expectError((await call(fetchTrendSignals, data)).env, "INVALID_ARGUMENT");
  });

  it("a null-prototype object with the right keys runs as the same plain object", async () => {
    const data = Object.assign(Object.create(null) as Record<string, unknown>, { limit: 2 });
    const { env, trace } = await call(fetchTrendSignals, data);
    expect(env.status).toBe("success");
    expect(trace.arguments).toEqual({ limit: 2 });
  });

  it("a body nested far deeper than any schema is refused without overflowing the stack", async () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}${"]".repeat(200_000)}`) as unknown;
    expectError((await call(fetchTrendSignals, { limit: 2, x: deep })).env, "INVALID_ARGUMENT");
  });
});

// ---------------------------------------------------------------- redaction and not-found

describe("get_job_status redaction and tenancy", () => {
  it("a job stuffed with internal fields answers success without any of them", async () => {
    const { env, trace } = await call(getJobStatus, { jobId: "j_stuffed" });
    expect(env.status).toBe("success");
    const json = JSON.stringify(env);
    const traceJson = JSON.stringify(trace);
    for (const c of CANARIES) {
      expect(json).not.toContain(c);
      expect(traceJson).not.toContain(c);
    }
    expect(Object.keys((env.data as { job: object }).job).sort()).toEqual([
      "attempts",
      "createdAt",
      "evidenceId",
      "jobId",
      "kind",
      "progress",
      "state",
      "updatedAt",
    ]);
  });

  it("a job of another workspace answers exactly the envelope of a missing job", async () => {
    const other = await call(getJobStatus, { jobId: "j_other" });
    const missing = await call(getJobStatus, { jobId: "j_missing" });
    expectError(other.env, "NOT_FOUND");
    expect(other.env).toEqual(missing.env);
    expect(JSON.stringify(other.env)).toBe(JSON.stringify(missing.env));
    expect(other.trace.reads).toBe(missing.trace.reads);
  });
});

// ---------------------------------------------------------------- trace

describe("trace", () => {
  const scenarios: [
    string,
    () => Promise<Called>,
    { status: string; code: ErrorCode | null; attempts: number; reads: number },
  ][] = [
    [
      "success (public)",
      () => call(fetchTrendSignals, { limit: 2 }),
      { status: "success", code: null, attempts: 1, reads: 2 },
    ],
    [
      "success (workspace)",
      () => call(getJobStatus, { jobId: "j1" }),
      { status: "success", code: null, attempts: 1, reads: 2 },
    ],
    [
      "not found",
      () => call(getJobStatus, { jobId: "zz" }),
      { status: "error", code: "NOT_FOUND", attempts: 1, reads: 2 },
    ],
    [
      "invalid id",
      () => call(getJobStatus, { jobId: "a/b" }),
      { status: "error", code: "INVALID_ID", attempts: 0, reads: 0 },
    ],
    [
      "unauthenticated",
      () => call(getJobStatus, { jobId: "j1" }, { auth: null }),
      { status: "error", code: "UNAUTHENTICATED", attempts: 0, reads: 0 },
    ],
    [
      "unavailable",
      () => call(fetchTrendSignals, { limit: 1 }, { store: new UnavailableStore() }),
      { status: "error", code: "DEPENDENCY_UNAVAILABLE", attempts: 2, reads: 0 },
    ],
  ];

  it.each(scenarios)("%s: one CallTraceSchema-valid entry mirroring the envelope", async (_n, run, expected) => {
    const { env, trace, sink } = await run();
    expect(sink.entries).toHaveLength(1);
    expect(CallTraceSchema.safeParse(trace).success).toBe(true);
    expect(trace.tool).toBe(trace.tool === "fetch_trend_signals" ? "fetch_trend_signals" : "get_job_status");
    expect(trace.status).toBe(env.status);
    expect(trace.status).toBe(expected.status);
    expect(trace.resultCode).toBe(expected.code ?? "OK");
    expect(trace.resultCode).toBe(env.error?.code ?? "OK");
    expect(trace.attempts).toHaveLength(expected.attempts);
    expect(trace.reads).toBe(expected.reads);
    expect(trace.evidenceIds).toEqual(env.evidence.map((e) => e.evidenceId));
    expect(trace.callId).toMatch(/^[0-9a-f-]{36}$/);
    expect(trace.totalDurationMs).toBeGreaterThanOrEqual(0);
    if (trace.caller !== null) {
      expect(trace.caller).toBe(pseudonym("u", UID));
      expect(trace.workspace).toBe(pseudonym("w", WS));
    }
    const json = JSON.stringify(trace);
    expect(json).not.toContain(UID);
    expect(json).not.toMatch(/"acme"/);
  });

  it.each([
    ["fetch_trend_signals", fetchTrendSignals, { limit: 10 }],
    ["get_job_status", getJobStatus, { jobId: "j1" }],
    ["get_job_status, missing job", getJobStatus, { jobId: "zz" }],
  ] as const)("%s reads no more than its declared maxReads", async (_n, decl, data) => {
    const { trace } = await call(decl, data);
    expect(decl.maxReads).toBeGreaterThan(0);
    expect(trace.reads).toBeGreaterThan(0);
    expect(trace.reads).toBeLessThanOrEqual(decl.maxReads!);
  });

  it("records the arguments normalized: short values kept, long strings capped", async () => {
    const { trace } = await call(getJobStatus, { jobId: "j1" });
    expect(trace.arguments).toEqual({ jobId: "j1" });
    const long = await call(getJobStatus, { jobId: "q".repeat(5_000) });
    expect(JSON.stringify(long.trace.arguments).length).toBeLessThan(200);
    expect(long.env.error?.code).toBe("INVALID_ID");
  });

  it("names the tool it ran", async () => {
    expect((await call(fetchTrendSignals, { limit: 1 })).trace.tool).toBe("fetch_trend_signals");
    expect((await call(getJobStatus, { jobId: "j1" })).trace.tool).toBe("get_job_status");
  });

  it("records skill and invocation id when well-formed, null otherwise; never trusts them", async () => {
    const good = await call(fetchTrendSignals, { limit: 1 }, { req: { skill: "trend_scan", invocationId: "inv_1" } });
    expect(good.trace).toMatchObject({ skill: "trend_scan", invocationId: "inv_1" });
    const bad = await call(fetchTrendSignals, { limit: 1 }, { req: { skill: "root", invocationId: "x".repeat(65) } });
    expect(bad.trace).toMatchObject({ skill: null, invocationId: null });
    expect(bad.env.status).toBe("success");
  });

  it("the caller pseudonym differs per user and is not the uid", async () => {
    expect(pseudonym("u", UID)).not.toContain(UID);
    expect(pseudonym("u", UID)).not.toBe(pseudonym("u", "uid_bob"));
    expect(pseudonym("u", UID)).toBe(pseudonym("u", UID));
  });

  it("a throwing sink does not change the envelope", async () => {
    const env = await invokeTool(
      fetchTrendSignals,
      { auth: ME, data: { limit: 1 } },
      {
        store: new MemoryStore(docs()),
        sink: {
          write: () => {
            throw new Error("sink down");
          },
        },
      },
    );
    expect(env.status).toBe("success");
  });
});
