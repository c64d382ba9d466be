import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ID, REPO, callable, envelopeOk, type BenchContext, type SectionResult } from "./context";
import { check, fmtMs, row, summarize, type Row, type Summary } from "./stats";

/**
 * Section 5: end to end through the Functions emulator, callable protocol over plain fetch with
 * Auth-emulator ID tokens, at 1, 10 and 50 concurrent callers.
 *
 * The one caller of level 1 cycles through every tool. At 10 and 50, caller i calls tool
 * i mod (number of tools), so the callers are spread over the tools (50 callers: 8-9 on each), as
 * Nova's traffic mixes them. The reason is the emulator: it starts one worker process per concurrent
 * request per function and keeps it, so 50 callers on each of six functions in turn would hold ~300
 * Node processes (~130 MiB each) on this machine. Each level starts with unrecorded warm-up rounds
 * that start that level's workers (cold starts are section 2's subject), ramping the callers up;
 * their errors are counted and reported on their own row.
 */
const LEVELS = [1, 10, 50] as const;
const RAMP_STEP = 10;
const MAX_FULL_ROUNDS = 5;

interface ToolLevel {
  summary: Summary | null;
  errors: number;
  calls: number;
  errorKinds: Record<string, number>;
}

/** Why a call failed, in a word, for the details (never the body: it is not ours to log). */
function errorKind(status: number, body: unknown): string {
  if (status !== 200) return `http_${status}`;
  const code = (body as { result?: { error?: { code?: string } } } | null)?.result?.error?.code;
  return code ?? "no_envelope";
}

/**
 * Worker processes the Functions emulator has started so far (from its debug log, which
 * firebase-tools writes in the directory it runs in): starts during the recorded calls mean those
 * calls include emulator cold starts. null when the log is not there to read.
 */
function workersStarted(): number | null {
  const log = join(REPO, "firebase-debug.log");
  if (!existsSync(log)) return null;
  return (readFileSync(log, "utf8").match(/\[worker-pool\] Adding worker with key /g) ?? []).length;
}

export async function runLoad(ctx: BenchContext): Promise<SectionResult> {
  const s = "5 load";
  const rows: Row[] = [];
  const base = `http://127.0.0.1:${ctx.ports.functions}/${PROJECT_ID}/us-central1`;
  const tools = ctx.tools;
  const levels = [];
  for (const callers of LEVELS) {
    // Calls per caller: enough for a p99 per tool at each level within the run's time budget.
    const perCaller = ctx.quick ? 2 : callers === 1 ? 25 * tools.length : callers === 10 ? 30 : 10;
    const samples = new Map(tools.map((t) => [t.name, [] as number[]]));
    const kinds = new Map(tools.map((t) => [t.name, {} as Record<string, number>]));
    const warmupKinds: Record<string, number> = {};
    const toolFor = (i: number, k: number) => tools[callers === 1 ? k % tools.length : i % tools.length]!;
    const oneCaller = async (i: number, calls: number, record: boolean) => {
      const user = ctx.loadUsers[i % ctx.loadUsers.length]!;
      for (let k = 0; k < calls; k++) {
        const tool = toolFor(i, k);
        let kind: string | null;
        let ms = Number.NaN;
        try {
          const r = await callable(`${base}/${tool.name}`, user.idToken, tool.input);
          kind = envelopeOk(r.status, r.body) ? null : errorKind(r.status, r.body);
          ms = r.ms;
        } catch (err) {
          kind = err instanceof Error && err.name === "TimeoutError" ? "client_timeout" : "network";
        }
        const into = record ? kinds.get(tool.name)! : warmupKinds;
        if (kind) into[kind] = (into[kind] ?? 0) + 1;
        if (record) samples.get(tool.name)!.push(kind ? Number.NaN : ms);
      }
    };
    // Warm-up, unrecorded: one call per caller per round. The emulator starts a worker process
    // whenever a request finds none idle, and fails a request whose worker is not up within 30 s; 50
    // workers starting at once on 2 vCPUs miss that, and every failure starts another. So the
    // callers join RAMP_STEP at a time (as an autoscaled service ramps), then full rounds repeat
    // until one starts no worker (at most MAX_FULL_ROUNDS).
    const warmCalls = callers === 1 ? tools.length : 1;
    let warmupRounds = 0;
    let warmupCalls = 0;
    const warmupRound = async (active: number) => {
      await Promise.all(Array.from({ length: active }, (_, i) => oneCaller(i, warmCalls, false)));
      warmupRounds++;
      warmupCalls += active * warmCalls;
    };
    for (let active = RAMP_STEP; active < callers; active += RAMP_STEP) await warmupRound(active);
    for (let full = 0; full < MAX_FULL_ROUNDS; full++) {
      const before = workersStarted();
      await warmupRound(callers);
      const after = workersStarted();
      if (before === null || after === null || after === before) break;
    }
    const workersBefore = workersStarted();
    const started = performance.now();
    await Promise.all(Array.from({ length: callers }, (_, i) => oneCaller(i, perCaller, true)));
    const wallS = (performance.now() - started) / 1000;
    const workersAfter = workersStarted();
    const spawned = workersBefore === null || workersAfter === null ? null : workersAfter - workersBefore;
    const perTool: Record<string, ToolLevel> = {};
    for (const t of tools) {
      const v = samples.get(t.name)!;
      const ok = v.filter((x) => Number.isFinite(x));
      const errors = v.length - ok.length;
      perTool[t.name] = {
        summary: ok.length ? summarize(ok) : null,
        errors,
        calls: v.length,
        errorKinds: kinds.get(t.name)!,
      };
      const sm = perTool[t.name]!.summary;
      const kindText = errors
        ? ` (${Object.entries(kinds.get(t.name)!)
            .map(([k, n]) => `${k} ${n}`)
            .join(", ")})`
        : "";
      rows.push(
        row(
          s,
          t.name,
          `${callers} caller${callers > 1 ? "s" : ""}: p50/p95/p99, errors`,
          `${sm ? `${fmtMs(sm.p50)} / ${fmtMs(sm.p95)} / ${fmtMs(sm.p99)}` : "no successes"}; ${errors} errors of ${v.length}${kindText}`,
          "0 errors",
          check(errors === 0 && v.length > 0),
        ),
      );
    }
    const warmupErrors = Object.values(warmupKinds).reduce((a, b) => a + b, 0);
    const total = tools.reduce((n, t) => n + samples.get(t.name)!.length, 0);
    rows.push(
      row(
        s,
        "all tools",
        `${callers} caller${callers > 1 ? "s" : ""}: throughput, warm-up`,
        `${(total / wallS).toFixed(0)} calls/s; emulator workers started during recorded calls: ${spawned ?? "n/a"}; warm-up ${warmupRounds} round${warmupRounds > 1 ? "s" : ""}, ${warmupErrors} errors of ${warmupCalls}${
          warmupErrors
            ? ` (${Object.entries(warmupKinds)
                .map(([k, n]) => `${k} ${n}`)
                .join(", ")})`
            : ""
        }`,
        "0 errors",
        check(warmupErrors === 0),
      ),
    );
    levels.push({
      callers,
      perCaller,
      wallS,
      warmupRounds,
      workersTotal: workersAfter,
      workersStartedWhileRecording: spawned,
      warmupKinds,
      perTool,
    });
  }
  return { rows, details: { levels } };
}
