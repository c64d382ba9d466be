import { describe, expect, it } from "vitest";
import {
  collectEvidenceRefs,
  EnvelopeSchema,
  ErrorEnvelopeSchema,
  SuccessEnvelopeSchema,
  ERROR_CATALOG,
  ERROR_CODES,
} from "nova-contract";

const EV1 = "ev_AAAAAAAAAAAAAAAA1";
const EV2 = "ev_BBBBBBBBBBBBBBBB2";

type Json = Record<string, any>;

function success(): Json {
  return {
    status: "success",
    data: { signals: [{ signalId: "s1", evidenceId: EV1 }], summary: { evidenceIds: [EV2] }, count: 1 },
    error: null,
    evidence: [
      {
        evidenceId: EV1,
        kind: "record",
        ref: "trendSignals/s1",
        provenance: "mock",
        observedAt: "2025-01-02T03:04:05.000Z",
      },
      {
        evidenceId: EV2,
        kind: "dataset",
        ref: "workspaces/acme/posts:last-30d",
        provenance: "live",
        observedAt: "2025-01-02T03:04:05Z",
      },
    ],
  };
}

function failure(code: keyof typeof ERROR_CATALOG = "NOT_FOUND"): Json {
  const e = ERROR_CATALOG[code];
  return {
    status: "error",
    data: null,
    error: { code, category: e.category, message: e.message, retryable: e.retryable },
    evidence: [],
  };
}

function mutate(base: Json, edit: (e: Json) => void): Json {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
}

describe("EnvelopeSchema accepts valid envelopes", () => {
  it("a success with linked evidence (evidenceId and evidenceIds refs)", () => {
    expect(EnvelopeSchema.safeParse(success()).success).toBe(true);
    expect(SuccessEnvelopeSchema.safeParse(success()).success).toBe(true);
  });

  it("a success with no records and no evidence", () => {
    expect(
      EnvelopeSchema.safeParse({ status: "success", data: { signals: [], count: 0 }, error: null, evidence: [] })
        .success,
    ).toBe(true);
  });

  it.each(ERROR_CODES)("an error envelope for %s with the catalog's category and retryable", (code) => {
    expect(EnvelopeSchema.safeParse(failure(code)).success).toBe(true);
    expect(ErrorEnvelopeSchema.safeParse(failure(code)).success).toBe(true);
  });
});

