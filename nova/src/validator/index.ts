import { ledgerFacts } from "./facts";
import { defaultDetector, type MutationDetector } from "./mutation";
import type { Ledger } from "../schemas";
import { RULES, parseAnswerFor, parseInputs, type ParsedInputs } from "./rules";
import { matchToolErrors } from "./tool_errors";
import { PURPOSES, type Purpose, type RuleInput, type ValidationResult, type Violation } from "./types";

export * from "./types";
export {
  createMutationDetector,
  defaultDetector,
  findMutationClaims,
  rememberingDetector,
  impliesMutation,
  LEXICON_ENV,
  type MutationFinding,
  type MutationForm,
  type MutationDetector,
  type MutationLexicon,
} from "./mutation";
export { canonicalJson, deepEqual, requestKey } from "./canonical";
export { ledgerFacts, outstandingErrors, reportableErrors, returnedRecords } from "./facts";
export { NotJson, RULES } from "./rules";
export { refuseRetry, retryVerdict, type RetryReason, type RetryVerdict } from "./retry";
export { matchToolErrors, type ToolErrorMatching } from "./tool_errors";
export * as rules from "./rules";

/**
 * Checks Nova's final answer against the ledger of its invocation (SPEC section 6) and returns every
 * violation found, each named by its rule. Pure: no I/O, no clock, no randomness; the inputs are
 * not modified. Semantics: docs/validator.md.
 */
export function validate(ledger: unknown, answer: unknown, purpose: Purpose = "chat"): ValidationResult {
  return check(parseInputs(ledger, answer), purpose, defaultDetector());
}

/**
 * validate() for the ledger Nova's runtime holds: typed, each envelope checked by its schema when it
 * arrived, so only the ledger's integrity and the answer are checked before the rules. The same
 * verdict as validate() on that ledger, without parsing every envelope again for every answer.
 * `detector` reads the texts for mutation_claim (rememberingDetector: each distinct text once).
 */
export function validateAnswer(
  ledger: Ledger,
  answer: unknown,
  purpose: Purpose = "chat",
  detector: MutationDetector = defaultDetector(),
): ValidationResult {
  return check(parseAnswerFor(ledger, answer), purpose, detector);
}

function check(parsed: ParsedInputs, purpose: Purpose, detector: MutationDetector): ValidationResult {
  if (!PURPOSES.includes(purpose))
    throw new TypeError(`purpose must be "chat" or "submission", got ${JSON.stringify(purpose)}`);
  const violations: Violation[] = [...parsed.violations];
  const facts = parsed.ledger ? ledgerFacts(parsed.ledger) : null;
  const toolErrors = facts && parsed.answer ? matchToolErrors(facts, parsed.answer) : null;
  const findMutations = (text: string) => detector.find(text);
  const input: RuleInput = { ledger: facts, answer: parsed.answer, purpose, toolErrors, findMutations };
  for (const rule of RULES) {
    if ((rule.needs.ledger && !input.ledger) || (rule.needs.answer && !input.answer)) continue;
    violations.push(...rule.check(input));
  }
  // rule and detail first, then any pointers, as the command prints them
  const ordered = violations.map(({ rule, detail, ...rest }) => ({ rule, detail, ...rest }) as Violation);
  return { valid: ordered.length === 0, violations: ordered };
}
