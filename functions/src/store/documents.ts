import { z } from "zod";

/**
 * What the pipeline writes to Firestore (SPEC section 5), as the tools read it. Timestamps arrive
 * here as ISO-8601 UTC strings: the store adapter converts them before any tool sees a document.
 * These schemas keep only the fields a tool may use; internal job fields (error bodies, stacks,
 * prompts, drafts, credential refs) are deliberately absent so they cannot be read into output.
 */
const Iso = z.string();

/** A trend signal as tools read it. Its `keywords` index is for Firestore's query, never read here. */
export const TrendSignalDoc = z.object({
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  url: z.string(),
  topics: z.array(z.string()),
  score: z.number().min(0).max(1),
  observedAt: Iso,
});
export type TrendSignalDoc = z.infer<typeof TrendSignalDoc>;

/** The stored signal, search index included: what the seed writes and its tests check. */
export const StoredTrendSignalDoc = TrendSignalDoc.extend({ keywords: z.array(z.string()).optional() });

export const WorkspaceDoc = z.object({ name: z.string(), timezone: z.string() });

export const MEMBER_ROLES = ["owner", "operator", "viewer", "liaison"] as const;
export const MemberDoc = z.object({ role: z.string(), disabled: z.boolean().optional() });

export const PostMetrics = z.object({
  impressions: z.number().min(0),
  likes: z.number().min(0),
  comments: z.number().min(0),
  shares: z.number().min(0),
  clicks: z.number().min(0),
  measuredAt: Iso,
});
export type PostMetrics = z.infer<typeof PostMetrics>;

export const PostDoc = z.object({
  channel: z.string(),
  title: z.string(),
  status: z.string(),
  publishedAt: Iso.nullable().optional(),
  metrics: PostMetrics.nullable().optional(),
});
export type PostDoc = z.infer<typeof PostDoc>;

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export const JobDoc = z.object({
  kind: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int().min(0),
  progress: z.number().min(0).max(1).nullable().optional(),
  createdAt: Iso,
  updatedAt: Iso,
});
export type JobDoc = z.infer<typeof JobDoc>;

export const GoalDoc = z.object({
  title: z.string(),
  metric: z.string(),
  target: z.number(),
  current: z.number(),
  dueAt: Iso,
});
export type GoalDoc = z.infer<typeof GoalDoc>;

export const PendingItemDoc = z.object({
  kind: z.string(),
  title: z.string(),
  createdAt: Iso,
  postId: z.string().optional(),
});
export type PendingItemDoc = z.infer<typeof PendingItemDoc>;
