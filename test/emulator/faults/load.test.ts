import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "nova-contract";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { startSuite, type RunningSuite } from "../../../scripts/emulators/suite";
import { loadCatalog } from "../../support/catalog";
import { newInvocationId, pool, tracedCall, waitForTraces, type TracedCall } from "../../support/emulator-calls";
import { callerAs, closeCallers } from "../support/client";

/**
 * Load through the Functions emulator and the callable protocol: 1,000 calls, 20 in flight, spread
 * over every tool in the catalog and over the outcomes a tool has (own data, declared refusals,
 * nothing found, other workspaces, no token, no membership). Every call must get an envelope (none
 * lost, none malformed, no INTERNAL or DEPENDENCY_UNAVAILABLE), the code each declared-invalid
 * example declares, and exactly one trace in the functions' log. Prints errors and p50/p95/p99
 * latency per tool, and writes them to .emulators/load/load-report.json.
 */

const TOTAL = 1_000;
const CONCURRENCY = 20;
const decls = loadCatalog();
let suite: RunningSuite | undefined;
const tokens = new Map<string, string | null>();

beforeAll(async () => {
  suite = await startSuite({ logDir: ".emulators/load" });
  for (const email of [
    "operator@acme.test",
    "viewer@acme.test",
    "owner@globex.test",
    "multi@nova.test",
    "owner@initech.test",
    "outsider@nova.test",
  ]) {
    tokens.set(email, await (await callerAs(email)).idToken());
  }
  tokens.set("anonymous", null);
});

afterAll(async () => {
  await closeCallers();
  await suite?.stop();
});

interface Planned {
  tool: string;
  input: unknown;
  who: string;
  /** The code this call must answer, where the declaration says it. */
  expectCode?: ErrorCode | "success";
}

/**
 * One round over every tool: each valid, invalid and empty example, by the callers that matter.
 * Tools are interleaved so that the calls in flight spread over the functions as real traffic
 * would (the emulator runs one request per worker process and starts a new one for each extra
 * concurrent request to the same function).
 */
function round(): Planned[] {
  const perTool = decls.map((d) => planFor(d));
  const plan: Planned[] = [];
  for (let i = 0; plan.length < perTool.reduce((n, p) => n + p.length, 0); i++)
    for (const p of perTool) if (p[i]) plan.push(p[i]!);
  return plan;
}

function planFor(d: (typeof decls)[number]): Planned[] {
  const plan: Planned[] = [];
  for (const input of d.examples.valid) {
    plan.push({ tool: d.name, input, who: "operator@acme.test", expectCode: "success" });
    for (const who of ["viewer@acme.test", "owner@globex.test", "multi@nova.test", "owner@initech.test"])
      plan.push({ tool: d.name, input, who });
  }
  for (const { input, code } of d.examples.invalid)
    plan.push({ tool: d.name, input, who: "operator@acme.test", expectCode: code });
  if (d.examples.empty !== undefined) plan.push({ tool: d.name, input: d.examples.empty, who: "operator@acme.test" });
  plan.push({ tool: d.name, input: d.examples.valid[0], who: "anonymous", expectCode: "UNAUTHENTICATED" });
  plan.push({
    tool: d.name,
    input: d.examples.valid[0],
    who: "outsider@nova.test",
    expectCode: d.scope === "workspace" ? "PERMISSION_DENIED" : "success",
  });
  return plan;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe(`${TOTAL} callable calls, ${CONCURRENCY} at a time, across the catalog`, () => {
  it("answers every one with a valid envelope and one trace, and reports latency per tool", async () => {
    // One call per tool first, so that the report measures serving, not the suite's first load.
    await Promise.all(decls.map((d) => tracedCall(d.name, d.examples.valid[0], tokens.get("operator@acme.test")!)));

    const oneRound = round();
    const plan = Array.from({ length: TOTAL }, (_, i) => oneRound[i % oneRound.length]!);
    const t0 = performance.now();
    const results = await pool(
      plan.map((p, i) => () => tracedCall(p.tool, p.input, tokens.get(p.who)!, newInvocationId(`load-${i}`))),
      CONCURRENCY,
    );
    const wallMs = performance.now() - t0;

    // None lost, none malformed.
    expect(results).toHaveLength(TOTAL);
    const bad = results.filter((r) => r.httpStatus !== 200 || r.envelope === null);
    expect(bad.map((r) => `${r.tool} ${r.httpStatus} ${JSON.stringify(r.body).slice(0, 200)}`)).toEqual([]);
    // No call broke: nothing unexpected, nothing dependency-related on a healthy suite.
    const broken = results.filter((r) =>
      ["INTERNAL", "DEPENDENCY_UNAVAILABLE"].includes(r.envelope?.error?.code ?? ""),
    );
    expect(broken.map((r) => `${r.tool} ${r.invocationId} ${r.envelope?.error?.code}`)).toEqual([]);
    // Declared outcomes hold under load.
    const wrong = results
      .map((r, i) => ({ r, p: plan[i]! }))
      .filter(({ r, p }) => p.expectCode !== undefined && (r.envelope?.error?.code ?? "success") !== p.expectCode);
    expect(
      wrong.map(
        ({ r, p }) =>
          `${p.tool} ${JSON.stringify(p.input)} as ${p.who}: ${r.envelope?.error?.code ?? "success"} != ${p.expectCode}`,
      ),
    ).toEqual([]);

    // Exactly one trace per call on the server side.
    const traces = await waitForTraces(
      suite!.functionsLog,
      results.map((r) => r.invocationId),
      60_000,
    );
    const traceCounts = results.map((r) => traces.get(r.invocationId)?.length ?? 0);
    expect(traceCounts.filter((n) => n !== 1)).toEqual([]);

    // The runtime's own duration of each call (its trace), apart from the emulator's queueing and worker starts.
    const serverMs = new Map(
      results.map((r) => [r.invocationId, traces.get(r.invocationId)?.[0]?.totalDurationMs ?? NaN]),
    );
    const report = {
      all: summarize(results, wallMs, serverMs),
      afterFirst100: summarize(results.slice(100), NaN, serverMs),
    };
    console.log(formatReport(report.all, "all 1000 calls"));
    console.log(formatReport(report.afterFirst100, "calls 101-1000 (worker processes started)"));
    const dir = join(REPO_ROOT, ".emulators", "load");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "load-report.json"), JSON.stringify(report, null, 2));
  });
});

