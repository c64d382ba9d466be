import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../../functions/src/compute/keywords";
import { CANDIDATE_LIMIT, MAX_QUERY_TOKENS, queryTokens, rankSignals, tokenHits, type SignalCandidate } from "../../../functions/src/compute/search";

const sig = (id: string, over: Partial<SignalCandidate> = {}): SignalCandidate => ({
  id,
  title: "Nothing here",
  summary: "Plain text.",
  topics: [],
  score: 0.5,
  observedAt: "2026-11-01T00:00:00.000Z",
  ...over,
});

describe("queryTokens", () => {
  it("lowercases, splits on non-letters, keeps distinct tokens in order of appearance", () => {
    expect(queryTokens("  AI video, ai VIDEO editing!  ")).toEqual(["ai", "video", "editing"]);
  });

  it("finds nothing to search in punctuation or one-letter words", () => {
    expect(queryTokens("!!!")).toEqual([]);
    expect(queryTokens("a b c")).toEqual([]);
    expect(queryTokens("   ")).toEqual([]);
  });

  it("drops stopwords, unless the query is nothing but stopwords", () => {
    expect(queryTokens("what is the trend in TikTok search")).toEqual(["trend", "tiktok", "search"]);
    expect(queryTokens("the and of")).toEqual(["the", "and", "of"]);
  });

  it("keeps unicode letters and digits", () => {
    expect(queryTokens("Café culture Q4 2026")).toEqual(["café", "culture", "q4", "2026"]);
  });

  it(`keeps only the first ${MAX_QUERY_TOKENS} distinct tokens (Firestore's array-contains-any ceiling)`, () => {
    const words = Array.from({ length: 45 }, (_, i) => `w${i}`);
    const tokens = queryTokens(words.join(" "));
    expect(tokens).toHaveLength(MAX_QUERY_TOKENS);
    expect(tokens).toEqual(words.slice(0, MAX_QUERY_TOKENS));
    expect(MAX_QUERY_TOKENS).toBeLessThanOrEqual(30);
    expect(CANDIDATE_LIMIT).toBe(50);
  });
});

describe("rankSignals", () => {
  it("ranks title hits above topic hits above summary hits, whatever the score", () => {
    const inSummary = sig("s-summary", { summary: "All about video.", score: 0.99 });
    const inTopic = sig("s-topic", { topics: ["video"], score: 0.5 });
    const inTitle = sig("s-title", { title: "Video wins", score: 0.1 });
    expect(rankSignals(["video"], [inSummary, inTopic, inTitle]).map((r) => r.candidate.id)).toEqual(["s-title", "s-topic", "s-summary"]);
  });

  it("counts distinct query tokens per field: two title hits beat one", () => {
    const one = sig("one", { title: "AI news" });
    const two = sig("two", { title: "AI video news" });
    const ranked = rankSignals(["ai", "video"], [one, two]);
    expect(ranked.map((r) => [r.candidate.id, r.titleHits])).toEqual([["two", 2], ["one", 1]]);
  });

  it("matches case-insensitively and by whole token, not substring", () => {
    const ranked = rankSignals(["tok"], [sig("a", { title: "TikTok" }), sig("b", { title: "TOK time" })]);
    expect(ranked.map((r) => r.candidate.id)).toEqual(["b"]);
  });

  it("topic phrases are tokenized: 'short-form video' matches 'video'", () => {
    expect(rankSignals(["video"], [sig("a", { topics: ["short-form video"] })])[0]?.topicHits).toBe(1);
  });

  it("breaks equal hits by score, then newer observedAt, then id", () => {
    const base = { title: "AI" };
    const low = sig("z-low", { ...base, score: 0.2 });
    const old = sig("y-old", { ...base, score: 0.8, observedAt: "2026-10-01T00:00:00.000Z" });
    const newB = sig("b-new", { ...base, score: 0.8, observedAt: "2026-11-02T00:00:00.000Z" });
    const newA = sig("a-new", { ...base, score: 0.8, observedAt: "2026-11-02T00:00:00.000Z" });
    const order = rankSignals(["ai"], [low, old, newB, newA]).map((r) => r.candidate.id);
    expect(order).toEqual(["a-new", "b-new", "y-old", "z-low"]);
  });

  it("is stable under input order (ties fully broken)", () => {
    const items = [sig("c", { title: "AI" }), sig("a", { title: "AI" }), sig("b", { title: "AI" })];
    const forward = rankSignals(["ai"], items).map((r) => r.candidate.id);
    const backward = rankSignals(["ai"], [...items].reverse()).map((r) => r.candidate.id);
    expect(forward).toEqual(["a", "b", "c"]);
    expect(backward).toEqual(forward);
  });

  it("drops a candidate without any hit (stale keywords) instead of calling it a match", () => {
    expect(rankSignals(["ai"], [sig("stale")])).toEqual([]);
  });

  it("returns nothing for no candidates", () => {
    expect(rankSignals(["ai"], [])).toEqual([]);
  });
});

describe("tokenHits", () => {
  // The definition: how many of the tokens tokenize(text) holds.
  const reference = (tokens: readonly string[], text: string) => {
    const present = new Set(tokenize(text));
    return tokens.filter((t) => present.has(t)).length;
  };

  it("counts whole tokens only, case-insensitively, each listed token once per listing", () => {
    const hits = tokenHits(["ai", "video", "café", "ai"]);
    expect(hits("AI-powered VIDEO tools")).toBe(3);
    expect(hits("Said the aid: videos, AIR")).toBe(0);
    expect(hits("CAFÉ crème; l'ai")).toBe(3);
    expect(tokenHits(["a", "x y", "AI", ""])("a x y AI ai")).toBe(0);
    expect(tokenHits([])("anything")).toBe(0);
    // Astral letters (two UTF-16 units) are letters on either side of a word.
    expect(tokenHits(["ab"])("𝒜ab")).toBe(0);
    expect(tokenHits(["ab"])("ab𝒜")).toBe(0);
    expect(tokenHits(["ab"])("𝒜 ab")).toBe(1);
    expect(tokenHits(["ab"])("😀ab")).toBe(1);
  });

  it("agrees with tokenize on generated text, tokens taken from it and made up", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "é", "İ", "ß", "Σ", "ς", "1", "𝒜", "Ω", "-", " ", ".", "\u0307", "_"), maxLength: 8 });
    const text = fc.array(word, { maxLength: 8 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(text, fc.array(word, { maxLength: 4 }), (t, extra) => {
        const tokens = [...tokenize(t).slice(0, 3), ...extra, ...tokenize(extra.join(" "))];
        expect(tokenHits(tokens)(t)).toBe(reference(tokens, t));
      }),
      { numRuns: 5_000 },
    );
  });
});
