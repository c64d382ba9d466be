import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectEvidenceRefs, type Envelope } from "nova-contract";
import { callerAs, closeCallers, rawCall, type Caller } from "./support/client";

function expectError(env: Envelope, code: string) {
  expect(env.status).toBe("error");
  expect(env.error?.code).toBe(code);
  expect(env.data).toBeNull();
  expect(env.evidence).toEqual([]);
}

function expectLinkedSuccess(env: Envelope) {
  expect(env.status).toBe("success");
  expect(env.evidence.length).toBeGreaterThan(0);
  const refs = collectEvidenceRefs(env.data);
  expect(new Set(env.evidence.map((e) => e.evidenceId))).toEqual(refs);
  for (const e of env.evidence) expect(e.provenance).toBe("mock");
}

let operator: Caller, anonymous: Caller, noClaim: Caller, outsider: Caller, disabled: Caller, globex: Caller;

beforeAll(async () => {
  [operator, anonymous, noClaim, outsider, disabled, globex] = await Promise.all([
    callerAs("operator@acme.test"),
    callerAs(null),
    callerAs("noclaim@nova.test"),
    callerAs("outsider@nova.test"),
    callerAs("disabled@acme.test"),
    callerAs("owner@globex.test"),
  ]);
});
afterAll(closeCallers);

describe("get_job_status over the callable protocol", () => {
  it("answers a redacted job of the caller's workspace with record evidence", async () => {
    const env = await operator.call("get_job_status", { jobId: "job-failed-1" });
    expectLinkedSuccess(env);
    const job = (env.data as { job: Record<string, unknown> }).job;
    expect(job).toMatchObject({ jobId: "job-failed-1", state: "failed", attempts: 3 });
    expect(Object.keys(job).sort()).toEqual([
      "attempts",
      "createdAt",
      "evidenceId",
      "jobId",
      "kind",
      "progress",
      "state",
      "updatedAt",
    ]);
    expect(env.evidence).toEqual([
      expect.objectContaining({ kind: "record", ref: "workspaces/acme/jobs/job-failed-1" }),
    ]);
    expect(JSON.stringify(env)).not.toMatch(/CANARY|providerBody|stack|prompt|draft|credentialsRef/);
  });

  it("answers UNAUTHENTICATED in the envelope when no token is sent", async () => {
    expectError(await anonymous.call("get_job_status", { jobId: "job-failed-1" }), "UNAUTHENTICATED");
  });

  it.each([
    ["a token without the workspace claim", () => noClaim],
    ["a non-member", () => outsider],
    ["a disabled member", () => disabled],
  ])("answers PERMISSION_DENIED for %s", async (_label, who) => {
    expectError(await who().call("get_job_status", { jobId: "job-failed-1" }), "PERMISSION_DENIED");
  });

  it("answers a job of another workspace exactly like a job that does not exist", async () => {
    const foreign = await operator.call("get_job_status", { jobId: "job-globex-1" });
    const missing = await operator.call("get_job_status", { jobId: "no-such-job" });
    expectError(foreign, "NOT_FOUND");
    expect(foreign).toEqual(missing);
    expectLinkedSuccess(await globex.call("get_job_status", { jobId: "job-globex-1" }));
  });

  it.each([["a/b"], [".."], ["../globex/jobs/job-globex-1"], [""], ["x".repeat(129)]])(
    "answers INVALID_ID for %j",
    async (jobId) => {
      expectError(await operator.call("get_job_status", { jobId }), "INVALID_ID");
    },
  );

  it("answers INVALID_ARGUMENT for an extra workspaceId argument", async () => {
    expectError(
      await operator.call("get_job_status", { jobId: "job-failed-1", workspaceId: "globex" }),
      "INVALID_ARGUMENT",
    );
  });
});

describe("fetch_trend_signals over the callable protocol", () => {
  it("answers the newest signals, newest first, each linked to record evidence", async () => {
    const env = await noClaim.call("fetch_trend_signals", { limit: 5 });
    expectLinkedSuccess(env);
    const data = env.data as {
      signals: { observedAt: string; evidenceId: string; untrusted: { title: string } }[];
      count: number;
    };
    expect(data.count).toBe(5);
    expect(data.signals).toHaveLength(5);
    const times = data.signals.map((s) => s.observedAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const e of env.evidence)
      expect(e).toMatchObject({ kind: "record", ref: expect.stringMatching(/^trendSignals\/[A-Za-z0-9_-]+$/) });
  });

  it("answers UNAUTHENTICATED without a token", async () => {
    expectError(await anonymous.call("fetch_trend_signals", { limit: 3 }), "UNAUTHENTICATED");
  });

  it.each([[0], [11], [2.5], ["5"]])("answers INVALID_ARGUMENT for limit %j", async (limit) => {
    expectError(await operator.call("fetch_trend_signals", { limit }), "INVALID_ARGUMENT");
  });

  it("answers INVALID_ARGUMENT for an extra workspaceId argument", async () => {
    expectError(await operator.call("fetch_trend_signals", { limit: 3, workspaceId: "acme" }), "INVALID_ARGUMENT");
  });

  it("never issues the same evidence id to two calls", async () => {
    const [a, b] = await Promise.all([
      operator.call("fetch_trend_signals", { limit: 10 }),
      operator.call("fetch_trend_signals", { limit: 10 }),
    ]);
    const ids = [...a.evidence, ...b.evidence].map((e) => e.evidenceId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the callable error channel", () => {
  // The Functions emulator turns on firebase-functions' skipTokenVerification, so an undecodable
  // token reaches the handler there (production answers 401 from the SDK before any handler runs).
  it("answers UNAUTHENTICATED in the envelope for an undecodable token on the emulator", async () => {
    const res = await rawCall("fetch_trend_signals", { data: { limit: 1 } }, { authorization: "Bearer not-a-token" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: { status: "error", error: { code: "UNAUTHENTICATED" } } });
  });

  it("answers HTTP 200 with the envelope when no token is sent at all", async () => {
    const res = await rawCall("fetch_trend_signals", { data: { limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: { status: "error", error: { code: "UNAUTHENTICATED" } } });
  });
});
