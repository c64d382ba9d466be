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

/** A post document read for computation and display: the computations' record, plus its title. */
export interface ReadPost {
  readonly path: string;
  readonly record: PostRecord;
  readonly title: string;
}

export function readPost(doc: StoredDoc): ReadPost {
  const p = PostDoc.parse(doc.data);
  return {
    path: doc.path,
    title: p.title,
    record: {
      postId: doc.id,
      channel: p.channel,
      status: p.status,
      publishedAt: p.publishedAt ?? null,
      metrics: p.metrics ?? null,
    },
  };
}

/** Only for published posts (the tools read them with `status == "published"` and a time range). */
export function toPostView(post: ReadPost, evidenceId: string): PostView {
  const { record } = post;
  if (record.publishedAt === null) throw new Error("toPostView: an unpublished post");
  const rate = record.metrics ? engagementRate(record.metrics) : null;
  return {
    postId: record.postId,
    evidenceId,
    channel: record.channel,
    publishedAt: toIso(record.publishedAt),
    metrics: record.metrics ? { ...record.metrics, measuredAt: toIso(record.metrics.measuredAt) } : null,
    engagementRate: rate === null ? null : roundRate(rate),
    untrusted: { title: post.title },
  };
}
