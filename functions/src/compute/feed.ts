/**
 * The operator feed, the pure half: job health over a stated window and goal progress. Pure: the
 * tool reads the documents and mints evidence.
 */
import { JOB_STATES } from "../store/documents";
import { daysBefore, type TimeWindow } from "./time";

export const JOB_WINDOW_DAYS = 7;
/** Jobs read for the health counts: the bound of that query. */
export const MAX_JOBS_READ = 100;
export const MAX_RECENT_FAILURES = 5;
export const MAX_PENDING_ITEMS = 25;
export const MAX_GOALS = 20;
export const MAX_RECENT_POSTS = 10;

export type JobState = (typeof JOB_STATES)[number];

/** The jobs updated in the JOB_WINDOW_DAYS up to now (not whole days: the feed is about now). */
export function jobWindow(now: Date): TimeWindow {
  return daysBefore(now, JOB_WINDOW_DAYS);
}

export interface JobRecord {
  readonly jobId: string;
  readonly state: JobState;
  /** Epoch milliseconds. */
  readonly updatedAt: number;
}

export interface JobHealth<J extends JobRecord = JobRecord> {
  /** Every state, zeros included, so that "no failed jobs" is a stated 0, not a missing key. */
  readonly counts: Record<JobState, number>;
  readonly total: number;
  /** Failed jobs of the window, most recently updated first, at most MAX_RECENT_FAILURES. */
  readonly recentFailures: J[];
}

/** Counts jobs updated in [from, to] by state; a job outside the window is not counted. */
export function jobHealth<J extends JobRecord>(jobs: readonly J[], window: TimeWindow): JobHealth<J> {
  const inside = jobs.filter((j) => {
    return j.updatedAt >= window.from.getTime() && j.updatedAt <= window.to.getTime();
  });
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  for (const j of inside) counts[j.state] += 1;
  const recentFailures = inside
    .filter((j) => j.state === "failed")
    .sort((a, b) => b.updatedAt - a.updatedAt || (a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0))
    .slice(0, MAX_RECENT_FAILURES);
  return { counts, total: inside.length, recentFailures };
}

/** current / target; null when the target is 0 (progress toward nothing is undefined, not 100%). */
export function goalProgress(current: number, target: number): number | null {
  if (target === 0 || !Number.isFinite(current) || !Number.isFinite(target)) return null;
  return Math.round((current / target) * 10_000) / 10_000;
}
