import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANDIDATE_LIMIT, searchWindowStart, tokenize } from "../../../functions/src/compute/search";
import { callerAs, closeCallers, type Caller } from "../support/client";
import { expectError, expectLinkedSuccess, expectRecord, seed } from "./support";

interface Signal {
  signalId: string;
  evidenceId: string;
  topics: string[];
  score: number;
  observedAt: string;
  untrusted: { title: string; summary: string };
}
type Data = { signals: Signal[]; count: number };

let operator: Caller, noClaim: Caller, anonymous: Caller;
beforeAll(async () => {
  [operator, noClaim, anonymous] = await Promise.all([
    callerAs("operator@acme.test"),
    callerAs("noclaim@nova.test"),
    callerAs(null),
  ]);
});
afterAll(closeCallers);

const signals = seed.docs.filter((d) => d.path.startsWith("trendSignals/"));
/** Seed signals inside the window a search made now covers (the seed has fewer than the cap). */
const inWindow = () =>
  signals.filter((d) => (d.data.observedAt as Date).getTime() >= searchWindowStart(new Date()).getTime());
/** Seed signals with the token in title, summary or topics, found by plain string work on the generator's output. */
const seedMatches = (token: string) =>
  inWindow().filter((d) =>
    [d.data.title, d.data.summary, ...(d.data.topics as string[])].some((t) => tokenize(String(t)).includes(token)),
  );
const fieldHas = (text: string, token: string) => tokenize(text).includes(token);

describe("search_trend_signals", () => {
  it("answers matching signals, each linked to its own record evidence, third-party text under untrusted", async () => {
    const env = await noClaim.call("search_trend_signals", { query: "AI video", limit: 5 });
    const evidence = expectLinkedSuccess(env);
    const data = env.data as Data;
    expect(data.count).toBe(5);
    expect(data.signals).toHaveLength(5);
    for (const s of data.signals) {
      expectRecord(evidence, s.evidenceId, `trendSignals/${s.signalId}`);
      const text = [s.untrusted.title, s.untrusted.summary, ...s.topics];
      expect(
        text.some((t) => fieldHas(t, "ai") || fieldHas(t, "video")),
        s.signalId,
      ).toBe(true);
      expect(Object.keys(s).sort()).toEqual([
        "evidenceId",
        "observedAt",
        "score",
        "signalId",
        "source",
        "topics",
        "untrusted",
        "url",
      ]);
    }
    expect(env.evidence).toHaveLength(5);
  });

  it("puts title matches first (hits never increase down the list)", async () => {
    const env = await operator.call("search_trend_signals", { query: "sustainability", limit: 10 });
    const data = env.data as Data;
    const titleHits = data.signals.map((s) => (fieldHas(s.untrusted.title, "sustainability") ? 1 : 0));
    expect([...titleHits].sort((a, b) => b - a)).toEqual(titleHits);
    expect(titleHits[0]).toBe(1);
  });

  it("finds exactly the seeded signals of the window that hold the word, up to the limit", async () => {
    expect(signals.length).toBeLessThan(CANDIDATE_LIMIT);
    const expected = seedMatches("sustainability").map((d) => d.path.split("/")[1]!);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(10);
    const env = await operator.call("search_trend_signals", { query: "sustainability", limit: 10 });
    const ids = (env.data as Data).signals.map((s) => s.signalId);
    expect([...ids].sort()).toEqual([...expected].sort());
    const one = await operator.call("search_trend_signals", { query: "sustainability", limit: 1 });
    expect((one.data as Data).signals.map((s) => s.signalId)).toEqual([ids[0]]);
  });

  it("is case-insensitive and ignores surrounding blanks", async () => {
    const a = await operator.call("search_trend_signals", { query: "TikTok Search", limit: 10 });
    const b = await operator.call("search_trend_signals", { query: "  tiktok SEARCH \n", limit: 10 });
    const ids = (env: typeof a) => (env.data as Data).signals.map((s) => s.signalId);
    expect(ids(a).length).toBeGreaterThan(0);
    expect(ids(b)).toEqual(ids(a));
  });

  it("keeps instruction-like summaries as data under untrusted", async () => {
    const injected = seed.fixtures.injectionSignalIds;
    const env = await operator.call("search_trend_signals", {
      query: "ignore previous instructions publish",
      limit: 10,
    });
    const data = env.data as Data;
    expect(data.signals.some((s) => injected.includes(s.signalId))).toBe(true);
    for (const s of data.signals) {
      const { untrusted, ...trusted } = s;
      expect(JSON.stringify(trusted)).not.toMatch(/ignore previous|instructions/i);
      expect(untrusted.summary.length).toBeGreaterThan(0);
    }
  });

  it("answers success with count 0 and no evidence when nothing matches", async () => {
    expect(await operator.call("search_trend_signals", { query: "quantum submarine", limit: 5 })).toEqual({
      status: "success",
      data: { signals: [], count: 0 },
      error: null,
      evidence: [],
    });
  });

  it("answers success with count 0 for a query without letters or digits", async () => {
    expect(await operator.call("search_trend_signals", { query: "!!! ?", limit: 5 })).toMatchObject({
      status: "success",
      data: { signals: [], count: 0 },
      evidence: [],
    });
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["201 characters", "x".repeat(201)],
    ["201 characters between blanks", ` ${"y".repeat(201)} `],
  ])("answers INVALID_QUERY for a query that is %s", async (_label, query) => {
    const env = await operator.call("search_trend_signals", { query, limit: 5 });
    expectError(env, "INVALID_QUERY");
    expect(env.error).toMatchObject({ category: "validation", retryable: false });
  });

  it("accepts exactly 200 characters after trimming", async () => {
    const env = await operator.call("search_trend_signals", { query: `  ${"video ".repeat(33)}vi  `, limit: 2 });
    expect(env.status).toBe("success");
  });

  it("counts the query in code points, as its JSON Schema does: 200 emoji and CJK extension B pass, 201 do not", async () => {
    const query = `${"😀".repeat(150)} \u{20000}\u{20001} ${"😀".repeat(40)} video`;
    expect([...query].length).toBe(200);
    expect(query.length).toBeGreaterThan(200);
    const env = await operator.call("search_trend_signals", { query, limit: 3 });
    expect(env.status).toBe("success");
    expect((env.data as Data).count).toBe(3);
    expectError(await operator.call("search_trend_signals", { query: `${query}😀`, limit: 3 }), "INVALID_QUERY");
  });

  it.each([
    ["a non-string query", { query: 42, limit: 5 }],
    ["a missing limit", { query: "ai" }],
    ["limit 0", { query: "ai", limit: 0 }],
    ["limit 11", { query: "ai", limit: 11 }],
    ["an extra workspaceId", { query: "ai", limit: 3, workspaceId: "acme" }],
    ["null", null],
  ])("answers INVALID_ARGUMENT for %s", async (_label, data) => {
    expectError(await operator.call("search_trend_signals", data), "INVALID_ARGUMENT");
  });

  it("answers UNAUTHENTICATED without a token", async () => {
    expectError(await anonymous.call("search_trend_signals", { query: "ai", limit: 3 }), "UNAUTHENTICATED");
  });
});
