import type { Answer, Ledger, ToolErrorClaim } from "../schemas";
import { validateAnswer, type MutationDetector, type Purpose, type ValidationResult } from "../validator";

export const FALLBACK_TEXT =
  "Nova could not give an answer that passes its checks, so this is its fixed fallback answer. It states nothing about the data.";

/**
 * The fixed fallback (SPEC section 9): a short text and exactly one exact tool_error claim per error
 * owed. What is owed is the validator's own verdict: the hidden_error violations of an answer with
 * no claims, each pointing at the call whose error stands. So the fallback validates whenever the
 * ledger does (the runtime keeps it so: one skill load, no call outside it, no invalid retry).
 * Returns the fallback with its verdict, so the caller prints that verdict instead of checking again;
 * with nothing owed, the probe is the fallback and its verdict is the only validation.
 */
export function fallbackAnswer(
  ledger: Ledger,
  purpose: Purpose = "chat",
  detector?: MutationDetector,
): { answer: Answer; validation: ValidationResult } {
  const probe = validateAnswer(ledger, { text: FALLBACK_TEXT, claims: [] }, purpose, detector);
  const claims: ToolErrorClaim[] = [];
  for (const v of probe.violations) {
    if (v.rule !== "hidden_error") continue;
    const call = ledger.calls.find((c) => c.seq === v.seq);
    if (!call || call.envelope.status !== "error")
      throw new Error(`hidden_error points at call ${String(v.seq)}, which is not an error in the ledger`);
    const { code, category, message, retryable } = call.envelope.error;
    claims.push({
      type: "tool_error",
      tool: call.tool,
      text: `${call.tool} returned the error ${code}.`,
      error: { code, category, message, retryable },
    });
  }
  if (claims.length === 0) return { answer: { text: FALLBACK_TEXT, claims }, validation: probe };
  const answer = {
    text: `${FALLBACK_TEXT} The tools reported ${claims.length} error(s), each quoted exactly in the claims.`,
    claims,
  };
  return { answer, validation: validateAnswer(ledger, answer, purpose, detector) };
}
