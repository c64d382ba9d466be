import type { Rule, RuleInput, Violation } from "../types";

const FIELDS = ["code", "category", "message", "retryable"] as const;

/**
 * altered_error: a tool_error claim whose error is not exactly (code, category, message, retryable)
 * the final envelope of one of its tool's requests: the tool's final error, or the final error of an
 * earlier request (e.g. the INVALID_QUERY before a corrected search). A tool_error claim for a tool
 * with no such error (never called, or every request ended in success) is altered too.
 */
export function alteredError({ ledger, toolErrors }: RuleInput): Violation[] {
  if (!ledger || !toolErrors) return [];
  return toolErrors.altered.map(({ claimIndex, claim, expected }) => {
    if (!expected) {
      const called = ledger.finalByTool.has(claim.tool);
      return {
        rule: "altered_error" as const,
        detail: `claim ${claimIndex} reports ${claim.tool} failed with ${claim.error.code}, but ${called ? `no request of ${claim.tool} ended in an error` : `${claim.tool} was never called`}`,
        claimIndex,
        tool: claim.tool,
      };
    }
    const differs = FIELDS.filter((f) => claim.error[f] !== expected[f]);
    return {
      rule: "altered_error" as const,
      detail: `claim ${claimIndex} reports ${claim.tool}'s error with a different ${differs.join(", ")} than the ledger's ${expected.code} error`,
      claimIndex,
      tool: claim.tool,
      fields: differs,
    };
  });
}

export const rule: Rule = { name: "altered_error", needs: { ledger: true, answer: true }, check: alteredError };
