import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CallTraceSchema, type CallTrace } from "../../../functions/src/trace/entry";
import { MAX_TRACE_TEXT, normalizeArgs } from "../../../functions/src/trace/args";
import { severityOf } from "../../../functions/src/trace/cloud-logging";
import { pseudonym, pseudonymKey } from "../../../functions/src/trace/pseudonym";
import { captureSink } from "../../support/log-capture";
import { sampleTrace } from "../../support/traces";

describe("normalizeArgs", () => {
  it("keeps short strings, caps long ones and says how long they were", () => {
    const exact = "x".repeat(MAX_TRACE_TEXT);
    expect(normalizeArgs({ q: exact })).toEqual({ q: exact });
    const long = "y".repeat(5_000);
    const capped = (normalizeArgs({ q: long }) as { q: string }).q;
    expect(capped.startsWith("y".repeat(MAX_TRACE_TEXT))).toBe(true);
    expect(capped).not.toContain("y".repeat(MAX_TRACE_TEXT + 1));
    expect(capped).toContain("5000");
    expect(capped.length).toBeLessThan(MAX_TRACE_TEXT + 20);
  });

  it("caps keys, bounds breadth and depth, keeps numbers, booleans and null", () => {
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(normalizeArgs(wide) as object)).toHaveLength(10);
    expect((normalizeArgs(Array.from({ length: 50 }, (_, i) => i)) as unknown[]).length).toBe(10);
    const longKey = "k".repeat(500);
    expect(Object.keys(normalizeArgs({ [longKey]: 1 }) as object)[0]!.length).toBeLessThanOrEqual(MAX_TRACE_TEXT);
    expect(normalizeArgs({ a: { b: { c: { d: "deep" } } } })).toEqual({ a: { b: { c: "[nested]" } } });
    expect(normalizeArgs({ n: 3, t: true, z: null, u: undefined })).toEqual({ n: 3, t: true, z: null, u: null });
    expect(normalizeArgs(null)).toBeNull();
    expect(normalizeArgs(undefined)).toBeNull();
    expect(normalizeArgs(10n)).toBe("10");
  });

  it.each([
    ["a Firebase ID token", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1aWQxMjMifQ.c2lnbmF0dXJl", "eyJzdWIiOiJ1aWQxMjMifQ"],
    ["a bearer header", "Bearer sk_live_abcdef123456", "sk_live_abcdef123456"],
    ["an e-mail address", "mail alice@example.com please", "alice@example.com"],
  ])("masks %s in a string argument", (_n, text, secret) => {
    expect(JSON.stringify(normalizeArgs({ query: text }))).not.toContain(secret);
  });

  it("the result is always JSON-serialisable and small, whatever comes in", () => {
    const nasty = {
      s: "z".repeat(100_000),
      arr: Array.from({ length: 1_000 }, () => ({ s: "q".repeat(1_000) })),
      big: 2n ** 70n,
    };
    const json = JSON.stringify(normalizeArgs(nasty));
    expect(json.length).toBeLessThan(2_000);
  });
});

function trace(over: Partial<CallTrace> = {}): CallTrace {
  return sampleTrace({
    skill: "job_status",
    invocationId: "inv_1",
    caller: pseudonym("u", "uid_1"),
    workspace: pseudonym("w", "acme"),
    arguments: { jobId: "j1" },
    ...over,
  });
}

const outcomes: [string, Partial<CallTrace>, string][] = [
  ["success in one attempt", {}, "INFO"],
  [
    "success after a retry",
    {
      attempts: [
        { attempt: 1, outcome: "unavailable", durationMs: 3 },
        { attempt: 2, outcome: "ok", durationMs: 4 },
      ],
    },
    "NOTICE",
  ],
  ["NOT_FOUND", { status: "error", resultCode: "NOT_FOUND", evidenceIds: [], provenance: null }, "NOTICE"],
  [
    "INVALID_ARGUMENT",
    { status: "error", resultCode: "INVALID_ARGUMENT", evidenceIds: [], provenance: null, attempts: [] },
    "NOTICE",
  ],
  [
    "UNAUTHENTICATED",
    { status: "error", resultCode: "UNAUTHENTICATED", evidenceIds: [], provenance: null, attempts: [] },
    "NOTICE",
  ],
  [
    "PERMISSION_DENIED",
    { status: "error", resultCode: "PERMISSION_DENIED", evidenceIds: [], provenance: null },
    "NOTICE",
  ],
  [
    "DEPENDENCY_UNAVAILABLE",
    { status: "error", resultCode: "DEPENDENCY_UNAVAILABLE", evidenceIds: [], provenance: null },
    "WARNING",
  ],
  [
    "INTERNAL",
    { status: "error", resultCode: "INTERNAL", internalReason: "exception", evidenceIds: [], provenance: null },
    "ERROR",
  ],
];

