import { genkit } from "genkit";
import { describe, expect, it } from "vitest";
import { defineScriptModel, runNova, type InvocationReport, type ScriptRunner } from "../../../../nova/src/runtime";

/**
 * Genkit's real loop with script models, on paths that make no tool request at all (refusals and
 * answers only), so no server is needed: the functions URL points at nothing.
 */
async function invoke(runner: ScriptRunner, maxReasks?: number) {
  const ai = genkit({});
  const model = defineScriptModel(ai, runner);
  let report: InvocationReport | undefined;
  const fetchNothing: typeof fetch = () => Promise.reject(new Error("no request may be made"));
  const result = await runNova(ai, {
    question: "q",
    model,
    idToken: "unused",
    functionsUrl: "127.0.0.1:9",
    fetch: fetchNothing,
    onFinish: (r) => (report = r),
    ...(maxReasks !== undefined ? { maxReasks } : {}),
  });
  return { result, report: report! };
}

const toolCall = (name: string, input: unknown) => ({
  message: { role: "model" as const, content: [{ toolRequest: { name, ref: "r", input } }] },
  finishReason: "stop" as const,
});
const text = (t: string) => ({
  message: { role: "model" as const, content: [{ text: t }] },
  finishReason: "stop" as const,
});

describe("runNova on Genkit's loop", () => {
  it("ends an attempt that never stops calling tools at the turn limit; no answer, then the fallback", async () => {
    const { result, report } = await invoke(() => toolCall("load_skill", { skill: "trend_scan" }), 1);
    expect(result.attempts).toBe(0);
    expect(result.fallback).toBe(true);
    expect(result.ledger.skillLoads).toEqual(["trend_scan"]);
    expect(report.rejected.map((r) => r[0]!.rule)).toEqual(["no_answer", "no_answer"]);
    expect(result.validation).toEqual({ valid: true, violations: [] });
    // Every later load was refused, and nothing was sent anywhere.
    expect(report.refusals.every((r) => /already loaded/.test(r.reason))).toBe(true);
    expect(report.stats.toolCalls).toBe(0);
  });

  it("says so when the model never loads a skill: the fallback's verdict is a skill_violation", async () => {
    const { result } = await invoke(() => text(JSON.stringify({ text: "Nothing to say.", claims: [] })), 0);
    expect(result).toMatchObject({ attempts: 1, fallback: true, validation: { valid: false } });
    expect(result.validation.violations.map((v) => v.rule)).toEqual(["skill_violation"]);
  });

  it("refuses an unknown skill and a call before any load, and accepts a valid answer after", async () => {
    let turn = 0;
    const { result, report } = await invoke(() => {
      turn++;
      if (turn === 1) return toolCall("load_skill", { skill: "publishing" });
      if (turn === 2) return toolCall("get_job_status", { jobId: "job-1" });
      if (turn === 3) return toolCall("load_skill", { skill: "job_status" });
      return text(JSON.stringify({ text: "I did not look anything up.", claims: [] }));
    });
    expect(report.refusals.map((r) => r.reason)).toEqual([
      expect.stringMatching(/unknown skill "publishing"/),
      expect.stringMatching(/no skill is loaded/),
    ]);
    expect(result).toMatchObject({
      attempts: 1,
      fallback: false,
      validation: { valid: true },
      ledger: { skillLoads: ["job_status"], calls: [] },
    });
  });
});
