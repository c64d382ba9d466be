import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { callable, envelopeOk, type BenchContext, type BenchTool, type SectionResult } from "./context";
import type { ReadOp } from "./replay";
import {
  bootstrapRatioInterval,
  check,
  checkRatio,
  fmtInterval,
  fmtMiB,
  fmtMs,
  fmtRatio,
  interleave,
  median,
  pairedMedianRatio,
  ratio,
  row,
  summarize,
  type Row,
} from "./stats";

/**
 * Section 2: cold start and memory.
 *
 * Ratio: a fresh Node process loads the deployed entry point with FUNCTION_TARGET semantics and
 * answers the first call of one tool, against a fresh process that loads the same SDKs and serves
 * the bare twin (bench/cold/child.cjs). The figure is spawn -> first answer received, measured by
 * this process; N interleaved runs per side (ABBA).
 *
 * Breakdown: one extra run per side preloaded with bench/cold/require-timer.cjs (time per module
 * and per top-level require, split into what loading costs and what the first call loads lazily).
 *
 * Per tool: which tool bundles a serving process loaded (only its own), which heavy
 * packages were loaded before the first call, and resident memory after the cold start and at its
 * highest while serving concurrent callers, against the function's configured memory.
 */

const CHILD = join(__dirname, "cold", "child.cjs");
const TIMER = join(__dirname, "cold", "require-timer.cjs");

/** The product's Firestore client settings in this environment, for the bare side to use as well. */
function firestoreSettings(env: NodeJS.ProcessEnv): string {
  const { emulatorReaderSettings } =
    require("../functions/src/store/firestore") as typeof import("../functions/src/store/firestore");
  return JSON.stringify(emulatorReaderSettings(env));
}

interface Ready {
  port: number;
  loadedAt: number;
  readyAt: number;
  modules: { tools: string[]; heavy: string[]; count: number };
}
interface Report {
  calls: number;
  firstCallMs: number | null;
  rss: number;
  heapUsed: number;
  maxRss: number;
  modules: Ready["modules"];
  profile: unknown;
}

class ColdChild {
  private constructor(
    readonly child: ChildProcess,
    readonly ready: Ready,
    readonly spawnedAt: number,
  ) {}

