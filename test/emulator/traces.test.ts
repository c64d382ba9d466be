import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvelopeSchema, type Envelope } from "nova-contract";
import { pseudonym, pseudonymKey } from "../../functions/src/trace/pseudonym";
import { REPO_ROOT } from "../../scripts/emulators/locate";
import { parseTraceLine, type TraceEntry } from "../../scripts/traces/entries";
import { callerAs, closeCallers, rawCall } from "./support/client";

/**
 * End to end: calls over the callable protocol to the Functions emulator, then their entries read
 * back from what the suite keeps locally (.emulators/test/traces.jsonl, teed from the functions'
 * output, and the raw firebase.log it came from). One entry per call, correlated by the
 * `traceparent` each call sent, mirroring its envelope, with nothing secret in it.
 */

const LOG_DIR = join(REPO_ROOT, ".emulators", "test");
const TRACES = join(LOG_DIR, "traces.jsonl");
const FIREBASE_LOG = join(LOG_DIR, "firebase.log");
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "emulator-data", "seed-manifest.json"), "utf8")) as {
  users: { email: string; uid: string }[];
  canaries: string[];
};

interface Made {
  readonly label: string;
  readonly tool: string;
  readonly traceId: string;
  readonly envelope: Envelope;
  readonly uid: string | null;
  readonly expectedCode: string;
  readonly authorization: string;
}

// The functions run with the suite's environment: project demo-nova, and the key if the shell has one.
const KEY = pseudonymKey({ NOVA_PSEUDONYM_KEY: process.env.NOVA_PSEUDONYM_KEY, GCLOUD_PROJECT: "demo-nova" });
const made: Made[] = [];
const tokens: string[] = [];

async function tokenOf(email: string): Promise<string> {
  const token = await (await callerAs(email)).idToken();
  tokens.push(token!);
  return token!;
}

async function call(
  label: string,
  tool: string,
  data: unknown,
  email: string | null,
  expectedCode: string,
  authorization: string,
): Promise<void> {
  const traceId = randomBytes(16).toString("hex");
  const headers: Record<string, string> = { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` };
  if (email) headers.authorization = `Bearer ${await tokenOf(email)}`;
  const res = await rawCall(tool, { data }, headers);
  expect(res.status).toBe(200);
  const envelope = EnvelopeSchema.parse((res.body as { result: unknown }).result);
  const uid = email ? manifest.users.find((u) => u.email === email)!.uid : null;
  made.push({ label, tool, traceId, envelope, uid, expectedCode, authorization });
}

function entriesIn(file: string): TraceEntry[] {
  return existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .map(parseTraceLine)
        .filter((e): e is TraceEntry => e !== null)
    : [];
}

async function entriesFor(file: string, traceIds: Set<string>): Promise<TraceEntry[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mine = entriesIn(file).filter((e) => e.traceId && traceIds.has(e.traceId));
    if (new Set(mine.map((e) => e.traceId)).size === traceIds.size || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 250));
  }
}

let fromTee: TraceEntry[] = [];
let fromLog: TraceEntry[] = [];

beforeAll(async () => {
  await call(
    "success, workspace tool",
    "get_job_status",
    { jobId: "job-failed-1" },
    "operator@acme.test",
    "OK",
    "allowed_member",
  );
  await call("success, public tool", "fetch_trend_signals", { limit: 3 }, "noclaim@nova.test", "OK", "allowed_public");
  await call(
    "NOT_FOUND (another workspace's job)",
    "get_job_status",
    { jobId: "job-globex-1" },
    "operator@acme.test",
    "NOT_FOUND",
    "allowed_member",
  );
  await call(
    "INVALID_ID",
    "get_job_status",
    { jobId: "../globex/jobs/job-globex-1" },
    "operator@acme.test",
    "INVALID_ID",
    "not_reached",
  );
  await call(
    "INVALID_ARGUMENT with a pasted e-mail",
    "get_job_status",
    { jobId: "job-failed-1", note: "ask owner@acme.test" },
    "operator@acme.test",
    "INVALID_ARGUMENT",
    "not_reached",
  );
  await call(
    "UNAUTHENTICATED",
    "get_job_status",
    { jobId: "job-failed-1" },
    null,
    "UNAUTHENTICATED",
    "denied_unauthenticated",
  );
  await call(
    "PERMISSION_DENIED",
    "get_job_status",
    { jobId: "job-failed-1" },
    "outsider@nova.test",
    "PERMISSION_DENIED",
    "denied_not_member",
  );
  const ids = new Set(made.map((m) => m.traceId));
  [fromTee, fromLog] = await Promise.all([entriesFor(TRACES, ids), entriesFor(FIREBASE_LOG, ids)]);
});
afterAll(closeCallers);

describe("trace entries from the emulator", () => {
  it("one entry per call in traces.jsonl, the same one in firebase.log", () => {
    for (const m of made) {
      const tee = fromTee.filter((e) => e.traceId === m.traceId);
      const log = fromLog.filter((e) => e.traceId === m.traceId);
      expect({ label: m.label, tee: tee.length, log: log.length }).toEqual({ label: m.label, tee: 1, log: 1 });
      expect(tee[0]!.trace).toEqual(log[0]!.trace);
    }
  });

  it("each entry reconstructs its call and mirrors the envelope", () => {
    for (const m of made) {
      const e = fromTee.find((x) => x.traceId === m.traceId)!;
      const t = e.trace;
      expect({ label: m.label, tool: t.tool, code: t.resultCode, authorization: t.authorization }).toEqual({
        label: m.label,
        tool: m.tool,
        code: m.expectedCode,
        authorization: m.authorization,
      });
      expect(t.resultCode).toBe(m.envelope.status === "success" ? "OK" : m.envelope.error.code);
      expect(t.evidenceIds).toEqual(m.envelope.evidence.map((x) => x.evidenceId));
      expect(t.provenance).toBe(m.envelope.status === "success" ? "mock" : null);
      expect(t.caller).toBe(m.uid ? pseudonym("u", m.uid, KEY) : null);
      expect(e.severity).toBe(m.envelope.status === "success" ? "INFO" : "NOTICE");
      expect(t.totalDurationMs).toBeGreaterThanOrEqual(0);
    }
    const success = fromTee.find((x) => x.traceId === made[0]!.traceId)!.trace;
    expect(success.workspace).toBe(pseudonym("w", "acme", KEY));
    expect(success.evidenceIds.length).toBe(1);
    expect(success.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: "ok" })]);
    expect(success.reads).toBe(2);
  });

  it("no ID token, e-mail, uid or canary anywhere in the suite's trace lines", () => {
    const text = existsSync(TRACES) ? readFileSync(TRACES, "utf8") : "";
    expect(text.length).toBeGreaterThan(0);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.(test|com)\b/);
    // Raw uids: checked on this file's own calls (another test may pass a uid as an argument on purpose).
    const mine = JSON.stringify(fromTee);
    for (const u of manifest.users) expect(mine).not.toContain(u.uid);
    for (const canary of manifest.canaries) expect(text).not.toContain(canary);
    const pasted = fromTee.find((x) => x.traceId === made[4]!.traceId)!.trace;
    expect(pasted.arguments).toEqual({ jobId: "job-failed-1", note: "ask [email]" });
  });
});
