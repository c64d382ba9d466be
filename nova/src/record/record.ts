import { z } from "zod";
import { RULE_NAMES } from "../validator/types";
import { MARKER_RULE } from "../runtime/reask";
import { TOOL_NAMES, SKILL_NAMES } from "../tools";
import type { Ledger } from "../schemas";
import type { InvocationStats } from "../runtime/session";
import type { InvocationOutcome } from "../runtime/run";
import { resultCode } from "../runtime/progress";

/**
 * The invocation record (SPEC section 10): one structured entry per Nova invocation, written the way
 * the tools' traces are. Every string in it comes from a closed set (rules, refusal reasons, tools,
 * skills, outcomes, catalog codes) or is an id (invocation, pseudonyms): no question, answer, prompt,
 * refusal text or token has a field here, so nothing free-form can leak through it.
 */

/** The runtime's outcomes (InvocationReport.outcome), as the record's closed set. */
export const OUTCOMES = [
  "accepted_first",
  "accepted_after_reask",
  "fallback",
  "error",
] as const satisfies readonly InvocationOutcome[];
export const OutcomeSchema = z.enum(OUTCOMES);

/** A rejected answer's rules: the validator's, the runtime's marker check, and an attempt without an answer. */
export const RECORD_RULES = [...RULE_NAMES, MARKER_RULE, "no_answer", "other"] as const;
export const RecordRuleSchema = z.enum(RECORD_RULES);
export type RecordRule = z.infer<typeof RecordRuleSchema>;

/** Why the runtime refused a request, as a closed label (the runtime's sentence stays in the process). */
export const REFUSAL_REASONS = [
  "no_skill",
  "second_skill",
  "unknown_skill",
  "bad_load",
  "unknown_tool",
  "outside_skill",
  "bad_arguments",
  "invalid_retry",
  "other",
] as const;
export const RefusalReasonSchema = z.enum(REFUSAL_REASONS);
export type RefusalReason = z.infer<typeof RefusalReasonSchema>;

/** A tool name the model asked for: one of the six, load_skill, or `other` (the model may invent any name). */
const RecordToolSchema = z.enum([...TOOL_NAMES, "load_skill", "other"]);
const ByRuleSchema = z.partialRecord(RecordRuleSchema, z.number().int().positive());

export const InvocationRecordSchema = z.strictObject({
  /** Also the tools' traces' invocationId: the join from this entry to every call it made. */
  invocationId: z.string(),
  skill: z.enum(SKILL_NAMES).nullable(),
  /** The model as configured (`vertexai/gemini-2.5-flash`, `script/NAME`): a deployment setting, not user text. */
  model: z.string().nullable(),
  outcome: OutcomeSchema,
  purpose: z.enum(["chat", "submission"]),
  caller: z.string().nullable(),
  workspace: z.string().nullable(),
  /** Answers the model gave (SPEC section 9). */
  attempts: z.number().int().nonnegative(),
  /** One item per rejected answer, in order: its violations counted by rule. */
  rejectedAnswers: z.array(ByRuleSchema),
  /** The distinct rules of every rejected answer, sorted and joined with "+" ("" when none): a metric label. */
  violatedRules: z.string(),
  /** Refused requests counted by reason. */
  refusals: z.partialRecord(RefusalReasonSchema, z.number().int().positive()),
  refusedCalls: z.array(z.strictObject({ tool: RecordToolSchema, reason: RefusalReasonSchema })),
  /** The distinct refusal reasons, sorted and joined with "+" ("" when none): a metric label. */
  refusedReasons: z.string(),
  /** Every call the ledger recorded, with its result code (OK or the envelope's error code). */
  calls: z.array(z.strictObject({ seq: z.number().int(), tool: z.string(), code: z.string() })),
  toolCalls: z.number().int().nonnegative(),
  modelCalls: z.number().int().nonnegative(),
  /** Token counts as the provider reported them; null when it reported none (script models). */
  tokens: z.strictObject({ input: z.number().int().nullable(), output: z.number().int().nullable() }).nullable(),
  modelMs: z.number(),
  toolMs: z.number(),
  runtimeMs: z.number(),
  validationMs: z.number(),
  totalMs: z.number(),
  /** The delivered answer's verdict (always true unless something is badly wrong: an alert fires on false). */
  delivered: z.strictObject({ valid: z.boolean(), fallback: z.boolean() }).nullable(),
  /** For outcome `error`: the catalog code the caller got. */
  errorCode: z.string().nullable(),
});
export type InvocationRecord = z.infer<typeof InvocationRecordSchema>;

/** Where records go: Cloud Logging in the callable, memory in tests, whatever an app passes. */
export interface InvocationSink {
  write(record: InvocationRecord): void;
}

export class MemoryInvocationSink implements InvocationSink {
  readonly records: InvocationRecord[] = [];
  write(record: InvocationRecord): void {
    this.records.push(record);
  }
}

/**
 * What the runtime reports at the end of an invocation (runNova's onFinish), in the extended shape
 * the transport work gives it: every field beyond `stats`, `refusals` and `rejected` is optional so
 * today's report and the extended one both fit. This is the one place that knows the difference.
 */
