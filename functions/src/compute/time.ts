/**
 * Time windows for the workspace tools. Pure: every function takes the instant it works from.
 * A window is half-open, [from, to), in UTC.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface TimeWindow {
  readonly from: Date;
  readonly to: Date;
}

/** 00:00 UTC of the instant's day. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The `days` whole days before `end`. */
export function daysBefore(end: Date, days: number): TimeWindow {
  return { from: new Date(end.getTime() - days * DAY_MS), to: end };
}

/** An instant (epoch milliseconds) as the wire writes a time: ISO-8601 UTC with milliseconds. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO-8601 UTC, without milliseconds when they are zero (the form dataset refs use). */
export function isoUtc(at: Date): string {
  const iso = at.toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * What a newest-first read with a limit really covers. When the read came back full, documents
 * older than the last one returned may have been cut off, and so may documents at exactly its
 * time; the honest window then starts just after that time and keeps only rows strictly inside it.
 * Aggregates and their evidence refs name this window, never the one that was asked for.
 */
export function coveredWindow<T>(
  asked: TimeWindow,
  newestFirst: readonly T[],
  timeOf: (row: T) => number,
  limit: number,
): { window: TimeWindow; rows: T[]; capped: boolean } {
  const last = newestFirst[newestFirst.length - 1];
  if (newestFirst.length < limit || last === undefined) return { window: asked, rows: [...newestFirst], capped: false };
  const oldest = timeOf(last);
  const from = new Date(Math.max(asked.from.getTime(), oldest + 1));
  return {
    window: { from, to: asked.to },
    rows: newestFirst.filter((r) => timeOf(r) >= from.getTime()),
    capped: true,
  };
}

/** Whether an instant (epoch milliseconds) lies in [from, to). */
export function atInWindow(ms: number, window: TimeWindow): boolean {
  return ms >= window.from.getTime() && ms < window.to.getTime();
}
