import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CallTraceSchema, type CallTrace } from "../../../functions/src/trace/entry";
import { MAX_TRACE_TEXT, normalizeArgs } from "../../../functions/src/trace/args";
import { correlationFrom, LOG_NAME, severityOf } from "../../../functions/src/trace/cloud-logging";
import { pseudonym, pseudonymKey } from "../../../functions/src/trace/pseudonym";
import { captureSink } from "../../support/log-capture";
import { sampleTrace } from "../../support/traces";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";

describe("correlationFrom", () => {
  it.each([
    [
      "traceparent, sampled",
      { traceparent: `00-${TRACE}-${SPAN}-01` },
      { traceId: TRACE, spanId: SPAN, sampled: true },
    ],
    [
      "traceparent, unsampled",
      { traceparent: `00-${TRACE}-${SPAN}-00` },
      { traceId: TRACE, spanId: SPAN, sampled: false },
    ],
    [
      "traceparent, other flags with the sampled bit",
      { traceparent: `00-${TRACE}-${SPAN}-03` },
      { traceId: TRACE, spanId: SPAN, sampled: true },
    ],
    [
      "traceparent, padded with spaces",
      { traceparent: `  00-${TRACE}-${SPAN}-01 ` },
      { traceId: TRACE, spanId: SPAN, sampled: true },
    ],
    [
      "traceparent as an array",
      { traceparent: [`00-${TRACE}-${SPAN}-01`, "junk"] },
      { traceId: TRACE, spanId: SPAN, sampled: true },
    ],
    ["traceparent with an all-zero trace id", { traceparent: `00-${"0".repeat(32)}-${SPAN}-01` }, {}],
    [
      "traceparent with an all-zero parent (span) id, invalid per W3C",
      { traceparent: `00-${TRACE}-${"0".repeat(16)}-01` },
      {},
    ],
    ["traceparent with the forbidden version ff", { traceparent: `ff-${TRACE}-${SPAN}-01` }, {}],
    ["traceparent in upper case", { traceparent: `00-${TRACE.toUpperCase()}-${SPAN}-01` }, {}],
    ["traceparent with a short trace id", { traceparent: `00-${TRACE.slice(1)}-${SPAN}-01` }, {}],
    ["garbage traceparent", { traceparent: "hello" }, {}],
    [
      "X-Cloud-Trace-Context with span and o=1",
      { "x-cloud-trace-context": `${TRACE}/123;o=1` },
      { traceId: TRACE, spanId: "000000000000007b", sampled: true },
    ],
    [
      "X-Cloud-Trace-Context with span and o=0",
      { "x-cloud-trace-context": `${TRACE}/18446744073709551615;o=0` },
      { traceId: TRACE, spanId: "ffffffffffffffff", sampled: false },
    ],
    [
      "X-Cloud-Trace-Context with span, no options",
      { "x-cloud-trace-context": `${TRACE}/1` },
      { traceId: TRACE, spanId: "0000000000000001" },
    ],
    ["X-Cloud-Trace-Context, trace only", { "x-cloud-trace-context": TRACE }, { traceId: TRACE }],
    [
      "X-Cloud-Trace-Context, upper-case trace, options only",
      { "x-cloud-trace-context": `${TRACE.toUpperCase()};o=1` },
      { traceId: TRACE, sampled: true },
    ],
    ["X-Cloud-Trace-Context, garbage", { "x-cloud-trace-context": "nope/1;o=1" }, {}],
    [
      "invalid traceparent falls back to X-Cloud-Trace-Context",
      { traceparent: `00-${"0".repeat(32)}-${SPAN}-01`, "x-cloud-trace-context": `${TRACE}/1;o=1` },
      { traceId: TRACE, spanId: "0000000000000001", sampled: true },
    ],
    [
      "traceparent wins over X-Cloud-Trace-Context",
      { traceparent: `00-${TRACE}-${SPAN}-01`, "x-cloud-trace-context": `${"a".repeat(32)}/1;o=0` },
      { traceId: TRACE, spanId: SPAN, sampled: true },
    ],
    ["no headers", {}, {}],
  ])("%s", (_n, headers, expected) => {
    expect(correlationFrom(headers as Record<string, string | string[] | undefined>)).toEqual(expected);
  });
});

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
  const DIAGNOSTIC = "logging.googleapis.com/diagnostic";
  const isDiagnostic = (e: Record<string, any>) =>
    DIAGNOSTIC in e || (typeof e.message === "object" && e.message !== null && DIAGNOSTIC in e.message);
  /** The call's payload, whether LogSync nests it under `message` or spreads it at the top level. */
  function payloadOf(entry: Record<string, any>): Record<string, unknown> {
    if (typeof entry.message === "object" && entry.message !== null) return entry.message;
    return Object.fromEntries(
      Object.entries(entry).filter(
        ([k]) =>
          !["timestamp", "severity", "logName", "resource"].includes(k) && !k.startsWith("logging.googleapis.com/"),
      ),
    );
  }

  // @google-cloud/logging adds one diagnostic entry to the first write of a process; this test runs
  // it first, in its own sink, so that the per-call tests below see only their own lines.
  beforeAll(() => {
    const { sink, lines } = captureSink();
    sink.write(trace({ callId: "warm-up" }), {});
    const entries = lines.map((l) => JSON.parse(l));
    // Whatever the library adds, exactly one line is this call's entry.
    expect(entries.filter((e) => !isDiagnostic(e))).toHaveLength(1);
    expect(entries.filter(isDiagnostic).length).toBeLessThanOrEqual(1);
  });

  it.each(outcomes.map(([n, over, sev]) => [n, sev, over] as const))(
    "%s: exactly one JSON line, severity %s, trace-correlated and labelled",
    (_n, severity, over) => {
      const { sink, lines, pending } = captureSink();
      const t = trace(over);
      sink.write(t, { traceId: TRACE, spanId: SPAN, sampled: true });
      expect(pending()).toBe("");
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]!);
      expect(entry.severity).toBe(severity);
      expect(entry["logging.googleapis.com/trace"]).toBe(`projects/demo-nova/traces/${TRACE}`);
      expect(entry["logging.googleapis.com/spanId"]).toBe(SPAN);
      expect(entry["logging.googleapis.com/trace_sampled"]).toBe(true);
      expect(entry["logging.googleapis.com/labels"]).toMatchObject({ tool: t.tool, callId: t.callId });
      expect(entry.logName).toBe(`projects/demo-nova/logs/${LOG_NAME}`);
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

  it("one line per call over several calls, no correlation fields when there is no trace header", () => {
    const { sink, lines } = captureSink();
    for (let i = 0; i < 3; i++) sink.write(trace({ callId: `call-${i}` }), {});
    expect(lines).toHaveLength(3);
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.map((e) => e["logging.googleapis.com/labels"].callId)).toEqual(["call-0", "call-1", "call-2"]);
    for (const e of entries) {
      expect(e).not.toHaveProperty(["logging.googleapis.com/trace"]);
      expect(e).not.toHaveProperty(["logging.googleapis.com/spanId"]);
      expect(e).not.toHaveProperty(["logging.googleapis.com/trace_sampled"]);
    }
  });

  it("an unsampled trace is written as trace_sampled false", () => {
    const { sink, lines } = captureSink();
    sink.write(trace(), correlationFrom({ traceparent: `00-${TRACE}-${SPAN}-00` }));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry["logging.googleapis.com/trace"]).toBe(`projects/demo-nova/traces/${TRACE}`);
    expect(entry["logging.googleapis.com/trace_sampled"]).toBe(false);
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

  it("answers the keyed HMAC whether cached or not, across key changes and a full cache", () => {
    const hmac = (kind: string, id: string, key: string) =>
      `${kind}_${createHmac("sha256", key).update(`${kind}:${id}`).digest("base64url").slice(0, 16)}`;
    // 12,000 ids under one key overflow the cache once; then alternating keys cross a key change
    // at every lookup, and a repeat lookup under the same key is a cache hit.
    for (let i = 0; i < 12_000; i++) {
      expect(pseudonym("u", `uid_${i}`, "k1")).toBe(hmac("u", `uid_${i}`, "k1"));
      expect(pseudonym("u", `uid_${i}`, "k1")).toBe(hmac("u", `uid_${i}`, "k1"));
    }
    for (let i = 0; i < 200; i++) {
      const key = i % 2 ? "k1" : "k2";
      expect(pseudonym("w", `ws_${i % 7}`, key)).toBe(hmac("w", `ws_${i % 7}`, key));
      expect(pseudonym("w", `ws_${i % 7}`, key)).toBe(hmac("w", `ws_${i % 7}`, key));
    }
    expect(pseudonym("w", "acme", "k2")).toBe(hmac("w", "acme", "k2"));
  });

  it("takes its key from NOVA_PSEUDONYM_KEY, else the project id", () => {
    expect(pseudonymKey({ NOVA_PSEUDONYM_KEY: "secret-key" })).toBe("secret-key");
    expect(pseudonymKey({ GCLOUD_PROJECT: "demo-nova" })).toContain("demo-nova");
    expect(pseudonymKey({})).not.toBe(pseudonymKey({ GCLOUD_PROJECT: "demo-nova" }));
  });
});
