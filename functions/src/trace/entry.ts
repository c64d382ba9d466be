import { z } from "zod";
import { ErrorCodeSchema, ProvenanceSchema } from "nova-contract";

/**
 * The authorization decision as the trace records it: the runtime's decision, or `not_reached`
 * when the call ended (bad input, a bug) before anyone was asked.
 */
export const AUTHORIZATION_DECISIONS = [
  "allowed_public",
  "allowed_member",
  "denied_unauthenticated",
  "denied_no_workspace_claim",
  "denied_not_member",
  "denied_disabled",
  "denied_role",
  "not_reached",
] as const;
export const AuthorizationSchema = z.enum(AUTHORIZATION_DECISIONS);
export type Authorization = z.infer<typeof AuthorizationSchema>;

/** How one attempt ended: the runtime's record of it and the trace's field are this one type. */
export const AttemptOutcomeSchema = z.enum(["ok", "unavailable", "timeout", "failed"]);

export const AttemptSchema = z.strictObject({
  attempt: z.number().int(),
  outcome: AttemptOutcomeSchema,
  /** The catalog code when the attempt ended in a ToolError. */
  code: z.string().optional(),
  durationMs: z.number(),
});
/** One attempt of a call, as the runtime records it and the trace carries it. */
export type AttemptRecord = z.infer<typeof AttemptSchema>;

/** `OK` on success, else the envelope's error code: one field an operator filters on for both. */
export const ResultCodeSchema = z.union([z.literal("OK"), ErrorCodeSchema]);

/** Arguments after normalizeArgs: plain JSON, free text capped; never the raw request. */
const NormalizedArgumentsSchema = z.json();

/**
 * One call as an operator reconstructs it from Cloud Logging (SPEC section 7): the one schema of a
 * trace, used by the runtime that writes it, the sink, `npm run traces` and the tests. Caller and
 * workspace are keyed pseudonyms; arguments are normalized with free text capped; nothing from the
 * forbidden list of SPEC section 4 has a field here (INTERNAL keeps a product-chosen reason only).
 */
export const CallTraceSchema = z.strictObject({
  /** Random per call; also the `callId` label, so one filter finds the entry. */
  callId: z.uuid(),
  tool: z.string(),
  /** The skill Nova's client says it loaded: informative only, null when absent or unknown. */
  skill: z.string().nullable(),
  invocationId: z.string().nullable(),
  caller: z.string().nullable(),
  workspace: z.string().nullable(),
  arguments: NormalizedArgumentsSchema,
  authorization: AuthorizationSchema,
  attempts: z.array(AttemptSchema),
  status: z.enum(["success", "error"]),
  resultCode: ResultCodeSchema,
  /** Why an INTERNAL happened, in the product's words (never the raw exception text). */
  internalReason: z.string().nullable(),
  /** The envelope's evidence ids: the link from this entry to what Nova may cite. */
  evidenceIds: z.array(z.string()),
  provenance: ProvenanceSchema.nullable(),
  /** Documents read (Firestore's billing unit), retries included. */
  reads: z.number().int(),
  /** The whole call, auth and every attempt included; each attempt has its own durationMs. */
  totalDurationMs: z.number(),
});
export type CallTrace = z.infer<typeof CallTraceSchema>;

/** Where a finished call's trace goes: Cloud Logging in production, memory in unit tests. */
export interface TraceSink {
  write(trace: CallTrace): void;
}

export class MemoryTraceSink implements TraceSink {
  readonly entries: { trace: CallTrace }[] = [];
  write(trace: CallTrace): void {
    this.entries.push({ trace });
  }
}
