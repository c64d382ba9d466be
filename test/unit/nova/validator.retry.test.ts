import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Envelope, ErrorCode } from "nova-contract";
import { refuseRetry, retryVerdict, rules } from "../../../nova/src/validator";
import { ledgerFacts } from "../../../nova/src/validator/facts";
import { errorEnvelope, ledger, signals, type CallSpec } from "./fixtures";

const CODES: ErrorCode[] = ["DEPENDENCY_UNAVAILABLE", "INVALID_ARGUMENT", "INTERNAL", "NOT_FOUND"];
const TOOLS = ["fetch_trend_signals", "search_trend_signals"];

/** Any ledger of one skill: a few tools, a few argument sets (null, {} and key order among them), any outcome. */
const callsArb = fc.array(
  fc.record({ tool: fc.nat({ max: 1 }), args: fc.nat({ max: 3 }), ok: fc.boolean(), code: fc.nat({ max: 3 }) }),
  { maxLength: 8 },
);
const ARGS = [null, {}, { limit: 3, q: "a" }, { q: "a", limit: 3 }];

function specs(plan: { tool: number; args: number; ok: boolean; code: number }[]): CallSpec[] {
  return plan.map((c): CallSpec => {
    const envelope: Envelope = c.ok ? signals(1).envelope : errorEnvelope(CODES[c.code]!);
    return [TOOLS[c.tool]!, ARGS[c.args] as Record<string, unknown> | null, envelope];
  });
}

describe("the retry rule, written once", () => {
  it("refuses exactly the calls invalid_retry rejects, and gives its reason", () => {
    fc.assert(
      fc.property(callsArb, (plan) => {
        const l = ledger("trend_scan", specs(plan));
        const violations = rules.invalidRetry({ ledger: ledgerFacts(l) } as never);
        const refused = l.calls.filter((call, i) => refuseRetry(l.calls.slice(0, i), call.tool, call.args) !== null);
        expect(violations.map((v) => v.seq)).toEqual(refused.map((c) => c.seq));
      }),
      { numRuns: 300 },
    );
  });
  it("says why, before the call, in the words the runtime gives the model", () => {
    const fail = (code: ErrorCode): CallSpec => ["fetch_trend_signals", { limit: 3 }, errorEnvelope(code)];
    const calls = (...c: CallSpec[]) => ledger("trend_scan", c).calls;
    expect(refuseRetry([], "fetch_trend_signals", { limit: 3 })).toBeNull();
    expect(refuseRetry(calls(fail("DEPENDENCY_UNAVAILABLE")), "fetch_trend_signals", { limit: 3 })).toBeNull();
    expect(refuseRetry(calls(fail("DEPENDENCY_UNAVAILABLE")), "fetch_trend_signals", { limit: 4 })).toBeNull();
    expect(refuseRetry(calls(fail("INVALID_ARGUMENT")), "fetch_trend_signals", { limit: 3 })).toBe(
      "call 1 of this fetch_trend_signals request failed with the non-retryable INVALID_ARGUMENT; report it",
    );
    expect(
      refuseRetry(calls(fail("DEPENDENCY_UNAVAILABLE"), fail("DEPENDENCY_UNAVAILABLE")), "fetch_trend_signals", {
        limit: 3,
      }),
    ).toBe("this fetch_trend_signals request was already retried once (calls 1, 2); report its error");
    const ok = calls(["fetch_trend_signals", null, signals(1).envelope]);
    expect(refuseRetry(ok, "fetch_trend_signals", {})).toBe(
      "call 1 already made this fetch_trend_signals request and it succeeded; use its result",
    );
    expect(retryVerdict(ok)?.reason).toBe("repeat_of_success");
    expect(refuseRetry(ok, "search_trend_signals", {})).toBeNull();
  });
});
