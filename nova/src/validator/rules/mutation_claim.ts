import type { Rule, RuleInput, Violation } from "../types";

/** mutation_claim: a clause of the answer text or of a claim's text in which Nova performs, performs now or will perform an effect. */
export function mutationClaim({ answer, findMutations }: RuleInput): Violation[] {
  if (!answer) return [];
  const out: Violation[] = [];
  const check = (text: string, claimIndex?: number) => {
    for (const f of findMutations(text)) {
      const where = claimIndex === undefined ? "the answer text" : `claim ${claimIndex}`;
      out.push({
        rule: "mutation_claim",
        detail: `${where} says that Nova did or will ${f.effect} ("${f.clause}", ${f.form.replace("_", " ")}); Nova is read-only`,
        ...(claimIndex === undefined ? { field: "text" } : { claimIndex }),
        clause: f.clause,
        effect: f.effect,
        form: f.form,
      });
    }
  };
  check(answer.text);
  answer.claims.forEach((claim, i) => check(claim.text, i));
  return out;
}

export const rule: Rule = { name: "mutation_claim", needs: { ledger: false, answer: true }, check: mutationClaim };
