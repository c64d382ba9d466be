import { z } from "zod";
import {
  computeInsights,
  FLAT_TREND,
  INSIGHTS_WINDOW_DAYS,
  insightsWindows,
  MAX_LISTED_POSTS,
  MIN_CHANNEL_POSTS,
  MIN_TREND_POSTS,
  type PeriodSummary,
} from "../compute/insights";
import { isoUtc } from "../compute/time";
import { readPublishedPosts } from "../reads/posts";
import { defineTool } from "../runtime/declaration";
import { EngagementInsightsData } from "../views/insights";
import { toPostView } from "../views/post";
import { UNTRUSTED_NOTE } from "../views/untrusted";

/** Published posts read per period; two periods, so 2 x this plus the membership read. */
const POSTS_PER_PERIOD = 200;

export default defineTool({
  name: "get_engagement_insights",
  description:
    `How the active workspace's measured posts (published, with metrics) performed over the ${INSIGHTS_WINDOW_DAYS} whole UTC days before today. ` +
    `posts: the ${MAX_LISTED_POSTS} newest measured posts of the window, plus the best and the worst when older, newest first, each with its metrics and ` +
    "engagementRate = (likes + comments + shares + clicks) / impressions (null for a post with zero impressions: such posts are listed but left out of every aggregate). " +
    "takeaways: coverage (how many measured posts the window holds), best_channel (pooled rate, channels with at least " +
    `${MIN_CHANNEL_POSTS} rated posts), best_post and worst_post (postId names the post in posts), and trend (pooled rate against the previous ${INSIGHTS_WINDOW_DAYS} days, ` +
    `at least ${MIN_TREND_POSTS} rated posts in each; within ±${FLAT_TREND * 100}% reads as flat). ` +
    "Each takeaway cites dataset evidence naming the window and post count it covers; each post cites its own record evidence. " +
    UNTRUSTED_NOTE,
  input: z.union([z.null(), z.strictObject({})]),
  output: EngagementInsightsData,
  scope: "workspace",
  budgetMs: 30_000,
  // bench: at the default 80 concurrent requests this tool peaked near or above 256 MiB (bench/README.md: peak <= 75% is the bar).
  memory: "512MiB",
  errors: ["PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  maxReads: 1 + 2 * POSTS_PER_PERIOD,
  examples: {
    valid: [null, {}],
    invalid: [
      { input: { days: 7 }, code: "INVALID_ARGUMENT" },
      { input: { workspaceId: "globex" }, code: "INVALID_ARGUMENT" },
      { input: "acme", code: "INVALID_ARGUMENT" },
      { input: [], code: "INVALID_ARGUMENT" },
    ],
  },
  async run(ctx) {
    const asked = insightsWindows(ctx.now);
    const [current, previous] = await Promise.all([
      readPublishedPosts(ctx.store, ctx.workspaceId, asked.current, POSTS_PER_PERIOD),
      readPublishedPosts(ctx.store, ctx.workspaceId, asked.previous, POSTS_PER_PERIOD),
    ]);
    const insights = computeInsights([...current.posts, ...previous.posts], ctx.now, {
      current: current.window,
      previous: previous.window,
    });

    const base = `workspaces/${ctx.workspaceId}/posts?measured`;
    const range = (s: PeriodSummary) => `from=${isoUtc(s.window.from)}&to=${isoUtc(s.window.to)}`;
    const evidence = {
      current: () => ctx.evidence.dataset(`${base}&${range(insights.current)}&n=${insights.current.measured}`),
      comparison: () =>
        ctx.evidence.dataset(
          `${base}&from=${isoUtc(insights.previous.window.from)}&to=${isoUtc(insights.current.window.to)}` +
            `&split=${isoUtc(insights.current.window.from)}&nBefore=${insights.previous.measured}&nAfter=${insights.current.measured}`,
        ),
    };
    // One dataset item per aggregate, minted only when a takeaway cites it.
    const minted = new Map<"current" | "comparison", string>();
    const cite = (basis: "current" | "comparison") =>
      minted.get(basis) ?? minted.set(basis, evidence[basis]()).get(basis)!;

    return {
      posts: insights.listed.map(({ post }) => toPostView(post, ctx.evidence.record(post.path))),
      takeaways: insights.takeaways.map((t) => ({
        kind: t.kind,
        text: t.text,
        evidenceId: cite(t.basis),
        postId: t.postId,
      })),
    };
  },
});
