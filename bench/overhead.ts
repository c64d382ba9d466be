import { fork } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import { callable, FUNCTIONS_LIB, type BenchContext, type SectionResult } from "./context";
import type { ReadOp } from "./replay";
import {
  bootstrapDifferenceInterval,
  bootstrapRatioInterval,
  check,
  checkRatio,
  fmtInterval,
  fmtMs,
  fmtRatio,
  interleave,
  median,
  pairedMedianRatio,
  ratio,
  row,
  summarize,
  type Row,
  type Summary,
} from "./stats";

/**
 * Section 1: what the product's runtime costs per call over a bare handler doing the same reads.
 *
 * Both sides are real onCall handlers (firebase-functions/v2/https), served from one in-process
 * node:http server, called over keep-alive HTTP with the same Auth-emulator ID token, so transport,
 * callable decoding and SDK token verification are the same on both sides. The product side is
 * the tool's bundle exactly as deployed (functions/lib/bundles, as lib/index.js loads it); the
 * bare side is the replay twin (bench/bare.cjs) reading the same documents through the same
 * Firestore client instance. Calls alternate ABBA so neither side always follows the other.
 *
 * Logging: the product's trace sink (firebase-functions' logger) and its own request log both write to
 * stdout; this section runs in a child whose stdout is /dev/null, so the log lines are built and
 * written as in production but no terminal I/O is timed, identically for both sides.
 */

interface ChildConfig {
  tools: { name: string; input: unknown; waves: ReadOp[][] }[];
  idToken: string;
  pairs: number;
  warmup: number;
}

interface ToolOverhead {
  tool: string;
  product: Summary;
  bare: Summary;
  productErrors: number;
  bareErrors: number;
  p50Ratio: number;
  p95Ratio: number;
  /** Where each ratio could land on a rerun: bootstrap of the pairs (shown, not a verdict). */
  p50Interval: [number, number];
  p95Interval: [number, number];
  pairedRatio: number;
  bareReadsMatch: boolean;
  productReads: number;
  bareReads: number;
  /** Median server-side handler time of each side, transport excluded. */
  handlerP50: { product: number; bare: number };
  /** Median CPU milliseconds per call (client and server), each side. */
  cpuP50: { product: number; bare: number };
  /** Where the product's CPU per call over the twin's could land on a rerun (bootstrap of the pairs). */
  cpuOverInterval: [number, number];
}

