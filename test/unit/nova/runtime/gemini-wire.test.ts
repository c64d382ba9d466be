import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWER_JSON_SCHEMA,
  GEMINI_ANSWER_JSON_SCHEMA,
  modelFamily,
  NovaModelError,
  quietGenkitLogs,
  runNova,
  type InvocationReport,
  type ScriptRunner,
} from "../../../../nova/src/runtime";
import { requestRefusals } from "../../../support/gemini-wire/rules";
import { GeminiWire, type WireProvider } from "../../../support/gemini-wire/server";
// @ts-expect-error: a plain JS module (the helpers script models use)
import { callTool, finish, modelFault, noCandidate, read, say } from "../../../../eval/script.mjs";

/**
 * The real @genkit-ai/google-genai plugins against the Gemini wire double, on paths that make no
 * tool request to the functions (load_skill and answers only), so no emulator is needed. The
 * double listens on a free port here (the emulator tests use the configured one).
 */
const wire = new GeminiWire(0);
// Genkit's logger prints each failed model request with its stack; the assertions read the error.
quietGenkitLogs();
beforeAll(() => wire.start());
afterAll(() => wire.stop());
afterEach(() => expect(wire.takeRefusals()).toEqual([]));

const MODELS: [WireProvider, string][] = [
  ["googleai", "gemini-2.5-flash"],
  ["vertexai", "gemini-2.5-flash"],
  ["googleai", "gemini-3-pro-preview"],
  ["vertexai", "gemini-3-pro-preview"],
];

async function invoke(runner: ScriptRunner, provider: WireProvider, model: string, maxReasks?: number) {
  const target = await wire.model(runner, provider, model);
  let report: InvocationReport | undefined;
  const noFunctions: typeof fetch = () => Promise.reject(new Error("no request may reach the functions"));
  try {
    const result = await runNova(target.ai, {
      question: "q",
      model: target.model,
      idToken: "unused",
      functionsUrl: "127.0.0.1:9",
      fetch: noFunctions,
      onFinish: (r) => (report = r),
      ...(maxReasks !== undefined ? { maxReasks } : {}),
    });
    return { result, report: report!, error: null };
  } catch (error) {
    return { result: null, report: report!, error };
  }
}

/** Loads trend_scan, then gives `first` as its first answer turn and an honest empty answer after a re-ask. */
const loadThen =
  (first: () => unknown): ScriptRunner =>
  (req) => {
    const s = read(req);
    if (s.requests.length === 0) return callTool("load_skill", { skill: "trend_scan" });
    return s.reasks === 0 ? first() : say({ text: "Nothing was read.", claims: [] });
  };

describe("the model family decides how the answer is asked for", () => {
  it("Gemini before 3: JSON text; Gemini 3 and script models: structured output", () => {
    expect(modelFamily("googleai/gemini-2.5-flash")).toMatchObject({ provider: "gemini", answer: "json-text" });
    expect(modelFamily("vertexai/gemini-2.0-flash")).toMatchObject({ provider: "gemini", answer: "json-text" });
    expect(modelFamily("vertexai/gemini-3-pro-preview")).toMatchObject({ provider: "gemini", answer: "json-schema" });
    expect(modelFamily("script/trend_scan")).toMatchObject({ provider: "script", answer: "json-schema" });
  });
  it("the answer schema Gemini is sent has only documented keywords; the full one has oneOf and const", () => {
    const body = (schema: unknown) => ({
      contents: [{ role: "user", parts: [{ text: "q" }] }],
      generationConfig: { responseMimeType: "application/json", responseJsonSchema: schema },
    });
    expect(requestRefusals(body(GEMINI_ANSWER_JSON_SCHEMA), "3", "googleai", new Set())).toEqual([]);
    expect([
      ...new Set(
        requestRefusals(body(ANSWER_JSON_SCHEMA), "3", "googleai", new Set()).map((r) => r.detail.split(": ")[1]),
      ),
    ]).toEqual(['"oneOf" is not a structured-output keyword', '"const" is not a structured-output keyword']);
  });
});

