import { ERROR_CATALOG } from "nova-contract";
import { CallTraceSchema, type CallTrace } from "../../functions/src/trace/entry";
import { parseInvocationLine } from "./invocations";

/**
 * A call's log entry as the functions print it (one JSON line, through firebase-functions' logger):
 * the CallTrace fields at the top of the payload beside Cloud Logging's special fields. Read back through the same CallTraceSchema the
 * runtime writes with, so the local viewer and production cannot drift apart.
 */
export interface TraceEntry {
  readonly at: Date;
  readonly severity: string;
  /** The W3C trace id from `logging.googleapis.com/trace`, when the call carried one. */
  readonly traceId: string | null;
  readonly trace: CallTrace;
}

/** The prefix firebase-tools puts before each stdout line of a function in its own log. */
const EMULATOR_PREFIX = /^>\s+/;

/**
 * One line of traces.jsonl or of the emulator's firebase.log to an entry; null for anything that
 * is not a call entry (the SDKs' own entries, emulator chatter, other JSON).
 */
export function parseTraceLine(line: string): TraceEntry | null {
  const text = line.replace(EMULATOR_PREFIX, "").trim();
  if (!text.startsWith("{") || !text.includes('"callId"')) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const picked = Object.fromEntries(
    Object.keys(CallTraceSchema.shape)
      .filter((k) => k in raw)
      .map((k) => [k, raw[k]]),
  );
  const parsed = CallTraceSchema.safeParse(picked);
  if (!parsed.success) return null;
  const traceRef = raw["logging.googleapis.com/trace"];
  const traceId = typeof traceRef === "string" ? (traceRef.match(/traces\/([0-9a-f]{32})$/)?.[1] ?? null) : null;
  return {
    at: timestampOf(raw.timestamp),
    severity: typeof raw.severity === "string" ? raw.severity : "DEFAULT",
    traceId,
    trace: parsed.data,
  };
}

/** The JSON line to keep for a stdout line, or null: what the suite tees into traces.jsonl (calls and Nova's invocations). */
export function traceJsonOf(line: string): string | null {
  return parseTraceLine(line) || parseInvocationLine(line) ? line.replace(EMULATOR_PREFIX, "").trim() : null;
}

/** The tools' entries and Cloud Logging exports write ISO strings; LogSync (Nova's records) `{seconds, nanos}`. */
export function timestampOf(value: unknown): Date {
  if (typeof value === "string") return new Date(value);
  if (value && typeof value === "object" && "seconds" in value) {
    const { seconds, nanos } = value as { seconds: number; nanos?: number };
    return new Date(seconds * 1000 + Math.floor((nanos ?? 0) / 1e6));
  }
  return new Date(Number.NaN);
}

export interface TraceFilter {
  readonly tool?: string;
  /** A callId or its prefix (the table shows the first 8 characters). */
  readonly call?: string;
  readonly status?: "success" | "error";
  /** A result code (`OK` or an error code), case-insensitive. */
  readonly code?: string;
  readonly since?: Date;
  readonly traceId?: string;
}

export function matches(entry: TraceEntry, f: TraceFilter): boolean {
  const t = entry.trace;
  if (f.tool && t.tool !== f.tool) return false;
  if (f.call && !t.callId.startsWith(f.call)) return false;
  if (f.status && t.status !== f.status) return false;
  if (f.code && t.resultCode !== f.code.toUpperCase()) return false;
  if (f.traceId && entry.traceId !== f.traceId) return false;
  if (f.since && !(entry.at.getTime() >= f.since.getTime())) return false;
  return true;
}

/** `--since`: a duration back from now (`90s`, `10m`, `2h`, `1d`) or an ISO-8601 time. */
export function parseSince(value: string, now: Date = new Date()): Date {
  const rel = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)$/.exec(value.trim());
  if (rel) {
    const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[rel[2] as "s" | "m" | "h" | "d"];
    return new Date(now.getTime() - Number(rel[1]) * unit);
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw new Error(`--since wants a duration such as 10m, 2h, 1d or an ISO time, not "${value}"`);
  return at;
}

/** Newest last; entries without a readable time keep their file order at the start. */
export function chronological(entries: readonly TraceEntry[]): TraceEntry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at.getTime() || 0) - (b.e.at.getTime() || 0) || a.i - b.i)
    .map(({ e }) => e);
}

const COLUMNS = [
  "TIME (UTC)",
  "TOOL",
  "RESULT",
  "SEVERITY",
  "MS",
  "ATTEMPTS",
  "AUTHORIZATION",
  "READS",
  "CALLER",
  "WORKSPACE",
  "CALL",
] as const;

function attemptsText(t: CallTrace): string {
  if (t.attempts.length === 0) return "-";
  return t.attempts.map((a) => `${a.outcome}:${a.durationMs}`).join(",");
}

function timeText(at: Date): string {
  return Number.isNaN(at.getTime()) ? "?" : at.toISOString().replace("T", " ");
}

function row(e: TraceEntry): string[] {
  const t = e.trace;
  return [
    timeText(e.at),
    t.tool,
    t.resultCode,
    e.severity,
    String(t.totalDurationMs),
    attemptsText(t),
    t.authorization,
    String(t.reads),
    t.caller ?? "-",
    t.workspace ?? "-",
    t.callId.slice(0, 8),
  ];
}

