import type { LedgerCall } from "../../schemas";
import { retryVerdict } from "../retry";
import type { Rule, RuleInput, Violation } from "../types";

/**
 * invalid_retry: a call that repeats an earlier call (same tool, deep-equal args; null and {} are
 * the same args) when the previous call of that request succeeded, when it failed with a
 * non-retryable error, or when it is the second (or later) retry of the same request. The rule
 * itself is retryVerdict (retry.ts), which Nova's runtime also applies before a call.
 */
export function invalidRetry({ ledger }: RuleInput): Violation[] {
  if (!ledger) return [];
  const out: Violation[] = [];
  const seen = new Map<string, LedgerCall[]>();
  ledger.ledger.calls.forEach((call, i) => {
    const key = ledger.requestKeys[i]!;
    const earlier = seen.get(key) ?? [];
    const verdict = retryVerdict(earlier);
    if (verdict) {
      const prev = verdict.retryOf;
      out.push({
        rule: "invalid_retry",
        seq: call.seq,
        tool: call.tool,
        retryOf: prev.seq,
        reason: verdict.reason,
        detail: detail(call, prev, verdict.reason, earlier.length),
      });
    }
    earlier.push(call);
    seen.set(key, earlier);
  });
  return out;
}

function detail(call: LedgerCall, prev: LedgerCall, reason: string, retries: number): string {
  if (reason === "repeat_of_success")
    return `call ${call.seq} repeats call ${prev.seq} of ${call.tool}, which succeeded`;
  if (reason === "non_retryable" && prev.envelope.status === "error")
    return `call ${call.seq} retries call ${prev.seq} of ${call.tool}, which failed with the non-retryable ${prev.envelope.error.code}`;
  return `call ${call.seq} is retry number ${retries} of ${call.tool} with the same arguments; only one retry is allowed`;
}

export const rule: Rule = { name: "invalid_retry", needs: { ledger: true, answer: false }, check: invalidRetry };
