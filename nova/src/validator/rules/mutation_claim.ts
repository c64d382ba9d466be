import { findMutationClaims } from "../mutation";
import type { Rule, RuleInput, Violation } from "../types";

/** mutation_claim: the answer text or any claim text says or implies that Nova changed something. */
export function mutationClaim({ answer }: RuleInput): Violation[] {
  if (!answer) return [];
  const out: Violation[] = [];
  const check = (text: string, claimIndex?: number) => {
    for (const f of findMutationClaims(text)) {
      const where = claimIndex === undefined ? "the answer text" : `claim ${claimIndex}`;
      out.push({
        rule: "mutation_claim",
        detail: `${where} says or implies that Nova ${f.verb === "done" ? "carried out an action" : `did or will ${f.verb} something`} ("${f.phrase}"); Nova is read-only`,
        ...(claimIndex === undefined ? { field: "text" } : { claimIndex }),
        phrase: f.phrase,
        form: f.form,
      });
    }
  };
  check(answer.text);
  answer.claims.forEach((claim, i) => check(claim.text, i));
  return out;
}

export const rule: Rule = { name: "mutation_claim", needs: { ledger: false, answer: true }, check: mutationClaim };
