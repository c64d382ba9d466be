import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EnvelopeSchema, type Envelope, ERROR_CATALOG } from "nova-contract";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import type { VerifiedAuth } from "../../../functions/src/runtime/identity";
import { MEMBER_ROLES } from "../../../functions/src/store/documents";
import { MemoryStore } from "../../../functions/src/store/memory";
import { CallTraceSchema, MemoryTraceSink } from "../../../functions/src/trace/entry";
import { generateSeed } from "../../../scripts/seed/generate";
import { allExamples, asObject, IDENTITY_KEYS, isPlainObject, loadCatalog, requireSource } from "../../support/catalog";
import { ReadSpy, seededAuth, seededDocs, workspacesRead } from "../../support/seeded-store";

/**
 * Bad input through the one runtime path (invokeTool), for every tool in the catalog, on the seed
 * data: whatever arrives, the answer is a valid envelope with a code the tool declares, the call
 * never throws, writes exactly one valid trace, and an input refused by validation costs no read.
 */

const RUNS = { arbitrary: 1_000, mutated: 2_000, identity: 300 } as const;

const decls = loadCatalog();
// The runtime from the same module graph as the tools (see requireSource).
const { invokeTool } = requireSource<typeof import("../../../functions/src/runtime/invoke")>("runtime/invoke");
const seed = generateSeed();
const docs = seededDocs(seed);
// One store for all cases: reads hand out clones, so no case can disturb another.
const store = new MemoryStore(docs);
const users = seededAuth(seed);
const OPERATOR = users.get("operator@acme.test")!;

interface Outcome {
  env: Envelope;
  spy: ReadSpy;
  sink: MemoryTraceSink;
}

async function invoke(decl: ToolDeclaration, data: unknown, auth: VerifiedAuth | null = OPERATOR): Promise<Outcome> {
  const spy = new ReadSpy(store);
  const sink = new MemoryTraceSink();
  const env = await invokeTool(decl, { auth, data }, { store: spy, sink });
  return { env, spy, sink };
}

/**
 * Marks strings (values and keys) the fuzzer sends; product text never contains it, so finding it
 * in a refusal means the caller's input was echoed.
 */
const ECHO = "ECHO~";

/** The invariants every call must keep, whatever its input. Throws (failing the property) if not. */
function checkOutcome(
  decl: ToolDeclaration,
  data: unknown,
  { env, spy, sink }: Outcome,
  ownWorkspace: string | null = "acme",
): void {
  const parsed = EnvelopeSchema.safeParse(env);
  if (!parsed.success) throw new Error(`invalid envelope for ${safeJson(data)}: ${parsed.error.message}`);
  if (env.status === "error" && !decl.allErrors.includes(env.error.code))
    throw new Error(`undeclared ${env.error.code} for ${safeJson(data)}`);
  if (sink.entries.length !== 1) throw new Error(`${sink.entries.length} traces for one call`);
  const trace = CallTraceSchema.parse(sink.entries[0]!.trace);
  if (trace.resultCode !== (env.error?.code ?? "OK") || trace.status !== env.status)
    throw new Error("trace disagrees with the envelope");
  if (env.status === "error" && ERROR_CATALOG[env.error.code].category === "validation") {
    if (spy.calls !== 0 || trace.reads !== 0)
      throw new Error(
        `${env.error.code} after ${spy.calls} store reads (${spy.paths.join(", ")}) for ${safeJson(data)}`,
      );
  }
  // A refusal names the tool's own fields, never what the caller sent.
  if (env.status === "error" && JSON.stringify(env).includes(ECHO))
    throw new Error(`the envelope echoes the input ${safeJson(data)}`);
  // Whatever the input, a call reads at most its caller's own workspace.
  const foreign = [...workspacesRead(spy.paths)].filter((w) => w !== ownWorkspace);
  if (foreign.length) throw new Error(`read another workspace (${foreign.join(", ")}) for ${safeJson(data)}`);
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 300) ?? String(v);
  } catch {
    return String(v);
  }
}

// ------------------------------------------------------------------ arbitraries

