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

/** A measured post of whatever record type the caller read (so a tool gets its own rows back, no lookup). */
export type MeasuredPost<P extends PostRecord = PostRecord> = P & {
  readonly publishedAt: number;
  readonly metrics: PostMetricsRecord;
};

export interface RatedPost<P extends PostRecord = PostRecord> {
  readonly post: MeasuredPost<P>;
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

export interface Insights<P extends PostRecord = PostRecord> {
  readonly windows: InsightsWindows;
  /** Newest first; each `post` is the very row passed in. */
  readonly listed: RatedPost<P>[];
  readonly current: PeriodSummary;
  readonly previous: PeriodSummary;
  readonly takeaways: Takeaway[];
}

function newestFirst(a: RatedPost, b: RatedPost): number {
  return b.at - a.at || (a.post.postId < b.post.postId ? -1 : a.post.postId > b.post.postId ? 1 : 0);
}

/** A period's counts and pooled rate, from the metrics of its measured posts. */
function summarize(window: TimeWindow, metrics: readonly PostMetricsRecord[]): PeriodSummary {
  let rated = 0;
  for (const m of metrics) if (engagementRate(m) !== null) rated++;
  return {
    window,
    measured: metrics.length,
    rated,
    zeroImpressions: metrics.length - rated,
    // pooledRate skips zero-impression posts itself, so no rated-only copy is needed.
    rate: pooledRate(metrics),
  };
}

/** The first post a full sort by `order` would put first, in one pass (the sort is stable). */
function firstBy<R extends RatedPost>(posts: readonly R[], order: (a: R, b: R) => number): R | undefined {
  let first: R | undefined;
  for (const p of posts) if (first === undefined || order(p, first) < 0) first = p;
  return first;
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
export function computeInsights<P extends PostRecord>(
  posts: readonly P[],
  now: Date,
  windows: InsightsWindows = insightsWindows(now),
): Insights<P> {
  // One pass over the posts read. Only the current window's posts are rated one by one (they are
  // listed and ranked); the previous period needs only its metrics, for its summary.
  const current: RatedPost<P>[] = [];
  const previous: PostMetricsRecord[] = [];
  for (const post of posts) {
    if (!isMeasured(post)) continue;
    if (atInWindow(post.publishedAt, windows.current))
      current.push({ post, rate: engagementRate(post.metrics), at: post.publishedAt });
    if (atInWindow(post.publishedAt, windows.previous)) previous.push(post.metrics);
  }
  current.sort(newestFirst);
  const cur = summarize(
    windows.current,
    current.map((p) => p.post.metrics),
  );
  const prev = summarize(windows.previous, previous);
  const rated = current.filter((p) => p.rate !== null);

  const takeaways: Takeaway[] = [];
  const best = firstBy(rated, byRateDesc);
  const worst = rated.length >= 2 ? firstBy(rated, byRateAsc) : undefined;

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
  for (const p of rated) {
    const ms = by.get(p.post.channel);
    if (ms) ms.push(p.post.metrics);
    else by.set(p.post.channel, [p.post.metrics]);
  }
  return [...by.entries()]
    .filter(([, ms]) => ms.length >= MIN_CHANNEL_POSTS)
    .map(([channel, ms]) => ({ channel, rate: pooledRate(ms)!, posts: ms.length }))
    .sort((a, b) => b.rate - a.rate || b.posts - a.posts || (a.channel < b.channel ? -1 : 1));
}