  static async start(
    ctx: BenchContext,
    tool: BenchTool,
    side: "product" | "bare",
    waves: ReadOp[][],
    profile = false,
  ): Promise<ColdChild> {
    // Built before the clock starts: the figure is the child's start-up, not this process's work.
    const env = {
      ...ctx.env,
      BENCH_SIDE: side,
      FUNCTION_TARGET: tool.name,
      K_SERVICE: tool.name,
      BENCH_WAVES: JSON.stringify(waves),
      BENCH_FIRESTORE_SETTINGS: firestoreSettings(ctx.env),
    };
    const spawnedAt = performance.now();
    const child = fork(CHILD, [], {
      // No TypeScript loader and no inherited flags: the child is a plain Node process.
      execArgv: [
        ...(profile ? ["-r", TIMER] : []),
        ...(process.env.BENCH_COLD_CPU_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_COLD_CPU_PROF}/${side}`]
          : []),
      ],
      env,
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`${side} child for ${tool.name} exited with ${code} before listening`));
      child.once("exit", onExit);
      child.once("error", reject);
      child.once("message", (m) => {
        child.off("exit", onExit);
        resolve(m as Ready);
      });
    });
    return new ColdChild(child, ready, spawnedAt);
  }

  url(): string {
    return `http://127.0.0.1:${this.ready.port}/`;
  }

  report(): Promise<Report> {
    return new Promise((resolve) => {
      this.child.once("message", (m) => resolve(m as Report));
      this.child.send({ type: "report" });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.send({ type: "exit" });
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

interface ColdRun {
  totalMs: number;
  loadedAt: number;
  readyAt: number;
  firstCallMs: number | null;
  ok: boolean;
  rss: number;
}

async function coldRun(
  ctx: BenchContext,
  tool: BenchTool,
  side: "product" | "bare",
  waves: ReadOp[][],
): Promise<ColdRun> {
  const c = await ColdChild.start(ctx, tool, side, waves);
  try {
    const r = await callable(c.url(), ctx.user.idToken, tool.input);
    const totalMs = performance.now() - c.spawnedAt;
    const rep = await c.report();
    const ok = side === "product" ? envelopeOk(r.status, r.body) : r.status === 200;
    return {
      totalMs,
      loadedAt: c.ready.loadedAt,
      readyAt: c.ready.readyAt,
      firstCallMs: rep.firstCallMs,
      ok,
      rss: rep.rss,
    };
  } finally {
    await c.stop();
  }
}

/**
 * Concurrent callers on one warm process, for its peak memory; the latencies are what one deployed
 * instance would answer at that concurrency (the emulator's one-worker-per-request model cannot
 * show that: see section 5).
 */
async function drive(
  url: string,
  ctx: BenchContext,
  input: unknown,
  callers: number,
  rounds: number,
): Promise<{ errors: number; ms: number[] }> {
  let errors = 0;
  const ms: number[] = [];
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      const user = ctx.loadUsers[i % ctx.loadUsers.length]!;
      for (let k = 0; k < rounds; k++) {
        try {
          const r = await callable(url, user.idToken, input);
          if (!envelopeOk(r.status, r.body)) errors++;
          else ms.push(r.ms);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { errors, ms };
}

const MEMORY_LIMIT: Record<string, number> = { "256MiB": 256 * 2 ** 20, "512MiB": 512 * 2 ** 20 };

export async function runColdStart(ctx: BenchContext, twins: Map<string, ReadOp[][]>): Promise<SectionResult> {
  const rows: Row[] = [];
  const s = "2 cold start";
  const target = ctx.tools.find((t) => t.name === (process.env.BENCH_COLD_TOOL ?? "get_job_status")) ?? ctx.tools[0]!;
  const waves = twins.get(target.name) ?? [];
  // 25 pairs: the median of 15 moved the ratio by several hundredths between runs here.
  const n = ctx.quick ? 3 : 25;

  // Ratio over N interleaved cold starts.
  const runs = { product: [] as ColdRun[], bare: [] as ColdRun[] };
  for (const pair of interleave(n, "product" as const, "bare" as const)) {
    for (const side of pair) runs[side].push(await coldRun(ctx, target, side, waves));
  }
  const productMs = runs.product.map((x) => x.totalMs);
  const bareMs = runs.bare.map((x) => x.totalMs);
  const p = median(productMs);
  const b = median(bareMs);
  const r = ratio(p, b);
  const failures = [...runs.product, ...runs.bare].filter((x) => !x.ok).length;
  const interval = bootstrapRatioInterval(productMs, bareMs, 50);
  rows.push(
    row(
      s,
      target.name,
      `first answer, median of ${n}`,
      `${fmtRatio(r)} (${fmtMs(p)} / ${fmtMs(b)}; ${fmtInterval(interval)}; paired ${fmtRatio(pairedMedianRatio(productMs, bareMs))})`,
      "<= 1.15",
      failures === 0 ? checkRatio(r, interval, 1.15) : "MISS",
    ),
  );
  const phase = (side: "product" | "bare") => {
    const rs = runs[side];
    return `listen ${fmtMs(median(rs.map((x) => x.readyAt)))}, first call ${fmtMs(median(rs.map((x) => x.firstCallMs ?? Number.NaN)))}`;
  };
  rows.push(row(s, target.name, "phases product / bare", `${phase("product")} / ${phase("bare")}`, "", "INFO"));

  // Where the time goes: one profiled run per side.
  const profiles: Record<string, unknown> = {};
  for (const side of ["product", "bare"] as const) {
    const c = await ColdChild.start(ctx, target, side, waves, true);
    try {
      await callable(c.url(), ctx.user.idToken, target.input);
      profiles[side] = (await c.report()).profile;
    } finally {
      await c.stop();
    }
  }
  rows.push(...profileRows(s, profiles));

  // Per tool: modules loaded by a serving process, and memory after cold start and under load.
  const perTool = [];
  for (const tool of ctx.tools) {
    const c = await ColdChild.start(ctx, tool, "product", []);
    try {
      const first = await callable(c.url(), ctx.user.idToken, tool.input);
      const afterCold = await c.report();
      // A per-function concurrency cap is one way to bound memory: the peak at 20 callers first
      // (the high-water mark only rises), then at the deployed default.
      const capped = 20;
      const cappedRun = await drive(c.url(), ctx, tool.input, capped, ctx.quick ? 2 : 5);
      const cappedErrors = cappedRun.errors;
      const afterCapped = await c.report();
      // 80: the concurrency firebase-tools deploys a 2nd-gen function with at 256MiB (1 vCPU by
      // default for gen 2, and concurrency 80 whenever cpu >= 1), i.e. what one instance may hold.
      const callers = 80;
      const rounds = ctx.quick ? 2 : 5;
      const loadRun = await drive(c.url(), ctx, tool.input, callers, rounds);
      const loadErrors = loadRun.errors;
      const lat = loadRun.ms.length ? summarize(loadRun.ms) : null;
      const afterLoad = await c.report();
      const limit = MEMORY_LIMIT[tool.memory] ?? Number.NaN;
      const own = afterLoad.modules.tools.length === 1 && afterLoad.modules.tools[0] === tool.name;
      const lazy = ["@google-cloud/firestore", "@grpc/grpc-js", "google-gax", "@google-cloud/logging"].filter((m) =>
        c.ready.modules.heavy.includes(m),
      );
      perTool.push({
        tool: tool.name,
        latencyAt80: lat,
        latencyAt20: cappedRun.ms.length ? summarize(cappedRun.ms) : null,
        peakRssAt20: afterCapped.maxRss,
        errorsAt20: cappedErrors,
        firstOk: envelopeOk(first.status, first.body),
        atListen: c.ready.modules,
        afterCall: afterCold.modules,
        rssAfterCold: afterCold.rss,
        peakRss: afterLoad.maxRss,
        heapAfterLoad: afterLoad.heapUsed,
        loadCalls: callers * rounds,
        loadErrors,
        limit,
      });
      rows.push(
        row(
          s,
          tool.name,
          `one process, ${callers} callers: p50/p95/p99`,
          lat
            ? `${fmtMs(lat.p50)} / ${fmtMs(lat.p95)} / ${fmtMs(lat.p99)}; ${loadErrors} errors of ${callers * rounds}`
            : "no successes",
          "0 errors",
          check(loadErrors === 0),
        ),
      );
      rows.push(
        row(
          s,
          tool.name,
          "tool modules loaded",
          `${afterLoad.modules.tools.join(", ")} (${afterLoad.modules.tools.length} of ${ctx.tools.length})`,
          "only its own",
          check(own),
        ),
      );
      rows.push(
        row(
          s,
          tool.name,
          "SDKs loaded before 1st call",
          c.ready.modules.heavy.join(", ") || "none",
          "no Firestore/gRPC/logging",
          check(lazy.length === 0),
        ),
      );
      rows.push(
        row(
          s,
          tool.name,
          "RSS cold / peak at 20 / at 80 callers",
          `${fmtMiB(afterCold.rss)} / ${fmtMiB(afterCapped.maxRss)} / ${fmtMiB(afterLoad.maxRss)} of ${tool.memory} (${loadErrors + cappedErrors} errors)`,
          "peak <= 75% of memory",
          check(afterLoad.maxRss <= limit * 0.75 && loadErrors === 0),
        ),
      );
    } finally {
      await c.stop();
    }
  }
  return { rows, details: { tool: target.name, n, runs, profiles, perTool } };
}

interface Profile {
  totalSelfMs: { load: number; call: number };
  byPackage: { phase: string; module: string; selfMs: number; files: number }[];
  topRequires: { phase: string; from: string; request: string; inclusiveMs: number }[];
}

function profileRows(s: string, profiles: Record<string, unknown>): Row[] {
  const rows: Row[] = [];
  for (const [side, raw] of Object.entries(profiles)) {
    const p = raw as Profile | null;
    if (!p) continue;
    const top = (phase: string) =>
      p.byPackage
        .filter((x) => x.phase === phase)
        .slice(0, 5)
        .map((x) => `${x.module} ${Math.round(x.selfMs)}`)
        .join(", ");
    rows.push(
      row(
        s,
        side,
        "module time at load (ms, self)",
        `total ${Math.round(p.totalSelfMs.load)}: ${top("load")}`,
        "",
        "INFO",
      ),
    );
    rows.push(
      row(
        s,
        side,
        "module time in 1st call (ms, self)",
        `total ${Math.round(p.totalSelfMs.call)}: ${top("call")}`,
        "",
        "INFO",
      ),
    );
    // The require statements that cost most, with everything they pulled in (inclusive).
    const requires = p.topRequires
      .filter((r) => r.from !== "(entry)")
      .slice(0, 4)
      .map(
        (r) =>
          `${r.from.replace(/^functions\/lib\//, "")} -> ${r.request} ${Math.round(r.inclusiveMs)}${r.phase === "call" ? " (1st call)" : ""}`,
      )
      .join(", ");
    rows.push(row(s, side, "costliest requires (ms, inclusive)", requires, "", "INFO"));
  }
  return rows;
}
