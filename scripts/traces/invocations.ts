import { InvocationRecordSchema, type InvocationRecord } from "../../nova/src/record/record";
import { percentile, timestampOf } from "./entries";

/** The log the Nova codebase writes its invocation records to (agent/src/cloud-logging.ts). */
const AGENT_LOG = /\/logs\/nova-agent$/;
const EMULATOR_PREFIX = /^>\s+/;

export interface InvocationEntry {
  readonly at: Date;
  readonly severity: string;
  readonly record: InvocationRecord;
}

/**
 * One line of traces.jsonl or firebase.log to an invocation record; null for anything else. Read
 * back through the schema the builder writes with, as the call entries are.
 */
export function parseInvocationLine(line: string): InvocationEntry | null {
  const text = line.replace(EMULATOR_PREFIX, "").trim();
  if (!text.startsWith("{") || (!text.includes('"nova-agent"') && !text.includes("/logs/nova-agent"))) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof raw.logName !== "string" || !AGENT_LOG.test(raw.logName)) return null;
  const picked = Object.fromEntries(
    Object.keys(InvocationRecordSchema.shape)
      .filter((k) => k in raw)
      .map((k) => [k, raw[k]]),
  );
  const parsed = InvocationRecordSchema.safeParse(picked);
  if (!parsed.success) return null;
  return {
    at: timestampOf(raw.timestamp),
    severity: typeof raw.severity === "string" ? raw.severity : "DEFAULT",
    record: parsed.data,
  };
}

/** Nova's figures over a set of invocations: what the dashboard's Nova rows chart. */
export interface InvocationSummary {
  readonly invocations: number;
  readonly outcomes: Readonly<Record<string, number>>;
  readonly skills: Readonly<Record<string, number>>;
  /** Share of delivered answers that were the fallback (the alert's figure). */
  readonly fallbackRate: number;
  /** Rejected answers, by rule. */
  readonly violations: Readonly<Record<string, number>>;
  readonly refusals: Readonly<Record<string, number>>;
  readonly invalidDelivered: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

function add(into: Record<string, number>, key: string, n = 1): void {
  into[key] = (into[key] ?? 0) + n;
}

export function summarizeInvocations(entries: readonly InvocationEntry[]): InvocationSummary {
  const outcomes: Record<string, number> = {};
  const skills: Record<string, number> = {};
  const violations: Record<string, number> = {};
  const refusals: Record<string, number> = {};
  let inputTokens = 0;
  let outputTokens = 0;
  for (const { record: r } of entries) {
    add(outcomes, r.outcome);
    add(skills, r.skill ?? "none");
    for (const answer of r.rejectedAnswers) for (const [rule, n] of Object.entries(answer)) add(violations, rule, n);
    for (const [reason, n] of Object.entries(r.refusals)) add(refusals, reason, n);
    inputTokens += r.tokens?.input ?? 0;
    outputTokens += r.tokens?.output ?? 0;
  }
  const delivered = entries.filter((e) => e.record.delivered);
  const durations = entries.map((e) => e.record.totalMs).sort((a, b) => a - b);
  return {
    invocations: entries.length,
    outcomes,
    skills,
    fallbackRate: delivered.length
      ? delivered.filter((e) => e.record.delivered!.fallback).length / delivered.length
      : 0,
    violations,
    refusals,
    invalidDelivered: delivered.filter((e) => !e.record.delivered!.valid).length,
    p50Ms: percentile(durations, 0.5),
    p95Ms: percentile(durations, 0.95),
    inputTokens,
    outputTokens,
  };
}

const counts = (c: Readonly<Record<string, number>>) =>
  Object.entries(c)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${n}`)
    .join(", ") || "-";

/** The summary as lines under the tools' table. */
export function formatInvocationSummary(s: InvocationSummary): string {
  if (s.invocations === 0) return "Nova: (no invocations)";
  return [
    `Nova: ${s.invocations} invocations, p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, fallback ${(s.fallbackRate * 100).toFixed(1)}%, delivered invalid ${s.invalidDelivered}`,
    `  outcomes:   ${counts(s.outcomes)}`,
    `  skills:     ${counts(s.skills)}`,
    `  violations: ${counts(s.violations)}`,
    `  refusals:   ${counts(s.refusals)}`,
    `  tokens:     ${s.inputTokens} in, ${s.outputTokens} out`,
  ].join("\n");
}
