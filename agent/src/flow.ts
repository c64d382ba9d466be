import { z } from "zod";
import type { Genkit, ModelArgument } from "genkit";
import {
  loadScriptRunner,
  newInvocationId,
  type NovaResult,
  type ScriptRunner,
  invocationError,
  runNovaRecorded,
  type InvocationSink,
} from "nova-tools";
import { AskError, AskInputSchema, askError, parseAskInput } from "./ask";

export const FLOW_NAME = "nova_ask";

/** The verified caller as the callable hands it to the flow (firebase-functions' AuthData). */
export interface CallerAuth {
  uid: string;
  token: Record<string, unknown>;
  rawToken: string;
}

export interface FlowDeps {
  model: ModelArgument;
  modelName: string;
  functionsUrl: string;
  sink: InvocationSink;
  /** Keyed pseudonyms, the tools' function and key (functions/src/trace/pseudonym.ts). */
  pseudonym: (kind: "u" | "w", id: string) => string;
}

/** nova_ask's output: what `nova-tools ask` prints (SPEC section 10). */
export type AskOutput = Pick<NovaResult, "invocationId" | "answer" | "validation" | "attempts" | "fallback" | "ledger">;

/** Who is asking, or UNAUTHENTICATED: the flow runs only with the caller's own verified ID token. */
export function callerOf(context: { auth?: unknown } | undefined): CallerAuth {
  const auth = context?.auth as Partial<CallerAuth> | undefined;
  if (!auth || typeof auth.rawToken !== "string" || !auth.rawToken || typeof auth.uid !== "string")
    throw askError("UNAUTHENTICATED", "Sign in with a valid Firebase ID token to ask Nova.");
  return auth as CallerAuth;
}

/**
 * The flow: one Nova invocation for the signed-in caller. The tools are called with the caller's own
 * ID token (the raw token Firebase verified for this request), never a credential of this codebase,
 * so the tools bind identity and workspace from it as they always do; nothing is added that a tool
 * would trust. Exactly one invocation record is written, whatever the outcome.
 */
export function defineAskFlow(ai: Genkit, deps: FlowDeps) {
  return ai.defineFlow(
    // No inputSchema: Genkit's flows take zod 3 schemas and the product's are zod 4 (AskInputSchema);
    // declaring the input twice is how the two drift apart, so the flow parses it itself, first thing.
    { name: FLOW_NAME, metadata: { inputJsonSchema: z.toJSONSchema(AskInputSchema) } },
    async (data: unknown, { context, sendChunk }): Promise<AskOutput> => {
      const auth = callerOf(context);
      const input = parseAskInput(data);
      const workspaceId = auth.token.workspaceId;
      const invocationId = newInvocationId();
      try {
        const result = await runNovaRecorded(
          ai,
          {
            question: input.question,
            model: deps.model,
            purpose: input.purpose ?? "chat",
            idToken: auth.rawToken,
            functionsUrl: deps.functionsUrl,
            invocationId,
            // Each step as it happens, to a streaming caller (a no-op for a plain call).
            onProgress: sendChunk,
          },
          {
            sink: deps.sink,
            caller: deps.pseudonym("u", auth.uid),
            workspace: typeof workspaceId === "string" ? deps.pseudonym("w", workspaceId) : null,
            modelName: deps.modelName,
          },
        );
        const { answer, validation, attempts, fallback, ledger } = result;
        return {
          invocationId,
          answer,
          validation: { valid: validation.valid, violations: validation.violations },
          attempts,
          fallback,
          ledger,
        };
      } catch (err) {
        throw err instanceof AskError ? err : new AskError(invocationError(err));
      }
    },
  );
}

/** A script model's runner, loaded at its first request (the module is ESM; the codebase loads synchronously). */
export function lazyScriptRunner(path: string): ScriptRunner {
  let loaded: Promise<ScriptRunner> | undefined;
  return async (request) => (await (loaded ??= loadScriptRunner(path)))(request);
}

/**
 * The flow as onCallGenkit serves it: the caller and the input are checked before Genkit runs the
 * flow, so a bad call gets its catalog error (Genkit's own schema check would otherwise answer first,
 * and the callable would turn its error into a bare INTERNAL), and no model is ever called for it.
 * Every failure leaves as an AskError. The flow itself stays an ordinary Genkit flow for the
 * developer UI and `genkit eval:flow`.
 */
export function checkedAction<
  A extends {
    run: (input: never, options: never) => Promise<{ result: unknown }>;
    stream: (input: never, options: never) => { stream: AsyncIterable<unknown>; output: Promise<unknown> };
    __action: { name: string };
  },
>(flow: A): A {
  const precheck = (input: unknown, options: { context?: { auth?: unknown } } | undefined) => {
    callerOf(options?.context);
    parseAskInput(input);
  };
  const asAskError = (err: unknown) => (err instanceof AskError ? err : new AskError(invocationError(err)));
  const wrapped = {
    __action: flow.__action,
    run: async (input: unknown, options: never) => {
      precheck(input, options);
      return flow.run(input as never, options).catch((err: unknown) => {
        throw asAskError(err);
      });
    },
    stream: (input: unknown, options: never) => {
      precheck(input, options);
      const { stream, output } = flow.stream(input as never, options);
      const guarded = output.catch((err: unknown) => {
        throw asAskError(err);
      });
      guarded.catch(() => undefined); // observed through the stream or the output, whichever the caller reads
      return {
        output: guarded,
        stream: (async function* () {
          try {
            for await (const chunk of stream) yield chunk;
          } catch (err) {
            throw asAskError(err);
          }
          await guarded;
        })(),
      };
    },
  };
  return wrapped as unknown as A;
}
