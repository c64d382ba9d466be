import { z } from "zod";
import { ErrorCodeSchema } from "../contract/errors";
import { ProvenanceSchema } from "../contract/evidence";

/**
 * One call as an operator reconstructs it from Cloud Logging (SPEC section 7). Caller and workspace
 * are keyed pseudonyms; arguments are normalized with free text capped; nothing from the forbidden
 * list of SPEC section 4 has a field here.
 */
export const CallTraceSchema = z.strictObject({
  callId: z.string(),
  tool: z.string(),
  skill: z.string().nullable(),
  invocationId: z.string().nullable(),
  caller: z.string().nullable(),
  workspace: z.string().nullable(),
  args: z.unknown(),
  authz: z.string(),
  attempts: z.array(
    z.strictObject({
      attempt: z.number().int(),
      outcome: z.enum(["ok", "unavailable", "timeout", "failed"]),
      code: z.string().optional(),
      durationMs: z.number(),
    }),
  ),
  status: z.enum(["success", "error"]),
  code: ErrorCodeSchema.nullable(),
  /** Why an INTERNAL happened, in the product's words (never the raw exception text). */
  internalReason: z.string().nullable(),
  evidenceIds: z.array(z.string()),
  provenance: ProvenanceSchema.nullable(),
  reads: z.number().int(),
  durationMs: z.number(),
});
export type CallTrace = z.infer<typeof CallTraceSchema>;

/** Where a finished call's trace goes: Cloud Logging in production, memory in unit tests. */
export interface TraceSink {
  write(trace: CallTrace, correlation: TraceCorrelation): void;
}

export interface TraceCorrelation {
  /** W3C trace id (32 hex) and span id, from `traceparent` or `X-Cloud-Trace-Context`. */
  readonly traceId?: string;
  readonly spanId?: string;
  readonly sampled?: boolean;
}

export class MemoryTraceSink implements TraceSink {
  readonly entries: { trace: CallTrace; correlation: TraceCorrelation }[] = [];
  write(trace: CallTrace, correlation: TraceCorrelation): void {
    this.entries.push({ trace, correlation });
  }
}
