import { z } from "zod";
import { HttpsError, type FunctionsErrorCode } from "firebase-functions/https";
import type { ErrorCode } from "nova-contract";
import { PURPOSES, type Purpose, catalogError, type CatalogError } from "nova-tools";

/** The longest question, in Unicode code points after trimming (SPEC section 10). */
export const MAX_QUESTION = 2000;

const codePoints = (s: string) => [...s].length;

/** nova_ask's input (SPEC section 10): strict, so an unknown key is INVALID_ARGUMENT like the tools'. */
export const AskInputSchema = z.strictObject({
  question: z
    .string()
    .describe(`What the operator asks: 1 to ${MAX_QUESTION} Unicode code points after trimming.`)
    .refine((q) => codePoints(q.trim()) >= 1 && codePoints(q.trim()) <= MAX_QUESTION, {
      message: `question must be 1 to ${MAX_QUESTION} characters after trimming`,
    }),
  purpose: z
    .enum(PURPOSES as [Purpose, ...Purpose[]])
    .optional()
    .describe("chat (default) or submission: submission refuses mock evidence."),
});
export type AskInput = z.infer<typeof AskInputSchema>;

/** The callable protocol's status for each catalog code nova_ask can answer. */
const STATUS: Partial<Record<ErrorCode, FunctionsErrorCode>> = {
  INVALID_ARGUMENT: "invalid-argument",
  UNAUTHENTICATED: "unauthenticated",
  DEPENDENCY_UNAVAILABLE: "unavailable",
  INTERNAL: "internal",
};

/**
 * How nova_ask's errors travel: the callable error channel (the Firebase SDKs reject the call),
 * with the catalog error of SPEC section 4 as its `details` and its safe sentence as the message.
 * An error is not an envelope here: nova_ask is not a tool, and a rejected promise is what an app
 * expects from httpsCallable when no answer could be made (docs/operations.md).
 */
export class AskError extends HttpsError {
  constructor(readonly error: CatalogError) {
    super(STATUS[error.code] ?? "internal", error.message, error);
  }
}

export function askError(code: ErrorCode, message: string): AskError {
  return new AskError(catalogError(code, message));
}

/** The input, or the INVALID_ARGUMENT that names what is wrong (the first issue's path and message). */
export function parseAskInput(data: unknown): AskInput & { question: string } {
  const parsed = AskInputSchema.safeParse(data);
  if (parsed.success) return { ...parsed.data, question: parsed.data.question.trim() };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? issue.path.join(".") : "input";
  const what =
    issue.code === "unrecognized_keys"
      ? `unknown key ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}; nova_ask takes {question, purpose?}`
      : issue.message;
  throw askError("INVALID_ARGUMENT", `${where}: ${what}`.slice(0, 200));
}
