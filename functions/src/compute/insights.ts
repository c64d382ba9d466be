/**
 * Engagement insights, the pure half: given plain post records and `now`, which measured posts to
 * list and which takeaways the numbers support. The tool only reads posts and mints evidence.
 *
 * Window: the INSIGHTS_WINDOW_DAYS whole UTC days before today (today is left out: its posts are not
 * measured yet, and whole days keep the window, and so its evidence ref, stable through the day);
 * the trend compares it with the equal period just before. Rates are pooled (all engagements over
 * all impressions) so that a post seen by 50 people weighs less than one seen by 50,000. A measured
 * post with zero impressions has no rate: it is listed, counted as measured, and left out of rates.
 */
import { engagementRate, isMeasured, percent, pooledRate, type PostMetricsRecord, type PostRecord } from "./engagement";
import { atInWindow, daysBefore, isoUtc, startOfUtcDay, toIso, type TimeWindow } from "./time";

export const INSIGHTS_WINDOW_DAYS = 28;
/** The newest measured posts listed; the best and worst are added when older (so at most 22). */
export const MAX_LISTED_POSTS = 20;
/** A channel is compared only with at least this many rated posts in the window. */
export const MIN_CHANNEL_POSTS = 3;
/** The trend is stated only with at least this many rated posts in each period. */
export const MIN_TREND_POSTS = 3;
/** A relative change of the pooled rate within ±5% reads as flat. */
export const FLAT_TREND = 0.05;

export interface InsightsWindows {
  readonly current: TimeWindow;
  readonly previous: TimeWindow;
}

export function insightsWindows(now: Date): InsightsWindows {
  const current = daysBefore(startOfUtcDay(now), INSIGHTS_WINDOW_DAYS);
  return { current, previous: daysBefore(current.from, INSIGHTS_WINDOW_DAYS) };
}

export type MeasuredPost = PostRecord & { readonly publishedAt: number; readonly metrics: PostMetricsRecord };

export interface RatedPost {
  readonly post: MeasuredPost;
  /** null when the post had zero impressions. */
  readonly rate: number | null;
  /** publishedAt (epoch milliseconds). */
  readonly at: number;
}

export interface PeriodSummary {
  readonly window: TimeWindow;
  readonly measured: number;
  readonly rated: number;
  readonly zeroImpressions: number;
  readonly rate: number | null;
}

export const TAKEAWAY_KINDS = ["coverage", "best_channel", "best_post", "worst_post", "trend"] as const;
export type TakeawayKind = (typeof TAKEAWAY_KINDS)[number];

export interface Takeaway {
  readonly kind: TakeawayKind;
  readonly text: string;
  /** The post a best/worst takeaway is about (listed in `listed`); null otherwise. */
  readonly postId: string | null;
  /** Which aggregate backs it: the current window, or the comparison of both periods. */
  readonly basis: "current" | "comparison";
}

export interface Insights {
  readonly windows: InsightsWindows;
  /** Newest first. */
  readonly listed: RatedPost[];
  readonly current: PeriodSummary;
  readonly previous: PeriodSummary;
  readonly takeaways: Takeaway[];
}

function newestFirst(a: RatedPost, b: RatedPost): number {
  return b.at - a.at || (a.post.postId < b.post.postId ? -1 : a.post.postId > b.post.postId ? 1 : 0);
}

function summarize(window: TimeWindow, posts: readonly RatedPost[]): PeriodSummary {
  const rated = posts.filter((p) => p.rate !== null);
  return {
    window,
    measured: posts.length,
    rated: rated.length,
    zeroImpressions: posts.length - rated.length,
    rate: pooledRate(rated.map((p) => p.post.metrics)),
  };
}

/** Higher rate first; on equal rates the post more people saw, then the newer, then the id. */
function byRateDesc(a: RatedPost, b: RatedPost): number {
  return b.rate! - a.rate! || b.post.metrics.impressions - a.post.metrics.impressions || newestFirst(a, b);
}

/** Lower rate first; ties broken as for the best, so the choice is stable. */
function byRateAsc(a: RatedPost, b: RatedPost): number {
  return a.rate! - b.rate! || b.post.metrics.impressions - a.post.metrics.impressions || newestFirst(a, b);
}

const day = (ms: number) => toIso(ms).slice(0, 10);

/**
 * @param posts any post records (unmeasured, unpublished and out-of-window ones are ignored)
 * @param windows the periods actually covered by the reads (defaults to insightsWindows(now))
 */
