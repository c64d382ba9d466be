import type { CallTrace } from "../../functions/src/trace/entry";

/** One successful get_job_status call as the runtime traces it; tests override what they vary. */
export function sampleTrace(over: Partial<CallTrace> = {}): CallTrace {
  return {
    callId: "2f1c7a3e-0000-4000-8000-000000000001",
    tool: "get_job_status",
    skill: null,
    invocationId: null,
    caller: "u_AAAAAAAAAAAAAAAA",
    workspace: "w_BBBBBBBBBBBBBBBB",
    arguments: { jobId: "job-1" },
    authorization: "allowed_member",
    attempts: [{ attempt: 1, outcome: "ok", durationMs: 12 }],
    status: "success",
    resultCode: "OK",
    internalReason: null,
    evidenceIds: ["ev_AAAAAAAAAAAAAAAA"],
    provenance: "mock",
    reads: 2,
    totalDurationMs: 15,
    ...over,
  };
}
