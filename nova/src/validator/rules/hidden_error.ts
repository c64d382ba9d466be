import type { Rule, RuleInput, Violation } from "../types";

/**
 * hidden_error: an error a tool left standing that no tool_error claim reports. Standing errors
 * (docs/validator.md): the tool's final envelope when it is an error, and the final envelope of any
 * other request of that tool that ended in a non-validation error. A validation error
 * (INVALID_QUERY, ...) followed by another call of the same tool counts as corrected. Only an exact
 * tool_error claim reports an error: one that quotes it wrongly is an altered_error, and the error is
 * still hidden.
 */
export function hiddenError({ ledger, toolErrors }: RuleInput): Violation[] {
  if (!ledger || !toolErrors) return [];
  return toolErrors.hidden.map((h) => ({
    rule: "hidden_error" as const,
    detail: `${h.tool} ended in the error ${h.error.code} (call ${h.seq}) and no tool_error claim reports it`,
    tool: h.tool,
    seq: h.seq,
    code: h.error.code,
  }));
}

export const rule: Rule = { name: "hidden_error", needs: { ledger: true, answer: true }, check: hiddenError };
