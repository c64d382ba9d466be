import { beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "nova-contract";
import { TransientDependencyError } from "../../../functions/src/store/store";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import type { VerifiedAuth } from "../../../functions/src/runtime/identity";
import { invokeTool, type CallRequest } from "../../../functions/src/runtime/invoke";
import { MemoryStore } from "../../../functions/src/store/memory";
import type { BoundedQuery, ReadOnlyStore, StoredDoc } from "../../../functions/src/store/store";
import { MAX_TRACE_TEXT } from "../../../functions/src/trace/args";
import { REPORTED_ERROR_EVENT } from "../../../functions/src/trace/cloud-logging";
import { CallTraceSchema, type CallTrace } from "../../../functions/src/trace/entry";
import { pseudonym } from "../../../functions/src/trace/pseudonym";
import fetchTrendSignals from "../../../functions/src/tools/fetch_trend_signals";
import getJobStatus from "../../../functions/src/tools/get_job_status";
import { captureSink } from "../../support/log-capture";

/**
 * The log lines of real calls: the real tools through invokeTool (the one path), written by the
 * production sink (CloudLoggingSink) into memory instead of firebase-functions' logger
 * (test/unit/trace/logger.test.ts holds the two to the same lines, and the trace the logger adds).
 * Each call must leave exactly one entry, reconstructable (SPEC section 7) and free of forbidden content.
 */

const WS = "acme";
const UID = "u-trace-operator";
const EMAIL = "trace.operator@acme.test";
// Shaped like a Firebase ID token: a caller or model may paste one into an argument.
const ID_TOKEN =
  "eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QifQ.eyJzdWIiOiJ1LXRyYWNlLW9wZXJhdG9yIiwiZW1haWwiOiJ0cmFjZUBhY21lLnRlc3QifQ.c2lnbmF0dXJlLWJ5dGVz";
const CANARIES = [
  "CANARY-trace-providerBody-11aa",
  "CANARY-trace-stack-22bb",
  "CANARY-trace-prompt-33cc",
  "CANARY-trace-draft-44dd",
  "CANARY-trace-cred-55ee",
  "CANARY-trace-raw-error-66ff",
];
const RAW_ERROR = `upstream said: ${CANARIES[5]} at Firestore.get (/srv/node_modules/x.js:1:2)`;

/** Claims as Firebase puts them on a verified ID token: the e-mail is there, and must stay there. */
function authFor(uid: string, workspaceId: string | null): VerifiedAuth {
  return {
    uid,
    claims: {
      ...(workspaceId ? { workspaceId } : {}),
      email: EMAIL,
      email_verified: true,
      firebase: { sign_in_provider: "password", identities: { email: [EMAIL] } },
    },
  };
}
const MEMBER = authFor(UID, WS);

const job = (extra: Record<string, unknown> = {}) => ({
  kind: "render",
  state: "failed",
  attempts: 3,
  progress: 0.5,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T11:00:00.000Z",
  ...extra,
});

function seeded(): MemoryStore {
  return new MemoryStore({
    "trendSignals/s1": {
      title: "One",
      summary: "first",
      source: "x",
      url: "https://x/1",
      topics: ["ai"],
      score: 0.4,
      observedAt: "2026-11-01T00:00:00.000Z",
    },
    "trendSignals/s2": {
      title: "Two",
      summary: "second",
      source: "x",
      url: "https://x/2",
      topics: ["ai"],
      score: 0.6,
      observedAt: "2026-11-02T00:00:00.000Z",
    },
    [`workspaces/${WS}/members/${UID}`]: { role: "operator" },
    [`workspaces/${WS}/members/u-disabled`]: { role: "operator", disabled: true },
    [`workspaces/${WS}/jobs/job-1`]: job({
      error: { code: "E", providerBody: CANARIES[0], stack: CANARIES[1] },
      prompt: CANARIES[2],
      draft: CANARIES[3],
      credentialsRef: CANARIES[4],
    }),
  });
}

/** Fails the first `failures` reads as unavailable, then reads normally: one transient retry fixes it. */
class FlakyStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  constructor(
    private readonly inner: ReadOnlyStore,
    private failures: number,
  ) {}
  private trip(): void {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new TransientDependencyError("unavailable");
    }
  }
  async get(path: string): Promise<StoredDoc | null> {
    this.trip();
    return this.inner.get(path);
  }
  async query(q: BoundedQuery): Promise<StoredDoc[]> {
    this.trip();
    return this.inner.query(q);
  }
}

