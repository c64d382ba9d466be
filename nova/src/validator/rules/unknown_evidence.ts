import type { Rule, RuleInput, Violation } from "../types";
import { forEachCitation } from "../citations";

/** unknown_evidence: a cited evidenceId that no success envelope of this ledger returned. */
export function unknownEvidence({ ledger, answer }: RuleInput): Violation[] {
  if (!ledger || !answer) return [];
  const out: Violation[] = [];
  forEachCitation(answer, (claimIndex, _type, evidenceId) => {
    if (ledger.evidence.has(evidenceId)) return;
    out.push({
      rule: "unknown_evidence",
      detail: `claim ${claimIndex} cites ${evidenceId}, which no success envelope in this invocation returned`,
      claimIndex,
      evidenceId,
    });
  });
  return out;
}

export const rule: Rule = { name: "unknown_evidence", needs: { ledger: true, answer: true }, check: unknownEvidence };
