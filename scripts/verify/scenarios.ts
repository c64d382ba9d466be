import { EnvelopeSchema, type ErrorCode, type Provenance } from "nova-contract";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import type { TraceEntry } from "../traces/entries";
import type { ScenarioResult } from "../contracts/states";

/**
 * The fixture scenarios every tool is verified with, planned from its declaration alone (scope and
 * examples), and the pure judgement of what came back. The runner (main.ts) makes the calls.
 */

/** Seeded emulator users (emulator-data/seed-manifest.json), each standing for one authorization case. */
export const CALLERS = {
  member: "operator@acme.test",
  noClaim: "noclaim@nova.test",
  notMember: "outsider@nova.test",
  disabled: "disabled@acme.test",
} as const;

export type Expectation =
  { readonly kind: "success" } | { readonly kind: "empty" } | { readonly kind: "error"; readonly code: ErrorCode };

export interface PlannedCall {
  readonly label: string;
  /** A seeded user's e-mail, or null for a call without an ID token. */
  readonly as: string | null;
  readonly input: unknown;
  readonly expect: Expectation;
}

export interface PlannedScenario {
  readonly name: "success" | "empty" | "validation" | "authorization";
  readonly calls: readonly PlannedCall[];
  /** Why there is nothing to call, when calls is empty. */
  readonly notApplicable?: string;
}

/** The callable scenarios; the dependency scenario runs in process (dependency.ts). */
export function planCallable(decl: ToolDeclaration): PlannedScenario[] {
  const { valid, invalid, empty } = decl.examples;
  const first = valid[0];
  const authorization: PlannedCall[] = [
    { label: "no ID token", as: null, input: first, expect: { kind: "error", code: "UNAUTHENTICATED" } },
  ];
  if (decl.scope === "workspace") {
    authorization.push(
      {
        label: "no workspace claim",
        as: CALLERS.noClaim,
        input: first,
        expect: { kind: "error", code: "PERMISSION_DENIED" },
      },
      {
        label: "not a member",
        as: CALLERS.notMember,
        input: first,
        expect: { kind: "error", code: "PERMISSION_DENIED" },
      },
      {
        label: "disabled member",
        as: CALLERS.disabled,
        input: first,
        expect: { kind: "error", code: "PERMISSION_DENIED" },
      },
    );
  } else {
    // A public tool needs a signed-in caller but no membership: the negative control.
    authorization.push({
      label: "signed in, no workspace claim",
      as: CALLERS.noClaim,
      input: first,
      expect: { kind: "success" },
    });
  }
  return [
    {
      name: "success",
      calls: valid.map((input, i) => ({
        label: `valid example ${i + 1}`,
        as: CALLERS.member,
        input,
        expect: { kind: "success" },
      })),
    },
    empty === undefined
      ? {
          name: "empty",
          calls: [],
          notApplicable: "the declaration has no examples.empty: no input finds nothing on the seeded data",
        }
      : {
          name: "empty",
          calls: [{ label: "examples.empty", as: CALLERS.member, input: empty, expect: { kind: "empty" } }],
        },
    {
      name: "validation",
      calls: invalid
        // undefined has no JSON form on the wire (the callable protocol sends null).
        .filter(({ input }) => input !== undefined)
        .map(({ input, code }, i) => ({
          label: `invalid example ${i + 1}`,
          as: CALLERS.member,
          input,
          expect: { kind: "error", code },
        })),
    },
    { name: "authorization", calls: authorization },
  ];
}

/**
 * What one call must show: a valid envelope of the expected outcome, evidence of the binding's
 * provenance, and exactly one trace entry that mirrors it. Returns the problems, none when it passed.
 */
export function judgeCall(
  decl: ToolDeclaration,
  call: PlannedCall,
  observed: { readonly httpStatus: number; readonly envelope: unknown; readonly traces: readonly TraceEntry[] },
  provenance: Provenance,
): string[] {
  const problems: string[] = [];
  if (observed.httpStatus !== 200) problems.push(`HTTP ${observed.httpStatus}`);
  const parsed = EnvelopeSchema.safeParse(observed.envelope);
  if (!parsed.success) return [...problems, "the answer is not a valid envelope"].map((p) => `${call.label}: ${p}`);
  const env = parsed.data;
  const got = env.status === "success" ? "success" : env.error.code;
  const expect = call.expect;
  if (expect.kind === "success" || expect.kind === "empty") {
    const notFoundOk = expect.kind === "empty" && decl.errors.includes("NOT_FOUND") && got === "NOT_FOUND";
    if (env.status !== "success" && !notFoundOk) problems.push(`expected ${expect.kind}, got ${got}`);
    if (env.status === "success") {
      if (!decl.output.safeParse(env.data).success) problems.push("data does not match the output schema");
      const foreign = env.evidence.filter((e) => e.provenance !== provenance);
      if (foreign.length) problems.push(`${foreign.length} evidence item(s) not ${provenance}`);
      if (expect.kind === "empty" && env.evidence.length > 0)
        problems.push(`expected nothing found, got ${env.evidence.length} evidence item(s)`);
    }
  } else if (got !== expect.code) {
    problems.push(`expected ${expect.code}, got ${got}`);
  }
  if (observed.traces.length !== 1) problems.push(`${observed.traces.length} trace entries (expected exactly 1)`);
  const trace = observed.traces[0]?.trace;
  if (trace && observed.traces.length === 1) {
    if (trace.tool !== decl.name) problems.push(`trace names ${trace.tool}`);
    if (trace.resultCode !== (env.status === "success" ? "OK" : env.error.code))
      problems.push(`trace resultCode ${trace.resultCode} differs from the envelope`);
    const ids = env.evidence.map((e) => e.evidenceId);
    if (JSON.stringify(trace.evidenceIds) !== JSON.stringify(ids))
      problems.push("trace evidence ids differ from the envelope's");
  }
  return problems.map((p) => `${call.label}: ${p}`);
}

/** One scenario's result from its calls' problems. */
export function scenarioResult(
  planned: PlannedScenario,
  problems: readonly string[],
  via: ScenarioResult["via"] = "callable",
): ScenarioResult {
  if (planned.calls.length === 0)
    return {
      name: planned.name,
      via,
      status: "not_applicable",
      calls: 0,
      detail: planned.notApplicable ?? "nothing to call",
    };
  if (problems.length === 0) {
    return {
      name: planned.name,
      via,
      status: "pass",
      calls: planned.calls.length,
      detail: `${planned.calls.length} call(s) answered as declared, one matching trace each`,
    };
  }
  const shown = problems.slice(0, 5).join("; ");
  return {
    name: planned.name,
    via,
    status: "fail",
    calls: planned.calls.length,
    detail: problems.length > 5 ? `${shown}; and ${problems.length - 5} more` : shown,
  };
}