describe("the wire double refuses what the API documents as refused", () => {
  const tools = [{ functionDeclarations: [{ name: "get_operator_feed", description: "d" }] }];
  const contents = [{ role: "user", parts: [{ text: "q" }] }];
  const rules = (body: unknown, family: "2.5" | "3" = "2.5") =>
    requestRefusals(body, family, "googleai", new Set()).map((r) => r.rule);
  it("function calling with a JSON mime type before Gemini 3, not on 3", () => {
    const body = { contents, tools, generationConfig: { responseMimeType: "application/json" } };
    expect(rules(body)).toEqual(["tools_with_json"]);
    expect(rules(body, "3")).toEqual([]);
  });
  it("unknown fields, schema keywords outside the subset, an OBJECT with empty properties", () => {
    expect(rules({ contents, debug: true })).toEqual(["unknown_field"]);
    expect(rules({ contents, generationConfig: { responseFormat: "json" } })).toEqual(["unknown_field"]);
    const params = (parameters: unknown) => ({
      contents,
      tools: [{ functionDeclarations: [{ name: "t", parameters }] }],
    });
    expect(rules(params({ type: "OBJECT", properties: {} }))).toEqual(["empty_object"]);
    expect(
      rules(params({ type: "OBJECT", properties: { a: { type: "STRING" } }, additionalProperties: false })),
    ).toEqual(["schema_keyword"]);
    expect(rules(params({ type: "object", properties: { a: { type: "STRING" } } }))).toEqual(["schema_type"]);
  });
  it("a function call turn without as many responses; on Gemini 3, without its thought signature", () => {
    const call = { role: "model", parts: [{ functionCall: { name: "t", args: {} } }] };
    const answered = { role: "user", parts: [{ functionResponse: { name: "t", response: {} } }] };
    expect(rules({ contents: [...contents, call, answered] })).toEqual([]);
    expect(rules({ contents: [...contents, call, { role: "user", parts: [{ text: "x" }] }] })).toEqual([
      "function_responses",
    ]);
    expect(rules({ contents: [...contents, call, answered] }, "3")).toEqual(["thought_signature"]);
  });
  it("fails clearly when its port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(new GeminiWire(port).start()).rejects.toThrow(
        new RegExp(`Gemini wire double's port ${port} is taken`),
      );
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });
});

describe.each(MODELS)("runNova through the real %s plugin, %s, on the wire double", (provider, model) => {
  it("loads a skill and answers; the report names the model and sums the tokens", async () => {
    const { result, report } = await invoke(
      loadThen(() => say({ text: "Nothing was read.", claims: [] })),
      provider,
      model,
    );
    expect(result).toMatchObject({ fallback: false, attempts: 1, validation: { valid: true } });
    expect(report).toMatchObject({ outcome: "accepted_first", model: `${provider}/${model}` });
    expect(report.usage!.inputTokens).toBeGreaterThan(0);
    expect(report.usage!.outputTokens).toBeGreaterThan(0);
  });
  it("an undeclared tool is refused like one outside the skill, inside the invocation", async () => {
    let n = 0;
    const { result, report } = await invoke(
      loadThen(() =>
        n++ === 0 ? callTool("publish_post", { text: "x" }) : say({ text: "Nothing was read.", claims: [] }),
      ),
      provider,
      model,
    );
    expect(result!.fallback).toBe(false);
    expect(report.refusals.map((r) => r.tool)).toEqual(["publish_post"]);
    expect(report.refusals[0]!.reason).toMatch(/unknown tool "publish_post"/);
  });
  it("an answer that fails the structured-output check is the model's answer: malformed_answer, re-asked", async () => {
    const { result, report } = await invoke(
      loadThen(() => say({ text: "x", claims: [{ type: "story", text: "y", evidence: ["e"] }] })),
      provider,
      model,
    );
    expect(report.rejected[0]!.map((v) => v.rule)).toContain("malformed_answer");
    expect(result).toMatchObject({ fallback: false, attempts: 2 });
    expect(report.outcome).toBe("accepted_after_reask");
  });
  it.each(["SAFETY", "RECITATION", "MAX_TOKENS", "MALFORMED_FUNCTION_CALL"])(
    "finish reason %s: an attempt without an answer, then the answer",
    async (reason) => {
      const { result, report } = await invoke(
        loadThen(() => finish(reason, reason === "MAX_TOKENS" ? '{"te' : undefined)),
        provider,
        model,
      );
      expect(report.rejected).toEqual([[{ rule: "no_answer", detail: expect.stringContaining(`(${reason})`) }]]);
      expect(result).toMatchObject({ fallback: false, attempts: 1 });
    },
  );
  it("no candidate: an attempt without an answer", async () => {
    const { result, report } = await invoke(loadThen(noCandidate), provider, model);
    expect(report.rejected).toEqual([[{ rule: "no_answer", detail: "the model returned no candidate" }]]);
    expect(result!.fallback).toBe(false);
  });
  it.each([429, 500, 503])("HTTP %i: a NovaModelError of ours, reported as outcome error", async (status) => {
    const { error, report } = await invoke(
      loadThen(() => modelFault(status)),
      provider,
      model,
    );
    expect(error).toBeInstanceOf(NovaModelError);
    expect((error as NovaModelError).httpStatus).toBe(status);
    expect((error as Error).message).toMatch(new RegExp(`^the model ${provider}/${model} failed with HTTP ${status}`));
    expect((error as Error).message).not.toMatch(/scripted|127\.0\.0\.1|wire-key/);
    expect(report.outcome).toBe("error");
  });
});
