import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SKILLS, SKILL_NAMES, type Envelope, type ErrorCode, type Provenance } from "nova-contract";
import { LedgerSchema, type Answer, type Claim, type Ledger } from "../../../nova/src/schemas";
import { rememberingDetector, validate, validateAnswer } from "../../../nova/src/validator";
import { loadCatalog } from "../../support/catalog";
import { errorEnvelope, insights, job, ledger, operatorFeed, postingWindows, signals, type CallSpec } from "./fixtures";

/** Each tool's declaration, from the catalog: a seventh tool is covered with no edit here. */
const CATALOG = new Map(loadCatalog().map((d) => [d.name, d]));
const declarationOf = (tool: string) => {
  const d = CATALOG.get(tool);
  if (!d) throw new Error(`skill table names ${tool}, which the catalog does not declare`);
  return d;
};
const MESSAGES = [
  undefined,
  "Firestore did not answer in time; try again later.",
  "You need 8 measured posts; you have 3.",
  "That job id is not valid.",
];
const CLEAN_TEXTS = [
  "Here is what the data says.",
  "Two items await approval and the pipeline retried the render job twice.",
  "3 posts were published last week; approvals are pending.",
  "The job failed after 3 attempts. I can't retry jobs; an operator can.",
  "I found 2 pending approvals.",
];

type Outcome =
  { kind: "success"; n: number; provenance: Provenance } | { kind: "error"; code: number; message: number };
interface PlannedRequest {
  tool: number;
  outcome: Outcome;
  /** only used after DEPENDENCY_UNAVAILABLE: one retry with the same arguments */
  retry: Outcome | null;
}

const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({
    kind: fc.constant("success" as const),
    n: fc.nat({ max: 4 }),
    provenance: fc.constantFrom<Provenance>("mock", "live"),
  }),
  fc.record({ kind: fc.constant("error" as const), code: fc.nat(), message: fc.nat() }),
);
const planArb = fc.record({
  skill: fc.constantFrom(...SKILL_NAMES),
  requests: fc.array(fc.record({ tool: fc.nat(), outcome: outcomeArb, retry: fc.option(outcomeArb, { nil: null }) }), {
    maxLength: 7,
  }),
  textIndex: fc.nat(),
  groupAggregates: fc.boolean(),
  submission: fc.boolean(),
});

type Plan = typeof planArb extends fc.Arbitrary<infer T> ? T : never;

function envelopeFor(tool: string, o: Outcome, forceDependency = false): Envelope {
  if (o.kind === "error" || forceDependency) {
    const codes: readonly ErrorCode[] = declarationOf(tool).allErrors;
    const code = forceDependency ? "DEPENDENCY_UNAVAILABLE" : codes[(o as { code: number }).code % codes.length]!;
    return errorEnvelope(code, MESSAGES[(o.kind === "error" ? o.message : 0) % MESSAGES.length]);
  }
  switch (tool) {
    case "fetch_trend_signals":
    case "search_trend_signals":
      return signals(o.n, o.provenance).envelope;
    case "get_engagement_insights":
      return insights(o.n, o.provenance).envelope;
    case "get_operator_feed":
      return operatorFeed({ pending: o.n, provenance: o.provenance }).envelope;
    case "get_job_status":
      return job(["queued", "running", "succeeded", "failed", "cancelled"][o.n] as "failed", o.provenance).envelope;
    default:
      return postingWindows(o.provenance).envelope;
  }
}

/**
 * Distinct arguments for request k: the declaration's first valid example with a marker added, so
 * two requests never share arguments (the validator compares arguments, it does not check them);
 * a tool whose example has no arguments is called once.
 */
function argsFor(tool: string, k: number): Record<string, unknown> | null {
  const example = declarationOf(tool).examples.valid[0] as Record<string, unknown> | null | undefined;
  if (example === null || example === undefined || Object.keys(example).length === 0) return null;
  return { ...example, request: k };
}

/** A ledger with no invalid retry: distinct arguments per request, one retry only after DEPENDENCY_UNAVAILABLE. */
function buildLedger(plan: Plan): Ledger {
  const tools = SKILLS[plan.skill] as readonly string[];
  const calls: CallSpec[] = [];
  const calledNoArg = new Set<string>();
  plan.requests.forEach((r: PlannedRequest, k) => {
    const tool = tools[r.tool % tools.length]!;
    const args = argsFor(tool, k);
    if (args === null) {
      if (calledNoArg.has(tool)) return;
      calledNoArg.add(tool);
    }
    const first = envelopeFor(tool, r.outcome);
    calls.push([tool, args, first]);
    if (first.status === "error" && first.error.retryable && r.retry)
      calls.push([tool, args, envelopeFor(tool, r.retry)]);
  });
  return ledger(plan.skill, calls);
}

const CLAIM_BY_REF = (ref: string): "story" | "measured_post" | "record" =>
  ref.startsWith("trendSignals/") ? "story" : /\/posts\/[^/]+$/.test(ref) ? "measured_post" : "record";

