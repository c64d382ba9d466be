import type { Rule, RuleInput, Violation } from "../types";
import { forEachCitation } from "../citations";

/** mock_evidence: with purpose submission, any cited evidence whose provenance is mock. */
export function mockEvidence({ ledger, answer, purpose }: RuleInput): Violation[] {
  if (purpose !== "submission" || !ledger || !answer) return [];
  const out: Violation[] = [];
  forEachCitation(answer, (claimIndex, _type, evidenceId) => {
    const source = ledger.evidence.get(evidenceId)?.find((s) => s.evidence.provenance === "mock");
    if (source) {
      out.push({
        rule: "mock_evidence",
        detail: `claim ${claimIndex} cites ${evidenceId} (${source.evidence.ref}), whose provenance is mock; a submission needs live evidence`,
        claimIndex,
        evidenceId,
        seq: source.seq,
        tool: source.tool,
      });
    }
  });
  return out;
}

export const rule: Rule = { name: "mock_evidence", needs: { ledger: true, answer: true }, check: mockEvidence };
