import { z } from "zod";
import { ErrorCodeSchema, type Envelope } from "nova-contract";

/**
 * What an invocation tells its caller while it runs (SPEC section 10, "Streaming"), each at the
 * moment it happens inside the loop: the skill the model loaded, each tool call sent with its result
 * code (`OK` or the envelope's error code; a refused call is not sent and not told), each rejected
 * answer with the rules it broke, and the fallback before its answer is made.
 */
export const ProgressEventSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("skill_loaded"), skill: z.string() }),
  z.strictObject({
    type: z.literal("tool_called"),
    /** The call's place in the ledger (its `seq`). */
    seq: z.number().int().positive(),
    tool: z.string(),
    code: z.union([z.literal("OK"), ErrorCodeSchema]),
  }),
  z.strictObject({
    type: z.literal("answer_rejected"),
    /** 1 for the first rejected answer. */
    round: z.number().int().positive(),
    rules: z.array(z.string()),
  }),
  z.strictObject({ type: z.literal("fallback") }),
]);
export type ProgressEvent = z.infer<typeof ProgressEventSchema>;

/** The caller's hook: called synchronously, in order; what it returns is not awaited. */
export type ProgressHook = (event: ProgressEvent) => unknown;

/** An envelope's result code as a caller reads it. */
export function resultCode(envelope: Envelope): Extract<ProgressEvent, { type: "tool_called" }>["code"] {
  return envelope.status === "success" ? "OK" : envelope.error.code;
}

/**
 * The hook as the runtime calls it: a hook that throws, or returns a promise that rejects, loses that
 * event and nothing else (the invocation, its record and the later events go on); a slow hook is
 * never waited for, unless it blocks synchronously, which no wrapper can prevent. Progress is a
 * courtesy to a watching caller, never a reason for an operator's question to fail.
 */
export function progressEmitter(hook: ProgressHook | undefined): (event: ProgressEvent) => void {
  if (!hook) return () => undefined;
  return (event) => {
    try {
      const out = hook(event);
      if (out instanceof Promise) out.catch(() => undefined);
    } catch {
      // lost: see above
    }
  };
}
