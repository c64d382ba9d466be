import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";

/**
 * What the pipeline writes to Firestore (SPEC section 5), in two forms built from one field list:
 * - `Stored…`: the data contract, strict and complete. Exactly the fields section 5 lists, an
 *   unknown field rejected. The seed generator (and so emulator-data/) is tested against these, so
 *   the tests cannot run on data the pipeline would never write (test/unit/seed/seed.test.ts).
 * - `…Doc`: what a tool reads, the same fields minus any a tool must never see, other fields
 *   ignored. A job's internal fields (error bodies, stacks, prompts, drafts, credential refs) are
 *   absent from JobDoc, so they cannot be read into output.
 * Each document is parsed once, by these schemas, and that parse also reads its times as instants
 * (epoch milliseconds): a Firestore Timestamp through its own toDate() (nanoseconds rounded as it
 * rounds them), a Date, or an ISO-8601 UTC string (a fixture's); anything else fails the parse.
 * Computations compare instants; a view writes ISO-8601 (toIso) only for the times that leave,
 * because formatting is most of a document's parse (bench/README.md, issue 23 findings) and a tool
 * reads hundreds of documents to answer a few.
 */
const Instant = z.preprocess((v, ctx) => {
  const stored = v as { toDate?: () => Date } | null;
  if (typeof stored?.toDate === "function") return stored.toDate().getTime();
  if (v instanceof Date) return v.getTime();
  if (typeof v === "string" && IsoUtcSchema.safeParse(v).success) return Date.parse(v);
  ctx.addIssue({ code: "custom", message: "expected a Timestamp, a Date or an ISO-8601 UTC time" });
  return z.NEVER;
}, z.number());

const trendSignalFields = {
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  url: z.string(),
  topics: z.array(z.string()),
  score: z.number().min(0).max(1),
  observedAt: Instant,
};
export const TrendSignalDoc = z.object(trendSignalFields);
export type TrendSignalDoc = z.infer<typeof TrendSignalDoc>;

export const WorkspaceDoc = z.object({ name: z.string(), timezone: z.string() });

export const MEMBER_ROLES = ["owner", "operator", "viewer", "liaison"] as const;
/** The role is read as any string: an unknown role is PERMISSION_DENIED (runtime/identity.ts), not a parse failure. */
export const MemberDoc = z.object({ role: z.string(), disabled: z.boolean().optional() });

const postMetricsFields = {
  impressions: z.number().min(0),
  likes: z.number().min(0),
  comments: z.number().min(0),
  shares: z.number().min(0),
  clicks: z.number().min(0),
  measuredAt: Instant,
};
export const PostMetrics = z.object(postMetricsFields);
export type PostMetrics = z.infer<typeof PostMetrics>;

const postFields = {
  channel: z.string(),
  title: z.string(),
  status: z.string(),
  publishedAt: Instant.nullable().optional(),
  metrics: PostMetrics.nullable().optional(),
};
export const PostDoc = z.object(postFields);
export type PostDoc = z.infer<typeof PostDoc>;

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
const jobFields = {
  kind: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int().min(0),
  progress: z.number().min(0).max(1).nullable().optional(),
  createdAt: Instant,
  updatedAt: Instant,
};
export const JobDoc = z.object(jobFields);
export type JobDoc = z.infer<typeof JobDoc>;

const goalFields = { title: z.string(), metric: z.string(), target: z.number(), current: z.number(), dueAt: Instant };
export const GoalDoc = z.object(goalFields);
export type GoalDoc = z.infer<typeof GoalDoc>;

const pendingItemFields = { kind: z.string(), title: z.string(), createdAt: Instant, postId: z.string().optional() };
export const PendingItemDoc = z.object(pendingItemFields);
export type PendingItemDoc = z.infer<typeof PendingItemDoc>;

// ---- the data contract (strict, complete) ----

/** A stored time as the data-contract tests hand it over: a Firestore Timestamp written as ISO-8601 UTC. */
const StoredTime = IsoUtcSchema;

export const StoredTrendSignal = z.strictObject({ ...trendSignalFields, observedAt: StoredTime });
export const StoredWorkspace = z.strictObject(WorkspaceDoc.shape);
export const StoredMember = z.strictObject({ role: z.enum(MEMBER_ROLES), disabled: z.boolean().optional() });
export const StoredPost = z.strictObject({
  ...postFields,
  publishedAt: StoredTime.nullable().optional(),
  metrics: z.strictObject({ ...postMetricsFields, measuredAt: StoredTime }).optional(),
});
/** A job with its internal fields, which never leave the server; the seed plants canaries in them. */
export const StoredJob = z.strictObject({
  ...jobFields,
  createdAt: StoredTime,
  updatedAt: StoredTime,
  error: z.strictObject({ code: z.string(), providerBody: z.string(), stack: z.string() }).optional(),
  prompt: z.string().optional(),
  draft: z.string().optional(),
  credentialsRef: z.string().optional(),
});
export const StoredGoal = z.strictObject({ ...goalFields, dueAt: StoredTime });
export const StoredPendingItem = z.strictObject({ ...pendingItemFields, createdAt: StoredTime });

/**
 * The data-contract schema of a document path, or undefined for a path SPEC section 5 does not
 * describe (no such collection is written by the pipeline).
 */
export function storedSchemaFor(path: string): z.ZodType | undefined {
  const parts = path.split("/");
  if (parts[0] === "trendSignals" && parts.length === 2) return StoredTrendSignal;
  if (parts[0] !== "workspaces") return undefined;
  if (parts.length === 2) return StoredWorkspace;
  if (parts.length !== 4) return undefined;
  const byCollection: Record<string, z.ZodType> = {
    members: StoredMember,
    posts: StoredPost,
    jobs: StoredJob,
    goals: StoredGoal,
    pendingItems: StoredPendingItem,
  };
  return byCollection[parts[2]!];
}