/** Values that sit on or just past the edges schemas draw: bounds, types, encodings, paths. */
const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    10,
    11,
    200,
    201,
    2.5,
    1e21,
    -1e21,
    Number.MAX_SAFE_INTEGER + 2,
    NaN,
    Infinity,
    -Infinity,
  ),
  fc.constantFrom(
    null,
    undefined,
    true,
    false,
    [],
    {},
    "",
    " ",
    "\t\n",
    "\u00a0\u2003\u3000",
    "\u0000",
    "../globex/jobs/job-globex-1",
    "a/b",
    "..",
    "__proto__",
  ),
  fc.constantFrom(
    "x".repeat(128),
    "x".repeat(129),
    "y".repeat(200),
    "y".repeat(201),
    ` ${"z".repeat(200)} `,
    "job-globex-1",
    "globex",
    "u-globex-owner",
    "owner",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 30 }).map((x) => `${ECHO}${x}`),
  fc.string({ unit: "grapheme", minLength: 150, maxLength: 260 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid (or declared-invalid) example with keys added, removed, retyped or pushed to an edge. */
function mutatedExample(decl: ToolDeclaration): fc.Arbitrary<unknown> {
  const bases = allExamples(decl).map((e) => e.input);
  return fc.constantFrom(...bases).chain((example) => {
    const obj = asObject(example);
    const keys = Object.keys(obj);
    const extraKey = fc.oneof(
      fc.constantFrom(...IDENTITY_KEYS, "__proto__", "constructor", "toString", "limit", "query", "jobId"),
      fc.string({ maxLength: 20 }),
      fc.string({ maxLength: 10 }).map((x) => `${ECHO}${x}`),
    );
    const choices: fc.Arbitrary<unknown>[] = [
      // An extra key: computed keys make even `__proto__` an own property, as JSON.parse does.
      fc.tuple(extraKey, edgeValue).map(([k, v]) => ({ ...obj, [k]: v })),
      fc.tuple(extraKey, edgeValue, extraKey, edgeValue).map(([k1, v1, k2, v2]) => ({ ...obj, [k1]: v1, [k2]: v2 })),
      // The whole input replaced by something that is not an object, or wrapped.
      edgeValue,
      fc.constant([obj]),
      fc.constant(JSON.stringify(obj)),
    ];
    if (keys.length) {
      const key = fc.constantFrom(...keys);
      choices.push(
        fc.tuple(key, edgeValue).map(([k, v]) => ({ ...obj, [k]: v })),
        key.map((k) => Object.fromEntries(Object.entries(obj).filter(([x]) => x !== k))),
        fc
          .tuple(key, fc.string({ maxLength: 8 }))
          .map(([k, pad]) => ({ ...obj, [k]: typeof obj[k] === "string" ? `${pad}${obj[k] as string}${pad}` : pad })),
        fc.tuple(key, fc.string({ maxLength: 8 })).map(([k, pad]) => ({
          ...obj,
          [k]: typeof obj[k] === "string" ? `${obj[k] as string}${ECHO}${pad}` : `${ECHO}${pad}`,
        })),
        fc
          .tuple(key, fc.integer({ min: -3, max: 3 }))
          .map(([k, d]) => ({ ...obj, [k]: typeof obj[k] === "number" ? (obj[k] as number) + d : d })),
        key.map((k) => ({ ...obj, [k.toUpperCase()]: obj[k] })),
      );
    }
    return fc.oneof(...choices);
  });
}

/** Callers Auth might verify: seeded users, strangers, odd uids, odd and foreign workspace claims. */
const seededUids = [...users.values()].map((a) => a.uid);
const workspaceIds = Object.keys(docs)
  .filter((p) => /^workspaces\/[^/]+$/.test(p))
  .map((p) => p.split("/")[1]!);
const anyAuth: fc.Arbitrary<VerifiedAuth | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    uid: fc.oneof(
      fc.constantFrom(...seededUids),
      fc.constantFrom("", "a/b", "..", "u-acme-owner/x"),
      fc.string({ maxLength: 20 }),
    ),
    claims: fc.oneof(
      fc.constant({}),
      fc.record({
        workspaceId: fc.oneof(
          fc.constantFrom(...workspaceIds),
          fc.constantFrom("", "acme/members", "ACME", "nope"),
          fc.jsonValue({ maxDepth: 1 }),
        ),
      }),
      fc.record({
        workspaceId: fc.constantFrom(...workspaceIds),
        role: fc.constantFrom("owner", "admin"),
        admin: fc.boolean(),
      }),
    ),
  }),
);

/** The membership SPEC section 5 grants, read straight from the seed documents. */
function isMember(auth: VerifiedAuth): string | null {
  const w = auth.claims["workspaceId"];
  const id = /^[A-Za-z0-9_-]{1,128}$/;
  if (typeof w !== "string" || !id.test(w) || !id.test(auth.uid)) return null;
  const member = docs[`workspaces/${w}/members/${auth.uid}`];
  if (!member || member["disabled"] === true || !(MEMBER_ROLES as readonly unknown[]).includes(member["role"]))
    return null;
  return w;
}

// ------------------------------------------------------------------ properties

