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

/** 10000-01-01T00:00:00Z: from there on toISOString writes six-digit years with a sign. */
const FAST_ISO_END_MS = 253_402_300_800_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, about four times faster for instants from 1970 to 9999 (others
 * take Date's path). The store converts every Timestamp it reads with it, and
 * Date.prototype.toISOString was the largest single cost the runtime added to a read
 * (bench/README.md, section 1). Days to a civil date: H. Hinnant's civil_from_days.
 */
export function isoFromMillis(ms: number): string {
  if (!(ms >= 0 && ms < FAST_ISO_END_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let t = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const h = Math.floor(t / HOUR_MS);
  t -= h * HOUR_MS;
  const m = Math.floor(t / 60_000);
  t -= m * 60_000;
  const s = Math.floor(t / 1000);
  t -= s * 1000;
  const msPart = t < 10 ? `00${t}` : t < 100 ? `0${t}` : `${t}`;
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(h)}:${pad2(m)}:${pad2(s)}.${msPart}Z`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `Date.parse(iso)`, about three times faster for the two forms stored times take here,
 * "2026-11-30T09:15:00.000Z" and "2026-11-30T09:15:00Z"; any other string takes Date.parse's
 * path. Tools compare and sort stored times by it, up to hundreds per call (bench/README.md,
 * section 1). Civil date to days: H. Hinnant's days_from_civil.
 */
export function millisOfIso(iso: string): number {
  const n = iso.length;
  if ((n !== 24 && n !== 20) || iso.charCodeAt(n - 1) !== 90 /* Z */) return Date.parse(iso);
  const year = digits(iso, 0, 4);
  const month = digits(iso, 5, 2);
  const day = digits(iso, 8, 2);
  const h = digits(iso, 11, 2);
  const m = digits(iso, 14, 2);
  const sec = digits(iso, 17, 2);
  const ms = n === 24 ? digits(iso, 20, 3) : 0;
  const separators = iso[4] === "-" && iso[7] === "-" && iso[10] === "T" && iso[13] === ":" && iso[16] === ":" && (n === 20 || iso[19] === ".");
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const valid = separators && year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]! + (month === 2 && leap ? 1 : 0) && h >= 0 && h < 24 && m >= 0 && m < 60 && sec >= 0 && sec < 60 && ms >= 0;
  if (!valid) return Date.parse(iso);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146_097 + doe - 719_468;
  return days * DAY_MS + h * HOUR_MS + m * 60_000 + sec * 1000 + ms;
}

/** The decimal number in iso[at, at + count), or -1 when any of those is not a digit. */
function digits(iso: string, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const c = iso.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** ISO-8601 UTC, without milliseconds when they are zero (the form dataset refs use). */
export function isoUtc(at: Date): string {
  const iso = isoFromMillis(at.getTime());
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
  timeOf: (row: T) => string,
  limit: number,
): { window: TimeWindow; rows: T[]; capped: boolean } {
  const last = newestFirst[newestFirst.length - 1];
  if (newestFirst.length < limit || last === undefined) return { window: asked, rows: [...newestFirst], capped: false };
  const oldest = millisOfIso(timeOf(last));
  const from = new Date(Math.max(asked.from.getTime(), oldest + 1));
  return { window: { from, to: asked.to }, rows: newestFirst.filter((r) => millisOfIso(timeOf(r)) >= from.getTime()), capped: true };
}

/** Whether an ISO time lies in [from, to). */
export function inWindow(iso: string, window: TimeWindow): boolean {
  return atInWindow(millisOfIso(iso), window);
}

/** inWindow for a time in epoch milliseconds. */
export function atInWindow(ms: number, window: TimeWindow): boolean {
  return ms >= window.from.getTime() && ms < window.to.getTime();
}
