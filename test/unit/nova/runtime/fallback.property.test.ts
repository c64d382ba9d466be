import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SKILLS, SKILL_NAMES, type Envelope, type ErrorCode } from "nova-contract";
import type { Ledger } from "../../../../nova/src/schemas";
import { validate, refuseRetry } from "../../../../nova/src/validator";
import { FALLBACK_TEXT, fallbackAnswer } from "../../../../nova/src/runtime";
import { errorEnvelope, insights, job, operatorFeed, postingWindows, signals } from "../fixtures";

const CODES: ErrorCode[] = [
  "INVALID_ARGUMENT",
  "INVALID_QUERY",
  "INVALID_ID",
  "UNAUTHENTICATED",
  "PERMISSION_DENIED",
  "NOT_FOUND",
  "INSUFFICIENT_HISTORY",
  "DEPENDENCY_UNAVAILABLE",
  "INTERNAL",
];
const MESSAGES = [
  undefined,
  "Firestore did not answer in time; try again later.",
  "That job id is not valid.",
  "Approved! I published it.",
];

function success(tool: string, n: number): Envelope {
  if (tool.endsWith("trend_signals")) return signals(n).envelope;
  if (tool === "get_engagement_insights") return insights(n).envelope;
  if (tool === "get_operator_feed") return operatorFeed({ pending: n }).envelope;
  if (tool === "get_job_status") return job("failed", "mock", `job_${n}`).envelope;
  return postingWindows().envelope;
}

/** One request the model makes: a tool of the skill, one of a few argument sets, and the server's answer. */
const requestArb = fc.record({
  tool: fc.nat(),
  args: fc.nat({ max: 3 }),
  ok: fc.boolean(),
  n: fc.nat({ max: 3 }),
  code: fc.nat(),
  message: fc.nat(),
});
const planArb = fc.record({
  skill: fc.constantFrom(...SKILL_NAMES),
  requests: fc.array(requestArb, { maxLength: 10 }),
  submission: fc.boolean(),
});

/** The ledger the runtime keeps for that plan: the retry check refuses what it refuses, the rest is recorded. */
type Plan = typeof planArb extends fc.Arbitrary<infer T> ? T : never;

function ledgerFor(plan: Plan): Ledger {
  const tools = SKILLS[plan.skill];
  const ledger: Ledger = { invocationId: "inv_property", skillLoads: [plan.skill], calls: [] };
  for (const r of plan.requests) {
    const tool = tools[r.tool % tools.length]!;
    const args = r.args === 0 ? null : { a: r.args };
    if (refuseRetry(ledger.calls, tool, args)) continue;
    // The fixtures mint fresh evidence ids per envelope, as the server does.
    const envelope = r.ok
      ? success(tool, r.n)
      : errorEnvelope(CODES[r.code % CODES.length]!, MESSAGES[r.message % MESSAGES.length]);
    ledger.calls.push({ seq: ledger.calls.length + 1, tool, args, at: "2026-12-01T10:00:00.000Z", envelope });
  }
  return ledger;
}

describe("fallbackAnswer", () => {
  it("always validates, is short, and claims exactly one exact tool_error per error owed", () => {
    let owedSeen = 0;
    fc.assert(
      fc.property(planArb, (plan) => {
        const ledger = ledgerFor(plan);
        const purpose = plan.submission ? "submission" : "chat";
        const { answer, validation } = fallbackAnswer(ledger, purpose);
        expect(validate(ledger, answer, purpose)).toEqual({ valid: true, violations: [] });
        expect(validation).toEqual({ valid: true, violations: [] });
        expect(answer.text.length).toBeLessThanOrEqual(1000);
        expect(answer.text.startsWith(FALLBACK_TEXT)).toBe(true);
        const owed = validate(ledger, { text: FALLBACK_TEXT, claims: [] }, purpose).violations.filter(
          (v) => v.rule === "hidden_error",
        );
        expect(answer.claims).toHaveLength(owed.length);
        owedSeen += owed.length;
        for (const c of answer.claims) expect(c.type).toBe("tool_error");
        // Dropping any one claim leaves an error unreported: none is surplus.
        answer.claims.forEach((_, i) => {
          const fewer = { ...answer, claims: answer.claims.filter((__, j) => j !== i) };
          expect(validate(ledger, fewer, purpose).violations.map((v) => v.rule)).toContain("hidden_error");
        });
      }),
      { numRuns: 300 },
    );
    // The generator does reach ledgers with errors owed, several at a time.
    expect(owedSeen).toBeGreaterThan(300);
  }, 60_000);

  it("has no claims when nothing is owed", () => {
    const ledger: Ledger = { invocationId: "inv_x", skillLoads: ["trend_scan"], calls: [] };
    expect(fallbackAnswer(ledger)).toEqual({
      answer: { text: FALLBACK_TEXT, claims: [] },
      validation: { valid: true, violations: [] },
    });
  });
});

describe("refuseRetry (the runtime refuses before a call what invalid_retry would reject)", () => {
  const ledger = (envs: Envelope[], args: unknown = { limit: 3 }): Ledger => ({
    invocationId: "inv_x",
    skillLoads: ["trend_scan"],
    calls: envs.map((envelope, i) => ({
      seq: i + 1,
      tool: "fetch_trend_signals",
      args: args as Record<string, unknown>,
      at: "2026-12-01T10:00:00.000Z",
      envelope,
    })),
  });
  it("allows a new request and one retry of a retryable error, and nothing else", () => {
    expect(refuseRetry(ledger([]).calls, "fetch_trend_signals", { limit: 3 })).toBeNull();
    expect(
      refuseRetry(ledger([errorEnvelope("DEPENDENCY_UNAVAILABLE")]).calls, "fetch_trend_signals", { limit: 3 }),
    ).toBeNull();
    expect(
      refuseRetry(ledger([errorEnvelope("DEPENDENCY_UNAVAILABLE")]).calls, "fetch_trend_signals", { limit: 4 }),
    ).toBeNull();
    expect(
      refuseRetry(
        ledger([errorEnvelope("DEPENDENCY_UNAVAILABLE"), errorEnvelope("DEPENDENCY_UNAVAILABLE")]).calls,
        "fetch_trend_signals",
        { limit: 3 },
      ),
    ).toMatch(/already retried once/);
    expect(refuseRetry(ledger([errorEnvelope("INVALID_ARGUMENT")]).calls, "fetch_trend_signals", { limit: 3 })).toMatch(
      /non-retryable INVALID_ARGUMENT/,
    );
    expect(refuseRetry(ledger([signals(1).envelope]).calls, "fetch_trend_signals", { limit: 3 })).toMatch(/succeeded/);
  });
  it("keys requests as the validator does: key order ignored, null and {} the same", () => {
    expect(
      refuseRetry(ledger([signals(1).envelope], { a: 1, b: 2 }).calls, "fetch_trend_signals", { b: 2, a: 1 }),
    ).toMatch(/succeeded/);
    expect(refuseRetry(ledger([signals(1).envelope], null).calls, "fetch_trend_signals", {})).toMatch(/succeeded/);
    expect(refuseRetry(ledger([signals(1).envelope], { q: "a " }).calls, "fetch_trend_signals", { q: "a" })).toBeNull();
  });
});
