import { z } from "zod";
import { ToolError } from "../runtime/errors";
import { roundRate } from "../compute/engagement";
import { isoUtc } from "../compute/time";
import {
  LOOKBACK_DAYS,
  lookbackWindow,
  MIN_MEASURED_POSTS,
  MIN_SAMPLES_PER_WINDOW,
  suggestWindows,
  TOP_WINDOWS,
  WINDOW_HOURS,
} from "../compute/windows";
import { readPublishedPosts } from "../reads/posts";
import { defineTool } from "../runtime/declaration";
import { UNTRUSTED_NOTE } from "../views/untrusted";
import { PostingWindowsData } from "../views/windows";

/** Published posts read over the lookback (the store's ceiling for one query). */
const MAX_POSTS_READ = 500;

export default defineTool({
  name: "suggest_posting_windows",
  description:
    `Suggests when to post, from the active workspace's measured posts published in the ${LOOKBACK_DAYS} whole UTC days before today. ` +
    `Posts are grouped by UTC weekday and ${WINDOW_HOURS}-hour slot of publication and ranked by the MEDIAN engagement rate ((likes + comments + shares + clicks) / impressions) of each slot; ` +
    `only slots with at least ${MIN_SAMPLES_PER_WINDOW} rated posts are ranked, and at most ${TOP_WINDOWS} are returned, best first (an empty list means no slot had enough posts). ` +
    `Posts with zero impressions have no rate and are left out. All hours are UTC: convert them before telling people local times. ` +
    `basis states the lookback, the measured posts it holds and the minimums; with fewer than ${MIN_MEASURED_POSTS} measured posts the tool answers INSUFFICIENT_HISTORY. ` +
    `Each window and the basis cite dataset evidence. Its data holds no third-party text; in general: ${UNTRUSTED_NOTE}`,
  input: z.union([z.null(), z.strictObject({})]),
  output: PostingWindowsData,
  scope: "workspace",
  budgetMs: 30_000,
  // bench: at the default 80 concurrent requests this tool peaked near or above 256 MiB (bench/README.md: peak <= 75% is the bar).
  memory: "512MiB",
  errors: ["INSUFFICIENT_HISTORY", "PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  maxReads: 1 + MAX_POSTS_READ,
  examples: {
    valid: [null, {}],
    invalid: [
      { input: { lookbackDays: 30 }, code: "INVALID_ARGUMENT" },
      { input: { timezone: "Europe/Berlin" }, code: "INVALID_ARGUMENT" },
      { input: { workspaceId: "initech" }, code: "INVALID_ARGUMENT" },
      { input: 84, code: "INVALID_ARGUMENT" },
    ],
  },
  async run(ctx) {
    const { posts, window } = await readPublishedPosts(
      ctx.store,
      ctx.workspaceId,
      lookbackWindow(ctx.now),
      MAX_POSTS_READ,
    );
    const result = suggestWindows(posts, window);
    if (result.kind === "insufficient") {
      throw new ToolError(
        "INSUFFICIENT_HISTORY",
        `Only ${result.measuredPosts} measured posts were published in the last ${LOOKBACK_DAYS} days; posting windows need at least ${result.minimumMeasuredPosts}.`,
      );
    }
    const range = `workspaces/${ctx.workspaceId}/posts?measured&from=${isoUtc(window.from)}&to=${isoUtc(window.to)}`;
    return {
      windows: result.windows.map((w) => ({
        ...w,
        medianEngagementRate: roundRate(w.medianEngagementRate),
        evidenceId: ctx.evidence.dataset(
          `${range}&weekday=${w.weekday}&hourUtc=${w.startHourUtc}-${w.endHourUtc}&n=${w.sampleSize}`,
        ),
      })),
      basis: {
        lookbackDays: LOOKBACK_DAYS,
        from: isoUtc(window.from),
        to: isoUtc(window.to),
        measuredPosts: result.measuredPosts,
        minimumMeasuredPosts: MIN_MEASURED_POSTS,
        minimumSamplesPerWindow: MIN_SAMPLES_PER_WINDOW,
        metric: "median_engagement_rate" as const,
        evidenceId: ctx.evidence.dataset(`${range}&n=${result.measuredPosts}`),
      },
      timezone: "UTC" as const,
    };
  },
});
