import { z } from "zod";
import { EnvelopeSchema, IsoUtcSchema } from "nova-contract";

/**
 * One recorded tool call (SPEC section 6). `args` is exactly what was sent as the callable `data`
 * (null when the tool was called without arguments); `envelope` is the callable `result`.
 */
export const LedgerCallSchema = z.strictObject({
  seq: z.number().int().min(1),
  tool: z.string().min(1),
  args: z.record(z.string(), z.unknown()).nullable(),
  at: IsoUtcSchema,
  envelope: EnvelopeSchema,
});
export type LedgerCall = z.infer<typeof LedgerCallSchema>;

/** The ledger deterministic code keeps for one invocation (SPEC section 6). */
export const LedgerSchema = z
  .strictObject({
    invocationId: z.string().min(1),
    skillLoads: z.array(z.string()),
    calls: z.array(LedgerCallSchema),
  })
  .meta({
    title: "Nova ledger",
    description: "Every skill load and every tool call of one Nova invocation, recorded by deterministic code.",
  });
export type Ledger = z.infer<typeof LedgerSchema>;