export async function runOverhead(
  ctx: BenchContext,
  twins: Map<string, ReadOp[][]>,
  productReads: Map<string, number>,
): Promise<SectionResult> {
  const config: ChildConfig = {
    tools: ctx.tools.map((t) => ({ name: t.name, input: t.input, waves: twins.get(t.name) ?? [] })),
    idToken: ctx.user.idToken,
    pairs: ctx.quick ? 60 : 500,
    warmup: ctx.quick ? 10 : 40,
  };
  // Diagnosis knobs: BENCH_OVERHEAD_STDOUT=file keeps the log lines; BENCH_CPU_PROF=dir profiles the child.
  const devNull = openSync(process.env.BENCH_OVERHEAD_STDOUT || "/dev/null", "w");
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  try {
    const child = fork(__filename, ["--child"], {
      env: ctx.env,
      execArgv: ["--import", "tsx", ...prof],
      stdio: ["ignore", devNull, "inherit", "ipc"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const results = await Promise.race([
      new Promise<(Omit<ToolOverhead, "productReads" | "bareReadsMatch"> & { bareReadCounts: number[] })[]>(
        (resolve, reject) => {
          child.once("message", (m) => resolve(m as never));
          child.once("error", reject);
          child.send(config);
        },
      ),
      exited.then((code) => Promise.reject(new Error(`overhead child exited with ${code} before answering`))),
    ]);
    // The child exits by itself once it has answered (a CPU profile is written on that exit).
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
    const details: ToolOverhead[] = results.map((r) => {
      const expected = productReads.get(r.tool) ?? -1;
      const { bareReadCounts, ...rest } = r;
      return {
        ...rest,
        productReads: expected,
        bareReads: bareReadCounts[0] ?? -1,
        bareReadsMatch: bareReadCounts.every((n) => n === expected),
      };
    });
    return { rows: toRows(details), details: { pairs: config.pairs, warmup: config.warmup, tools: details } };
  } finally {
    closeSync(devNull);
  }
}

/** Issue 23: the runtime's own CPU per call, over a twin doing the same reads. */
const CPU_OVER_TWIN_MS = 1.0;

const fmtSignedMs = (ms: number) => `${ms >= 0 ? "+" : ""}${fmtMs(ms)}`;

function toRows(details: readonly ToolOverhead[]): Row[] {
  const rows: Row[] = [];
  for (const d of details) {
    const s = "1 overhead";
    rows.push(
      row(
        s,
        d.tool,
        "p50 product/bare",
        `${fmtRatio(d.p50Ratio)} (${fmtMs(d.product.p50)} / ${fmtMs(d.bare.p50)}; ${fmtInterval(d.p50Interval)}; paired ${fmtRatio(d.pairedRatio)})`,
        "<= 1.05",
        checkRatio(d.p50Ratio, d.p50Interval, 1.05),
      ),
    );
    rows.push(
      row(
        s,
        d.tool,
        "p95 product/bare",
        `${fmtRatio(d.p95Ratio)} (${fmtMs(d.product.p95)} / ${fmtMs(d.bare.p95)}; ${fmtInterval(d.p95Interval)})`,
        "<= 1.10",
        checkRatio(d.p95Ratio, d.p95Interval, 1.1),
      ),
    );
    const cpuOver = d.cpuP50.product - d.cpuP50.bare;
    rows.push(
      row(
        s,
        d.tool,
        "CPU per call p50, over the twin",
        `${fmtSignedMs(cpuOver)} (${fmtMs(d.cpuP50.product)} / ${fmtMs(d.cpuP50.bare)}; 95% CI ${fmtSignedMs(d.cpuOverInterval[0])} to ${fmtSignedMs(d.cpuOverInterval[1])})`,
        `<= +${CPU_OVER_TWIN_MS.toFixed(1)} ms`,
        checkRatio(cpuOver, d.cpuOverInterval, CPU_OVER_TWIN_MS),
      ),
    );
    rows.push(
      row(
        s,
        d.tool,
        "handler p50, no transport",
        `${fmtMs(d.handlerP50.product)} / ${fmtMs(d.handlerP50.bare)} (+${fmtMs(d.handlerP50.product - d.handlerP50.bare)})`,
        "",
        "INFO",
      ),
    );
    rows.push(
      row(
        s,
        d.tool,
        "same reads, no errors",
        `reads ${d.productReads}/${d.bareReads}, errors ${d.productErrors}/${d.bareErrors} of ${d.product.n} each`,
        "equal, 0",
        check(d.bareReadsMatch && d.productErrors === 0 && d.bareErrors === 0),
      ),
    );
  }
  return rows;
}

// ------------------------------------------------------------------ child: runs with stdout /dev/null

async function child(config: ChildConfig): Promise<unknown> {
  const { serve } = require("./shim.cjs") as typeof import("./shim.cjs");
  const { bareHandler } = require("./bare.cjs") as typeof import("./bare.cjs");
  const { onCall } = require("firebase-functions/v2/https") as typeof import("firebase-functions/v2/https");
  const { openFirestore } =
    require("../functions/src/store/firestore") as typeof import("../functions/src/store/firestore");
  const routes: Record<string, (req: unknown, res: unknown) => unknown> = {};
  // Server-side time per handler (request parsed -> response finished): splits what the client
  // sees into the handler and the transport around it, for the report's "what dominates".
  const handlerMs = new Map<string, number[]>();
  const timed = (route: string, handler: (req: unknown, res: { once(e: string, f: () => void): void }) => unknown) => {
    handlerMs.set(route, []);
    return (req: unknown, res: { once(e: string, f: () => void): void }) => {
      const started = performance.now();
      res.once("finish", () => handlerMs.get(route)!.push(performance.now() - started));
      return handler(req, res);
    };
  };
  for (const t of config.tools) {
    // What a deployed instance serves: the tool's bundle, as lib/index.js loads it.
    routes[`/p/${t.name}`] = timed(
      `/p/${t.name}`,
      require(join(FUNCTIONS_LIB, "bundles", `${t.name}.js`)) as never,
    ) as never;
    // The same app choice as the product's firestoreStore(): both sides share one Firestore client.
    routes[`/b/${t.name}`] = timed(
      `/b/${t.name}`,
      bareHandler(onCall, () => openFirestore(process.env), t.waves) as never,
    ) as never;
  }
  const { server, port } = await serve(routes);
  const base = `http://127.0.0.1:${port}`;

  const out = [];
  for (const t of config.tools) {
    const sides = { product: [] as number[], bare: [] as number[] };
    // CPU time of this process per call (client and server are both here, one call in flight):
    // the runtime's own work, free of the waiting that dominates wall time on a shared machine.
    const cpu = { product: [] as number[], bare: [] as number[] };
    const errors = { product: 0, bare: 0 };
    const bareReadCounts: number[] = [];
    const once = async (side: "product" | "bare", record: boolean) => {
      const url = `${base}/${side === "product" ? "p" : "b"}/${t.name}`;
      const cpu0 = process.cpuUsage();
      try {
        const r = await callable(url, config.idToken, t.input);
        const used = process.cpuUsage(cpu0);
        if (record) cpu[side].push((used.user + used.system) / 1000);
        const result = (r.body as { result?: { status?: string; reads?: number } } | null)?.result;
        const ok =
          r.status === 200 && (side === "product" ? result?.status === "success" : typeof result?.reads === "number");
        if (side === "bare" && typeof result?.reads === "number" && bareReadCounts.length < 3)
          bareReadCounts.push(result.reads);
        if (!record) return;
        if (!ok) errors[side]++;
        sides[side].push(r.ms);
      } catch {
        // NaN keeps the pairs aligned; summaries leave it out, the error count shows it.
        if (record) {
          errors[side]++;
          sides[side].push(Number.NaN);
        }
      }
    };
    for (const pair of interleave(config.warmup, "product" as const, "bare" as const))
      for (const side of pair) await once(side, false);
    handlerMs.set(`/p/${t.name}`, []);
    handlerMs.set(`/b/${t.name}`, []);
    for (const pair of interleave(config.pairs, "product" as const, "bare" as const))
      for (const side of pair) await once(side, true);
    const product = summarize(sides.product);
    const bare = summarize(sides.bare);
    out.push({
      tool: t.name,
      product,
      bare,
      productErrors: errors.product,
      bareErrors: errors.bare,
      p50Ratio: ratio(product.p50, bare.p50),
      p95Ratio: ratio(product.p95, bare.p95),
      p50Interval: bootstrapRatioInterval(sides.product, sides.bare, 50),
      p95Interval: bootstrapRatioInterval(sides.product, sides.bare, 95),
      pairedRatio: pairedMedianRatio(sides.product, sides.bare),
      bareReadCounts,
      handlerP50: { product: median(handlerMs.get(`/p/${t.name}`)!), bare: median(handlerMs.get(`/b/${t.name}`)!) },
      cpuP50: { product: median(cpu.product), bare: median(cpu.bare) },
      cpuOverInterval: bootstrapDifferenceInterval(cpu.product, cpu.bare),
    });
    process.stderr.write(`[bench] overhead ${t.name}: p50 ${product.p50.toFixed(2)} / ${bare.p50.toFixed(2)} ms\n`);
  }
  server.close();
  return out;
}

if (process.argv.includes("--child")) {
  // tsx turns on source-mapped stack traces; production does not. The Firestore SDK formats a
  // stack for every read (Error().stack), which they make about 3x costlier on both sides: time
  // added equally to both sides would pull every ratio towards 1.
  process.setSourceMapsEnabled(false);
  process.once("message", (config) => {
    child(config as ChildConfig).then(
      (out) => process.send!(out, () => process.exit(0)),
      (err: unknown) => {
        process.stderr.write(`[bench] overhead child failed: ${err instanceof Error ? err.stack : String(err)}\n`);
        process.exit(1);
      },
    );
  });
}
