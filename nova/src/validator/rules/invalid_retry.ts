import type { LedgerCall } from "../../schemas";
import type { Rule, RuleInput, Violation } from "../types";

/**
 * invalid_retry: a call that repeats an earlier call (same tool, deep-equal args; null and {} are
 * the same args) when the previous call of that request succeeded, when it failed with a
 * non-retryable error, or when it is the second (or later) retry of the same request.
 */
export function invalidRetry({ ledger }: RuleInput): Violation[] {
  if (!ledger) return [];
  const out: Violation[] = [];
  const seen = new Map<string, LedgerCall[]>();
  ledger.ledger.calls.forEach((call, i) => {
    const key = ledger.requestKeys[i]!;
    const earlier = seen.get(key) ?? [];
    const prev = earlier[earlier.length - 1];
    if (prev) {
      const base = { rule: "invalid_retry" as const, seq: call.seq, tool: call.tool, retryOf: prev.seq };
      if (prev.envelope.status === "success") {
        out.push({
          ...base,
          reason: "repeat_of_success",
          detail: `call ${call.seq} repeats call ${prev.seq} of ${call.tool}, which succeeded`,
        });
      } else if (!prev.envelope.error.retryable) {
        out.push({
          ...base,
          reason: "non_retryable",
          detail: `call ${call.seq} retries call ${prev.seq} of ${call.tool}, which failed with the non-retryable ${prev.envelope.error.code}`,
        });
      } else if (earlier.length >= 2) {
        out.push({
          ...base,
          reason: "second_retry",
          detail: `call ${call.seq} is retry number ${earlier.length} of ${call.tool} with the same arguments; only one retry is allowed`,
        });
      }
    }
    earlier.push(call);
    seen.set(key, earlier);
  });
  return out;
}

export const rule: Rule = { name: "invalid_retry", needs: { ledger: true, answer: false }, check: invalidRetry };
