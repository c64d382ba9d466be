import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { genkit, type Genkit, type ModelArgument } from "genkit";
import { signInWithPassword } from "../../nova/src/client";
import {
  defineScriptModel,
  NovaModelError,
  runNova,
  type InvocationOutcome,
  type InvocationReport,
  type NovaResult,
  type ScriptRunner,
} from "../../nova/src/runtime";
import type { FaultMode } from "../../test/emulator/faults/proxy";
import type { GeminiWire, WireProvider } from "../../test/support/gemini-wire/server";

export const SCENARIO_DIR = resolve(__dirname, "..", "..", "eval", "scenarios");

/** An invocation's outcome as its report states it; `error`: no answer could be had (ask: exit 2). */
export type Outcome = InvocationOutcome;

/**
 * How a scenario's script reaches the runtime: as a Genkit script model, or through the real Gemini
 * plugin (`provider`, `model`) against the Gemini wire double, which answers from the same script.
 */
export type Transport =
  { kind: "script" } | { kind: "gemini-wire"; wire: GeminiWire; provider: WireProvider; model: string };

export const SCRIPT_TRANSPORT: Transport = { kind: "script" };

/**
 * A Genkit instance and model answered by `runner` on a transport: the script model defined on a
 * fresh instance, or the real plugin against the wire double. The one way the eval, the attack
 * matrix and the runtime tests reach a model.
 */
export async function modelOn(
  transport: Transport,
  runner: ScriptRunner,
  name?: string,
): Promise<{ ai: Genkit; model: ModelArgument }> {
  if (transport.kind === "gemini-wire") return transport.wire.model(runner, transport.provider, transport.model);
  const ai = genkit({});
  return { ai, model: defineScriptModel(ai, runner, name) };
}

export function transportName(t: Transport): string {
  return t.kind === "script" ? "script model" : `gemini-wire ${t.provider}/${t.model}`;
}

/** A scenario file: its script model (default export) and what it is about (`scenario`). */
export interface Scenario {
  name: string;
  description: string;
  as: string;
  question: string;
  /** A Firestore fault for the whole invocation (fault proxy between Functions and Firestore). */
  fault?: FaultMode;
  expect: { outcome: Outcome; violations?: string[]; errors?: string[]; refusedAtLeast?: number; calls?: number };
}

export interface LoadedScenario {
  file: string;
  scenario: Scenario;
  runner: ScriptRunner;
}

export async function loadScenarios(dir = SCENARIO_DIR, only?: readonly string[]): Promise<LoadedScenario[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .sort();
  const out: LoadedScenario[] = [];
  for (const f of files) {
    const file = join(dir, f);
    const mod = (await import(pathToFileURL(file).href)) as { default: ScriptRunner; scenario: Scenario };
    if (only && !only.includes(mod.scenario.name)) continue;
    out.push({ file, scenario: mod.scenario, runner: mod.default });
  }
  return out;
}

export interface RunEnv {
  functionsUrl: string;
  authHost: string;
  /** Switches the Firestore fault; absent when the suite runs without the proxy. */
  setFault?: (mode: FaultMode) => void;
  fetch?: typeof fetch;
  /** Default: the script model. */
  transport?: Transport;
}

/** One run of a scenario and what the scorecard needs from it. */
export interface ScenarioRun {
  name: string;
  outcome: Outcome;
  attempts: number;
  refused: number;
  /** Refused calls of a tool outside the loaded skill: another skill's, an unknown one, or any before the load. */
  outOfSkill: number;
  violationsSeen: string[];
  /** Whether the run met the scenario's expectations (script) or was accepted (real model). */
  pass: boolean;
  problems: string[];
  /** Null when the invocation ended with a model error. */
  result: NovaResult | null;
  /** The model error's message when there was one (ours: short, no provider text). */
  error: string | null;
  report: InvocationReport;
  ms: number;
}

/**
 * Runs one scenario on the emulators: its own script model, or `model` (a real model answering the
 * same question as the same user, judged only on the outcome).
 */
