import { z } from "zod";

/** A claim backed by evidence returned during the invocation. */
export const EvidenceClaimSchema = z.strictObject({
  type: z.enum(["story", "measured_post", "record", "aggregate"]),
  text: z.string(),
  evidenceIds: z.array(z.string()).min(1),
});

/** A tool succeeded with nothing to report. */
export const NoDataClaimSchema = z.strictObject({
  type: z.literal("no_data"),
  tool: z.string(),
  text: z.string(),
});

/**
 * A tool failed. The error is only shape-checked here (any string code/category) so that a
 * transcription that differs from the ledger is reported as `altered_error`, not as a malformed answer.
 */
export const ClaimErrorSchema = z.strictObject({
  code: z.string(),
  category: z.string(),
  message: z.string(),
  retryable: z.boolean(),
});

export const ToolErrorClaimSchema = z.strictObject({
  type: z.literal("tool_error"),
  tool: z.string(),
  text: z.string(),
  error: ClaimErrorSchema,
});

export const ClaimSchema = z.discriminatedUnion("type", [EvidenceClaimSchema, NoDataClaimSchema, ToolErrorClaimSchema]);
export type Claim = z.infer<typeof ClaimSchema>;
export type EvidenceClaim = z.infer<typeof EvidenceClaimSchema>;
export type ToolErrorClaim = z.infer<typeof ToolErrorClaimSchema>;

/** Nova's final answer (SPEC section 6). */
export const AnswerSchema = z
  .strictObject({
    text: z.string(),
    claims: z.array(ClaimSchema),
  })
  .meta({
    title: "Nova answer",
    description: "Nova's final structured answer, checked against the ledger by the validator.",
  });
export type Answer = z.infer<typeof AnswerSchema>;
