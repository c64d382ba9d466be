import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerSchema, LedgerSchema, renderJsonSchemas } from "../../../nova/src/schemas";
import { isAnswer, isLedger } from "../../../nova/src/schemas/guards";
import { aggregate, answer, errorEnvelope, insights, job, ledger, measured, noData, operatorFeed, postingWindows, record, signals, story, toolError } from "./fixtures";

const s = signals(3);
const posts = insights(2);
const feed = operatorFeed({ pending: 2 });
const failed = job("failed");
const windows = postingWindows();
const unavailable = errorEnvelope("DEPENDENCY_UNAVAILABLE");
const LEDGER = ledger("signal_watch", [
  ["fetch_trend_signals", { limit: 3 }, s.envelope],
  ["get_operator_feed", null, unavailable],
  ["get_operator_feed", null, feed.envelope],
  ["get_engagement_insights", {}, posts.envelope],
  ["get_job_status", { jobId: "job_42" }, failed.envelope],
  ["suggest_posting_windows", null, windows.envelope],
]);
const ANSWER = answer("Here is what the data says.", [
  story("Short video is growing.", s.records[0]!, s.records[1]!),
  measured("Post 1 did well.", posts.records[0]!),
  record("Item 1 awaits approval.", feed.records[0]!),
  aggregate("Across posts, video wins.", ...posts.datasets, s.records[2]!),
  noData("search_trend_signals"),
  toolError("get_operator_feed", unavailable),
]);

/** Where a document can change: every [parent, key] below the root. */
function places(doc: unknown): { parent: Record<string | number, unknown>; key: string | number }[] {
  const out: { parent: Record<string | number, unknown>; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (out.push({ parent: v as never, key: i }), walk(x)));
    else if (v !== null && typeof v === "object") for (const k of Object.keys(v)) {
      out.push({ parent: v as never, key: k });
      walk((v as Record<string, unknown>)[k]);
    }
  };
  walk(doc);
  return out;
}

/** Values at the schemas' edges: limits, patterns, enums, the catalog. */
const EDGES: unknown[] = [
  "", "x", "a".repeat(300), "a".repeat(301), "a".repeat(500), "a".repeat(501),
  "ev_AAAAAAAAAAAAAAAA", "ev_AAAAAAAAAAAAAAA", "ev_AAAAAAAAAAAAAAAA!", s.records[0], s.records[1], feed.datasets[0],
  "2025-11-03T09:00:00.000Z", "2024-02-29T09:00:00Z", "2025-02-29T09:00:00Z", "2025-11-03T09:00:00", "2025-11-03T09:00:00+01:00",
  "record", "dataset", "mock", "live", "success", "error", "story", "no_data", "tool_error", "opinion",
  "INTERNAL", "internal", "DEPENDENCY_UNAVAILABLE", "dependency", "validation", true, false,
  0, 1, 2, -1, 1.5, 2 ** 53, null, [], {}, { evidenceId: s.records[0] }, { evidenceIds: [feed.records[0], 3] },
];

const change = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("set", "delete", "add"),
  key: fc.constantFrom("extra", "evidenceId", "evidenceIds", "constructor", "status"),
  value: fc.oneof(fc.constantFrom(...EDGES), fc.jsonValue({ maxDepth: 2 })),
});

function applyChange(doc: unknown, c: { at: number; kind: string; key: string; value: unknown }): void {
  const all = places(doc);
  if (all.length === 0) return;
  const { parent, key } = all[c.at % all.length]!;
  const target = parent[key];
  if (c.kind === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (c.kind === "add" && target !== null && typeof target === "object" && !Array.isArray(target)) {
    (target as Record<string, unknown>)[c.key] = structuredClone(c.value);
  } else parent[key] = structuredClone(c.value);
}

/** Changes no JSON document can carry; there the guards may only be stricter than zod. */
const exotic = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("symbol key", "own __proto__", "null prototype", "other prototype", "class instance", "sparse array", "not finite", "undefined"),
});