/**
 * A readable table: one row per call, and under it what the row cannot hold: the evidence ids it
 * answered (what Nova may cite), the trace id, the arguments and an INTERNAL's reason.
 */
export function formatTable(entries: readonly TraceEntry[], options: { details?: boolean } = {}): string {
  if (entries.length === 0) return "(no matching calls)";
  const rows = entries.map(row);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const out = [line(COLUMNS)];
  entries.forEach((e, i) => {
    out.push(line(rows[i]!));
    const t = e.trace;
    if (t.evidenceIds.length) out.push(`    evidence (${t.evidenceIds.length}): ${t.evidenceIds.join(" ")}`);
    if (options.details !== false) {
      out.push(
        `    call ${t.callId}${e.traceId ? `  trace ${e.traceId}` : ""}${t.skill ? `  skill ${t.skill}` : ""}  args ${JSON.stringify(t.arguments)}`,
      );
      if (t.internalReason) out.push(`    internal reason: ${t.internalReason}`);
    }
  });
  return out.join("\n");
}

/** One tool's figures over a set of calls: what the production dashboard charts, computed locally. */
export interface ToolSummary {
  readonly tool: string;
  readonly calls: number;
  readonly errors: number;
  /** Share of calls that answered an error, any code. */
  readonly errorRate: number;
  /** Share that answered INTERNAL or DEPENDENCY_UNAVAILABLE: what the error-rate alert counts. */
  readonly serverErrorRate: number;
  /** Calls per result code (`OK` included), most frequent first. */
  readonly codes: Readonly<Record<string, number>>;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly readsTotal: number;
  readonly readsMean: number;
  readonly readsMax: number;
  /** Calls that needed the runtime's one retry (a second attempt). */
  readonly retried: number;
}

/** The codes the error-rate alert counts (ops/alerts/error-rate.json): the server's own failures. */
export const SERVER_SIDE_CODES: readonly string[] = Object.entries(ERROR_CATALOG)
  .filter(([, e]) => e.category === "internal" || e.category === "dependency")
  .map(([code]) => code);

/** Nearest-rank percentile of sorted values (the smallest value with at least q of them at or below it). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
}

function summarizeCalls(tool: string, traces: readonly CallTrace[]): ToolSummary {
  const durations = traces.map((t) => t.totalDurationMs).sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const t of traces) counts.set(t.resultCode, (counts.get(t.resultCode) ?? 0) + 1);
  const codes = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  const errors = traces.filter((t) => t.status === "error").length;
  const server = traces.filter((t) => SERVER_SIDE_CODES.includes(t.resultCode)).length;
  const reads = traces.map((t) => t.reads);
  const readsTotal = reads.reduce((a, b) => a + b, 0);
  return {
    tool,
    calls: traces.length,
    errors,
    errorRate: traces.length ? errors / traces.length : 0,
    serverErrorRate: traces.length ? server / traces.length : 0,
    codes,
    p50Ms: percentile(durations, 0.5),
    p95Ms: percentile(durations, 0.95),
    maxMs: durations[durations.length - 1] ?? 0,
    readsTotal,
    readsMean: traces.length ? readsTotal / traces.length : 0,
    readsMax: Math.max(0, ...reads),
    retried: traces.filter((t) => t.attempts.length > 1).length,
  };
}

/** Per tool (by name), then all tools together as `(all)` when there is more than one tool. */
export function summarize(entries: readonly TraceEntry[]): ToolSummary[] {
  const byTool = new Map<string, CallTrace[]>();
  for (const e of entries) byTool.set(e.trace.tool, [...(byTool.get(e.trace.tool) ?? []), e.trace]);
  const rows = [...byTool.keys()].sort().map((tool) => summarizeCalls(tool, byTool.get(tool)!));
  if (rows.length > 1)
    rows.push(
      summarizeCalls(
        "(all)",
        entries.map((e) => e.trace),
      ),
    );
  return rows;
}

const SUMMARY_COLUMNS = [
  "TOOL",
  "CALLS",
  "ERR%",
  "SERVER%",
  "P50 MS",
  "P95 MS",
  "MAX MS",
  "READS/CALL",
  "MAX READS",
  "RETRIED",
  "CODES",
] as const;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The summary as a table, one row per tool, in the dashboard's terms. */
export function formatSummary(rows: readonly ToolSummary[]): string {
  if (rows.length === 0) return "(no matching calls)";
  const cells = rows.map((r) => [
    r.tool,
    String(r.calls),
    pct(r.errorRate),
    pct(r.serverErrorRate),
    String(r.p50Ms),
    String(r.p95Ms),
    String(r.maxMs),
    r.readsMean.toFixed(2),
    String(r.readsMax),
    String(r.retried),
    Object.entries(r.codes)
      .map(([code, n]) => `${code} ${n}`)
      .join(", "),
  ]);
  const widths = SUMMARY_COLUMNS.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (cs: readonly string[]) =>
    cs
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(SUMMARY_COLUMNS), ...cells.map(line)].join("\n");
}
