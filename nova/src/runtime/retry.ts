import type { Ledger } from "../schemas";
import { requestKey } from "../validator";

/**
 * The retry rule (SPEC section 6, invalid_retry) applied before a call instead of after: a repeat of
 * a successful request, a retry of a non-retryable error, or a second retry is refused, so the
 * ledger never holds a call that no answer could make valid. Returns the refusal, or null.
 */
export function retryRefusal(ledger: Ledger, tool: string, args: unknown): string | null {
  const key = requestKey(tool, args);
  const earlier = ledger.calls.filter((c) => requestKey(c.tool, c.args) === key);
  const prev = earlier[earlier.length - 1];
  if (!prev) return null;
  if (prev.envelope.status === "success")
    return `call ${prev.seq} already made this ${tool} request and it succeeded; use its result`;
  if (!prev.envelope.error.retryable)
    return `call ${prev.seq} of this ${tool} request failed with the non-retryable ${prev.envelope.error.code}; report it`;
  if (earlier.length >= 2)
    return `this ${tool} request was already retried once (calls ${earlier.map((c) => c.seq).join(", ")}); report its error`;
  return null;
}
