import { genkit } from "genkit";
// The shipped build (nova/lib, as `nova-tools ask` and a Genkit app run it), which the bench builds first.
import { defineScriptModel, runNova, signInWithPassword, type InvocationStats } from "nova-tools";
import { loadScenarios } from "../scripts/eval/scenarios";
import type { BenchContext, SectionResult } from "./context";
import { check, fmtMs, fmtRatio, median, row, type Row } from "./stats";

/** The runtime's own work must stay under this share of the invocation's tool-call time. */
export const RUNTIME_SHARE_TARGET = 0.05;
const SCENARIOS = [
  "trend_scan",
  "signal_watch",
  "engagement_insights",
  "posting_schedule",
  "job_status",
  "prompt_injection",
  "marker_echo",
];

/**
 * Section 7: Nova's runtime on Genkit, per invocation, with the scripted scenarios of npm run eval
 * (their script models answer at once, so the model's time is nearly nil). The runtime's own work
 * (declarations and tool actions, marking, refusals and retry checks, ledger snapshots, validation,
 * re-ask and fallback) against the same invocation's tool-call time, both timed inside one run.
 */
export async function runRuntime(ctx: BenchContext): Promise<SectionResult> {
  const runs = ctx.quick ? 2 : 12;
  const functionsUrl = `127.0.0.1:${ctx.ports.functions}`;
  const authHost = `127.0.0.1:${ctx.ports.auth}`;
  const rows: Row[] = [];
  const details: { scenario: string; stats: InvocationStats[]; totalMs: number[] }[] = [];
  const allShares: number[] = [];
  for (const s of await loadScenarios(undefined, SCENARIOS)) {
    const user = await signInWithPassword(s.scenario.as, { authHost });
    const stats: InvocationStats[] = [];
    const totals: number[] = [];
    // One Genkit instance per scenario, as an app keeps one for all its invocations. One warm-up
    // invocation: the first declares Nova's tools on it and warms the emulator's workers.
    const ai = genkit({});
    const model = defineScriptModel(ai, s.runner, s.scenario.name);
    for (let k = -1; k < runs; k++) {
      await runNova(ai, {
        question: s.scenario.question,
        model,
        idToken: user.idToken,
        functionsUrl,
        onFinish: (r) => {
          if (k < 0) return;
          stats.push(r.stats);
          totals.push(r.totalMs);
        },
      });
    }
    const shares = stats.map((st) => st.runtimeMs / st.toolMs);
    allShares.push(...shares);
    const share = median(shares);
    const own = median(stats.map((st) => st.runtimeMs));
    const tools = median(stats.map((st) => st.toolMs));
    const validation = median(stats.map((st) => st.validationMs));
    const loop = median(stats.map((st, i) => totals[i]! - st.runtimeMs - st.toolMs - st.modelMs));
    rows.push(
      row(
        "7 nova runtime",
        s.scenario.name,
        "runtime's own work / tool-call time",
        `${fmtRatio(share)} (${fmtMs(own)} / ${fmtMs(tools)}; ${stats[0]?.toolCalls ?? 0} calls, ${runs} runs)`,
        `< ${RUNTIME_SHARE_TARGET}`,
        check(share < RUNTIME_SHARE_TARGET),
      ),
      row(
        "7 nova runtime",
        s.scenario.name,
        "of the runtime's work: answer validation",
        `${fmtMs(validation)} (${fmtRatio(validation / own)} of it: the validator with its NLP pass, every answer)`,
      ),
      row(
        "7 nova runtime",
        s.scenario.name,
        "Genkit's loop besides (per invocation)",
        `${fmtMs(loop)} (model ${fmtMs(median(stats.map((st) => st.modelMs)))})`,
      ),
    );
    details.push({ scenario: s.scenario.name, stats, totalMs: totals });
  }
  const all = median(allShares);
  rows.push(
    row(
      "7 nova runtime",
      "all scenarios",
      "runtime's own work / tool-call time",
      `${fmtRatio(all)} (median of ${allShares.length} invocations)`,
      `< ${RUNTIME_SHARE_TARGET}`,
      check(all < RUNTIME_SHARE_TARGET),
    ),
  );
  return { rows, details };
}
