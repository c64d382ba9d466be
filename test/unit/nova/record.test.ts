import { describe, expect, it } from "vitest";
import {
  type Ledger,
  InvocationRecordSchema,
  MemoryInvocationSink,
  buildInvocationRecord,
  invocationError,
  outcomeOf,
  refusalReasonOf,
  runNovaRecorded,
  type FinishReport,
  UnreachableError,
} from "nova-tools";
import { genkit } from "genkit";

const TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl";
const QUESTION = "Publish the post about the creator economy for me";

const ledger: Ledger = {
  invocationId: "inv_test",
  skillLoads: ["job_status"],
  calls: [
    {
      seq: 1,
      tool: "get_job_status",
      args: { jobId: "job-nope-404" },
      at: "2026-12-01T00:00:00.000Z",
      envelope: {
        status: "error",
        data: null,
        error: { code: "NOT_FOUND", category: "not_found", message: "No such job.", retryable: false },
        evidence: [],
      },
    },
  ],
};

const report = (over: Partial<FinishReport> = {}): FinishReport => ({
  stats: {
    modelMs: 12.345,
    toolMs: 40.04,
    runtimeMs: 3.21,
    validationMs: 1.5,
    toolCalls: 1,
    refusedCalls: 2,
    modelCalls: 4,
  },
  refusals: [
    {
      tool: "publish_post",
      input: { text: QUESTION, token: TOKEN },
      reason: 'unknown tool "publish_post". Nothing was sent to the server.',
    },
    {
      tool: "get_engagement_insights",
      input: null,
      reason:
        'tool get_engagement_insights is outside skill "job_status" (allowed: get_job_status). Nothing was sent to the server.',
    },
  ],
  rejected: [
    [
      { rule: "mutation_claim", detail: `"${QUESTION}" says Nova published it` },
      { rule: "mutation_claim", detail: "again" },
      { rule: "hidden_error", detail: "NOT_FOUND is not reported" },
    ],
    [{ rule: "spotlight_marker", detail: "the answer contains ‹abc›" }],
  ],
  totalMs: 60.06,
  ...over,
});

const base = {
  invocationId: "inv_test",
  purpose: "chat",
  caller: "u_abc",
  workspace: "w_def",
  model: "script/seeded",
} as const;

describe("buildInvocationRecord", () => {
  it("counts violations by rule per rejected answer, refusals by reason, and each call's code", () => {
    const r = buildInvocationRecord({
      ...base,
      report: report(),
      result: { ledger, attempts: 3, fallback: true, validation: { valid: true } },
    });
    expect(r).toEqual({
      invocationId: "inv_test",
      skill: "job_status",
      model: "script/seeded",
      outcome: "fallback",
      purpose: "chat",
      caller: "u_abc",
      workspace: "w_def",
      attempts: 3,
      rejectedAnswers: [{ mutation_claim: 2, hidden_error: 1 }, { spotlight_marker: 1 }],
      violatedRules: "hidden_error+mutation_claim+spotlight_marker",
      refusals: { unknown_tool: 1, outside_skill: 1 },
      refusedCalls: [
        { tool: "other", reason: "unknown_tool" },
        { tool: "get_engagement_insights", reason: "outside_skill" },
      ],
      refusedReasons: "outside_skill+unknown_tool",
      calls: [{ seq: 1, tool: "get_job_status", code: "NOT_FOUND" }],
      toolCalls: 1,
      modelCalls: 4,
      tokens: null,
      modelMs: 12.3,
      toolMs: 40,
      runtimeMs: 3.2,
      validationMs: 1.5,
      totalMs: 60.1,
      delivered: { valid: true, fallback: true },
      errorCode: null,
    });
  });

  it("holds no question, answer, refusal text, argument or token, whatever the report carries", () => {
    const r = buildInvocationRecord({
      ...base,
      report: report({ model: "vertexai/gemini-2.5-flash", usage: { inputTokens: 1200, outputTokens: 80 } }),
      result: { ledger, attempts: 1, fallback: false, validation: { valid: true } },
    });
    const text = JSON.stringify(r);
    for (const secret of [
      QUESTION,
      TOKEN,
      "creator economy",
      "says Nova",
      "Nothing was sent",
      "job-nope-404",
      "No such job",
    ])
      expect(text).not.toContain(secret);
    expect(r.tokens).toEqual({ input: 1200, output: 80 });
    expect(r.model).toBe("vertexai/gemini-2.5-flash");
    // The schema is strict: a field outside it cannot be written.
    expect(() => InvocationRecordSchema.parse({ ...r, question: QUESTION })).toThrow();
  });

  it("an invocation that could not run is outcome error with its catalog code and no delivered answer", () => {
    const r = buildInvocationRecord({ ...base, report: null, errorCode: "DEPENDENCY_UNAVAILABLE" });
    expect(r).toMatchObject({
      outcome: "error",
      errorCode: "DEPENDENCY_UNAVAILABLE",
      delivered: null,
      calls: [],
      attempts: 0,
    });
  });
});

