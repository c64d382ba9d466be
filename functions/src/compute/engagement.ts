import type { PostMetrics } from "../store/documents";

/**
 * Engagement arithmetic shared by the insights and posting-window tools, so that "engagement rate"
 * means one thing everywhere. Pure.
 */

/** A post's metrics as the data contract gives them (store/documents.ts). */
export type PostMetricsRecord = PostMetrics;

/** A post as the computations see it: no title (free text never enters a computed sentence). */
export interface PostRecord {
  readonly postId: string;
  readonly channel: string;
  readonly status: string;
  /** Epoch milliseconds; null for a post that was never published. */
  readonly publishedAt: number | null;
  readonly metrics: PostMetricsRecord | null;
}

/** A measured post: published, with a publication time and metrics (SPEC section 5). */
export function isMeasured(p: PostRecord): p is PostRecord & { publishedAt: number; metrics: PostMetricsRecord } {
  return p.status === "published" && p.publishedAt !== null && p.metrics !== null;
}

export function engagements(m: PostMetricsRecord): number {
  return m.likes + m.comments + m.shares + m.clicks;
}

/**
 * (likes + comments + shares + clicks) / impressions. A post with zero impressions has no rate
 * (null), not a rate of 0: nobody saw it, so it says nothing about how well it engaged.
 */
export function engagementRate(m: PostMetricsRecord): number | null {
  return m.impressions > 0 ? engagements(m) / m.impressions : null;
}

/** All engagements over all impressions of the posts that have a rate; null when none has. */
export function pooledRate(metrics: readonly PostMetricsRecord[]): number | null {
  let e = 0;
  let i = 0;
  for (const m of metrics) {
    if (m.impressions <= 0) continue;
    e += engagements(m);
    i += m.impressions;
  }
  return i > 0 ? e / i : null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rates leave the server with 4 decimals (0.0461 = 4.61%): enough to compare, no false precision. */
export function roundRate(rate: number): number {
  return Math.round(rate * 10_000) / 10_000;
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}