function applyExotic(doc: unknown, c: { at: number; kind: string }): void {
  const all = places(doc);
  const { parent, key } = all[c.at % all.length]!;
  const target = parent[key];
  const object = target !== null && typeof target === "object" ? (target as Record<string | symbol, unknown>) : null;
  if (c.kind === "symbol key" && object) object[Symbol("x")] = 1;
  else if (c.kind === "own __proto__" && object) Object.defineProperty(object, "__proto__", { value: { evidenceId: s.records[0] }, enumerable: true, configurable: true, writable: true });
  else if (c.kind === "null prototype" && object) Object.setPrototypeOf(object, null);
  else if (c.kind === "other prototype" && object) Object.setPrototypeOf(object, { inherited: 1 });
  else if (c.kind === "class instance") parent[key] = new (class Thing {})();
  else if (c.kind === "sparse array") parent[key] = [, "x"]; // eslint-disable-line no-sparse-arrays
  else if (c.kind === "not finite") parent[key] = Number.NaN;
  else parent[key] = undefined;
}

const documents = [
  { name: "ledger", doc: LEDGER, guard: isLedger, schema: LedgerSchema },
  { name: "answer", doc: ANSWER, guard: isAnswer, schema: AnswerSchema },
] as const;

describe("schema guards", () => {
  it("accept the SPEC shapes, so the validator skips the zod parse for them", () => {
    expect(isLedger(LEDGER)).toBe(true);
    expect(isAnswer(ANSWER)).toBe(true);
  });

  for (const { name, doc, guard, schema } of documents) {
    it(`agree with the ${name} schema on JSON documents near a valid one`, () => {
      fc.assert(
        fc.property(fc.array(change, { minLength: 1, maxLength: 3 }), (changes) => {
          const changed = structuredClone(doc) as unknown;
          for (const c of changes) applyChange(changed, c);
          // an own "__proto__" key (zod drops it from a record's copy) is left to zod
          fc.pre(!JSON.stringify(changed ?? null).includes('"__proto__"'));
          expect(guard(changed)).toBe(schema.safeParse(changed).success);
        }),
        { numRuns: 1500 },
      );
    });

    it(`accept a non-JSON ${name} only if the schema does (and say false where the schema throws)`, () => {
      fc.assert(
        fc.property(exotic, fc.array(change, { maxLength: 1 }), (odd, changes) => {
          const changed = structuredClone(doc) as unknown;
          for (const c of changes) applyChange(changed, c);
          applyExotic(changed, odd);
          if (guard(changed)) expect(schema.safeParse(changed).success).toBe(true);
        }),
        { numRuns: 800 },
      );
    });
  }

  it("check the evidence links as EnvelopeSchema does", () => {
    type Signals = { data: Record<string, unknown> & { signals: { evidenceId: string }[] }; evidence: { evidenceId: string }[] };
    const cases: [string, boolean, (env: Signals) => void][] = [
      ["an unreferenced evidence item", false, (env) => env.data.signals.pop()],
      ["a reference to no evidence item", false, (env) => (env.data.signals[0]!.evidenceId = "ev_AAAAAAAAAAAAAAAAAAAA")],
      ["a duplicate evidence id", false, (env) => env.evidence.push(structuredClone(env.evidence[0]!))],
      ["a second reference, in an evidenceIds list", true, (env) => (env.data.extra = { evidenceIds: [env.evidence[0]!.evidenceId, 7] })],
      ["a reference under a non-string evidenceId", false, (env) => (env.data.extra = { evidenceId: { evidenceId: "ev_AAAAAAAAAAAAAAAAAAAA" } })],
    ];
    for (const [name, valid, change] of cases) {
      const l = structuredClone(LEDGER);
      change(l.calls[0]!.envelope as unknown as Signals);
      expect(LedgerSchema.safeParse(l).success, name).toBe(valid);
      expect(isLedger(l), name).toBe(valid);
    }
  });

  it("mirror the schemas as they are: when this fingerprint changes, update guards.ts to the new schemas, then the fingerprint", () => {
    const fingerprint = createHash("sha256").update(JSON.stringify(renderJsonSchemas())).digest("hex").slice(0, 16);
    expect(fingerprint).toBe("7373fe7b50377fb4");
  });
});
