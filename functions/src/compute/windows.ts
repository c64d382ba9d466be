/**
 * Posting windows, the pure half: measured posts over the lookback, bucketed by UTC weekday and
 * hour of publication, ranked by the MEDIAN engagement rate of each bucket (one viral post cannot
 * carry a bucket the way it would carry a mean). Pure: the tool reads posts and mints evidence.
 */
import { engagementRate, isMeasured, median, type PostRecord } from "./engagement";
import { atInWindow, daysBefore, startOfUtcDay, type TimeWindow } from "./time";

/** Twelve whole weeks, so that every weekday-hour occurs equally often in the lookback. */
export const LOOKBACK_DAYS = 84;
/** Below this many measured posts in the lookback the tool answers INSUFFICIENT_HISTORY. */
export const MIN_MEASURED_POSTS = 30;
/** A bucket is ranked only with at least this many rated posts; a median of one or two is noise. */
export const MIN_SAMPLES_PER_WINDOW = 3;
export const TOP_WINDOWS = 5;
/** Buckets are one hour wide. */
export const WINDOW_HOURS = 1;

/** By JavaScript's getUTCDay() index (0 = Sunday). */
export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The LOOKBACK_DAYS whole UTC days before today (today's posts are not measured yet). */
export function lookbackWindow(now: Date): TimeWindow {
  return daysBefore(startOfUtcDay(now), LOOKBACK_DAYS);
}

export interface PostingWindow {
  readonly weekday: Weekday;
  readonly startHourUtc: number;
  readonly endHourUtc: number;
  readonly medianEngagementRate: number;
  readonly sampleSize: number;
}

export type WindowsResult =
  | { readonly kind: "insufficient"; readonly measuredPosts: number; readonly minimumMeasuredPosts: number }
  | {
      readonly kind: "ok";
      readonly measuredPosts: number;
      /** Measured posts with impressions; only these have a rate and fall into buckets. */
      readonly ratedPosts: number;
      /** Best first, at most TOP_WINDOWS; empty when no bucket has MIN_SAMPLES_PER_WINDOW posts. */
      readonly windows: PostingWindow[];
    };

/** Monday first, for ties and for people. */
const WEEK_ORDER: Record<Weekday, number> = {
  monday: 0,
  tuesday: 1,
  wednesday: 2,
  thursday: 3,
  friday: 4,
  saturday: 5,
  sunday: 6,
};

export function suggestWindows(posts: readonly PostRecord[], lookback: TimeWindow): WindowsResult {
  const measured = posts.filter(isMeasured).filter((p) => atInWindow(p.publishedAt, lookback));
  if (measured.length < MIN_MEASURED_POSTS) {
    return { kind: "insufficient", measuredPosts: measured.length, minimumMeasuredPosts: MIN_MEASURED_POSTS };
  }
  const buckets = new Map<string, { weekday: Weekday; hour: number; rates: number[] }>();
  let ratedPosts = 0;
  for (const p of measured) {
    const rate = engagementRate(p.metrics);
    if (rate === null) continue;
    ratedPosts++;
    const at = new Date(p.publishedAt);
    const weekday = WEEKDAYS[at.getUTCDay()]!;
    const hour = Math.floor(at.getUTCHours() / WINDOW_HOURS) * WINDOW_HOURS;
    const key = `${weekday}-${hour}`;
    const bucket = buckets.get(key) ?? { weekday, hour, rates: [] };
    bucket.rates.push(rate);
    buckets.set(key, bucket);
  }
  const windows = [...buckets.values()]
    .filter((b) => b.rates.length >= MIN_SAMPLES_PER_WINDOW)
    .map((b): PostingWindow => ({
      weekday: b.weekday,
      startHourUtc: b.hour,
      endHourUtc: b.hour + WINDOW_HOURS,
      medianEngagementRate: median(b.rates)!,
      sampleSize: b.rates.length,
    }))
    .sort(
      (a, b) =>
        b.medianEngagementRate - a.medianEngagementRate ||
        b.sampleSize - a.sampleSize ||
        WEEK_ORDER[a.weekday] - WEEK_ORDER[b.weekday] ||
        a.startHourUtc - b.startHourUtc,
    )
    .slice(0, TOP_WINDOWS);
  return { kind: "ok", measuredPosts: measured.length, ratedPosts, windows };
}
