import { genkit, type Genkit, type ModelArgument } from "genkit";
// The shipped build (nova/lib, as `nova-tools ask` and a Genkit app run it), which the bench builds first.
import { defineScriptModel, runNova, signInWithPassword, type InvocationStats } from "nova-tools";
import { loadScenarios, type LoadedScenario } from "../scripts/eval/scenarios";
import { GeminiWire } from "../test/support/gemini-wire/server";
import type { BenchContext, SectionResult } from "./context";
import { check, fmtMs, fmtRatio, median, row, type Row } from "./stats";

/** The runtime's own work must stay under this share of tool-call time over the invocation mix... */
export const RUNTIME_SHARE_TARGET = 0.05;
/** ...and under this share in every scenario. */
export const RUNTIME_SCENARIO_TARGET = 0.1;
/** The scenarios that make tool calls (a share of no tool time means nothing), model-side faults included. */
const SCENARIOS = [
  "trend_scan",
  "signal_watch",
  "engagement_insights",
  "posting_schedule",
  "job_status",
  "prompt_injection",
  "marker_echo",
  "structured_output",
  "undeclared_tool",
  "finish_max_tokens",
  "no_candidate",
];

/** Where a scenario's script answers: as a script model, or through the real Gemini plugin and the wire double. */
type BenchTransport = "script" | "gemini-wire";
const WIRE_MODEL = "gemini-2.5-flash";

/**
 * Section 7: Nova's runtime on Genkit, per invocation, with the scripted scenarios of npm run eval
 * on both transports (a script model, and googleai/gemini-2.5-flash through the real plugin against
 * the Gemini wire double; the scripts answer at once, so the model's time is the transport's own).
 * The runtime's own work (declarations and tool actions, the provider's declarations, marking,
 * refusals and retry checks, ledger snapshots, validation, re-ask and fallback) against the same
 * invocation's tool-call time, both timed inside one run by the session's timing hook.
 */
export async function runRuntime(ctx: BenchContext): Promise<SectionResult> {
  const runs = ctx.quick ? 2 : 12;
  const functionsUrl = `127.0.0.1:${ctx.ports.functions}`;
  const authHost = `127.0.0.1:${ctx.ports.auth}`;
  const rows: Row[] = [];
  const details: { transport: BenchTransport; scenario: string; stats: InvocationStats[]; totalMs: number[] }[] = [];
  const scenarios = await loadScenarios(undefined, SCENARIOS);
  const wire = await new GeminiWire().start();
  try {
    for (const transport of ["script", "gemini-wire"] as const) {
      const label = transport === "script" ? "script model" : `gemini-wire googleai/${WIRE_MODEL}`;
      let runtimeSum = 0;
      let toolSum = 0;
      const mixShares: number[] = [];
      for (const s of scenarios) {
        const user = await signInWithPassword(s.scenario.as, { authHost });
        const stats: InvocationStats[] = [];
        const totals: number[] = [];
        // One Genkit instance per scenario, as an app keeps one for all its invocations. One warm-up
        // invocation: the first declares Nova's tools on it and warms the emulator's workers.
        const { ai, model } = await modelFor(transport, s, wire);
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
        runtimeSum += stats.reduce((n, st) => n + st.runtimeMs, 0);
        toolSum += stats.reduce((n, st) => n + st.toolMs, 0);
        const shares = stats.map((st) => st.runtimeMs / st.toolMs);
        mixShares.push(...shares);
        const share = median(shares);
        const own = median(stats.map((st) => st.runtimeMs));
        const tools = median(stats.map((st) => st.toolMs));
        const validation = median(stats.map((st) => st.validationMs));
        const loop = median(stats.map((st, i) => totals[i]! - st.runtimeMs - st.toolMs - st.modelMs));
        const where = `${s.scenario.name} (${label})`;
        rows.push(
          row(
            "7 nova runtime",
            where,
            "runtime's own work / tool-call time",
            `${fmtRatio(share)} (${fmtMs(own)} / ${fmtMs(tools)}; ${stats[0]?.toolCalls ?? 0} calls, ${runs} runs)`,
            `< ${RUNTIME_SCENARIO_TARGET}`,
            check(share < RUNTIME_SCENARIO_TARGET),
          ),
          row(
            "7 nova runtime",
            where,
            "of the runtime's work: answer validation",
            `${fmtMs(validation)} (${fmtRatio(validation / own)} of it: the validator with its NLP pass, every answer)`,
          ),
          row(
            "7 nova runtime",
            where,
            "Genkit's loop besides (per invocation)",
            `${fmtMs(loop)} (model ${fmtMs(median(stats.map((st) => st.modelMs)))})`,
          ),
        );
        details.push({ transport, scenario: s.scenario.name, stats, totalMs: totals });
      }
      // Over the mix: the median invocation's share (as the per-scenario rows), and the ratio of the
      // sums beside it (a shared machine's pauses land in whichever stopwatch is running).
      const mix = median(mixShares);
      rows.push(
        row(
          "7 nova runtime",
          `the mix (${label})`,
          "runtime's own work / tool-call time",
          `${fmtRatio(mix)} (median of ${mixShares.length} invocations)`,
          `< ${RUNTIME_SHARE_TARGET}`,
          check(mix < RUNTIME_SHARE_TARGET),
        ),
        row(
          "7 nova runtime",
          `the mix (${label})`,
          "total runtime work / total tool-call time",
          `${fmtRatio(runtimeSum / toolSum)} (${fmtMs(runtimeSum)} / ${fmtMs(toolSum)})`,
        ),
      );
    }
  } finally {
    await wire.stop();
  }
  return { rows, details };
}

async function modelFor(
  transport: BenchTransport,
  s: LoadedScenario,
  wire: GeminiWire,
): Promise<{ ai: Genkit; model: ModelArgument }> {
  if (transport === "gemini-wire") return wire.model(s.runner, "googleai", WIRE_MODEL);
  const ai = genkit({});
  return { ai, model: defineScriptModel(ai, s.runner, s.scenario.name) };
}
