import { fork } from "node:child_process";
import { join } from "node:path";
import type { BenchContext, SectionResult } from "./context";
import { fmtMs, fmtRatio, interleave, median, percentile, ratio, row, type Row } from "./stats";

/**
 * Section 3: Firestore over gRPC (firebase-admin's default) against `preferRest: true`, for a cold
 * process's first reads and for warm latency, with plain firebase-admin clients in child processes
 * (bench/transport-child.cjs). The product's store is not touched: if REST wins, the report proposes
 * the change. Ratios are REST / gRPC: below 1 means REST is faster.
 */
const CHILD = join(__dirname, "transport-child.cjs");

function runChild<T>(ctx: BenchContext, args: string[]): Promise<{ wallMs: number; result: T }> {
  const started = performance.now();
  const child = fork(CHILD, args, { execArgv: [], env: ctx.env, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => {
      const msg = m as { ok: boolean; result?: T; error?: string };
      if (msg.ok) resolve({ wallMs: performance.now() - started, result: msg.result as T });
      else reject(new Error(`transport child (${args.join(" ")}) failed: ${msg.error}`));
    });
    child.once("exit", (code) => reject(new Error(`transport child exited with ${code}`)));
    child.once("error", reject);
  });
}

interface Cold {
  requireMs: number;
  firstGetMs: number;
  firstQueryMs: number;
  readyMs: number;
}
type Warm = Record<"grpc" | "rest", { get: number[]; query: number[]; burst: number[] }>;

export async function runTransport(ctx: BenchContext): Promise<SectionResult> {
  const s = "3 transport";
  const rows: Row[] = [];
  const n = ctx.quick ? 3 : 10;
  const cold = { grpc: [] as (Cold & { wallMs: number })[], rest: [] as (Cold & { wallMs: number })[] };
  for (const pair of interleave(n, "grpc" as const, "rest" as const)) {
    for (const setting of pair) {
      const { wallMs, result } = await runChild<Cold>(ctx, ["cold", setting]);
      cold[setting].push({ ...result, wallMs });
    }
  }
  const med = (setting: "grpc" | "rest", f: (c: Cold & { wallMs: number }) => number) => median(cold[setting].map(f));
  const firstReads = (c: Cold) => c.firstGetMs + c.firstQueryMs;
  rows.push(
    row(
      s,
      "cold, first 2 reads",
      `REST/gRPC, median of ${n}`,
      `${fmtRatio(ratio(med("rest", firstReads), med("grpc", firstReads)))} (${fmtMs(med("rest", firstReads))} / ${fmtMs(med("grpc", firstReads))})`,
      "",
      "INFO",
    ),
    row(
      s,
      "cold, process to answers",
      `REST/gRPC, median of ${n}`,
      `${fmtRatio(
        ratio(
          med("rest", (c) => c.readyMs),
          med("grpc", (c) => c.readyMs),
        ),
      )} (${fmtMs(med("rest", (c) => c.readyMs))} / ${fmtMs(med("grpc", (c) => c.readyMs))})`,
      "",
      "INFO",
    ),
  );

  const pairs = ctx.quick ? 40 : 300;
  const { result: warm } = await runChild<Warm>(ctx, ["warm", String(pairs)]);
  for (const op of ["get", "query", "burst"] as const) {
    const label = op === "burst" ? "warm, 20 concurrent gets" : `warm ${op}`;
    const [r50, g50] = [percentile(warm.rest[op], 50), percentile(warm.grpc[op], 50)];
    const [r95, g95] = [percentile(warm.rest[op], 95), percentile(warm.grpc[op], 95)];
    rows.push(
      row(
        s,
        label,
        "REST/gRPC p50, p95",
        `${fmtRatio(ratio(r50, g50))} (${fmtMs(r50)} / ${fmtMs(g50)}), ${fmtRatio(ratio(r95, g95))} (${fmtMs(r95)} / ${fmtMs(g95)})`,
        "",
        "INFO",
      ),
    );
  }
  const coldWin = ratio(
    med("rest", (c) => c.readyMs),
    med("grpc", (c) => c.readyMs),
  );
  const warmWin = ratio(percentile(warm.rest.get, 50), percentile(warm.grpc.get, 50));
  const choice = coldWin < 0.95 && warmWin <= 1.05 ? "preferRest: true" : "gRPC (default)";
  rows.push(
    row(
      s,
      "default",
      "chosen from these figures",
      `${choice} (cold ${fmtRatio(coldWin)}, warm get ${fmtRatio(warmWin)})`,
      "",
      "INFO",
    ),
  );
  return { rows, details: { n, cold, warmPairs: pairs, warm, choice } };
}