describe("outcomeOf: the report's outcome when it has one, else derived from the result", () => {
  const result = (fallback: boolean) => ({ ledger, attempts: 1, fallback, validation: { valid: true } });
  it.each([
    ["accepted_first", report({ rejected: [] }), result(false)],
    ["accepted_after_reask", report(), result(false)],
    ["fallback", report(), result(true)],
    ["error", report(), undefined],
    ["accepted_after_reask", report({ outcome: "accepted_after_reask", rejected: [] }), result(false)],
  ] as const)("%s", (want, r, res) => expect(outcomeOf(r, res)).toBe(want));
});

describe("refusalReasonOf reads the runtime's sentences into closed reasons", () => {
  it.each([
    ['skill "trend_scan" is already loaded; an invocation loads exactly one skill', "second_skill"],
    ['unknown skill "x"; skills: ...', "unknown_skill"],
    ['load_skill takes {"skill": NAME}', "bad_load"],
    ["no skill is loaded; load one skill before calling get_job_status", "no_skill"],
    ["the arguments of get_job_status must be a JSON object", "bad_arguments"],
    ["call 1 already made this get_job_status request and it succeeded; use its result", "invalid_retry"],
    ["call 1 of this get_job_status request failed with the non-retryable NOT_FOUND; report it", "invalid_retry"],
    ["this get_job_status request was already retried once (calls 1, 2); report its error", "invalid_retry"],
    ["something new", "other"],
  ] as const)("%s", (reason, want) => expect(refusalReasonOf(reason)).toBe(want));
});

describe("invocationError", () => {
  it("the model or the tools unreachable is DEPENDENCY_UNAVAILABLE, anything else INTERNAL; never the exception's text", () => {
    expect(invocationError(new UnreachableError("http://x", "ECONNREFUSED")).code).toBe("DEPENDENCY_UNAVAILABLE");
    expect(invocationError(Object.assign(new Error("429 body: {quota}"), { status: "RESOURCE_EXHAUSTED" })).code).toBe(
      "DEPENDENCY_UNAVAILABLE",
    );
    const internal = invocationError(new Error(`provider said ${TOKEN}`));
    expect(internal).toEqual({
      code: "INTERNAL",
      category: "internal",
      message: "Nova could not run this question because of an internal error.",
      retryable: false,
    });
  });
});

describe("runNovaRecorded: one record per invocation through the sink the app passes", () => {
  it("writes the record of an invocation that cannot reach the tools, then rethrows", async () => {
    const ai = genkit({});
    // Loads its skill, then calls a tool: the call is what cannot reach the (closed) functions port.
    const model = ai.defineModel({ name: "script/load", supports: { tools: true, multiturn: true } }, async (req) => {
      const loaded = req.messages.some((m) => m.role === "tool");
      const toolRequest = loaded
        ? { name: "fetch_trend_signals", ref: "r2", input: { limit: 3 } }
        : { name: "load_skill", ref: "r1", input: { skill: "trend_scan" } };
      return { message: { role: "model", content: [{ toolRequest }] }, finishReason: "stop" };
    });
    const sink = new MemoryInvocationSink();
    await expect(
      runNovaRecorded(
        ai,
        { question: QUESTION, model: model.__action.name, idToken: TOKEN, functionsUrl: "http://127.0.0.1:9" },
        { sink, caller: "u_x", workspace: null, modelName: "script/load" },
      ),
    ).rejects.toBeDefined();
    expect(sink.records).toHaveLength(1);
    expect(sink.records[0]).toMatchObject({ outcome: "error", model: "script/load", caller: "u_x" });
    expect(JSON.stringify(sink.records[0])).not.toContain(TOKEN);
  });
});
