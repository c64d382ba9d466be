import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { genkit } from "genkit";
import { ANSWER_VALID, defineAnswerValidEvaluator, judgeAnswer } from "../../../agent/src/answer-valid";
import { ServingConfigError } from "../../../agent/src/config";
import { devServingConfig } from "../../../agent/src/dev-config";
import { callerContext } from "../../../scripts/agent/context";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { answer, ledger, signals, story } from "../nova/fixtures";

const AGENT = join(REPO_ROOT, "agent");

function result(purpose?: "chat" | "submission") {
  const s = signals(2, "mock");
  const l = ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, s.envelope]]);
  const a = answer("Two signals are trending.", [story("Short video is growing.", s.records[0]!)]);
  return { input: { question: "What is trending?", ...(purpose ? { purpose } : {}) }, s, l, a };
}

describe("nova/answer_valid: the validator re-run on the flow's answer against its ledger", () => {
  it("passes an answer that cites what its ledger holds, and the flow said so", () => {
    const { input, l, a } = result();
    expect(judgeAnswer(input, { answer: a, ledger: l, validation: { valid: true, violations: [] } })).toEqual({
      score: true,
      status: "PASS",
      reasoning: "the answer is valid against its ledger (chat)",
    });
  });

  it("fails an answer citing evidence its ledger does not hold, naming the rule", () => {
    const { input, l, a } = result();
    const forged = { ...a, claims: [story("Short video is growing.", "ev_notInThisLedger0000")] };
    const v = judgeAnswer(input, { answer: forged, ledger: l, validation: { valid: false, violations: [] } });
    expect(v).toMatchObject({ score: false, status: "FAIL" });
    expect(v.reasoning).toMatch(/^the answer breaks unknown_evidence: /);
  });

  it("fails a result whose own validation claims more than the validator finds", () => {
    const { input, l, a } = result();
    const forged = { ...a, claims: [story("Short video is growing.", "ev_notInThisLedger0000")] };
    const v = judgeAnswer(input, { answer: forged, ledger: l, validation: { valid: true, violations: [] } });
    expect(v).toMatchObject({ score: false, status: "FAIL" });
    expect(v.reasoning).toMatch(/^the flow reported valid=true; the answer breaks unknown_evidence/);
  });

  it("judges for the purpose the question was asked for: a submission may not cite mock evidence", () => {
    const { input, l, a } = result("submission");
    const v = judgeAnswer(input, { answer: a, ledger: l, validation: { valid: false, violations: [] } });
    expect(v).toMatchObject({ score: false, status: "FAIL" });
    expect(v.reasoning).toContain("mock_evidence");
  });

  it.each([
    ["no output (the flow failed)", undefined],
    ["an output without a ledger", { answer: { text: "x", claims: [] } }],
    ["a string", "Here is what the tools report."],
  ])("fails %s", (_n, output) => {
    expect(judgeAnswer({ question: "q" }, output)).toEqual({
      score: false,
      status: "FAIL",
      reasoning: "the output has no answer and ledger to check",
    });
  });

  it("a tampered ledger is caught by the ledger's own schema, not trusted", () => {
    const { input, l, a } = result();
    const tampered = { ...l, calls: l.calls.map((c) => ({ ...c, seq: "one" })) };
    const v = judgeAnswer(input, { answer: a, ledger: tampered, validation: { valid: true, violations: [] } });
    expect(v).toMatchObject({ score: false, status: "FAIL" });
    expect(v.reasoning).toContain("malformed_answer");
  });

  it("is a Genkit evaluator: run through its action, it scores each data point by its test case id", async () => {
    const ai = genkit({});
    const evaluator = defineAnswerValidEvaluator(ai);
    expect(evaluator.__action.name).toBe(ANSWER_VALID);
    const { input, l, a } = result();
    const { result: scores } = await evaluator.run({
      dataset: [
        { testCaseId: "good", input, output: { answer: a, ledger: l, validation: { valid: true, violations: [] } } },
        { testCaseId: "none", input, output: null },
      ],
      evalRunId: "run-1",
      options: undefined,
    });
    expect(scores.map((s) => [s.testCaseId, (s.evaluation as { status?: string }).status])).toEqual([
      ["good", "PASS"],
      ["none", "FAIL"],
    ]);
  });
});

describe("devServingConfig: the Genkit CLI's runtime is the emulators' Nova, nothing else", () => {
  const dev = { GENKIT_ENV: "dev" };

  it("serves agent/.env.local's script model against the Functions emulator, as the demo project", () => {
    const cfg = devServingConfig(dev, AGENT);
    expect(cfg.model).toEqual({ kind: "script", path: join(AGENT, "models", "seeded.mjs") });
    expect(cfg.functionsUrl).toBe("http://127.0.0.1:5001");
    expect(cfg.projectId).toBe("demo-nova");
  });

  it.each([
    ["outside the Genkit CLI", {}, /runs under the Genkit CLI/],
    [
      "against deployed tools",
      { ...dev, NOVA_FUNCTIONS_URL: "https://us-central1-nova-prod-1.cloudfunctions.net" },
      /Functions emulator only; NOVA_FUNCTIONS_URL is "https:/,
    ],
    ["with no tools", { ...dev, NOVA_FUNCTIONS_URL: " " }, /NOVA_FUNCTIONS_URL is not set/],
    [
      "the wire double against a remote address",
      { ...dev, NOVA_MODEL: "googleai/gemini-2.5-flash", NOVA_GEMINI_BASE_URL: "https://gemini.example.com" },
      /emulators only/,
    ],
  ])("refuses to run %s", (_n, env, message) => {
    expect(() => devServingConfig(env, AGENT)).toThrow(ServingConfigError);
    expect(() => devServingConfig(env, AGENT)).toThrow(message);
  });
});

describe("callerContext: the CLI's --context as onCallGenkit hands the caller over", () => {
  it("carries the uid, the token's claims and the raw token", () => {
    const claims = { sub: "u-acme-viewer", workspaceId: "acme", role: "viewer" };
    const token = ["e30", Buffer.from(JSON.stringify(claims)).toString("base64url"), ""].join(".");
    expect(callerContext(token)).toEqual({
      auth: { uid: "u-acme-viewer", token: { ...claims, uid: "u-acme-viewer" }, rawToken: token },
    });
  });

  it.each([["not-a-jwt"], [["e30", Buffer.from("{}").toString("base64url"), ""].join(".")]])("refuses %j", (token) =>
    expect(() => callerContext(token)).toThrow(/JWT|subject/),
  );
});
