import type { LedgerCall } from "../schemas";
import { requestKey } from "./canonical";

/** Why a call may not repeat its request (SPEC section 6, invalid_retry). */
export type RetryReason = "repeat_of_success" | "non_retryable" | "second_retry";

export interface RetryVerdict {
  reason: RetryReason;
  /** The request's last call before this one. */
  retryOf: LedgerCall;
  /** The request's calls before this one, in ledger order. */
  earlier: readonly LedgerCall[];
  /** The refusal as Nova's runtime says it before the call (the model reads it as the tool's result). */
  refusal: string;
}

/**
 * The retry rule, once for both uses: given the earlier calls of one request (same tool, deep-equal
 * arguments) in ledger order, whether one more call of it is invalid: a repeat of a success, a retry
 * of a non-retryable error, or a second retry. The validator applies it after the fact to every call
 * (invalid_retry); the runtime applies it before a call (refuseRetry), so the ledger never holds a
 * call no answer could make valid.
 */
export function retryVerdict(earlier: readonly LedgerCall[]): RetryVerdict | null {
  const prev = earlier[earlier.length - 1];
  if (!prev) return null;
  const { tool, envelope } = prev;
  if (envelope.status === "success")
    return {
      reason: "repeat_of_success",
      retryOf: prev,
      earlier,
      refusal: `call ${prev.seq} already made this ${tool} request and it succeeded; use its result`,
    };
  if (!envelope.error.retryable)
    return {
      reason: "non_retryable",
      retryOf: prev,
      earlier,
      refusal: `call ${prev.seq} of this ${tool} request failed with the non-retryable ${envelope.error.code}; report it`,
    };
  if (earlier.length >= 2)
    return {
      reason: "second_retry",
      retryOf: prev,
      earlier,
      refusal: `this ${tool} request was already retried once (calls ${earlier.map((c) => c.seq).join(", ")}); report its error`,
    };
  return null;
}

/** The retry rule before a call of `tool` with `args`, over the calls made so far: the refusal, or null. */
export function refuseRetry(calls: readonly LedgerCall[], tool: string, args: unknown): string | null {
  const key = requestKey(tool, args);
  return retryVerdict(calls.filter((c) => c.tool === tool && requestKey(c.tool, c.args) === key))?.refusal ?? null;
}
