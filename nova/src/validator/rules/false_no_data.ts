import { returnedRecords } from "../facts";
import type { Rule, RuleInput, Violation } from "../types";

/**
 * false_no_data: a no_data claim for a tool that was never called, whose final envelope (its last
 * call) is an error, or none of whose requests ended in an empty success (every successful request
 * returned records: record evidence, a non-empty array in data, or count > 0).
 */
export function falseNoData({ ledger, answer }: RuleInput): Violation[] {
  if (!ledger || !answer) return [];
  const out: Violation[] = [];
  answer.claims.forEach((claim, claimIndex) => {
    if (claim.type !== "no_data") return;
    const base = { rule: "false_no_data" as const, claimIndex, tool: claim.tool };
    const final = ledger.finalByTool.get(claim.tool);
    if (!final) {
      out.push({ ...base, detail: `claim ${claimIndex} says ${claim.tool} had no data, but ${claim.tool} was never called` });
      return;
    }
    if (final.envelope.status === "error") {
      out.push({ ...base, seq: final.seq, detail: `claim ${claimIndex} says ${claim.tool} had no data, but its final envelope (call ${final.seq}) is the error ${final.envelope.error.code}` });
      return;
    }
    const requests = ledger.requests.filter((r) => r.tool === claim.tool && r.final.envelope.status === "success");
    if (requests.every((r) => returnedRecords(r.final.envelope))) {
      const seqs = requests.map((r) => r.final.seq);
      out.push({ ...base, seq: seqs[seqs.length - 1], detail: `claim ${claimIndex} says ${claim.tool} had no data, but it returned records (call${seqs.length > 1 ? "s" : ""} ${seqs.join(", ")})` });
    }
  });
  return out;
}

export const rule: Rule = { name: "false_no_data", needs: { ledger: true, answer: true }, check: falseNoData };
