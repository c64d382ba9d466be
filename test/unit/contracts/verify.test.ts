import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Envelope } from "nova-contract";
import { loadCatalog } from "../../../scripts/contracts/catalog";
import type { TraceEntry } from "../../../scripts/traces/entries";
import { dependencyScenario } from "../../../scripts/verify/dependency";
import { CALLERS, judgeCall, planCallable, scenarioResult, type PlannedCall } from "../../../scripts/verify/scenarios";
import { sampleTrace } from "../../support/traces";
import { errorEnvelope } from "../nova/fixtures";

const tools = loadCatalog();
const byName = new Map(tools.map((t) => [t.name, t]));

const evidenceId = () => `ev_${randomBytes(12).toString("base64url")}`;

function traceOf(env: Envelope, tool: string): TraceEntry {
  const trace = sampleTrace({
    tool,
    caller: null,
    workspace: null,
    arguments: null,
    attempts: [],
    status: env.status,
    resultCode: env.status === "success" ? "OK" : env.error.code,
    evidenceIds: env.evidence.map((e) => e.evidenceId),
    provenance: env.status === "success" ? "mock" : null,
    reads: 1,
    totalDurationMs: 3,
  });
  return { at: new Date(), severity: "INFO", traceId: "a".repeat(32), trace };
}

describe("planned scenarios", () => {
  it.each(tools.map((t) => [t.name, t] as const))("%s: every example called, authorization by scope", (_n, decl) => {
    const plan = planCallable(decl);
    expect(plan.map((s) => s.name)).toEqual(["success", "empty", "validation", "authorization"]);
    const [success, empty, validation, authorization] = plan;
    expect(success!.calls.map((c) => c.input)).toEqual([...decl.examples.valid]);
    expect(success!.calls.every((c) => c.as === CALLERS.member)).toBe(true);
    if (decl.examples.empty === undefined) expect(empty!.notApplicable).toMatch(/examples.empty/);
    else expect(empty!.calls).toHaveLength(1);
    expect(validation!.calls.map((c) => c.expect)).toEqual(
      decl.examples.invalid.filter((i) => i.input !== undefined).map((i) => ({ kind: "error", code: i.code })),
    );
    const expected = authorization!.calls.map((c) => [c.as, c.expect.kind === "error" ? c.expect.code : c.expect.kind]);
    expect(expected[0]).toEqual([null, "UNAUTHENTICATED"]);
    if (decl.scope === "workspace") {
      expect(expected.slice(1)).toEqual([
        [CALLERS.noClaim, "PERMISSION_DENIED"],
        [CALLERS.notMember, "PERMISSION_DENIED"],
        [CALLERS.disabled, "PERMISSION_DENIED"],
      ]);
    } else {
      expect(expected.slice(1)).toEqual([[CALLERS.noClaim, "success"]]);
    }
  });
});

describe("judging a call", () => {
  const decl = byName.get("get_job_status")!;
  const success: PlannedCall = {
    label: "s",
    as: CALLERS.member,
    input: { jobId: "job-1" },
    expect: { kind: "success" },
  };
  const id = evidenceId();
  const okEnvelope: Envelope = {
    status: "success",
    data: {
      job: {
        jobId: "job-1",
        evidenceId: id,
        kind: "render",
        state: "failed",
        attempts: 3,
        progress: null,
        createdAt: "2026-11-01T00:00:00Z",
        updatedAt: "2026-11-01T00:00:00Z",
      },
    },
    error: null,
    evidence: [
      {
        evidenceId: id,
        kind: "record",
        ref: "workspaces/acme/jobs/job-1",
        provenance: "mock",
        observedAt: "2026-11-30T00:00:00Z",
      },
    ],
  };

  it("passes a valid answer with its one matching trace", () => {
    expect(
      judgeCall(
        decl,
        success,
        { httpStatus: 200, envelope: okEnvelope, traces: [traceOf(okEnvelope, decl.name)] },
        "mock",
      ),
    ).toEqual([]);
  });

  it("fails a wrong outcome, a wrong provenance, a missing or doubled trace, and a trace that disagrees", () => {
    const t = traceOf(okEnvelope, decl.name);
    expect(
      judgeCall(
        decl,
        success,
        {
          httpStatus: 200,
          envelope: errorEnvelope("NOT_FOUND"),
          traces: [traceOf(errorEnvelope("NOT_FOUND"), decl.name)],
        },
        "mock",
      ),
    ).toEqual(["s: expected success, got NOT_FOUND"]);
    expect(judgeCall(decl, success, { httpStatus: 200, envelope: okEnvelope, traces: [t] }, "live")).toEqual([
      "s: 1 evidence item(s) not live",
    ]);
    expect(judgeCall(decl, success, { httpStatus: 200, envelope: okEnvelope, traces: [] }, "mock")).toEqual([
      "s: 0 trace entries (expected exactly 1)",
    ]);
    expect(judgeCall(decl, success, { httpStatus: 200, envelope: okEnvelope, traces: [t, t] }, "mock")).toEqual([
      "s: 2 trace entries (expected exactly 1)",
    ]);
    const otherIds = { ...t, trace: { ...t.trace, evidenceIds: [evidenceId()] } };
    expect(judgeCall(decl, success, { httpStatus: 200, envelope: okEnvelope, traces: [otherIds] }, "mock")).toEqual([
      "s: trace evidence ids differ from the envelope's",
    ]);
    expect(judgeCall(decl, success, { httpStatus: 500, envelope: { nope: 1 }, traces: [] }, "mock")).toEqual([
      "s: HTTP 500",
      "s: the answer is not a valid envelope",
    ]);
  });

  it("accepts NOT_FOUND as 'nothing found' only for a tool that declares it", () => {
    const empty: PlannedCall = { label: "e", as: CALLERS.member, input: { jobId: "none" }, expect: { kind: "empty" } };
    const nf = errorEnvelope("NOT_FOUND");
    expect(judgeCall(decl, empty, { httpStatus: 200, envelope: nf, traces: [traceOf(nf, decl.name)] }, "mock")).toEqual(
      [],
    );
    expect(
      judgeCall(
        decl,
        empty,
        { httpStatus: 200, envelope: okEnvelope, traces: [traceOf(okEnvelope, decl.name)] },
        "mock",
      ),
    ).toEqual(["e: expected nothing found, got 1 evidence item(s)"]);
    const fetch = byName.get("fetch_trend_signals")!;
    expect(
      judgeCall(fetch, empty, { httpStatus: 200, envelope: nf, traces: [traceOf(nf, fetch.name)] }, "mock"),
    ).toEqual(["e: expected empty, got NOT_FOUND"]);
  });

  it("summarises a scenario", () => {
    const plan = planCallable(decl)[0]!;
    expect(scenarioResult(plan, []).status).toBe("pass");
    expect(scenarioResult(plan, ["x: broke"])).toMatchObject({ status: "fail", detail: "x: broke" });
    expect(scenarioResult({ name: "empty", calls: [], notApplicable: "why" }, [])).toMatchObject({
      status: "not_applicable",
      detail: "why",
      calls: 0,
    });
  });
});

describe("the dependency-failure scenario, in process", () => {
  it.each(tools.map((t) => [t.name, t] as const))(
    "%s answers DEPENDENCY_UNAVAILABLE after exactly one retry",
    async (_n, decl) => {
      const result = await dependencyScenario(decl);
      expect(result).toMatchObject({ name: "dependency", via: "in_process", status: "pass", calls: 1 });
    },
  );
});
