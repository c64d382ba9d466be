import { mulberry32 } from "../scripts/seed/generate";

/**
 * Pure statistics and the results table. Everything the benchmark reports goes through here, so
 * the unit test of this file (test/unit/bench/stats.test.ts) covers how every figure is computed.
 */

/**
 * Linear-interpolation percentile (the "R-7" definition numpy and spreadsheets use): on a sorted
 * sample it returns a value between neighbours rather than jumping between them, which keeps p95 of
 * a few hundred samples from being decided by a single outlier.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of an empty sample");
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is outside 0-100`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Percentiles of the finite values; a failed call is recorded as NaN and left out of the figures. */
export function summarize(values: readonly number[]): Summary {
  const v = values.filter((x) => Number.isFinite(x));
  return { n: v.length, p50: percentile(v, 50), p95: percentile(v, 95), p99: percentile(v, 99), max: Math.max(...v) };
}

/** a / b, guarded: a zero or missing denominator is not a ratio. */
export function ratio(a: number, b: number): number {
  if (!(b > 0) || !Number.isFinite(a)) return Number.NaN;
  return a / b;
}

/**
 * Median of per-pair ratios: each interleaved pair ran back to back, so drift on a shared machine
 * (another build, GC in the emulator) hits both sides of a pair and cancels out of its ratio.
 */
export function pairedMedianRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0)
    throw new Error("paired ratio needs two samples of the same non-zero length");
  return median(a.map((x, i) => ratio(x, b[i]!)).filter((r) => Number.isFinite(r)));
}

/**
 * How far a ratio of percentiles could move on a rerun: the 2.5th and 97.5th percentiles of
 * `percentile(a*, p) / percentile(b*, p)` over bootstrap resamples. Pairs are drawn together (one
 * index for both sides), as they ran back to back. Shown beside a verdict, never deciding it: a
 * ratio of 1.054 whose interval is 1.03-1.08 says the target of 1.05 sits inside the noise.
 */
export function bootstrapRatioInterval(
  a: readonly number[],
  b: readonly number[],
  p: number,
  opts: { resamples?: number; seed?: number } = {},
): [number, number] {
  return bootstrapInterval(a, b, (ra, rb) => ratio(percentile(ra, p), percentile(rb, p)), opts);
}

/**
 * The same for a difference of medians, `median(a*) - median(b*)`: how far a per-call cost over
 * the twin (CPU milliseconds) could move on a rerun.
 */
export function bootstrapDifferenceInterval(
  a: readonly number[],
  b: readonly number[],
  opts: { resamples?: number; seed?: number } = {},
): [number, number] {
  return bootstrapInterval(a, b, (ra, rb) => median(ra) - median(rb), opts);
}

function bootstrapInterval(
  a: readonly number[],
  b: readonly number[],
  statistic: (ra: number[], rb: number[]) => number,
  opts: { resamples?: number; seed?: number },
): [number, number] {
  if (a.length !== b.length || a.length === 0)
    throw new Error("bootstrap needs two samples of the same non-zero length");
  const pairs = a.map((x, i) => [x, b[i]!] as const).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  if (pairs.length === 0) return [Number.NaN, Number.NaN];
  // seeded: the same samples give the same interval on every run
  const random = mulberry32(opts.seed ?? 1);
  const resamples = opts.resamples ?? 1000;
  const stats: number[] = [];
  const ra = new Array<number>(pairs.length);
  const rb = new Array<number>(pairs.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < pairs.length; i++) {
      const [x, y] = pairs[Math.floor(random() * pairs.length)]!;
      ra[i] = x;
      rb[i] = y;
    }
    stats.push(statistic(ra, rb));
  }
  const finite = stats.filter((x) => Number.isFinite(x));
  return finite.length === 0 ? [Number.NaN, Number.NaN] : [percentile(finite, 2.5), percentile(finite, 97.5)];
}

export function fmtInterval([lo, hi]: readonly [number, number]): string {
  return Number.isFinite(lo) && Number.isFinite(hi) ? `95% CI ${lo.toFixed(3)}-${hi.toFixed(3)}` : "95% CI n/a";
}

/**
 * An interleaving order that alternates which side goes first (ABBAABBA...), so neither side is
 * systematically the one that runs right after the other warmed a cache or a connection.
 */
export function interleave<A, B>(n: number, a: A, b: B): (A | B)[][] {
  return Array.from({ length: n }, (_, i) => (i % 2 === 0 ? [a, b] : [b, a]));
}

/** NOISE: a ratio over its target whose 95% interval still reaches below it (a rerun may pass). */
export type Verdict = "PASS" | "MISS" | "NOISE" | "INFO" | "SKIP";

/** One line of the printed table and of results.json. */
export interface Row {
  readonly section: string;
  readonly subject: string;
  readonly metric: string;
  readonly value: string;
  readonly target: string;
  readonly verdict: Verdict;
}

export function row(
  section: string,
  subject: string,
  metric: string,
  value: string,
  target = "",
  verdict: Verdict = "INFO",
): Row {
  return { section, subject, metric, value, target, verdict };
}

/** PASS when the check holds, MISS otherwise; a NaN figure (nothing measured) is a MISS too. */
export function check(ok: boolean): Verdict {
  return ok ? "PASS" : "MISS";
}

/**
 * The verdict on a figure with an upper target (a ratio, a cost over the twin): PASS at or under it; NOISE when over it but its
 * bootstrap interval straddles it, so the miss is within this run's own noise; MISS otherwise.
 */
export function checkRatio(value: number, interval: readonly [number, number], target: number): Verdict {
  if (value <= target) return "PASS";
  return interval[0] <= target ? "NOISE" : "MISS";
}

export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return "n/a";
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}

export function fmtRatio(r: number): string {
  return Number.isFinite(r) ? r.toFixed(3) : "n/a";
}

export function fmtMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const HEADERS: Record<keyof Row, string> = {
  section: "section",
  subject: "subject",
  metric: "metric",
  value: "value",
  target: "target",
  verdict: "verdict",
};
const COLUMNS = Object.keys(HEADERS) as (keyof Row)[];

/** A plain-text table (also valid Markdown): a header, a rule, one line per row, columns padded. */
export function formatTable(input: readonly Row[]): string {
  // A pipe inside a cell would split it in Markdown: escape it, and pad by the escaped width.
  const rows = input.map(
    (r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c].replace(/\|/g, "\\|")])) as unknown as Row,
  );
  const widths = COLUMNS.map((c) => Math.max(HEADERS[c].length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [
    line(COLUMNS.map((c) => HEADERS[c])),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...rows.map((r) => line(COLUMNS.map((c) => r[c]))),
  ].join("\n");
}

/** How many rows missed a target: the benchmark's exit code says whether every target was met. */
export function misses(rows: readonly Row[]): Row[] {
  return rows.filter((r) => r.verdict === "MISS");
}