export function computeInsights(
  posts: readonly PostRecord[],
  now: Date,
  windows: InsightsWindows = insightsWindows(now),
): Insights {
  const measured = posts
    .filter(isMeasured)
    .map((post): RatedPost => ({ post, rate: engagementRate(post.metrics), at: post.publishedAt }));
  const current = measured.filter((p) => atInWindow(p.at, windows.current)).sort(newestFirst);
  const previous = measured.filter((p) => atInWindow(p.at, windows.previous));
  const cur = summarize(windows.current, current);
  const prev = summarize(windows.previous, previous);
  const rated = current.filter((p) => p.rate !== null);

  const takeaways: Takeaway[] = [];
  const best = [...rated].sort(byRateDesc)[0];
  const worst = rated.length >= 2 ? [...rated].sort(byRateAsc)[0] : undefined;

  if (current.length > 0) {
    const span = `from ${isoUtc(windows.current.from)} to ${isoUtc(windows.current.to)}`;
    const excluded =
      cur.zeroImpressions === 0
        ? "Every one had impressions, so all count in the rates."
        : `${cur.zeroImpressions} had zero impressions: listed, but left out of every rate.`;
    takeaways.push({
      kind: "coverage",
      text: `${cur.measured} measured posts were published ${span}. ${excluded}`,
      postId: null,
      basis: "current",
    });
  }

  const channels = channelRates(rated);
  if (channels.length >= 2) {
    const [top, next] = channels as [ChannelRate, ChannelRate];
    takeaways.push({
      kind: "best_channel",
      text: `${top.channel} had the highest engagement rate, ${percent(top.rate)} over ${top.posts} posts; next was ${next.channel} at ${percent(next.rate)} over ${next.posts} (channels with at least ${MIN_CHANNEL_POSTS} rated posts compared).`,
      postId: null,
      basis: "current",
    });
  }

  for (const [kind, pick, extreme] of [
    ["best_post", best, "highest"],
    ["worst_post", worst, "lowest"],
  ] as const) {
    if (!pick) continue;
    takeaways.push({
      kind,
      text: `Post ${pick.post.postId} (${pick.post.channel}, published ${day(pick.post.publishedAt)}) had the ${extreme} engagement rate of the window, ${percent(pick.rate!)} of ${pick.post.metrics.impressions} impressions.`,
      postId: pick.post.postId,
      basis: "current",
    });
  }

  if (
    cur.rated >= MIN_TREND_POSTS &&
    prev.rated >= MIN_TREND_POSTS &&
    cur.rate !== null &&
    prev.rate !== null &&
    prev.rate > 0
  ) {
    const change = (cur.rate - prev.rate) / prev.rate;
    const direction = Math.abs(change) <= FLAT_TREND ? "about flat" : change > 0 ? "up" : "down";
    const signed = `${change >= 0 ? "+" : ""}${Math.round(change * 100)}%`;
    takeaways.push({
      kind: "trend",
      text: `Engagement rate was ${percent(cur.rate)} over ${cur.rated} rated posts, ${direction} (${signed} relative) from ${percent(prev.rate)} over ${prev.rated} in the previous ${INSIGHTS_WINDOW_DAYS} days.`,
      postId: null,
      basis: "comparison",
    });
  }

  const listed = current.slice(0, MAX_LISTED_POSTS);
  for (const extra of [best, worst]) if (extra && !listed.includes(extra)) listed.push(extra);
  listed.sort(newestFirst);
  return { windows, listed, current: cur, previous: prev, takeaways };
}

interface ChannelRate {
  readonly channel: string;
  readonly rate: number;
  readonly posts: number;
}

/** Eligible channels by pooled rate, best first; ties: more posts, then name. */
function channelRates(rated: readonly RatedPost[]): ChannelRate[] {
  const by = new Map<string, PostMetricsRecord[]>();
  for (const p of rated) by.set(p.post.channel, [...(by.get(p.post.channel) ?? []), p.post.metrics]);
  return [...by.entries()]
    .filter(([, ms]) => ms.length >= MIN_CHANNEL_POSTS)
    .map(([channel, ms]) => ({ channel, rate: pooledRate(ms)!, posts: ms.length }))
    .sort((a, b) => b.rate - a.rate || b.posts - a.posts || (a.channel < b.channel ? -1 : 1));
}