export interface FinishReport {
  outcome?: InvocationOutcome;
  model?: string;
  usage?: { inputTokens?: number; outputTokens?: number };
  stats: InvocationStats;
  refusals: readonly { tool: string; input?: unknown; reason: string }[];
  rejected: readonly (readonly { rule: string; detail?: string }[])[];
  totalMs: number;
}

/** The result fields the record reads (NovaResult), when the invocation delivered one. */
export interface DeliveredResult {
  ledger: Ledger;
  attempts: number;
  fallback: boolean;
  validation: { valid: boolean };
}

export interface RecordInput {
  invocationId: string;
  purpose: "chat" | "submission";
  /** Pseudonyms, computed by the caller with the tools' key: the builder never sees a raw id. */
  caller: string | null;
  workspace: string | null;
  /** The configured model's name, used when the report names none. */
  model: string | null;
  report: FinishReport | null;
  /** The delivered result; absent when the invocation ended in an error. */
  result?: DeliveredResult;
  /** The ledger so far when there is no result (an error part-way). */
  ledger?: Ledger;
  errorCode?: string;
}

const ms = (n: number | undefined) => Math.round((n ?? 0) * 10) / 10;

/** The outcome: the report's when it has one, else derived from the result (today's report has none). */
export function outcomeOf(report: FinishReport | null, result: DeliveredResult | undefined): InvocationOutcome {
  if (!result) return "error";
  if (report?.outcome) return report.outcome;
  if (result.fallback) return "fallback";
  return (report?.rejected.length ?? 0) === 0 ? "accepted_first" : "accepted_after_reask";
}

export function ruleOf(rule: string): RecordRule {
  return (RECORD_RULES as readonly string[]).includes(rule) ? (rule as RecordRule) : "other";
}

/** The runtime's refusal sentence to its closed reason (the sentences are the runtime's, see session.ts and guard.ts). */
export function refusalReasonOf(reason: string): RefusalReason {
  if (/is already loaded/.test(reason)) return "second_skill";
  if (/^unknown skill/.test(reason)) return "unknown_skill";
  if (/^load_skill takes/.test(reason)) return "bad_load";
  if (/^no skill is loaded/.test(reason)) return "no_skill";
  if (/^unknown tool/.test(reason)) return "unknown_tool";
  if (/is outside skill/.test(reason)) return "outside_skill";
  if (/must be a JSON object/.test(reason)) return "bad_arguments";
  if (/already made this|non-retryable|already retried once/.test(reason)) return "invalid_retry";
  return "other";
}

function toolOf(tool: string): z.infer<typeof RecordToolSchema> {
  return RecordToolSchema.safeParse(tool).data ?? "other";
}

function countBy<K extends string>(keys: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
}

/** Builds the record: pure, and parsed by its own schema so a field that is not in it cannot be written. */
export function buildInvocationRecord(input: RecordInput): InvocationRecord {
  const { report, result } = input;
  const ledger = result?.ledger ?? input.ledger;
  const rejectedAnswers = (report?.rejected ?? []).map((vs) => countBy(vs.map((v) => ruleOf(v.rule))));
  const refusedCalls = (report?.refusals ?? []).map((r) => ({
    tool: toolOf(r.tool),
    reason: refusalReasonOf(r.reason),
  }));
  const usage = report?.usage;
  const tokens =
    usage && (usage.inputTokens !== undefined || usage.outputTokens !== undefined)
      ? { input: usage.inputTokens ?? null, output: usage.outputTokens ?? null }
      : null;
  const skill = ledger?.skillLoads[0];
  return InvocationRecordSchema.parse({
    invocationId: input.invocationId,
    skill: skill && (SKILL_NAMES as readonly string[]).includes(skill) ? skill : null,
    model: report?.model ?? input.model,
    outcome: outcomeOf(report, result),
    purpose: input.purpose,
    caller: input.caller,
    workspace: input.workspace,
    attempts: result?.attempts ?? rejectedAnswers.filter((r) => !r.no_answer).length,
    rejectedAnswers,
    violatedRules: [...new Set(rejectedAnswers.flatMap((r) => Object.keys(r)))].sort().join("+"),
    refusals: countBy(refusedCalls.map((r) => r.reason)),
    refusedReasons: [...new Set(refusedCalls.map((r) => r.reason))].sort().join("+"),
    refusedCalls,
    calls: (ledger?.calls ?? []).map((c) => ({
      seq: c.seq,
      tool: c.tool,
      code: resultCode(c.envelope),
    })),
    toolCalls: report?.stats.toolCalls ?? ledger?.calls.length ?? 0,
    modelCalls: report?.stats.modelCalls ?? 0,
    tokens,
    modelMs: ms(report?.stats.modelMs),
    toolMs: ms(report?.stats.toolMs),
    runtimeMs: ms(report?.stats.runtimeMs),
    validationMs: ms(report?.stats.validationMs),
    totalMs: ms(report?.totalMs),
    delivered: result ? { valid: result.validation.valid, fallback: result.fallback } : null,
    errorCode: result ? null : (input.errorCode ?? "INTERNAL"),
  });
}
