import { z } from "zod";
import { defineTool } from "../runtime/declaration";
import { readSignal, SignalListData, toSignalView, UNTRUSTED_NOTE } from "../views/signal";

export default defineTool({
  name: "fetch_trend_signals",
  description: `The newest trend signals the pipeline has observed, newest first, each with its source, topics and score (0-1). ${UNTRUSTED_NOTE}`,
  input: z.strictObject({ limit: z.number().int().min(1).max(10).describe("How many signals, 1-10.") }),
  output: SignalListData,
  scope: "public",
  budgetMs: 20_000,
  errors: ["DEPENDENCY_UNAVAILABLE"],
  // One query of at most `limit` (10) signals; no membership read for a public tool.
  maxReads: 10,
  examples: {
    valid: [{ limit: 1 }, { limit: 5 }, { limit: 10 }],
    invalid: [
      { input: { limit: 0 }, code: "INVALID_ARGUMENT" },
      { input: { limit: 11 }, code: "INVALID_ARGUMENT" },
      { input: { limit: 2.5 }, code: "INVALID_ARGUMENT" },
      { input: { limit: "5" }, code: "INVALID_ARGUMENT" },
      { input: { limit: 3, workspaceId: "acme" }, code: "INVALID_ARGUMENT" },
      { input: null, code: "INVALID_ARGUMENT" },
    ],
  },
  async run(ctx, { limit }) {
    const docs = await ctx.store.query({ collection: "trendSignals", orderBy: [["observedAt", "desc"]], limit });
    const signals = docs.map(readSignal).map((s) => toSignalView(s, ctx.evidence.record(s.path)));
    return { signals, count: signals.length };
  },
});