export async function runScenario(
  s: LoadedScenario,
  env: RunEnv,
  model?: { ai: Genkit; model: ModelArgument },
): Promise<ScenarioRun> {
  const t0 = performance.now();
  const transport = env.transport ?? SCRIPT_TRANSPORT;
  const { ai, model: modelArg } = model ?? (await modelOn(transport, s.runner, s.scenario.name));
  const refusedBefore = transport.kind === "gemini-wire" ? transport.wire.refusals.length : 0;
  const user = await signInWithPassword(s.scenario.as, { authHost: env.authHost, fetch: env.fetch });
  let report: InvocationReport | undefined;
  if (s.scenario.fault) {
    if (!env.setFault) throw new Error(`${s.scenario.name} needs the Firestore fault proxy`);
    env.setFault(s.scenario.fault);
  }
  let result: NovaResult | null = null;
  let error: string | null = null;
  try {
    result = await runNova(ai, {
      question: s.scenario.question,
      model: modelArg,
      idToken: user.idToken,
      functionsUrl: env.functionsUrl,
      ...(env.fetch ? { fetch: env.fetch } : {}),
      onFinish: (r) => (report = r),
    });
  } catch (err) {
    if (!(err instanceof NovaModelError)) throw err;
    error = err.message;
  } finally {
    if (s.scenario.fault) env.setFault!("pass");
  }
  const outcome = report!.outcome;
  const rules = new Set<string>();
  for (const violations of report!.rejected) for (const v of violations) rules.add(v.rule);
  const outOfSkill = report!.refusals.filter((r) =>
    /outside skill|no skill is loaded|unknown tool/.test(r.reason),
  ).length;
  const problems = model
    ? outcome === "accepted_first" || outcome === "accepted_after_reask"
      ? []
      : [outcome === "error" ? `model error: ${error}` : "fell back"]
    : expectationProblems(s.scenario, result, report!, outcome, [...rules]);
  if (result && !result.validation.valid)
    problems.push(`the printed answer does not validate: ${JSON.stringify(result.validation.violations)}`);
  if (transport.kind === "gemini-wire")
    for (const r of transport.wire.refusals.slice(refusedBefore))
      problems.push(`the wire double refused a request (${r.rule}: ${r.detail}; ${r.doc})`);
  return {
    name: s.scenario.name,
    outcome,
    attempts: report!.attempts,
    refused: report!.refusals.length,
    outOfSkill,
    violationsSeen: [...rules].sort(),
    pass: problems.length === 0,
    problems,
    result,
    error,
    report: report!,
    ms: performance.now() - t0,
  };
}

function expectationProblems(
  s: Scenario,
  result: NovaResult | null,
  report: InvocationReport,
  outcome: Outcome,
  rules: string[],
): string[] {
  const problems: string[] = [];
  const e = s.expect;
  if (outcome !== e.outcome) problems.push(`outcome ${outcome}, expected ${e.outcome}`);
  if (!result) return problems;
  for (const rule of e.violations ?? []) if (!rules.includes(rule)) problems.push(`expected a re-ask for ${rule}`);
  if (!e.violations && rules.length) problems.push(`unexpected violations: ${rules.join(", ")}`);
  const codes: string[] = result.ledger.calls.flatMap((c) => (c.envelope.error ? [c.envelope.error.code] : []));
  for (const code of e.errors ?? []) if (!codes.includes(code)) problems.push(`expected the ledger to hold ${code}`);
  for (const code of e.errors ?? []) {
    if (code.startsWith("INVALID_")) continue;
    const reported = result.answer.claims.some((c) => c.type === "tool_error" && c.error.code === code);
    if (!reported) problems.push(`${code} is not reported as a tool_error claim`);
  }
  if (report.refusals.length < (e.refusedAtLeast ?? 0))
    problems.push(`expected at least ${e.refusedAtLeast} refused call(s), got ${report.refusals.length}`);
  if (e.calls !== undefined && result.ledger.calls.length !== e.calls)
    problems.push(`expected ${e.calls} recorded calls, got ${result.ledger.calls.length}`);
  return problems;
}
