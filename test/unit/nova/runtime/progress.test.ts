import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ProgressEventSchema,
  quietGenkitLogs,
  runNova,
  type InvocationReport,
  type ProgressEvent,
  type ProgressHook,
  type ScriptRunner,
} from "../../../../nova/src/runtime";
import { loadScenarios, modelOn, SCRIPT_TRANSPORT, type Transport } from "../../../../scripts/eval/scenarios";
import { GeminiWire } from "../../../support/gemini-wire/server";
import { startFakeServer, type FakeServer } from "../fake-server";
import { errorEnvelope, signals } from "../fixtures";
// @ts-expect-error: a plain JS module (the helpers script models use)
import { read } from "../../../../eval/script.mjs";

/**
 * runNova's progress hook, through Genkit's real loop: with the scenario scripts as script models
 * and, through the real googleAI plugin, against the Gemini wire double. The tools are a local
 * callable-protocol server (fake-server.ts) answering with contract envelopes. What proves that the
 * events are live, not a summary at the end: every model request the script sees is checked
 * against the events the caller already holds at that moment.
 */
const wire = new GeminiWire(0);
let tools: FakeServer;
quietGenkitLogs();
beforeAll(async () => {
  await wire.start();
  tools = await startFakeServer();
  tools.responses.set("get_job_status", JSON.stringify({ result: errorEnvelope("NOT_FOUND") }));
  tools.responses.set("fetch_trend_signals", JSON.stringify({ result: signals(2).envelope }));
});
afterAll(async () => {
  await wire.stop();
  await tools.close();
});
afterEach(() => expect(wire.takeRefusals()).toEqual([]));

let scenarios: Map<string, ScriptRunner>;
beforeAll(async () => {
  scenarios = new Map((await loadScenarios()).map((s) => [s.scenario.name, s.runner] as const));
});
/** A scenario's script, read when the test runs (the scenarios load in beforeAll). */
const scenario =
  (name: string): ScriptRunner =>
  (req) => {
    const runner = scenarios.get(name);
    if (!runner) throw new Error(`no scenario ${name}`);
    return runner(req);
  };

const TRANSPORTS: [string, Transport][] = [
  ["a script model", SCRIPT_TRANSPORT],
  [
    "googleai/gemini-2.5-flash on the wire double",
    { kind: "gemini-wire", wire, provider: "googleai", model: "gemini-2.5-flash" },
  ],
  [
    "googleai/gemini-3-flash-preview on the wire double",
    { kind: "gemini-wire", wire, provider: "googleai", model: "gemini-3-flash-preview" },
  ],
];

/** What the model had been told, and what the caller held, at each model request. */
interface Seen {
  reasks: number;
  envelopes: number;
  held: ProgressEvent[];
}

async function invoke(transport: Transport, runner: ScriptRunner, hook?: ProgressHook) {
  const events: (ProgressEvent & { late: boolean })[] = [];
  const seen: Seen[] = [];
  let settled = false;
  const watched: ScriptRunner = (req) => {
    const s = read(req);
    const envelopes = s.responses.filter(
      (r: { output?: unknown }) => typeof r.output === "object" && r.output !== null && "status" in r.output,
    ).length;
    seen.push({ reasks: s.reasks, envelopes, held: events.map(({ late: _late, ...e }) => e as ProgressEvent) });
    return runner(req);
  };
  const { ai, model } = await modelOn(transport, watched);
  let report: InvocationReport | undefined;
  const result = await runNova(ai, {
    question: "q",
    model,
    idToken: "tok",
    functionsUrl: tools.host,
    onFinish: (r) => (report = r),
    onProgress:
      hook ??
      ((e) => {
        events.push({ ...ProgressEventSchema.parse(e), late: settled });
      }),
  }).finally(() => (settled = true));
  return { result, report: report!, events: events.map(({ late, ...e }) => (expect(late).toBe(false), e)), seen };
}

/** At every model request, the caller already held one tool_called per envelope and one rejection per re-ask. */
function expectLive(seen: Seen[]) {
  expect(seen.length).toBeGreaterThan(0);
  for (const s of seen) {
    expect(s.held.filter((e) => e.type === "tool_called")).toHaveLength(s.envelopes);
    expect(s.held.filter((e) => e.type === "answer_rejected")).toHaveLength(s.reasks);
    expect(s.held.some((e) => e.type === "fallback")).toBe(false);
  }
}

describe.each(TRANSPORTS)("runNova's progress, live, on %s", (_name, transport) => {
  it("a re-asked answer: the skill, the call with its code, the rejection by rule, each before the model's next turn", async () => {
    const { result, report, events, seen } = await invoke(transport, scenario("mutation_claim"));
    expect(report.outcome).toBe("accepted_after_reask");
    expect(events).toEqual([
      { type: "skill_loaded", skill: "job_status" },
      { type: "tool_called", seq: 1, tool: "get_job_status", code: "NOT_FOUND" },
      { type: "answer_rejected", round: 1, rules: ["mutation_claim"] },
    ]);
    expect(result.fallback).toBe(false);
    expectLive(seen);
    expect(seen.at(-1)!.reasks).toBe(1);
  });

  it("an attempt without an answer is a rejection by no_answer, told before the model is asked again", async () => {
    const { report, events, seen } = await invoke(transport, scenario("finish_safety"));
    expect(report.outcome).toBe("accepted_after_reask");
    expect(events).toEqual([
      { type: "skill_loaded", skill: "trend_scan" },
      { type: "tool_called", seq: 1, tool: "fetch_trend_signals", code: "OK" },
      { type: "answer_rejected", round: 1, rules: ["no_answer"] },
    ]);
    expectLive(seen);
  });

  it("a model that never answers validly: every rejection as it happens, then the fallback, before the result", async () => {
    const { result, report, events, seen } = await invoke(transport, scenario("never_valid"));
    expect(report.outcome).toBe("fallback");
    expect(result.fallback).toBe(true);
    expect(events).toEqual([
      { type: "skill_loaded", skill: "job_status" },
      { type: "tool_called", seq: 1, tool: "get_job_status", code: "NOT_FOUND" },
      ...[1, 2, 3].map((round) => ({ type: "answer_rejected", round, rules: ["mutation_claim"] })),
      { type: "fallback" },
    ]);
    expectLive(seen);
    // The rounds told are the report's rounds, rule for rule.
    expect(report.rejected.map((r) => [...new Set(r.map((v) => v.rule))])).toEqual(
      events.filter((e) => e.type === "answer_rejected").map((e) => e.rules),
    );
  });
});

describe("a hook that fails or hangs never breaks the invocation", () => {
  const hooks: [string, ProgressHook][] = [
    [
      "throws",
      () => {
        throw new Error("the caller's stream is gone");
      },
    ],
    ["rejects", () => Promise.reject(new Error("the caller's stream is gone"))],
    ["never settles", () => new Promise(() => undefined)],
  ];
  it.each(hooks)("a hook that %s: the same result and report as with no hook", async (_name, hook) => {
    const plain = await invoke(SCRIPT_TRANSPORT, scenario("never_valid"));
    const hooked = await invoke(SCRIPT_TRANSPORT, scenario("never_valid"), hook);
    expect(hooked.result.answer).toEqual(plain.result.answer);
    expect(hooked.result.ledger.calls.map((c) => c.envelope)).toEqual(plain.result.ledger.calls.map((c) => c.envelope));
    expect({ ...hooked.report, totalMs: 0, stats: null, marker: null, invocationId: null }).toEqual({
      ...plain.report,
      totalMs: 0,
      stats: null,
      marker: null,
      invocationId: null,
    });
  });
});
