import type { Rule, RuleInput, Violation } from "../types";
import { citations } from "../citations";

/** unknown_evidence: a cited evidenceId that no success envelope of this ledger returned. */
export function unknownEvidence({ ledger, answer }: RuleInput): Violation[] {
  if (!ledger || !answer) return [];
  return citations(answer)
    .filter((c) => !ledger.evidence.has(c.evidenceId))
    .map((c) => ({
      rule: "unknown_evidence" as const,
      detail: `claim ${c.claimIndex} cites ${c.evidenceId}, which no success envelope in this invocation returned`,
      claimIndex: c.claimIndex,
      evidenceId: c.evidenceId,
    }));
}

export const rule: Rule = { name: "unknown_evidence", needs: { ledger: true, answer: true }, check: unknownEvidence };