describe("severityOf", () => {
  it.each(outcomes)("%s → %s", (_n, over, severity) => {
    expect(severityOf(trace(over))).toBe(severity);
  });
});

describe("CloudLoggingSink", () => {
  /** The call's payload: everything beside Cloud Logging's special fields. */
  function payloadOf(entry: Record<string, any>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(entry).filter(
        ([k]) => !["timestamp", "severity"].includes(k) && !k.startsWith("logging.googleapis.com/"),
      ),
    );
  }

  it.each(outcomes.map(([n, over, sev]) => [n, sev, over] as const))(
    "%s: exactly one JSON line, severity %s, labelled",
    (_n, severity, over) => {
      const { sink, lines } = captureSink();
      const t = trace(over);
      sink.write(t);
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]!);
      expect(entry.severity).toBe(severity);
      expect(entry["logging.googleapis.com/labels"]).toEqual({
        tool: t.tool,
        callId: t.callId,
        status: t.status,
        resultCode: t.resultCode,
      });
      expect(Math.abs(Date.parse(entry.timestamp) - Date.now())).toBeLessThan(60_000);
      // The whole trace is in the payload, unchanged, with a readable message.
      // INTERNAL alone also carries Error Reporting's event fields (test/unit/trace/calls.test.ts).
      const { message, "@type": type, serviceContext, ...rest } = payloadOf(entry);
      expect(message).toMatch(new RegExp(`^${t.tool} ${t.status}`));
      expect(CallTraceSchema.parse(rest)).toEqual(t);
      expect([type !== undefined, serviceContext !== undefined]).toEqual([
        t.resultCode === "INTERNAL",
        t.resultCode === "INTERNAL",
      ]);
    },
  );

  it("one line per call over several calls, no trace fields outside a served request", () => {
    const { sink, lines } = captureSink();
    for (let i = 0; i < 3; i++) sink.write(trace({ callId: `call-${i}` }));
    expect(lines).toHaveLength(3);
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.map((e) => e["logging.googleapis.com/labels"].callId)).toEqual(["call-0", "call-1", "call-2"]);
    for (const e of entries)
      expect(Object.keys(e).filter((k) => k.startsWith("logging.googleapis.com/"))).toEqual([
        "logging.googleapis.com/labels",
      ]);
  });

  it("keeps argument keys a plain copy would lose (__proto__, hasOwnProperty, toJSON)", () => {
    // normalizeArgs builds objects with Object.fromEntries, as JSON.parse does: every key an own property.
    const args = normalizeArgs(JSON.parse('{"__proto__":{"x":1},"hasOwnProperty":"h","toJSON":"j","jobId":"j1"}'));
    const { sink, lines } = captureSink();
    sink.write(trace({ arguments: args }));
    expect(lines[0]).toContain('"arguments":{"__proto__":{"x":1},"hasOwnProperty":"h","toJSON":"j","jobId":"j1"}');
    expect(Object.keys(JSON.parse(lines[0]!).arguments)).toEqual(["__proto__", "hasOwnProperty", "toJSON", "jobId"]);
  });
});

describe("pseudonym", () => {
  it("is keyed, stable and does not contain the id", () => {
    expect(pseudonym("u", "uid_1", "k1")).toBe(pseudonym("u", "uid_1", "k1"));
    expect(pseudonym("u", "uid_1", "k1")).not.toBe(pseudonym("u", "uid_1", "k2"));
    expect(pseudonym("u", "acme", "k1")).not.toBe(pseudonym("w", "acme", "k1"));
    expect(pseudonym("u", "uid_1", "k1")).toMatch(/^u_[A-Za-z0-9_-]{16}$/);
    expect(pseudonym("w", "acme", "k1")).not.toContain("acme");
  });

  it("is the keyed HMAC of kind and id, and changes with the key", () => {
    const hmac = (kind: string, id: string, key: string) =>
      `${kind}_${createHmac("sha256", key).update(`${kind}:${id}`).digest("base64url").slice(0, 16)}`;
    for (const key of ["k1", "k2"])
      for (const id of ["uid_1", "acme", "ünïcödé", ""]) {
        expect(pseudonym("u", id, key)).toBe(hmac("u", id, key));
        expect(pseudonym("w", id, key)).toBe(hmac("w", id, key));
      }
    expect(pseudonym("w", "acme", "k1")).not.toBe(pseudonym("w", "acme", "k2"));
  });

  it("takes its key from NOVA_PSEUDONYM_KEY, else the project id", () => {
    expect(pseudonymKey({ NOVA_PSEUDONYM_KEY: "secret-key" })).toBe("secret-key");
    expect(pseudonymKey({ GCLOUD_PROJECT: "demo-nova" })).toContain("demo-nova");
    expect(pseudonymKey({})).not.toBe(pseudonymKey({ GCLOUD_PROJECT: "demo-nova" }));
  });
});
