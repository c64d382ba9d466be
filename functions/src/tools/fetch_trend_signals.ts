import { z } from "zod";
import { defineTool } from "../runtime/declaration";
import { SignalListData, toSignalView, UNTRUSTED_NOTE } from "../views/signal";

export default defineTool({
  name: "fetch_trend_signals",
  description: `The newest trend signals the pipeline has observed, newest first, each with its source, topics and score (0-1). ${UNTRUSTED_NOTE}`,
  input: z.strictObject({ limit: z.number().int().min(1).max(10).describe("How many signals, 1-10.") }),
  output: SignalListData,
  scope: "public",
  budgetMs: 20_000,
  errors: ["DEPENDENCY_UNAVAILABLE"],
  async run(ctx, { limit }) {
    const docs = await ctx.store.query({ collection: "trendSignals", orderBy: [["observedAt", "desc"]], limit });
    const signals = docs.map((doc) => toSignalView(doc, ctx.evidence.record(doc.path)));
    return { signals, count: signals.length };
  },
});
