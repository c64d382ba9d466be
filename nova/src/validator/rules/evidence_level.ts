import type { Rule, RuleInput, Violation } from "../types";
import { citations } from "../citations";

const SINGLE_RECORD_CLAIMS = new Set(["story", "measured_post", "record"]);

/**
 * evidence_level: a story, measured_post or record claim (about one record) citing dataset evidence
 * (an aggregate). Ids the ledger never returned are left to unknown_evidence.
 */
export function evidenceLevel({ ledger, answer }: RuleInput): Violation[] {
  if (!ledger || !answer) return [];
  const out: Violation[] = [];
  for (const c of citations(answer)) {
    if (!SINGLE_RECORD_CLAIMS.has(c.type)) continue;
    const source = ledger.evidence.get(c.evidenceId)?.find((s) => s.evidence.kind === "dataset");
    if (source) {
      out.push({
        rule: "evidence_level",
        detail: `claim ${c.claimIndex} is a ${c.type} claim but cites dataset evidence ${c.evidenceId} (${source.evidence.ref}); single-record claims need record evidence`,
        claimIndex: c.claimIndex,
        evidenceId: c.evidenceId,
        seq: source.seq,
        tool: source.tool,
      });
    }
  }
  return out;
}

export const rule: Rule = { name: "evidence_level", needs: { ledger: true, answer: true }, check: evidenceLevel };