/** An honest answer: claims only from the ledger's own evidence, every request-final error quoted exactly. */
function honestAnswer(l: Ledger, plan: Plan): Answer {
  const claims: Claim[] = [];
  const lastByRequest = new Map<string, Ledger["calls"][number]>();
  const lastByTool = new Map<string, Ledger["calls"][number]>();
  for (const c of l.calls) {
    lastByRequest.set(`${c.tool} ${JSON.stringify(c.args ?? {})}`, c);
    lastByTool.set(c.tool, c);
  }
  for (const c of lastByRequest.values()) {
    const env = c.envelope;
    if (env.status === "error") {
      claims.push({ type: "tool_error", tool: c.tool, text: `${c.tool} could not answer.`, error: { ...env.error } });
      continue;
    }
    if (env.evidence.length === 0) {
      if (lastByTool.get(c.tool)!.envelope.status === "success")
        claims.push({ type: "no_data", tool: c.tool, text: "Nothing to report." });
      continue;
    }
    const records = env.evidence.filter((e) => e.kind === "record");
    for (const e of records)
      claims.push({ type: CLAIM_BY_REF(e.ref), text: `About ${e.ref}.`, evidenceIds: [e.evidenceId] });
    for (const e of env.evidence.filter((x) => x.kind === "dataset"))
      claims.push({ type: "aggregate", text: `Overall, per ${e.ref}.`, evidenceIds: [e.evidenceId] });
    if (plan.groupAggregates && records.length > 1)
      claims.push({
        type: "aggregate",
        text: `${records.length} records in all.`,
        evidenceIds: records.map((e) => e.evidenceId),
      });
  }
  return { text: CLEAN_TEXTS[plan.textIndex % CLEAN_TEXTS.length]!, claims };
}

function purposeFor(l: Ledger, plan: Plan): "chat" | "submission" {
  const allLive = l.calls.every((c) => c.envelope.evidence.every((e) => e.provenance === "live"));
  return plan.submission && allLive ? "submission" : "chat";
}

describe("validator properties", () => {
  it("answers built only from the ledger's own evidence, with errors reported exactly, are always valid", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const l = buildLedger(plan);
        const a = honestAnswer(l, plan);
        const result = validate(l, a, purposeFor(l, plan));
        expect(result).toEqual({ valid: true, violations: [] });
      }),
      { numRuns: 400 },
    );
  });

  it("changing any one cited id to one not in the ledger always yields unknown_evidence (and nothing else)", () => {
    const idArb = fc.oneof(fc.stringMatching(/^ev_[A-Za-z0-9_-]{16,24}$/), fc.string({ minLength: 1, maxLength: 30 }));
    fc.assert(
      fc.property(planArb, fc.nat(), idArb, (plan, pick, replacement) => {
        const l = buildLedger(plan);
        const a = honestAnswer(l, plan);
        const known = new Set(l.calls.flatMap((c) => c.envelope.evidence.map((e) => e.evidenceId)));
        const sites = a.claims.flatMap((c, ci) =>
          "evidenceIds" in c ? c.evidenceIds.map((_, ei) => [ci, ei] as const) : [],
        );
        fc.pre(sites.length > 0 && !known.has(replacement));
        const [ci, ei] = sites[pick % sites.length]!;
        const changed: Answer = structuredClone(a);
        const claim = changed.claims[ci] as { evidenceIds: string[] };
        fc.pre(!claim.evidenceIds.includes(replacement));
        claim.evidenceIds[ei] = replacement;
        const result = validate(l, changed, purposeFor(l, plan));
        expect(result.valid).toBe(false);
        expect(new Set(result.violations.map((v) => v.rule))).toEqual(new Set(["unknown_evidence"]));
        expect(result.violations.some((v) => v.evidenceId === replacement && v.claimIndex === ci)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("validateAnswer (the runtime's ledger, envelopes checked on receipt) gives validate()'s verdict", () => {
    const answerArb = (l: Ledger, plan: Plan) =>
      fc.oneof(
        fc.constant(honestAnswer(l, plan)),
        fc.record({
          text: fc.constantFrom(...CLEAN_TEXTS, "I retried the job and published the post."),
          claims: fc.constant(honestAnswer(l, plan).claims.slice(1)),
        }),
        fc.anything(),
      );
    const remembering = rememberingDetector();
    fc.assert(
      fc.property(
        planArb.chain((plan) => {
          const l = buildLedger(plan);
          return fc.tuple(fc.constant(l), answerArb(l, plan), fc.boolean(), fc.constant(plan));
        }),
        ([l, answer, duplicate, plan]) => {
          // a ledger whose second call with evidence repeats the first's envelope (so its evidence ids):
          // schema-valid, so only the integrity check can refuse it
          const withEvidence = l.calls.filter((c) => c.envelope.evidence.length > 0);
          const checked: Ledger =
            duplicate && withEvidence.length >= 2
              ? {
                  ...l,
                  calls: l.calls.map((c) =>
                    c === withEvidence[1] ? { ...c, envelope: structuredClone(withEvidence[0]!.envelope) } : c,
                  ),
                }
              : l;
          expect(LedgerSchema.safeParse(checked).success).toBe(true);
          const purpose = purposeFor(checked, plan);
          expect(validateAnswer(checked, answer, purpose)).toEqual(validate(checked, answer, purpose));
          // one remembering detector across every run, as across one invocation's answers
          expect(validateAnswer(checked, answer, purpose, remembering)).toEqual(validate(checked, answer, purpose));
        },
      ),
      { numRuns: 300 },
    );
  });
});
