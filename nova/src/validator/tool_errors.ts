import type { Answer, ToolErrorClaim } from "../schemas";
import { outstandingErrors, reportableErrors, sameError } from "./facts";
import type { ErrorFields, LedgerFacts } from "./types";

export interface ToolErrorMatching {
  /** tool_error claims that equal no reportable error of their tool (altered_error). */
  altered: { claimIndex: number; claim: ToolErrorClaim; expected: ErrorFields | null }[];
  /** Outstanding errors no claim reports, after counting each altered claim as a (wrong) report. */
  hidden: { tool: string; error: ErrorFields; seq: number }[];
}

/**
 * Matches tool_error claims to the ledger's errors, shared by hidden_error and altered_error so that
 * one wrong transcription is reported once (as altered_error), not also as a hidden error.
 */
export function matchToolErrors(ledger: LedgerFacts, answer: Answer): ToolErrorMatching {
  const altered: ToolErrorMatching["altered"] = [];
  const hidden: ToolErrorMatching["hidden"] = [];
  const claimsByTool = new Map<string, { claimIndex: number; claim: ToolErrorClaim }[]>();
  answer.claims.forEach((claim, claimIndex) => {
    if (claim.type !== "tool_error") return;
    const list = claimsByTool.get(claim.tool) ?? [];
    list.push({ claimIndex, claim });
    claimsByTool.set(claim.tool, list);
  });
  const tools = new Set<string>([...ledger.finalByTool.keys(), ...claimsByTool.keys()]);
  for (const tool of tools) {
    const claims = claimsByTool.get(tool) ?? [];
    const reportable = reportableErrors(ledger, tool);
    const outstanding = outstandingErrors(ledger, tool);
    const covered = new Set<number>();
    let alteredHere = 0;
    for (const { claimIndex, claim } of claims) {
      const match = reportable.find((r) => sameError(r.error, claim.error));
      if (match) {
        outstanding.forEach((o, k) => {
          if (sameError(o.error, claim.error)) covered.add(k);
        });
      } else {
        alteredHere++;
        const expected =
          outstanding.find((o, k) => !covered.has(k))?.error ?? reportable[reportable.length - 1]?.error ?? null;
        altered.push({ claimIndex, claim, expected });
      }
    }
    const uncovered = outstanding.filter((_, k) => !covered.has(k));
    for (const o of uncovered.slice(alteredHere)) hidden.push({ tool, ...o });
  }
  return { altered, hidden };
}