/** Rejects every read with a raw Error carrying provider text: the runtime must answer INTERNAL and log none of it. */
const rawErrorStore: ReadOnlyStore = {
  provenance: "mock",
  get: async () => {
    throw Object.assign(new Error(RAW_ERROR), { details: CANARIES[5], code: "weird" });
  },
  query: async () => {
    throw Object.assign(new Error(RAW_ERROR), { details: CANARIES[5], code: "weird" });
  },
};

const downStore: ReadOnlyStore = {
  provenance: "mock",
  get: async () => {
    throw new TransientDependencyError("unavailable");
  },
  query: async () => {
    throw new TransientDependencyError("unavailable");
  },
};

interface Case {
  readonly name: string;
  readonly decl: ToolDeclaration;
  readonly data: unknown;
  readonly auth?: VerifiedAuth | null;
  readonly store?: ReadOnlyStore;
  readonly code: string;
  readonly severity: string;
  readonly authorization: CallTrace["authorization"];
  readonly attempts: CallTrace["attempts"][number]["outcome"][];
}

const CASES: Case[] = [
  {
    name: "success, workspace tool",
    decl: getJobStatus,
    data: { jobId: "job-1" },
    code: "OK",
    severity: "INFO",
    authorization: "allowed_member",
    attempts: ["ok"],
  },
  {
    name: "success, public tool",
    decl: fetchTrendSignals,
    data: { limit: 2 },
    code: "OK",
    severity: "INFO",
    authorization: "allowed_public",
    attempts: ["ok"],
  },
  {
    name: "retried then success",
    decl: fetchTrendSignals,
    data: { limit: 2 },
    store: new FlakyStore(seeded(), 1),
    code: "OK",
    severity: "NOTICE",
    authorization: "allowed_public",
    attempts: ["unavailable", "ok"],
  },
  {
    name: "INVALID_ARGUMENT (a pasted token and e-mail in an unknown key)",
    decl: getJobStatus,
    data: { jobId: "job-1", note: `Bearer ${ID_TOKEN} from ${EMAIL}` },
    code: "INVALID_ARGUMENT",
    severity: "NOTICE",
    authorization: "not_reached",
    attempts: [],
  },
  {
    name: "INVALID_ID",
    decl: getJobStatus,
    data: { jobId: "../globex/jobs/x" },
    code: "INVALID_ID",
    severity: "NOTICE",
    authorization: "not_reached",
    attempts: [],
  },
  {
    name: "UNAUTHENTICATED",
    decl: getJobStatus,
    data: { jobId: "job-1" },
    auth: null,
    code: "UNAUTHENTICATED",
    severity: "NOTICE",
    authorization: "denied_unauthenticated",
    attempts: [],
  },
  {
    name: "PERMISSION_DENIED, no claim",
    decl: getJobStatus,
    data: { jobId: "job-1" },
    auth: authFor(UID, null),
    code: "PERMISSION_DENIED",
    severity: "NOTICE",
    authorization: "denied_no_workspace_claim",
    attempts: ["failed"],
  },
  {
    name: "PERMISSION_DENIED, not a member",
    decl: getJobStatus,
    data: { jobId: "job-1" },
    auth: authFor("u-stranger", WS),
    code: "PERMISSION_DENIED",
    severity: "NOTICE",
    authorization: "denied_not_member",
    attempts: ["failed"],
  },
  {
    name: "PERMISSION_DENIED, disabled",
    decl: getJobStatus,
    data: { jobId: "job-1" },
    auth: authFor("u-disabled", WS),
    code: "PERMISSION_DENIED",
    severity: "NOTICE",
    authorization: "denied_disabled",
    attempts: ["failed"],
  },
  {
    name: "NOT_FOUND",
    decl: getJobStatus,
    data: { jobId: "no-such-job" },
    code: "NOT_FOUND",
    severity: "NOTICE",
    authorization: "allowed_member",
    attempts: ["failed"],
  },
  {
    name: "DEPENDENCY_UNAVAILABLE after the one retry",
    decl: fetchTrendSignals,
    data: { limit: 2 },
    store: downStore,
    code: "DEPENDENCY_UNAVAILABLE",
    severity: "WARNING",
    authorization: "allowed_public",
    attempts: ["unavailable", "unavailable"],
  },
  {
    name: "INTERNAL from a raw provider error",
    decl: fetchTrendSignals,
    data: { limit: 2 },
    store: rawErrorStore,
    code: "INTERNAL",
    severity: "ERROR",
    authorization: "allowed_public",
    attempts: ["failed"],
  },
];

interface Captured {
  readonly c: Case;
  readonly envelope: Envelope;
}

const captured: Captured[] = [];
const capture = captureSink();
const lines = capture.lines;

beforeAll(async () => {
  const { sink } = capture;
  for (const c of CASES) {
    const req: CallRequest = { auth: c.auth === undefined ? MEMBER : c.auth, data: c.data, skill: "job_status" };
    const envelope = await invokeTool(c.decl, req, { store: c.store ?? seeded(), sink });
    captured.push({ c, envelope });
  }
});

