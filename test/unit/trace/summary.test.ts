import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { CallTrace } from "../../../functions/src/trace/entry";
import { formatSummary, parseTraceLine, percentile, summarize, type TraceEntry } from "../../../scripts/traces/entries";
import { captureSink } from "../../support/log-capture";
import { sampleTrace } from "../../support/traces";

/**
 * `npm run traces -- --summary`: the dashboard's figures per tool over local traces, from real
 * sink lines. Durations 1..20 ms make the percentiles checkable by hand (nearest rank).
 */

const ROOT = resolve(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

const id = (n: number) => `${n.toString(16).padStart(8, "0")}-0000-4000-8000-000000000000`;
const retriedAttempts: CallTrace["attempts"] = [
  { attempt: 1, outcome: "unavailable", durationMs: 5 },
  { attempt: 2, outcome: "unavailable", durationMs: 6 },
];

/** get_job_status: 20 calls, 1..20 ms, reads 2; calls 18 and 19 NOT_FOUND, 20 INTERNAL. */
const jobs = Array.from({ length: 20 }, (_, i) => {
  const n = i + 1;
  const error = n >= 18 ? (n === 20 ? "INTERNAL" : "NOT_FOUND") : null;
  return sampleTrace({
    callId: id(n),
    totalDurationMs: n,
    reads: error === "INTERNAL" ? 1 : 2,
    ...(error ? { status: "error", resultCode: error, evidenceIds: [], provenance: null } : {}),
    ...(error === "INTERNAL" ? { internalReason: "exception" } : {}),
  } as Partial<CallTrace>);
});
/** fetch_trend_signals: one success after the retry, one DEPENDENCY_UNAVAILABLE. */
const trends = [
  sampleTrace({
    callId: id(101),
    tool: "fetch_trend_signals",
    totalDurationMs: 400,
    reads: 3,
    attempts: [retriedAttempts[0]!, { attempt: 2, outcome: "ok", durationMs: 7 }],
  }),
  sampleTrace({
    callId: id(102),
    tool: "fetch_trend_signals",
    totalDurationMs: 19_800,
    reads: 0,
    status: "error",
    resultCode: "DEPENDENCY_UNAVAILABLE",
    evidenceIds: [],
    provenance: null,
    attempts: retriedAttempts,
  }),
];

function lines(traces: CallTrace[]): string[] {
  const { sink, lines: out } = captureSink();
  for (const t of traces) sink.write(t);
  return out.filter((l) => l.includes('"callId"'));
}

const entriesOf = (ls: string[]) => ls.map(parseTraceLine).filter((e): e is TraceEntry => e !== null);

describe("summarize", () => {
  const rows = summarize(entriesOf(lines([...jobs, ...trends])));
  const byTool = Object.fromEntries(rows.map((r) => [r.tool, r]));

  it("gives per tool the calls, error rates, counts by code, duration percentiles, reads and retries", () => {
    expect(rows.map((r) => r.tool)).toEqual(["fetch_trend_signals", "get_job_status", "(all)"]);
    expect(byTool.get_job_status).toEqual({
      tool: "get_job_status",
      calls: 20,
      errors: 3,
      errorRate: 0.15,
      serverErrorRate: 0.05,
      codes: { OK: 17, NOT_FOUND: 2, INTERNAL: 1 },
      p50Ms: 10,
      p95Ms: 19,
      maxMs: 20,
      readsTotal: 39,
      readsMean: 1.95,
      readsMax: 2,
      retried: 0,
    });
    expect(byTool.fetch_trend_signals).toMatchObject({
      calls: 2,
      errors: 1,
      errorRate: 0.5,
      serverErrorRate: 0.5,
      retried: 2,
      maxMs: 19_800,
      p50Ms: 400,
    });
    expect(byTool["(all)"]).toMatchObject({
      calls: 22,
      errors: 4,
      retried: 2,
      maxMs: 19_800,
      codes: { OK: 18, NOT_FOUND: 2, DEPENDENCY_UNAVAILABLE: 1, INTERNAL: 1 },
    });
  });

  it("nearest-rank percentiles", () => {
    expect([
      percentile([], 0.5),
      percentile([7], 0.95),
      percentile([1, 2, 3, 4], 0.5),
      percentile([1, 2, 3, 4], 0.51),
    ]).toEqual([0, 7, 2, 3]);
  });

  it("formats one row per tool with the codes", () => {
    const table = formatSummary(rows).split("\n");
    expect(table[0]).toMatch(
      /^TOOL\s+CALLS\s+ERR%\s+SERVER%\s+P50 MS\s+P95 MS\s+MAX MS\s+READS\/CALL\s+MAX READS\s+RETRIED\s+CODES$/,
    );
    expect(table[2]).toMatch(
      /^get_job_status\s+20\s+15\.0%\s+5\.0%\s+10\s+19\s+20\s+1\.95\s+2\s+0\s+OK 17, NOT_FOUND 2, INTERNAL 1$/,
    );
    expect(formatSummary([])).toBe("(no matching calls)");
  });
});

describe("npm run traces -- --summary", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "nova-summary-"));
  const file = join(dir, "traces.jsonl");
  // Two hours old, as an exported entry's ISO timestamp: --since 1h leaves it out.
  const old = lines([sampleTrace({ callId: id(900), tool: "suggest_posting_windows", totalDurationMs: 5 })]).map((l) =>
    JSON.stringify({ ...JSON.parse(l), timestamp: new Date(Date.now() - 2 * 3_600_000).toISOString() }),
  );
  writeFileSync(file, `${[...old, ...lines([...jobs, ...trends])].join("\n")}\n`);
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [TSX, join(ROOT, "scripts/traces/main.ts"), "--file", file, "--summary", ...args], {
      cwd: ROOT,
      encoding: "utf8",
    });

  it("prints the table over every matching call (not only the last --limit)", () => {
    const r = run("--limit", "1");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("23 matching calls");
    expect(r.stdout).toMatch(/^suggest_posting_windows\s+1\s/m);
    expect(r.stdout).toMatch(/^\(all\)\s+23\s/m);
  });

  it("--since and --tool narrow it; --json gives the figures", () => {
    const since = JSON.parse(run("--since", "1h", "--json").stdout) as { tool: string; calls: number }[];
    expect(since.map((r) => [r.tool, r.calls])).toEqual([
      ["fetch_trend_signals", 2],
      ["get_job_status", 20],
      ["(all)", 22],
    ]);
    const one = JSON.parse(run("--tool", "get_job_status", "--json").stdout) as { tool: string; p95Ms: number }[];
    expect(one).toEqual([expect.objectContaining({ tool: "get_job_status", p95Ms: 19, calls: 20 })]);
  });

  it("refuses --follow", () => {
    const r = run("--follow");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("does not --follow");
  });
});
