import type { EvidenceSource, Rule, RuleInput, Violation } from "../types";
import { forEachCitation } from "../citations";

const SINGLE_RECORD_CLAIMS = new Set(["story", "measured_post", "record"]);
const isDataset = (s: EvidenceSource) => s.evidence.kind === "dataset";

/**
 * evidence_level: a story, measured_post or record claim (about one record) citing dataset evidence
 * (an aggregate). Ids the ledger never returned are left to unknown_evidence.
 */
export function evidenceLevel({ ledger, answer }: RuleInput): Violation[] {
  if (!ledger || !answer) return [];
  const out: Violation[] = [];
  forEachCitation(answer, (claimIndex, type, evidenceId) => {
    if (!SINGLE_RECORD_CLAIMS.has(type)) return;
    const source = ledger.evidence.get(evidenceId)?.find(isDataset);
    if (source) {
      out.push({
        rule: "evidence_level",
        detail: `claim ${claimIndex} is a ${type} claim but cites dataset evidence ${evidenceId} (${source.evidence.ref}); single-record claims need record evidence`,
        claimIndex,
        evidenceId,
        seq: source.seq,
        tool: source.tool,
      });
    }
  });
  return out;
}

export const rule: Rule = { name: "evidence_level", needs: { ledger: true, answer: true }, check: evidenceLevel };
