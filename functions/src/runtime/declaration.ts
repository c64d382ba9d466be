import type { z } from "zod";
import {
  ERROR_CATALOG,
  UNIVERSAL_ERROR_CODES,
  type ErrorCode,
  skillsFor,
  type SkillName,
  successEnvelopeOf,
} from "nova-contract";
import type { ReadOnlyStore } from "../store/store";
import type { EvidenceRecorder } from "./evidence";

/** Which attempt outcomes are retried, and how often: a declaration's `retry` (SPEC section 3). */
export interface RetryPolicy {
  readonly transientRetries: number;
  readonly on: readonly ("unavailable" | "timeout")[];
}

/** Every tool's policy: one retry, after an unavailable dependency or a timed-out attempt. */
export const ONE_TRANSIENT_RETRY = Object.freeze({
  transientRetries: 1,
  on: Object.freeze(["unavailable", "timeout"] as const),
}) satisfies RetryPolicy;

export type Scope = "public" | "workspace";
/** Deploy-time memory of a function; the benchmark shows each stays well inside its own. */
export type Memory = "256MiB" | "512MiB";

/** What a tool's code is handed: a read-only store, the bound caller, evidence minting, the clock. */
export interface ToolContext<S extends Scope = Scope> {
  readonly store: ReadOnlyStore;
  readonly uid: string;
  /** The active workspace, bound from Auth and checked against membership; null for public tools. */
  readonly workspaceId: S extends "workspace" ? string : null;
  readonly evidence: EvidenceRecorder;
  readonly now: Date;
}

export interface ToolSpec<S extends Scope, In extends z.ZodType, Out extends z.ZodType> {
  /** The function name, the name the model calls, and the ledger's `tool`. */
  readonly name: string;
  /** Model-visible: what the tool answers and how to read its data. */
  readonly description: string;
  /** Strict: an unknown key is INVALID_ARGUMENT. */
  readonly input: In;
  /** Strict: a tool that returns more than it declares answers INTERNAL. */
  readonly output: Out;
  readonly scope: S;
  /** The whole call's budget, its one retry included (SPEC section 3). */
  readonly budgetMs: number;
  /** Domain errors this tool may answer, besides INVALID_ARGUMENT, UNAUTHENTICATED and INTERNAL. */
  readonly errors: readonly ErrorCode[];
  /** An input field whose value is a string of the wrong form answers this code, not INVALID_ARGUMENT. */
  readonly argumentErrors?: Readonly<Record<string, ErrorCode>>;
  /**
   * Example inputs that drive fixtures, verification scenarios, the declaration-agreement corpus
   * and tenant probes: inputs the tool accepts, inputs it refuses with the code it answers, and
   * (optionally) an input that finds nothing on the seeded data (an empty list or NOT_FOUND).
   */
  readonly examples: {
    readonly valid: readonly [z.input<In>, ...z.input<In>[]];
    readonly invalid: readonly { readonly input: unknown; readonly code: ErrorCode }[];
    readonly empty?: z.input<In>;
  };
  readonly memory?: Memory;
  /**
   * The most documents one attempt may read, membership check included (Firestore bills per
   * document; a query that returns nothing still costs one). A retried call may read twice this.
   * Stated per tool in docs/tools.md and checked against the traces' `reads` by the tests.
   */
  readonly maxReads?: number;
  readonly run: (ctx: ToolContext<S>, input: z.output<In>) => Promise<z.input<Out>>;
}

/** A declaration as the runtime, the contracts generator and Nova's side read it. */
export interface ToolDeclaration<
  S extends Scope = Scope,
  In extends z.ZodType = z.ZodType,
  Out extends z.ZodType = z.ZodType,
> extends ToolSpec<S, In, Out> {
  /** What runtime/attempts.ts runs: one transient retry (SPEC section 3). */
  readonly retry: typeof ONE_TRANSIENT_RETRY;
  /** The success envelope with this tool's output as data: the one check its answers pass (invoke.ts). */
  readonly successEnvelope: ReturnType<typeof successEnvelopeOf<Out>>;
  readonly memory: Memory;
  /** The skills that allow-list this tool (read from the skill registry, never declared here). */
  readonly skills: readonly SkillName[];
  /** Every code this tool can answer: its declared errors and the universal ones. */
  readonly allErrors: readonly ErrorCode[];
}

export const TOOL_NAME = /^[a-z][a-z0-9_]{2,63}$/;

/**
 * Declares a read tool. Checks at load time what would otherwise fail at call time: the runtime
 * itself can answer DEPENDENCY_UNAVAILABLE for every tool and PERMISSION_DENIED for workspace tools,
 * so a declaration that omits them is refused.
 */
export function defineTool<S extends Scope, In extends z.ZodType, Out extends z.ZodType>(
  spec: ToolSpec<S, In, Out>,
): ToolDeclaration<S, In, Out> {
  if (!TOOL_NAME.test(spec.name)) throw new Error(`tool name ${spec.name} is not snake_case`);
  const required: ErrorCode[] = [
    "DEPENDENCY_UNAVAILABLE",
    ...(spec.scope === "workspace" ? (["PERMISSION_DENIED"] as const) : []),
  ];
  for (const code of required) if (!spec.errors.includes(code)) throw new Error(`${spec.name} must declare ${code}`);
  for (const code of Object.values(spec.argumentErrors ?? {})) {
    if (!spec.errors.includes(code)) throw new Error(`${spec.name} maps an argument to undeclared ${code}`);
    if (ERROR_CATALOG[code].category !== "validation")
      throw new Error(`${spec.name} maps an argument to non-validation ${code}`);
  }
  if (!(spec.budgetMs > 0)) throw new Error(`${spec.name} needs a positive budget`);
  if (spec.maxReads !== undefined && !(Number.isInteger(spec.maxReads) && spec.maxReads > 0))
    throw new Error(`${spec.name} needs a positive integer maxReads`);
  for (const example of spec.examples.valid) {
    if (!spec.input.safeParse(example).success)
      throw new Error(`${spec.name}: example ${JSON.stringify(example)} fails its own input schema`);
  }
  // The envelope's data is an object (SPEC section 4); the runtime relies on it, so a tool cannot answer a bare value.
  if (spec.output.def.type !== "object") throw new Error(`${spec.name}: output must be an object schema`);
  for (const { code } of spec.examples.invalid) {
    if (!spec.errors.includes(code) && !(UNIVERSAL_ERROR_CODES as readonly ErrorCode[]).includes(code))
      throw new Error(`${spec.name}: invalid example answers undeclared ${code}`);
  }
  return Object.freeze({
    ...spec,
    retry: ONE_TRANSIENT_RETRY,
    successEnvelope: successEnvelopeOf(spec.output),
    memory: spec.memory ?? "256MiB",
    skills: skillsFor(spec.name),
    allErrors: [...new Set<ErrorCode>([...spec.errors, ...UNIVERSAL_ERROR_CODES])],
  });
}
