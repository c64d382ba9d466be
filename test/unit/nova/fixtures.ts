/**
 * Realistic ledgers and answers for the validator tests. Every envelope built here is checked
 * against the server contract's EnvelopeSchema, and every ledger/answer against the Nova schemas.
 */
import {
  ERROR_CATALOG,
  EnvelopeSchema,
  type Envelope,
  type ErrorCode,
  type Evidence,
  type EvidenceKind,
  type Provenance,
} from "nova-contract";
import { AnswerSchema, LedgerSchema, type Answer, type Claim, type Ledger } from "../../../nova/src/schemas";

let counter = 0;
/** A fresh evidence id: `ev_` + 20 base64url characters, unique across the test run. */
export function evId(label = "x"): string {
  counter++;
  const body = `${label.replace(/[^A-Za-z0-9]/g, "")}${counter.toString(36)}`.padEnd(20, "Q");
  return `ev_${body}`;
}

const OBSERVED = "2025-11-03T09:15:00.000Z";

function evidence(evidenceId: string, kind: EvidenceKind, ref: string, provenance: Provenance): Evidence {
  return { evidenceId, kind, ref, provenance, observedAt: OBSERVED };
}

function checked(env: Envelope): Envelope {
  const r = EnvelopeSchema.safeParse(env);
  if (!r.success) throw new Error(`fixture envelope is invalid: ${r.error.message}`);
  return env;
}

export function errorEnvelope(code: ErrorCode, message?: string): Envelope {
  const c = ERROR_CATALOG[code];
  return checked({
    status: "error",
    data: null,
    error: { code, category: c.category, message: message ?? c.message, retryable: c.retryable },
    evidence: [],
  });
}

export interface Built {
  envelope: Envelope;
  /** record evidence ids, in data order */
  records: string[];
  /** dataset evidence ids */
  datasets: string[];
}

/** fetch/search_trend_signals success with `n` signals (record evidence `trendSignals/<id>`). */
export function signals(n: number, provenance: Provenance = "mock"): Built {
  const records: string[] = [];
  const list = Array.from({ length: n }, (_, i) => {
    const id = evId("sig");
    records.push(id);
    return {
      signalId: `s${i + 1}`,
      title: `Signal ${i + 1}`,
      summary: "Short-form video keeps growing.",
      source: "newsfeed",
      url: `https://example.com/s${i + 1}`,
      topics: ["video"],
      score: 0.8,
      observedAt: OBSERVED,
      evidenceId: id,
    };
  });
  const envelope = checked({
    status: "success",
    data: { signals: list, count: n },
    error: null,
    evidence: records.map((id, i) => evidence(id, "record", `trendSignals/s${i + 1}`, provenance)),
  });
  return { envelope, records, datasets: [] };
}

/** get_engagement_insights: measured posts (record evidence) and takeaways (one dataset evidence). */
export function insights(nPosts: number, provenance: Provenance = "mock"): Built {
  const records: string[] = [];
  const posts = Array.from({ length: nPosts }, (_, i) => {
    const id = evId("post");
    records.push(id);
    return {
      postId: `p${i + 1}`,
      channel: "linkedin",
      title: `Post ${i + 1}`,
      publishedAt: "2025-11-01T10:00:00.000Z",
      metrics: { impressions: 1000 + i, likes: 40, comments: 3, shares: 2, clicks: 17, measuredAt: OBSERVED },
      evidenceId: id,
    };
  });
  const ds = evId("ds");
  const envelope = checked({
    status: "success",
    data: { posts, takeaways: nPosts > 0 ? [{ text: "Video posts earn more clicks.", evidenceId: ds }] : [] },
    error: null,
    evidence: [
      ...records.map((id, i) => evidence(id, "record", `workspaces/acme/posts/p${i + 1}`, provenance)),
      ...(nPosts > 0 ? [evidence(ds, "dataset", "workspaces/acme/posts:measured", provenance)] : []),
    ],
  });
  return { envelope, records, datasets: nPosts > 0 ? [ds] : [] };
}

