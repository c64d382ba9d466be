import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";
import { engagementRate, roundRate, type PostRecord } from "../compute/engagement";
import { toIso } from "../compute/time";
import { PostDoc, PostMetrics } from "../store/documents";
import type { StoredDoc } from "../store/store";
import { UntrustedTitle } from "./untrusted";

/** The data contract's metrics, closed, with the measurement time as the wire's ISO-8601 UTC. */
export const PostMetricsView = z.strictObject({ ...PostMetrics.shape, measuredAt: IsoUtcSchema });

/** A published post as it may leave the server: its numbers, and its title as untrusted text. */
export const PostView = z.strictObject({
  postId: z.string(),
  evidenceId: z.string(),
  channel: z.string(),
  publishedAt: IsoUtcSchema,
  /** null until the pipeline has measured the post. */
  metrics: PostMetricsView.nullable(),
  /** (likes + comments + shares + clicks) / impressions, 4 decimals; null when unmeasured or 0 impressions. */
  engagementRate: z.number().min(0).nullable(),
  untrusted: UntrustedTitle,
});
export type PostView = z.infer<typeof PostView>;

/**
 * A post document read for computation and display: the computations' record itself (they take it
 * as a PostRecord, whose type has no title, so no computed sentence can read it), plus its path and
 * title for the view. One object per document, handed to the computation without a copy.
 */
export interface ReadPost extends PostRecord {
  readonly path: string;
  readonly title: string;
}

export function readPost(doc: StoredDoc): ReadPost {
  const p = PostDoc.parse(doc.data);
  return {
    path: doc.path,
    title: p.title,
    postId: doc.id,
    channel: p.channel,
    status: p.status,
    publishedAt: p.publishedAt ?? null,
    metrics: p.metrics ?? null,
  };
}

/** Only for published posts (the tools read them with `status == "published"` and a time range). */
export function toPostView(post: ReadPost, evidenceId: string): PostView {
  if (post.publishedAt === null) throw new Error("toPostView: an unpublished post");
  const rate = post.metrics ? engagementRate(post.metrics) : null;
  return {
    postId: post.postId,
    evidenceId,
    channel: post.channel,
    publishedAt: toIso(post.publishedAt),
    metrics: post.metrics ? { ...post.metrics, measuredAt: toIso(post.metrics.measuredAt) } : null,
    engagementRate: rate === null ? null : roundRate(rate),
    untrusted: { title: post.title },
  };
}
