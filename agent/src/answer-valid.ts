import type { Genkit } from "genkit";
import { PURPOSES, validate, type Purpose } from "nova-tools";

/** The evaluator's name, as `genkit eval:flow --evaluators` and the developer UI show it. */
export const ANSWER_VALID = "nova/answer_valid";

export interface AnswerVerdict {
  /** What the validator says of the answer, against the ledger delivered with it. */
  score: boolean;
  status: "PASS" | "FAIL";
  reasoning: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The judgement for one of nova_ask's results: the validator re-run, from scratch, on the answer and
 * the ledger as they left the flow (parsed again as any untrusted pair is, by `validate`), with the
 * purpose the question was asked for. It fails when the answer breaks a rule, and also when the
 * flow's own `validation` disagrees with that verdict: a result that claims more than it holds.
 * Pure, so it is tested without a runtime.
 */
export function judgeAnswer(input: unknown, output: unknown): AnswerVerdict {
  if (!isObject(output) || !("answer" in output) || !("ledger" in output))
    return { score: false, status: "FAIL", reasoning: "the output has no answer and ledger to check" };
  const asked = isObject(input) ? input.purpose : undefined;
  const purpose: Purpose = PURPOSES.includes(asked as Purpose) ? (asked as Purpose) : "chat";
  const verdict = validate(output.ledger, output.answer, purpose);
  const claimed = isObject(output.validation) ? output.validation.valid : undefined;
  const rules = [...new Set(verdict.violations.map((v) => v.rule))];
  const found = verdict.valid
    ? `is valid against its ledger (${purpose})`
    : `breaks ${rules.join(", ")}: ${verdict.violations[0]!.message}`;
  if (claimed !== verdict.valid)
    return {
      score: false,
      status: "FAIL",
      reasoning: `the flow reported valid=${String(claimed)}; the answer ${found}`,
    };
  return { score: verdict.valid, status: verdict.valid ? "PASS" : "FAIL", reasoning: `the answer ${found}` };
}

/** `nova/answer_valid` on a Genkit instance: judgeAnswer for each data point `genkit eval:flow` collects. */
export function defineAnswerValidEvaluator(ai: Genkit) {
  return ai.defineEvaluator(
    {
      name: ANSWER_VALID,
      displayName: "Answer valid against its ledger",
      definition:
        "Re-runs Nova's validator on the flow's answer against the ledger it returned: PASS when no rule is broken and the flow's own validation says the same.",
      isBilled: false,
    },
    async (datapoint) => {
      const { score, status, reasoning } = judgeAnswer(datapoint.input, datapoint.output);
      return { testCaseId: datapoint.testCaseId, evaluation: { score, status, details: { reasoning } } };
    },
  );
}
