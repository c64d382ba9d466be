import type { Rule, RuleInput, Violation } from "../types";
import { citations } from "../citations";

/** mock_evidence: with purpose submission, any cited evidence whose provenance is mock. */
export function mockEvidence({ ledger, answer, purpose }: RuleInput): Violation[] {
  if (purpose !== "submission" || !ledger || !answer) return [];
  const out: Violation[] = [];
  for (const c of citations(answer)) {
    const source = ledger.evidence.get(c.evidenceId)?.find((s) => s.evidence.provenance === "mock");
    if (source) {
      out.push({
        rule: "mock_evidence",
        detail: `claim ${c.claimIndex} cites ${c.evidenceId} (${source.evidence.ref}), whose provenance is mock; a submission needs live evidence`,
        claimIndex: c.claimIndex,
        evidenceId: c.evidenceId,
        seq: source.seq,
        tool: source.tool,
      });
    }
  }
  return out;
}

export const rule: Rule = { name: "mock_evidence", needs: { ledger: true, answer: true }, check: mockEvidence };
