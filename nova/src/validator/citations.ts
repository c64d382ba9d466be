import type { Answer, EvidenceClaim } from "../schemas";

/**
 * Visits every (claimIndex, evidenceId) an evidence-backed claim cites, in answer order, each id
 * once per claim (at its first position). A visitor, not a list: three rules walk these on every
 * validation, and most find nothing to report.
 */
export function forEachCitation(
  answer: Answer,
  visit: (claimIndex: number, type: EvidenceClaim["type"], evidenceId: string) => void,
): void {
  answer.claims.forEach((claim, claimIndex) => {
    if (claim.type === "no_data" || claim.type === "tool_error") return;
    const ids = claim.evidenceIds;
    // a Set only for long lists: most claims cite one or two
    if (ids.length > 8) for (const evidenceId of new Set(ids)) visit(claimIndex, claim.type, evidenceId);
    else for (let i = 0; i < ids.length; i++) if (ids.indexOf(ids[i]!) === i) visit(claimIndex, claim.type, ids[i]!);
  });
}