function callLines(): Record<string, any>[] {
  return lines.map((l) => JSON.parse(l) as Record<string, any>);
}

function payloadOf(entry: Record<string, any>): CallTrace {
  const picked = Object.fromEntries(Object.keys(CallTraceSchema.shape).map((k) => [k, entry[k]]));
  return CallTraceSchema.parse(picked);
}

describe("one structured log entry per call, in process through CloudLoggingSink", () => {
  it("writes exactly one entry per call, every line JSON", () => {
    const calls = callLines();
    expect(calls).toHaveLength(CASES.length);
    expect(new Set(calls.map((e) => e.callId)).size).toBe(CASES.length);
  });

  it.each(CASES.map((c, i) => [c.name, i] as const))("%s: the entry reconstructs the call", (_name, i) => {
    const { c, envelope } = captured[i]!;
    const entry = callLines()[i]!;
    const trace = payloadOf(entry);
    // Cloud Logging's special fields: severity by outcome, labels (the logger adds the request's trace).
    expect(entry.severity).toBe(c.severity);
    expect(entry["logging.googleapis.com/labels"]).toEqual({
      tool: c.decl.name,
      callId: trace.callId,
      status: envelope.status,
      resultCode: c.code,
    });
    // INTERNAL is an Error Reporting event (a stable message, no duration, so one bug is one group);
    // no other outcome carries the event type.
    if (c.code === "INTERNAL") {
      expect(entry.message).toBe(`${c.decl.name} error INTERNAL (exception)`);
      expect(entry["@type"]).toBe(REPORTED_ERROR_EVENT);
      expect(entry.serviceContext).toEqual({ service: c.decl.name });
    } else {
      expect(entry.message).toBe(
        `${c.decl.name} ${envelope.status}${c.code === "OK" ? "" : ` ${c.code}`} in ${trace.totalDurationMs} ms`,
      );
      expect(entry).not.toHaveProperty("@type");
      expect(entry).not.toHaveProperty("serviceContext");
    }
    // SPEC section 7, field by field.
    expect(trace.tool).toBe(c.decl.name);
    expect(trace.skill).toBe("job_status");
    expect(trace.resultCode).toBe(envelope.status === "success" ? "OK" : envelope.error.code);
    expect(trace.resultCode).toBe(c.code);
    expect(trace.status).toBe(envelope.status);
    expect(trace.authorization).toBe(c.authorization);
    expect(trace.attempts.map((a) => a.outcome)).toEqual(c.attempts);
    for (const a of trace.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    expect(trace.evidenceIds).toEqual(envelope.evidence.map((e) => e.evidenceId));
    if (envelope.status === "success") expect(trace.evidenceIds.length).toBeGreaterThan(0);
    expect(trace.provenance).toBe(envelope.status === "success" ? "mock" : null);
    expect(trace.totalDurationMs).toBeGreaterThanOrEqual(0);
    const auth = c.auth === undefined ? MEMBER : c.auth;
    expect(trace.caller).toBe(auth ? pseudonym("u", auth.uid) : null);
    expect(trace.workspace).toBe(
      auth && typeof auth.claims.workspaceId === "string" ? pseudonym("w", auth.claims.workspaceId) : null,
    );
    if (c.code === "INTERNAL") expect(trace.internalReason).toBe("exception");
    else expect(trace.internalReason).toBeNull();
  });

  it.each(CASES.map((c, i) => [c.name, i] as const))(
    "%s: no token, e-mail, uid, canary or raw error text in the line",
    (_name, i) => {
      const line = lines[i]!;
      expect(line).not.toContain(ID_TOKEN);
      expect(line).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
      expect(line).not.toContain(EMAIL);
      expect(line).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
      for (const uid of [UID, "u-disabled", "u-stranger"]) expect(line).not.toContain(uid);
      for (const canary of CANARIES) expect(line).not.toContain(canary);
      expect(line).not.toContain("upstream said");
      expect(line).not.toMatch(/node_modules|\.js:\d+/);
    },
  );

  it("keeps the caller's arguments, masked and capped, as the operator needs them", () => {
    const invalid = payloadOf(callLines()[3]!);
    expect(invalid.arguments).toEqual({ jobId: "job-1", note: "Bearer [token] from [email]" });
    const notFound = payloadOf(callLines()[9]!);
    expect(notFound.arguments).toEqual({ jobId: "no-such-job" });
    const long = JSON.stringify(payloadOf(callLines()[4]!).arguments);
    expect(long.length).toBeLessThan(MAX_TRACE_TEXT + 40);
  });
});