/** get_operator_feed: pending items, goals, recent posts (records) and job health (dataset). */
export function operatorFeed(opts: { pending?: number; provenance?: Provenance } = {}): Built {
  const provenance = opts.provenance ?? "mock";
  const pending = opts.pending ?? 2;
  const records: string[] = [];
  const ev: Evidence[] = [];
  const pendingItems = Array.from({ length: pending }, (_, i) => {
    const id = evId("item");
    records.push(id);
    ev.push(evidence(id, "record", `workspaces/acme/pendingItems/i${i + 1}`, provenance));
    return {
      itemId: `i${i + 1}`,
      kind: "approval",
      title: `Approve post ${i + 1}`,
      createdAt: OBSERVED,
      evidenceId: id,
    };
  });
  const goalId = evId("goal");
  records.push(goalId);
  ev.push(evidence(goalId, "record", "workspaces/acme/goals/g1", provenance));
  const postId = evId("post");
  records.push(postId);
  ev.push(evidence(postId, "record", "workspaces/acme/posts/p1", provenance));
  const health = evId("ds");
  ev.push(evidence(health, "dataset", "workspaces/acme/jobs:health", provenance));
  const envelope = checked({
    status: "success",
    data: {
      pendingItems,
      jobHealth: { queued: 0, running: 1, failed: 1, evidenceId: health },
      goals: [
        {
          goalId: "g1",
          title: "Reach 10k impressions",
          metric: "impressions",
          target: 10000,
          current: 6200,
          dueAt: OBSERVED,
          evidenceId: goalId,
        },
      ],
      recentPosts: [
        {
          postId: "p1",
          title: "Launch recap",
          status: "published",
          publishedAt: "2025-11-03T08:00:00.000Z",
          evidenceId: postId,
        },
      ],
    },
    error: null,
    evidence: ev,
  });
  return { envelope, records, datasets: [health] };
}

/** get_job_status: one redacted job (record evidence). */
export function job(
  state: "queued" | "running" | "succeeded" | "failed" | "cancelled" = "failed",
  provenance: Provenance = "mock",
  jobId = "job_42",
): Built {
  const id = evId("job");
  const envelope = checked({
    status: "success",
    data: {
      job: {
        jobId,
        kind: "render",
        state,
        attempts: 3,
        progress: null,
        createdAt: OBSERVED,
        updatedAt: OBSERVED,
        errorCode: state === "failed" ? "PROVIDER_TIMEOUT" : null,
        evidenceId: id,
      },
    },
    error: null,
    evidence: [evidence(id, "record", `workspaces/acme/jobs/${jobId}`, provenance)],
  });
  return { envelope, records: [id], datasets: [] };
}

/** suggest_posting_windows: windows and their basis, all dataset evidence. */
export function postingWindows(provenance: Provenance = "mock"): Built {
  const basis = evId("ds");
  const envelope = checked({
    status: "success",
    data: {
      windows: [{ day: "tuesday", start: "09:00", end: "11:00", evidenceId: basis }],
      basis: { measuredPosts: 12, evidenceIds: [basis] },
      timezone: "UTC",
    },
    error: null,
    evidence: [evidence(basis, "dataset", "workspaces/acme/posts:measured", provenance)],
  });
  return { envelope, records: [], datasets: [basis] };
}

export type CallSpec = [tool: string, args: Record<string, unknown> | null, envelope: Envelope];

/** A ledger for one skill load (or the given loads) and calls 1..n, one second apart. */
export function ledger(skillLoads: string | string[], calls: CallSpec[], invocationId = "inv_test0000000000"): Ledger {
  const l: Ledger = {
    invocationId,
    skillLoads: typeof skillLoads === "string" ? [skillLoads] : skillLoads,
    calls: calls.map(([tool, args, envelope], i) => ({
      seq: i + 1,
      tool,
      args,
      at: new Date(Date.UTC(2025, 10, 3, 9, 0, i)).toISOString(),
      envelope,
    })),
  };
  const r = LedgerSchema.safeParse(l);
  if (!r.success) throw new Error(`fixture ledger is invalid: ${r.error.message}`);
  return l;
}

export function answer(text: string, claims: Claim[]): Answer {
  const a = { text, claims };
  const r = AnswerSchema.safeParse(a);
  if (!r.success) throw new Error(`fixture answer is invalid: ${r.error.message}`);
  return a;
}

/** The exact tool_error claim for an error envelope. */
export function toolError(tool: string, env: Envelope, text = `${tool} failed.`): Claim {
  if (env.status !== "error") throw new Error("not an error envelope");
  return { type: "tool_error", tool, text, error: { ...env.error } };
}

export const story = (text: string, ...evidenceIds: string[]): Claim => ({ type: "story", text, evidenceIds });
export const measured = (text: string, ...evidenceIds: string[]): Claim => ({
  type: "measured_post",
  text,
  evidenceIds,
});
export const record = (text: string, ...evidenceIds: string[]): Claim => ({ type: "record", text, evidenceIds });
export const aggregate = (text: string, ...evidenceIds: string[]): Claim => ({ type: "aggregate", text, evidenceIds });
export const noData = (tool: string, text = `${tool} found nothing.`): Claim => ({ type: "no_data", tool, text });
