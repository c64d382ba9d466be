import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  queryTokens,
  rankSignals,
  tokenHits,
  tokenize,
  type SignalCandidate,
} from "../../../functions/src/compute/search";

const sig = (id: string, over: Partial<SignalCandidate> = {}): SignalCandidate => ({
  id,
  title: "Nothing here",
  summary: "Plain text.",
  topics: [],
  score: 0.5,
  observedAt: Date.parse("2026-11-01T00:00:00.000Z"),
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

  it("keeps every distinct token of a long query (no index limits how many are matched)", () => {
    const words = Array.from({ length: 45 }, (_, i) => `w${i}`);
    expect(queryTokens(words.join(" "))).toEqual(words);
  });
});

describe("rankSignals", () => {
  it("ranks title hits above topic hits above summary hits, whatever the score", () => {
    const inSummary = sig("s-summary", { summary: "All about video.", score: 0.99 });
    const inTopic = sig("s-topic", { topics: ["video"], score: 0.5 });
    const inTitle = sig("s-title", { title: "Video wins", score: 0.1 });
    expect(rankSignals(["video"], [inSummary, inTopic, inTitle]).map((r) => r.candidate.id)).toEqual([
      "s-title",
      "s-topic",
      "s-summary",
    ]);
  });

  it("counts distinct query tokens per field: two title hits beat one", () => {
    const one = sig("one", { title: "AI news" });
    const two = sig("two", { title: "AI video news" });
    const ranked = rankSignals(["ai", "video"], [one, two]);
    expect(ranked.map((r) => [r.candidate.id, r.titleHits])).toEqual([
      ["two", 2],
      ["one", 1],
    ]);
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
    const old = sig("y-old", { ...base, score: 0.8, observedAt: Date.parse("2026-10-01T00:00:00.000Z") });
    const newB = sig("b-new", { ...base, score: 0.8, observedAt: Date.parse("2026-11-02T00:00:00.000Z") });
    const newA = sig("a-new", { ...base, score: 0.8, observedAt: Date.parse("2026-11-02T00:00:00.000Z") });
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

  it("drops a candidate without any hit: it was read, it does not match", () => {
    expect(rankSignals(["ai"], [sig("stale")])).toEqual([]);
  });

  it("returns nothing for no candidates", () => {
    expect(rankSignals(["ai"], [])).toEqual([]);
  });
});

describe("tokenize", () => {
  it("lowercases, splits on anything but letters and digits, drops one-character tokens", () => {
    expect(tokenize("Hello, World! a b2 C-3PO")).toEqual(["hello", "world", "b2", "3po"]);
    expect(tokenize("ai Video: café!")).toEqual(["ai", "video", "café"]);
  });

  it("counts a token's length in code points: one astral letter is one character", () => {
    // U+20000 (CJK extension B) is one letter, two UTF-16 units.
    expect(tokenize("\u{20000} \u{20000}\u{20001} 😀ab")).toEqual(["\u{20000}\u{20001}", "ab"]);
  });

  it("keeps combining marks in the token and matches either spelling of an accented letter", () => {
    expect(tokenize("cafe\u0301 culture")).toEqual(["café", "culture"]);
    const ranked = rankSignals(queryTokens("cafe\u0301"), [
      sig("a", { title: "Café culture" }),
      sig("b", { title: "Cafe culture" }),
    ]);
    expect(ranked.map((r) => [r.candidate.id, r.titleHits])).toEqual([["a", 1]]);
  });
});

describe("tokenHits: a field searched for the query's tokens holds exactly the tokens tokenize finds in it", () => {
  const byTokenizing = (tokens: readonly string[], text: string) => {
    const present = new Set(tokenize(text));
    return tokens.filter((t) => present.has(t)).length;
  };
  // Letters of several scripts, combining marks, astral letters, digits and separators, so that
  // boundaries, case, NFC and surrogate pairs are all exercised.
  const pieces = [
    "ai",
    "AI",
    "video",
    "vidéo",
    "vide\u0301o",
    "café",
    "cafe\u0301",
    "𝒜b",
    "東京",
    "x",
    "9",
    "10",
    "-",
    " ",
    "_",
    ".",
    "İ",
    "ß",
    "\u0301",
  ];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join(""));

  it("agrees with tokenizing the field, for any query and field", () => {
    fc.assert(
      fc.property(text, text, (query, field) => {
        const tokens = queryTokens(query);
        expect(tokenHits(tokens, field)).toBe(byTokenizing(tokens, field));
      }),
      { numRuns: 3000 },
    );
  });

  it("counts a token touching another letter or digit as no hit, and one between separators as a hit", () => {
    expect(tokenHits(["ai"], "said ai-video")).toBe(1);
    expect(tokenHits(["ai"], "said aid ai9")).toBe(0);
    expect(tokenHits(["video"], "𝒜video")).toBe(0);
    expect(tokenHits(["vidéo"], "VIDE\u0301O!")).toBe(1);
  });
});
