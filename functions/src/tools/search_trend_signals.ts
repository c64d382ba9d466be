import { z } from "zod";
import { CANDIDATE_LIMIT, queryTokens, rankSignals, SEARCH_WINDOW_DAYS, searchWindowStart } from "../compute/search";
import { defineTool } from "../runtime/declaration";
import { readSignal, SignalListData, toSignalView } from "../views/signal";
import { UNTRUSTED_NOTE } from "../views/untrusted";

/**
 * 1-200 characters after trimming, as one regex so that the model's JSON Schema says what the server
 * checks. The `u` flag makes the quantifier count code points, as every JSON Schema validator does.
 */
const QUERY = /^\s*(\S(?:[\s\S]{0,198}\S)?)\s*$/u;

export default defineTool({
  name: "search_trend_signals",
  description:
    "Searches the trend signals for words in their title, topics or summary (case-insensitive; any word may match). " +
    "The best matches come first: more words in the title, then in the topics, then in the summary, then the higher score, then the newer signal. " +
    `It searches the ${CANDIDATE_LIMIT} newest signals observed in the last ${SEARCH_WINDOW_DAYS} days and nothing older: ` +
    "a match outside that slice is not found. " +
    "Very common words (the, and, in ...) are ignored unless the query has nothing else. A query with no letters or digits finds nothing. " +
    UNTRUSTED_NOTE,
  input: z.strictObject({
    query: z.string().regex(QUERY).describe("Words to look for: 1-200 characters after trimming."),
    limit: z.number().int().min(1).max(10).describe("How many signals, 1-10."),
  }),
  output: SignalListData,
  scope: "public",
  budgetMs: 20_000,
  // bench: at the default 80 concurrent requests this tool peaked at 82% of 256 MiB (bench/README.md).
  memory: "512MiB",
  errors: ["INVALID_QUERY", "DEPENDENCY_UNAVAILABLE"],
  argumentErrors: { query: "INVALID_QUERY" },
  maxReads: CANDIDATE_LIMIT,
  examples: {
    valid: [
      { query: "AI video", limit: 5 },
      { query: "TikTok search", limit: 3 },
      { query: "  sustainability regulation  ", limit: 10 },
    ],
    invalid: [
      { input: { query: "", limit: 5 }, code: "INVALID_QUERY" },
      { input: { query: "   ", limit: 5 }, code: "INVALID_QUERY" },
      { input: { query: "x".repeat(201), limit: 5 }, code: "INVALID_QUERY" },
      { input: { query: 5, limit: 5 }, code: "INVALID_ARGUMENT" },
      { input: { query: "ai", limit: 0 }, code: "INVALID_ARGUMENT" },
      { input: { query: "ai" }, code: "INVALID_ARGUMENT" },
      { input: { query: "ai", limit: 3, workspaceId: "acme" }, code: "INVALID_ARGUMENT" },
      { input: null, code: "INVALID_ARGUMENT" },
    ],
    empty: { query: "quantum submarine", limit: 5 },
  },
  async run(ctx, { query, limit }) {
    const tokens = queryTokens(query);
    // Nothing to look for is an empty answer, not an error, and costs no read.
    if (tokens.length === 0) return { signals: [], count: 0 };
    // The newest slice, matched here: the pipeline writes no search index (SPEC section 3). The
    // window is applied to what was read, so the query needs no filter and no composite index.
    const docs = await ctx.store.query({
      collection: "trendSignals",
      orderBy: [["observedAt", "desc"]],
      limit: CANDIDATE_LIMIT,
    });
    const since = searchWindowStart(ctx.now).getTime();
    // Each document is parsed once; the view of a returned signal is built from that parse.
    const candidates = docs.map(readSignal).filter((c) => c.observedAt >= since);
    // Evidence is minted only for the signals returned: the rest were read, not cited.
    const signals = rankSignals(tokens, candidates)
      .slice(0, limit)
      .map(({ candidate }) => toSignalView(candidate, ctx.evidence.record(candidate.path)));
    return { signals, count: signals.length };
  },
});
