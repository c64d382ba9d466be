import { genkitFor, parseModelChoice } from "../../nova/src/runtime";
import {
  loadScenarios,
  runScenario,
  transportName,
  SCRIPT_TRANSPORT,
  type Outcome,
  type RunEnv,
  type ScenarioRun,
} from "./scenarios";

export interface EvalOptions {
  /** A Genkit model for every scenario (script:PATH, googleai/..., vertexai/...); default: each scenario's own script. */
  model?: string;
  repeat?: number;
  only?: readonly string[];
}

export interface ScenarioScore {
  name: string;
  runs: ScenarioRun[];
  counts: Record<Outcome, number>;
  refused: number;
  outOfSkill: number;
  violationsSeen: string[];
  passes: number;
  /** 1 when every one of the K runs passed (pass^K), else 0. */
  passAllK: number;
}

export interface Scorecard {
  mode: "scripts" | "model";
  model: string | null;
  /** How the scenarios' scripts reached the runtime (script model, or the Gemini wire double). */
  transport: string;
  repeat: number;
  scenarios: ScenarioScore[];
  skipped: string[];
  /** Mean of pass^K over the scenarios. */
  passK: number;
  ms: number;
}

/** Runs the scenarios on running emulators and scores them. Fault scenarios need env.setFault. */
export async function runEval(env: RunEnv, opts: EvalOptions = {}): Promise<Scorecard> {
  const t0 = performance.now();
  const repeat = opts.repeat ?? 1;
  if (!Number.isInteger(repeat) || repeat < 1)
    throw new RangeError(`--repeat must be a positive integer, got ${repeat}`);
  const loaded = await loadScenarios(undefined, opts.only);
  const choice = opts.model ? parseModelChoice(opts.model) : null;
  const skipped = env.setFault ? [] : loaded.filter((s) => s.scenario.fault).map((s) => s.scenario.name);
  const scores: ScenarioScore[] = [];
  for (const s of loaded) {
    if (skipped.includes(s.scenario.name)) continue;
    const runs: ScenarioRun[] = [];
    for (let k = 0; k < repeat; k++) runs.push(await runScenario(s, env, choice ? await genkitFor(choice) : undefined));
    const counts: Record<Outcome, number> = { accepted_first: 0, accepted_after_reask: 0, fallback: 0, error: 0 };
    for (const r of runs) counts[r.outcome]++;
    const passes = runs.filter((r) => r.pass).length;
    scores.push({
      name: s.scenario.name,
      runs,
      counts,
      refused: runs.reduce((n, r) => n + r.refused, 0),
      outOfSkill: runs.reduce((n, r) => n + r.outOfSkill, 0),
      violationsSeen: [...new Set(runs.flatMap((r) => r.violationsSeen))].sort(),
      passes,
      passAllK: passes === repeat ? 1 : 0,
    });
  }
  const passK = scores.length ? scores.reduce((n, s) => n + s.passAllK, 0) / scores.length : 0;
  return {
    mode: choice ? "model" : "scripts",
    model: opts.model ?? null,
    transport: transportName(env.transport ?? SCRIPT_TRANSPORT),
    repeat,
    scenarios: scores,
    skipped,
    passK,
    ms: performance.now() - t0,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export function formatScorecard(card: Scorecard): string {
  const head =
    card.mode === "scripts"
      ? `Nova eval: scripted scenarios on the emulators, through the ${card.transport}`
      : `Nova eval: ${card.model}, ${card.repeat} run(s) per scenario`;
  const rows = [
    [
      "scenario",
      "accepted first",
      "after re-ask",
      "fallback",
      "model error",
      "refused calls",
      "out of skill",
      "violations seen",
      "pass",
    ],
  ];
  for (const s of card.scenarios) {
    rows.push([
      s.name,
      String(s.counts.accepted_first),
      String(s.counts.accepted_after_reask),
      String(s.counts.fallback),
      String(s.counts.error),
      String(s.refused),
      String(s.outOfSkill),
      s.violationsSeen.join(", ") || "-",
      `${s.passes}/${s.runs.length}`,
    ]);
  }
  const problems = card.scenarios.flatMap((s) =>
    s.runs.flatMap((r, k) => r.problems.map((p) => `  ${s.name} run ${k + 1}: ${p}`)),
  );
  const n = card.scenarios.reduce((acc, s) => acc + s.runs.length, 0) || 1;
  const rate = (o: Outcome) => `${((100 * card.scenarios.reduce((acc, s) => acc + s.counts[o], 0)) / n).toFixed(0)}%`;
  return [
    head,
    "",
    table(rows),
    "",
    `accepted first ${rate("accepted_first")}, after re-ask ${rate("accepted_after_reask")}, fallback ${rate("fallback")}, model error ${rate("error")}; ` +
      `attempted calls outside the skill: ${card.scenarios.reduce((acc, s) => acc + s.outOfSkill, 0)}; pass^${card.repeat}: ${card.passK.toFixed(2)}; ${(card.ms / 1000).toFixed(1)} s`,
    ...(card.skipped.length ? [`skipped (need the fault proxy): ${card.skipped.join(", ")}`] : []),
    ...(problems.length ? ["", "problems:", ...problems] : []),
    "",
  ].join("\n");
}