interface ToolStats {
  tool: string;
  calls: number;
  success: number;
  errors: number;
  errorsByCode: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The runtime's totalDurationMs from the traces: p50, p95, p99, max. */
  server: [number, number, number, number];
}

function summarize(results: TracedCall[], wallMs: number, serverMs: Map<string, number>) {
  const tools: ToolStats[] = decls.map((d) => {
    const mine = results.filter((r) => r.tool === d.name);
    const ms = mine.map((r) => r.ms).sort((a, b) => a - b);
    const inRuntime = mine.map((r) => serverMs.get(r.invocationId) ?? NaN).sort((a, b) => a - b);
    const server: ToolStats["server"] = [
      percentile(inRuntime, 50),
      percentile(inRuntime, 95),
      percentile(inRuntime, 99),
      inRuntime.at(-1) ?? NaN,
    ];
    const errorsByCode: Record<string, number> = {};
    for (const r of mine)
      if (r.envelope?.status === "error")
        errorsByCode[r.envelope.error.code] = (errorsByCode[r.envelope.error.code] ?? 0) + 1;
    const errors = Object.values(errorsByCode).reduce((a, b) => a + b, 0);
    return {
      tool: d.name,
      calls: mine.length,
      success: mine.length - errors,
      errors,
      errorsByCode,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      max: ms.at(-1) ?? NaN,
      server,
    };
  });
  return {
    total: results.length,
    concurrency: CONCURRENCY,
    wallMs: Math.round(wallMs),
    callsPerSecond: Math.round((results.length / wallMs) * 1000 * 10) / 10,
    tools,
  };
}

function formatReport(r: ReturnType<typeof summarize>, label: string): string {
  const lines = [
    `[load] ${label}: ${r.total} calls, ${r.concurrency} in flight${Number.isNaN(r.wallMs) ? "" : `, ${r.wallMs} ms wall, ${r.callsPerSecond} calls/s`}`,
  ];
  lines.push(
    "[load] tool                      calls  ok  errors  p50ms  p95ms  p99ms  maxms  runtime p50/p95/p99/max ms  error codes",
  );
  for (const t of r.tools) {
    lines.push(
      `[load] ${t.tool.padEnd(25)} ${String(t.calls).padStart(5)} ${String(t.success).padStart(3)} ${String(t.errors).padStart(7)} ${t.p50.toFixed(0).padStart(6)} ${t.p95.toFixed(0).padStart(6)} ${t.p99.toFixed(0).padStart(6)} ${t.max.toFixed(0).padStart(6)}  ${t.server
        .map((x) => x.toFixed(0))
        .join("/")
        .padEnd(26)} ${JSON.stringify(t.errorsByCode)}`,
    );
  }
  return lines.join("\n");
}