describe("the catalog under fuzzing", () => {
  it("loads every tool file (the properties below run once per tool)", () => {
    expect(decls.length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(decls.map((d) => [d.name, d] as const))("%s with bad input", (_name, decl) => {
  it(`answers a valid envelope to ${RUNS.arbitrary} arbitrary JSON values, reading nothing when it refuses them`, async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (data) => {
        const out = await invoke(decl, data);
        checkOutcome(decl, data, out);
        if (out.env.status === "error" && ERROR_CATALOG[out.env.error.code].category === "validation") refused++;
      }),
      { numRuns: RUNS.arbitrary },
    );
    // Arbitrary JSON is almost never a valid input: the no-read check must have been exercised.
    expect(refused).toBeGreaterThan(RUNS.arbitrary / 2);
  });

  it(`answers a valid envelope to ${RUNS.mutated} mutations of its own examples`, async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(mutatedExample(decl), async (data) => {
        const out = await invoke(decl, data);
        checkOutcome(decl, data, out);
        const key = out.env.status === "success" ? "success" : out.env.error.code;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        // An identity key is never an argument, whatever else the input holds.
        if (isPlainObject(data) && IDENTITY_KEYS.some((k) => Object.prototype.hasOwnProperty.call(data, k))) {
          if (out.env.status !== "error" || out.env.error.code !== "INVALID_ARGUMENT")
            throw new Error(`identity key accepted: ${safeJson(data)}`);
        }
      }),
      { numRuns: RUNS.mutated },
    );
    // Mutations stay near the valid examples, so both sides of validation were reached.
    expect(seen.get("INVALID_ARGUMENT") ?? 0).toBeGreaterThan(0);
    expect([...seen.keys()].some((k) => !["INVALID_ARGUMENT", "INVALID_QUERY", "INVALID_ID"].includes(k))).toBe(true);
  });

  it(`binds the workspace from Auth alone for ${RUNS.identity} arbitrary callers`, async () => {
    const examples = decl.examples.valid;
    await fc.assert(
      fc.asyncProperty(anyAuth, fc.constantFrom(...examples), async (auth, data) => {
        const own = auth ? isMember(auth) : null;
        const out = await invoke(decl, data, auth);
        // The claimed workspace is the only one a call may touch: its member document when it is
        // refused (checked below), its data when the caller is a member.
        const claimed = auth && typeof auth.claims["workspaceId"] === "string" ? auth.claims["workspaceId"] : null;
        checkOutcome(decl, data, out, decl.scope === "workspace" ? claimed : null);
        const code = out.env.status === "error" ? out.env.error.code : null;
        if (!auth || auth.uid === "") {
          if (code !== "UNAUTHENTICATED") throw new Error(`anonymous call answered ${code ?? "success"}`);
        } else if (decl.scope === "public") {
          if (code === "PERMISSION_DENIED" || code === "UNAUTHENTICATED")
            throw new Error(`public tool refused ${safeJson(auth)}`);
        } else if (own === null) {
          if (code !== "PERMISSION_DENIED")
            throw new Error(`non-member ${safeJson(auth)} answered ${code ?? "success"}`);
          // Refused before touching data: at most the membership document was read.
          if (out.spy.paths.some((p) => !/^workspaces\/[^/]+\/members\/[^/]+$/.test(p)))
            throw new Error(`denied call read ${out.spy.paths.join(", ")}`);
        } else if (code === "PERMISSION_DENIED" || code === "UNAUTHENTICATED") {
          throw new Error(`member ${safeJson(auth)} refused`);
        }
      }),
      { numRuns: RUNS.identity },
    );
  });
});

describe("the fuzz checks themselves", () => {
  // Guards against checks that cannot fail: each broken outcome below must be caught.
  const decl = decls[0]!;
  const traced = async (data: unknown) => invoke(decl, data);

  it("catch a validation refusal that read the store", async () => {
    const out = await traced(null);
    expect(out.env.status).toBe("error");
    out.spy.paths.push("trendSignals");
    expect(() => checkOutcome(decl, null, out)).toThrow(/store reads/);
  });

  it("catch a read of another workspace", async () => {
    const out = await traced(decl.examples.valid[0]);
    out.spy.paths.push("workspaces/globex/jobs/job-globex-1");
    expect(() => checkOutcome(decl, decl.examples.valid[0], out)).toThrow(/another workspace/);
  });

  it("catch an undeclared code, a broken envelope and a missing trace", async () => {
    const out = await traced(null);
    const undeclared = {
      ...out,
      env: {
        ...out.env,
        error: { code: "INSUFFICIENT_HISTORY", category: "precondition", message: "x", retryable: false },
      } as Envelope,
    };
    if (!decl.allErrors.includes("INSUFFICIENT_HISTORY"))
      expect(() => checkOutcome(decl, null, undeclared)).toThrow(/undeclared|disagrees/);
    expect(() => checkOutcome(decl, null, { ...out, env: { ...out.env, data: {} } as unknown as Envelope })).toThrow(
      /invalid envelope/,
    );
    out.sink.entries.length = 0;
    expect(() => checkOutcome(decl, null, out)).toThrow(/0 traces/);
  });

  it("catch a refusal that echoes the input", async () => {
    const data = { someUnknownKey: `${ECHO}x` };
    const out = await traced(data);
    const echoed = { ...out, env: { ...out.env, error: { ...out.env.error!, message: `Bad: ${ECHO}x.` } } as Envelope };
    expect(() => checkOutcome(decl, data, echoed)).toThrow(/echoes/);
  });
});
