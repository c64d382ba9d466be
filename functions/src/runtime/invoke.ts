import { randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  ERROR_CATALOG,
  type ErrorCode,
  collectEvidenceRefs,
  type Envelope,
  type EnvelopeError,
  isSkillName,
  type Evidence,
} from "nova-contract";
import { ToolError } from "./errors";
import { CountingStore, type ReadOnlyStore } from "../store/store";
import { normalizeArgs } from "../trace/args";
import type { AttemptRecord, CallTrace, TraceSink } from "../trace/entry";
import { pseudonym, pseudonymKey } from "../trace/pseudonym";
import { realClock, runAttempts, type Clock } from "./attempts";
import type { Scope, ToolContext, ToolDeclaration } from "./declaration";
import { isPlainJson } from "./arguments";
import { EvidenceRecorder } from "./evidence";
import { bindWorkspace, requireCaller, type AuthzDecision, type VerifiedAuth } from "./identity";

/** One call as it reaches the runtime, whatever carried it (callable protocol, tests, benchmark). */
export interface CallRequest {
  readonly auth: VerifiedAuth | null;
  readonly data: unknown;
  /** Sent by Nova's client so operators see the skill; informative only, never an authority. */
  readonly skill?: string | null;
  readonly invocationId?: string | null;
}

export interface RuntimeDeps {
  readonly store: ReadOnlyStore;
  readonly sink: TraceSink;
  readonly clock?: Clock;
}

class InternalFault extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The one path every tool call takes: authenticate, validate, bind the workspace, run under the
 * budget with one transient retry, check the output, attach evidence, answer the envelope, and
 * write exactly one trace. It never throws: whatever happens, the caller gets a valid envelope.
 */
export async function invokeTool(decl: ToolDeclaration, req: CallRequest, deps: RuntimeDeps): Promise<Envelope> {
  const clock = deps.clock ?? realClock;
  const started = clock.now();
  const store = new CountingStore(deps.store);
  let authz: AuthzDecision | "not_reached" = "not_reached";
  let attempts: AttemptRecord[] = [];
  let internalReason: string | null = null;
  let envelope: Envelope;

  try {
    const auth = requireCaller(req.auth);
    const input = parseInput(decl, req.data);
    const run = await runAttempts(
      decl.budgetMs,
      async () => {
        const recorder = new EvidenceRecorder(store.provenance);
        const ctx = await bindContext(decl.scope, store, auth, recorder, (d) => (authz = d));
        const output = await decl.run(ctx as never, input);
        return { output, recorder };
      },
      clock,
      decl.retry,
    );
    attempts = run.attempts;
    if (!run.ok) throw run.error;
    envelope = successEnvelope(decl, run.value.output, run.value.recorder.list());
  } catch (err) {
    if (authz === "not_reached" && err instanceof ToolError && err.code === "UNAUTHENTICATED")
      authz = "denied_unauthenticated";
    const mapped = toEnvelopeError(decl, err);
    internalReason = mapped.reason;
    envelope = { status: "error", data: null, error: mapped.error, evidence: [] };
  }

  const key = req.auth ? pseudonymKey() : "";
  const trace: CallTrace = {
    callId: randomUUID(),
    tool: decl.name,
    skill: req.skill && isSkillName(req.skill) ? req.skill : null,
    invocationId:
      typeof req.invocationId === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(req.invocationId) ? req.invocationId : null,
    caller: req.auth ? pseudonym("u", req.auth.uid, key) : null,
    workspace:
      req.auth && typeof req.auth.claims["workspaceId"] === "string"
        ? pseudonym("w", req.auth.claims["workspaceId"], key)
        : null,
    arguments: normalizeArgs(req.data),
    authorization: authz,
    attempts,
    status: envelope.status,
    resultCode: envelope.error?.code ?? "OK",
    internalReason,
    evidenceIds: envelope.evidence.map((e) => e.evidenceId),
    provenance: envelope.status === "success" ? store.provenance : null,
    reads: store.reads,
    totalDurationMs: Math.round(clock.now() - started),
  };
  try {
    deps.sink.write(trace);
  } catch {
    // A logging failure must not turn an answered call into an error; the envelope stands.
  }
  return envelope;
}

async function bindContext(
  scope: Scope,
  store: ReadOnlyStore,
  auth: VerifiedAuth,
  evidence: EvidenceRecorder,
  decide: (d: AuthzDecision) => void,
): Promise<ToolContext> {
  const base = { store, uid: auth.uid, evidence, now: new Date() };
  if (scope === "public") {
    decide("allowed_public");
    return { ...base, workspaceId: null };
  }
  const { workspaceId } = await bindWorkspace(store, auth, decide);
  return { ...base, workspaceId };
}

