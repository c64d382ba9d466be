/**
 * nova-tools, the package's entry: its public API only (SPEC section 9). The runtime (its own
 * public surface, runtime/index.ts), the invocation record and its sink, the answer validator and the
 * tools client, with their types.
 * The CLI, the rules' internals, the schema files' generator and the emulator defaults (the seeded
 * password among them) stay behind their module paths, for this repository's own code and tests.
 */
export * from "./runtime";
export * from "./record";
export {
  validate,
  validateAnswer,
  createMutationDetector,
  defaultDetector,
  rememberingDetector,
  RULE_NAMES,
  PURPOSES,
  type RuleName,
  type Purpose,
  type Violation,
  type ValidationResult,
  type MutationDetector,
} from "./validator";
export { AnswerSchema, LedgerSchema, type Answer, type Claim, type Ledger, type LedgerCall } from "./schemas";
export {
  signInWithPassword,
  DEFAULT_REGION,
  callTool,
  Invocation,
  newInvocationId,
  NovaClientError,
  RefusedError,
  UnreachableError,
  SignInError,
  ProtocolError,
  InvalidEnvelopeError,
  type SignInOptions,
  type SignedInUser,
  type CallOptions,
  type CallResponse,
  type InvocationOptions,
  type RecordedResponse,
} from "./client";
