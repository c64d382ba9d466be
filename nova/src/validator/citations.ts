import type { Answer } from "../schemas";

/** Every (claimIndex, evidenceId) an evidence-backed claim cites, in answer order. */
export function citations(answer: Answer): { claimIndex: number; type: string; evidenceId: string }[] {
  const out: { claimIndex: number; type: string; evidenceId: string }[] = [];
  answer.claims.forEach((claim, claimIndex) => {
    if (claim.type === "no_data" || claim.type === "tool_error") return;
    for (const evidenceId of new Set(claim.evidenceIds)) out.push({ claimIndex, type: claim.type, evidenceId });
  });
  return out;
}
