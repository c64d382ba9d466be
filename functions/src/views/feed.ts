import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";
import { goalProgress } from "../compute/feed";
import { toIso } from "../compute/time";
import { GoalDoc, JOB_STATES, PendingItemDoc } from "../store/documents";
import type { StoredDoc } from "../store/store";
import { JobView } from "./job";
import { PostView } from "./post";
import { UntrustedTitle } from "./untrusted";

/**
 * A pending item. Its title is free text (often quoting a post title, which may come from a draft
 * or third-party content), so it travels under `untrusted` like every workspace title.
 */
export const PendingItemView = z.strictObject({
  itemId: z.string(),
  evidenceId: z.string(),
  kind: z.string(),
  createdAt: IsoUtcSchema,
  postId: z.string().nullable(),
  untrusted: UntrustedTitle,
});
export type PendingItemView = z.infer<typeof PendingItemView>;

export function toPendingItemView(doc: StoredDoc, evidenceId: string): PendingItemView {
  const i = PendingItemDoc.parse(doc.data);
  return {
    itemId: doc.id,
    evidenceId,
    kind: i.kind,
    createdAt: toIso(i.createdAt),
    postId: i.postId ?? null,
    untrusted: { title: i.title },
  };
}

export const GoalView = z.strictObject({
  goalId: z.string(),
  evidenceId: z.string(),
  metric: z.string(),
  target: z.number(),
  current: z.number(),
  /** current / target, 4 decimals (1 = reached, above 1 = exceeded); null when the target is 0. */
  progress: z.number().nullable(),
  dueAt: IsoUtcSchema,
  untrusted: UntrustedTitle,
});
export type GoalView = z.infer<typeof GoalView>;

export function toGoalView(doc: StoredDoc, evidenceId: string): GoalView {
  const g = GoalDoc.parse(doc.data);
  return {
    goalId: doc.id,
    evidenceId,
    metric: g.metric,
    target: g.target,
    current: g.current,
    progress: goalProgress(g.current, g.target),
    dueAt: toIso(g.dueAt),
    untrusted: { title: g.title },
  };
}

const counts = Object.fromEntries(JOB_STATES.map((s) => [s, z.number().int().min(0)])) as Record<
  (typeof JOB_STATES)[number],
  z.ZodNumber
>;

/** Job counts over a stated window (dataset evidence) and the recent failures (record evidence each). */
export const JobHealthView = z.strictObject({
  from: IsoUtcSchema,
  to: IsoUtcSchema,
  total: z.number().int().min(0),
  counts: z.strictObject(counts),
  evidenceId: z.string(),
  recentFailures: z.array(JobView),
});
export type JobHealthView = z.infer<typeof JobHealthView>;

export const OperatorFeedData = z.strictObject({
  pendingItems: z.array(PendingItemView),
  jobHealth: JobHealthView,
  goals: z.array(GoalView),
  recentPosts: z.array(PostView),
});
