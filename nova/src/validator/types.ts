import type { Evidence } from "nova-contract";
import type { Answer, Ledger, LedgerCall, ToolErrorClaim } from "../schemas";
import type { MutationFinding } from "./mutation";

export const RULE_NAMES = [
  "malformed_answer",
  "skill_violation",
  "unknown_evidence",
  "evidence_level",
  "false_no_data",
  "hidden_error",
  "altered_error",
  "invalid_retry",
  "mutation_claim",
  "mock_evidence",
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export type Purpose = "chat" | "submission";
export const PURPOSES: readonly Purpose[] = ["chat", "submission"];

/** One violation: the rule, a sentence for people, and optional pointers into the ledger/answer. */
export interface Violation {
  rule: RuleName;
  detail: string;
  claimIndex?: number;
  seq?: number;
  tool?: string;
  evidenceId?: string;
  [extra: string]: unknown;
}

export interface ValidationResult {
  valid: boolean;
  violations: Violation[];
}

/** An envelope error as the four fields SPEC section 4 names. */
export interface ErrorFields {
  code: string;
  category: string;
  message: string;
  retryable: boolean;
}

/** Where an evidence id was returned: the success call and the evidence item. */
export interface EvidenceSource {
  evidence: Evidence;
  seq: number;
  tool: string;
}

/** One distinct request (tool + deep-equal args) and its calls in ledger order. */
export interface Request {
  tool: string;
  key: string;
  calls: LedgerCall[];
  /** The envelope of the request's last call. */
  final: LedgerCall;
}

/** Everything a rule may read; computed once from the parsed ledger and answer. */
export interface LedgerFacts {
  ledger: Ledger;
  /** evidenceId -> every success call that returned it (normally exactly one). */
  evidence: Map<string, EvidenceSource[]>;
  /** Requests in order of their first call. */
  requests: Request[];
  /** tool -> its calls in ledger order. */
  callsByTool: Map<string, LedgerCall[]>;
  /** tool -> the envelope of its last call (SPEC's "final envelope"). */
  finalByTool: Map<string, LedgerCall>;
  /** requestKey of each call, in ledger order. */
  requestKeys: string[];
}

/** tool_error claims matched to the ledger's errors (tool_errors.ts), read by hidden_error and altered_error. */
export interface ToolErrorMatching {
  /** tool_error claims that equal no reportable error of their tool (altered_error). */
  altered: { claimIndex: number; claim: ToolErrorClaim; expected: ErrorFields | null }[];
  /** Outstanding errors no exact claim reports (hidden_error). */
  hidden: { tool: string; error: ErrorFields; seq: number }[];
}

export interface RuleInput {
  /** tool_error claims matched to the ledger's errors, once per validation (null unless both documents parsed). */
  toolErrors: ToolErrorMatching | null;
  /** null when the ledger failed its schema. */
  ledger: LedgerFacts | null;
  /** null when the answer failed its schema. */
  answer: Answer | null;
  purpose: Purpose;
  /** The mutation detector's find: the default detector unless the caller gave one. */
  findMutations: (text: string) => MutationFinding[];
}

export interface Rule {
  name: RuleName;
  /** What the rule reads; it is skipped when any of these failed its schema. */
  needs: { ledger: boolean; answer: boolean };
  check(input: RuleInput): Violation[];
}