/**
 * Strict input check; a declared field of the wrong form answers that field's declared code. The
 * input must be plain JSON with no `__proto__` key at any depth (runtime/arguments.ts) before the
 * schema reads it: what runs is then exactly the object the trace records.
 */
function parseInput(decl: ToolDeclaration, sent: unknown): unknown {
  const data = sent === undefined ? null : sent;
  if (!isPlainJson(data)) throw new ToolError("INVALID_ARGUMENT", describeIssues(decl, [], true));
  const parsed = decl.input.safeParse(data);
  if (parsed.success) return parsed.data;
  const fields = decl.argumentErrors ?? {};
  const issues = parsed.error.issues;
  const firstKey = issues[0]?.path[0];
  const sameField = typeof firstKey === "string" && issues.every((i) => i.path[0] === firstKey);
  if (
    sameField &&
    fields[firstKey] &&
    data &&
    typeof data === "object" &&
    typeof (data as Record<string, unknown>)[firstKey] === "string"
  ) {
    throw new ToolError(fields[firstKey]!);
  }
  throw new ToolError("INVALID_ARGUMENT", describeIssues(decl, issues));
}

/**
 * A safe sentence naming only the tool's own declared fields, never echoing what the caller sent.
 * `unknownKey`: the input holds a key no schema may read (`__proto__`), said as an unknown key.
 */
function describeIssues(decl: ToolDeclaration, issues: z.core.$ZodIssue[], unknownKey = false): string {
  const known = new Set(Object.keys(inputShape(decl)));
  const bad = [
    ...new Set(issues.map((i) => i.path[0]).filter((k): k is string => typeof k === "string" && known.has(k))),
  ];
  const unknownKeys = unknownKey || issues.some((i) => i.code === "unrecognized_keys");
  const parts: string[] = [];
  if (unknownKeys)
    parts.push(known.size ? `only ${[...known].join(", ")} may be given` : "this tool takes no arguments");
  if (bad.length) parts.push(`check ${bad.join(", ")}`);
  if (!parts.length)
    parts.push(known.size ? `expected an object with ${[...known].join(", ")}` : "expected {} or null");
  return `${ERROR_CATALOG.INVALID_ARGUMENT.message.replace(/\.$/, "")}: ${parts.join("; ")}.`;
}

function inputShape(decl: ToolDeclaration): Record<string, unknown> {
  const def = (decl.input as unknown as { shape?: Record<string, unknown> }).shape;
  if (def) return def;
  // A union such as `{} | null` has no shape of its own: look inside for an object's.
  const options = (decl.input as unknown as { options?: { shape?: Record<string, unknown> }[] }).options ?? [];
  return options.find((o) => o.shape)?.shape ?? {};
}

/**
 * The success envelope, built from its typed parts and checked once on its way out: the links by
 * construction (the evidence answered is exactly what data cites, so every item is cited and every
 * citation known iff the counts agree; minted ids are unique), then one parse of the tool's own
 * success envelope schema (its output schema as data, every evidence item, the envelope's keys).
 * The output is not converted first: a tool answers wire values by its declared types (its views
 * write times as ISO strings, views/*.ts), and whatever else it returns (a Date, a Timestamp)
 * fails that parse as output_schema.
 */
function successEnvelope(decl: ToolDeclaration, data: unknown, minted: Evidence[]): Envelope {
  const refs = collectEvidenceRefs(data);
  // Keep only evidence that data cites: a tool may mint while exploring, it answers what it uses.
  const evidence = minted.filter((e) => refs.has(e.evidenceId));
  if (evidence.length !== refs.size) throw new InternalFault("evidence_links");
  const checked = decl.successEnvelope.safeParse({ status: "success", data, error: null, evidence });
  if (!checked.success)
    throw new InternalFault(
      checked.error.issues.some((i) => i.path[0] === "data") ? "output_schema" : "envelope_schema",
    );
  return checked.data as Envelope;
}

function toEnvelopeError(decl: ToolDeclaration, err: unknown): { error: EnvelopeError; reason: string | null } {
  if (err instanceof ToolError) {
    if (!decl.allErrors.includes(err.code)) return internal(`undeclared_${err.code}`);
    const entry = ERROR_CATALOG[err.code];
    return {
      error: { code: err.code, category: entry.category, message: err.message, retryable: entry.retryable },
      reason: null,
    };
  }
  if (err instanceof InternalFault) return internal(err.reason);
  return internal("exception");
}

function internal(reason: string): { error: EnvelopeError; reason: string } {
  const entry = ERROR_CATALOG.INTERNAL;
  return {
    error: {
      code: "INTERNAL" as ErrorCode,
      category: entry.category,
      message: entry.message,
      retryable: entry.retryable,
    } as EnvelopeError,
    reason,
  };
}
