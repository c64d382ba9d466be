import type { Rule } from "../types";
import { rule as alteredError } from "./altered_error";
import { rule as evidenceLevel } from "./evidence_level";
import { rule as falseNoData } from "./false_no_data";
import { rule as hiddenError } from "./hidden_error";
import { rule as invalidRetry } from "./invalid_retry";
import { rule as mockEvidence } from "./mock_evidence";
import { rule as mutationClaim } from "./mutation_claim";
import { rule as skillViolation } from "./skill_violation";
import { rule as unknownEvidence } from "./unknown_evidence";

export { alteredError } from "./altered_error";
export { malformedAnswer, NotJson, parseAnswerFor, parseInputs, type ParsedInputs } from "./malformed_answer";
export { evidenceLevel } from "./evidence_level";
export { falseNoData } from "./false_no_data";
export { hiddenError } from "./hidden_error";
export { invalidRetry } from "./invalid_retry";
export { mockEvidence } from "./mock_evidence";
export { mutationClaim } from "./mutation_claim";
export { skillViolation } from "./skill_violation";
export { unknownEvidence } from "./unknown_evidence";

/**
 * The rules after malformed_answer, in SPEC order. malformed_answer runs first (parseInputs) and
 * decides which of these can run: a rule is skipped when a document it needs failed its schema.
 */
export const RULES: readonly Rule[] = [
  skillViolation,
  unknownEvidence,
  evidenceLevel,
  falseNoData,
  hiddenError,
  alteredError,
  invalidRetry,
  mutationClaim,
  mockEvidence,
];
