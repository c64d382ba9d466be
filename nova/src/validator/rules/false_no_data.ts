import { returnedRecords } from "../facts";
import type { Rule, RuleInput, Violation } from "../types";

/**
 * false_no_data: a no_data claim for a tool none of whose requests ended in a success without records
 * (never called, every success returned records, or every request ended in an error). One empty success
 * among other requests is enough; their errors are still owed as tool_error claims (hidden_error).
 */
export function falseNoData({ ledger, answer }: RuleInput): Violation[] {
  if (!ledger || !answer) return [];
  const out: Violation[] = [];
  answer.claims.forEach((claim, claimIndex) => {
    if (claim.type !== "no_data") return;
    const base = { rule: "false_no_data" as const, claimIndex, tool: claim.tool };
    const requests = ledger.requests.filter((r) => r.tool === claim.tool);
    if (requests.length === 0) {
      out.push({
        ...base,
        detail: `claim ${claimIndex} says ${claim.tool} had no data, but ${claim.tool} was never called`,
      });
      return;
    }
    if (requests.some((r) => r.final.envelope.status === "success" && !returnedRecords(r.final.envelope))) return;
    const seqs = requests.map((r) => r.final.seq);
    const allErrors = requests.every((r) => r.final.envelope.status === "error");
    out.push({
      ...base,
      seq: seqs[seqs.length - 1],
      detail: allErrors
        ? `claim ${claimIndex} says ${claim.tool} had no data, but every request of it ended in an error (call${seqs.length > 1 ? "s" : ""} ${seqs.join(", ")})`
        : `claim ${claimIndex} says ${claim.tool} had no data, but no request of it ended in a success without records (call${seqs.length > 1 ? "s" : ""} ${seqs.join(", ")})`,
    });
  });
  return out;
}

export const rule: Rule = { name: "false_no_data", needs: { ledger: true, answer: true }, check: falseNoData };