describe("EnvelopeSchema rejects every impossible state", () => {
  const cases: [string, Json][] = [
    ["success with data null", mutate(success(), (e) => (e.data = null))],
    ["success with data an array", mutate(success(), (e) => (e.data = []))],
    ["success with an error object", mutate(success(), (e) => (e.error = failure().error))],
    ["success missing evidence", mutate(success(), (e) => delete e.evidence)],
    ["success missing error key", mutate(success(), (e) => delete e.error)],
    ["error with data", mutate(failure(), (e) => (e.data = { job: null }))],
    ["error with non-empty evidence", mutate(failure(), (e) => (e.evidence = [success().evidence[0]]))],
    ["error with error null", mutate(failure(), (e) => (e.error = null))],
    ["error missing evidence", mutate(failure(), (e) => delete e.evidence)],
    ["extra key at top level (success)", mutate(success(), (e) => (e.debug = true))],
    ["extra key at top level (error)", mutate(failure(), (e) => (e.stack = "at x"))],
    ["extra key in error", mutate(failure(), (e) => (e.error.providerBody = "x"))],
    ["extra key in an evidence item", mutate(success(), (e) => (e.evidence[0].path = "trendSignals/s1"))],
    ["wrong category for a code", mutate(failure("NOT_FOUND"), (e) => (e.error.category = "validation"))],
    [
      "wrong retryable for a code (DEPENDENCY_UNAVAILABLE false)",
      mutate(failure("DEPENDENCY_UNAVAILABLE"), (e) => (e.error.retryable = false)),
    ],
    ["wrong retryable for a code (INTERNAL true)", mutate(failure("INTERNAL"), (e) => (e.error.retryable = true))],
    ["unknown code", mutate(failure(), (e) => (e.error.code = "TEAPOT"))],
    ["unknown category", mutate(failure(), (e) => (e.error.category = "teapot"))],
    ["empty message", mutate(failure(), (e) => (e.error.message = ""))],
    ["unknown status", mutate(success(), (e) => (e.status = "partial"))],
    ["status ok", mutate(failure(), (e) => (e.status = "ok"))],
    ["provenance other than mock/live", mutate(success(), (e) => (e.evidence[0].provenance = "seed"))],
    ["unknown evidence kind", mutate(success(), (e) => (e.evidence[0].kind = "document"))],
    ["empty ref", mutate(success(), (e) => (e.evidence[0].ref = ""))],
    ["non-ISO observedAt", mutate(success(), (e) => (e.evidence[0].observedAt = "Jan 2 2025 03:04"))],
    ["epoch-millis observedAt", mutate(success(), (e) => (e.evidence[0].observedAt = 1735787045000))],
    ["date-only observedAt", mutate(success(), (e) => (e.evidence[0].observedAt = "2025-01-02"))],
    [
      "observedAt with a non-UTC offset",
      mutate(success(), (e) => (e.evidence[0].observedAt = "2025-01-02T03:04:05+02:00")),
    ],
    ["observedAt with no zone", mutate(success(), (e) => (e.evidence[0].observedAt = "2025-01-02T03:04:05"))],
    [
      "evidenceId too short",
      mutate(success(), (e) => {
        e.evidence[0].evidenceId = "ev_short";
        e.data.signals[0].evidenceId = "ev_short";
      }),
    ],
    [
      "evidenceId without the ev_ prefix",
      mutate(success(), (e) => {
        e.evidence[0].evidenceId = "AAAAAAAAAAAAAAAAAAAA";
        e.data.signals[0].evidenceId = "AAAAAAAAAAAAAAAAAAAA";
      }),
    ],
    ["duplicate evidence ids", mutate(success(), (e) => (e.evidence[1].evidenceId = EV1))],
    ["evidence not referenced from data", mutate(success(), (e) => (e.data.summary = {}))],
    ["data referencing an evidence id absent from evidence", mutate(success(), (e) => e.evidence.pop())],
    [
      "data citing a nested evidenceId while evidence is empty",
      mutate(success(), (e) => {
        e.evidence = [];
        delete e.data.summary;
      }),
    ],
    [
      "data referencing an unknown id in an evidenceIds array",
      mutate(success(), (e) => e.data.summary.evidenceIds.push("ev_CCCCCCCCCCCCCCCC3")),
    ],
  ];

  it.each(cases)("%s", (_name, envelope) => {
    expect(EnvelopeSchema.safeParse(envelope).success).toBe(false);
  });

  it("the fixture each case mutates is itself valid (so each rejection is due to its one edit)", () => {
    expect(EnvelopeSchema.safeParse(success()).success).toBe(true);
    expect(EnvelopeSchema.safeParse(failure()).success).toBe(true);
  });
});

describe("collectEvidenceRefs", () => {
  it("finds evidenceId and evidenceIds at any depth, in objects and arrays", () => {
    const data = {
      evidenceId: "ev_top",
      signals: [{ evidenceId: "ev_a", nested: { deeper: [{ evidenceId: "ev_b" }] } }],
      takeaways: [{ text: "t", evidenceIds: ["ev_c", "ev_d"] }],
      job: { evidenceId: "ev_e" },
    };
    expect([...collectEvidenceRefs(data)].sort()).toEqual(["ev_a", "ev_b", "ev_c", "ev_d", "ev_e", "ev_top"]);
  });

  it("ignores non-string values under evidenceId / evidenceIds", () => {
    expect([
      ...collectEvidenceRefs({ evidenceId: 5, evidenceIds: [1, null], x: [{ evidenceIds: "ev_not_an_array" }] }),
    ]).toEqual([]);
  });
});
