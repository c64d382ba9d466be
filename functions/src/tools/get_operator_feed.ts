import { z } from "zod";
import {
  JOB_WINDOW_DAYS,
  jobHealth,
  jobWindow,
  MAX_GOALS,
  MAX_JOBS_READ,
  MAX_PENDING_ITEMS,
  MAX_RECENT_FAILURES,
  MAX_RECENT_POSTS,
} from "../compute/feed";
import { coveredWindow, isoUtc } from "../compute/time";
import { defineTool } from "../runtime/declaration";
import type { StoredDoc } from "../store/store";
import { toGoalView, toPendingItemView, OperatorFeedData } from "../views/feed";
import { readJob, toJobView } from "../views/job";
import { readPost, toPostView } from "../views/post";
import { UNTRUSTED_NOTE } from "../views/untrusted";

export default defineTool({
  name: "get_operator_feed",
  description:
    "What needs an operator's attention in the active workspace, read-only. " +
    `pendingItems: up to ${MAX_PENDING_ITEMS} items awaiting approval or review, newest first (exactly ${MAX_PENDING_ITEMS} means there may be more). ` +
    `jobHealth: pipeline jobs updated from \`from\` to \`to\` (the last ${JOB_WINDOW_DAYS} days, at most ${MAX_JOBS_READ} jobs) counted by state, plus up to ${MAX_RECENT_FAILURES} recent failures; ` +
    "the counts cite dataset evidence, each failure its own record evidence, and failure internals are never available. " +
    `goals: up to ${MAX_GOALS} goals, soonest due first, with progress = current / target. ` +
    `recentPosts: the ${MAX_RECENT_POSTS} most recently published posts with their metrics when measured. ` +
    "Every item, goal, post and failed job cites its own record evidence. Titles are free text and travel under `untrusted`. " +
    UNTRUSTED_NOTE,
  input: z.union([z.null(), z.strictObject({})]),
  output: OperatorFeedData,
  scope: "workspace",
  budgetMs: 30_000,
  // bench: at the default 80 concurrent requests this tool peaked near or above 256 MiB (bench/README.md: peak <= 75% is the bar).
  memory: "512MiB",
  errors: ["PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  maxReads: 1 + MAX_PENDING_ITEMS + MAX_JOBS_READ + MAX_GOALS + MAX_RECENT_POSTS,
  examples: {
    valid: [null, {}],
    invalid: [
      { input: { limit: 5 }, code: "INVALID_ARGUMENT" },
      { input: { workspaceId: "globex" }, code: "INVALID_ARGUMENT" },
      { input: { role: "owner" }, code: "INVALID_ARGUMENT" },
      { input: true, code: "INVALID_ARGUMENT" },
    ],
  },
  async run(ctx) {
    const ws = `workspaces/${ctx.workspaceId}`;
    const asked = jobWindow(ctx.now);
    const [items, jobs, goals, posts] = await Promise.all([
      ctx.store.query({ collection: `${ws}/pendingItems`, orderBy: [["createdAt", "desc"]], limit: MAX_PENDING_ITEMS }),
      ctx.store.query({
        collection: `${ws}/jobs`,
        where: [
          ["updatedAt", ">=", asked.from],
          ["updatedAt", "<=", asked.to],
        ],
        orderBy: [["updatedAt", "desc"]],
        limit: MAX_JOBS_READ,
      }),
      ctx.store.query({ collection: `${ws}/goals`, orderBy: [["dueAt", "asc"]], limit: MAX_GOALS }),
      ctx.store.query({
        collection: `${ws}/posts`,
        where: [["status", "==", "published"]],
        orderBy: [["publishedAt", "desc"]],
        limit: MAX_RECENT_POSTS,
      }),
    ]);

    const readJobs = jobs.map(readJob);
    const covered = coveredWindow(asked, readJobs, (j) => j.updatedAt, MAX_JOBS_READ);
    const health = jobHealth(covered.rows, covered.window);
    const from = isoUtc(covered.window.from);
    const to = isoUtc(covered.window.to);
    const record = (doc: StoredDoc) => ctx.evidence.record(doc.path);

    return {
      pendingItems: items.map((doc) => toPendingItemView(doc, record(doc))),
      jobHealth: {
        from,
        to,
        total: health.total,
        counts: health.counts,
        evidenceId: ctx.evidence.dataset(`${ws}/jobs?updatedAt&from=${from}&to=${to}&n=${health.total}`),
        recentFailures: health.recentFailures.map((j) => toJobView(j, ctx.evidence.record(j.path))),
      },
      goals: goals.map((doc) => toGoalView(doc, record(doc))),
      recentPosts: posts.map((doc) => toPostView(readPost(doc), record(doc))),
    };
  },
});
