import { extractedPath, matchesLogQuery, parseLogQuery, valuesAt } from "./logging-query";

/**
 * What ops/'s threshold conditions would compute over a set of log entries taken as one alignment
 * window: the log-based metric's points (one per selected entry, labels from its extractors), the
 * Monitoring filter's series selection, the per-series aligner, the cross-series reducer grouped by
 * labels, and the ratio when there is a denominator. Only the subset ops/ uses:
 * `resource.type = "…"`, `metric.type = "…"`, `metric.labels.K = "…"` and
 * `metric.labels.K = monitoring.regex.full_match("…")` joined by AND; aligners ALIGN_SUM, ALIGN_DELTA
 * and ALIGN_RATE (the same divisor on both sides of a ratio, so taken as a sum); reducers REDUCE_SUM
 * and REDUCE_PERCENTILE_NN, the percentile read from the distribution's buckets with linear
 * interpolation inside a bucket, as Cloud Monitoring does.
 */

export interface MetricSpec {
  readonly name: string;
  readonly filter: string;
  readonly metricDescriptor: { readonly valueType: string };
  readonly valueExtractor?: string;
  readonly labelExtractors: Record<string, string>;
  readonly bucketOptions?: { readonly explicitBuckets?: { readonly bounds: readonly number[] } };
}

interface Point {
  readonly labels: Record<string, string>;
  readonly value: number;
}

type Selector = (metricType: string, labels: Record<string, string>) => boolean;

/** A Monitoring filter of the subset above; anything else is refused. */
export function parseMonitoringFilter(filter: string): Selector {
  const clauses = filter.split(/\s+AND\s+/);
  const tests = clauses.map((clause): Selector => {
    let m = /^resource\.type = "([^"]+)"$/.exec(clause);
    // Log-based metrics from the functions' entries are on their Cloud Run revision.
    if (m) return () => m![1] === "cloud_run_revision";
    m = /^metric\.type = "([^"]+)"$/.exec(clause);
    if (m) return (type) => type === m![1];
    m = /^metric\.labels\.([a-z_]+) = "([^"]*)"$/.exec(clause);
    if (m) return (_t, labels) => labels[m![1]!] === m![2];
    m = /^metric\.labels\.([a-z_]+) = monitoring\.regex\.full_match\("([^"]*)"\)$/.exec(clause);
    if (m) {
      const re = new RegExp(`^(?:${m[2]})$`);
      return (_t, labels) => re.test(labels[m![1]!] ?? "");
    }
    throw new Error(`unsupported Monitoring filter clause: ${clause}`);
  });
  return (type, labels) => tests.every((t) => t(type, labels));
}

/** The metric's points over the entries: one per entry its filter selects. */
export function pointsOf(metric: MetricSpec, entries: readonly unknown[]): Point[] {
  const q = parseLogQuery(metric.filter);
  return entries
    .filter((e) => matchesLogQuery(q, e))
    .map((e) => ({
      labels: Object.fromEntries(
        Object.entries(metric.labelExtractors).map(([k, x]) => [k, String(valuesAt(e, extractedPath(x))[0] ?? "")]),
      ),
      value: metric.valueExtractor ? Number(valuesAt(e, extractedPath(metric.valueExtractor))[0]) : 1,
    }));
}

interface Aggregation {
  readonly perSeriesAligner: string;
  readonly crossSeriesReducer?: string;
  readonly groupByFields?: readonly string[];
}

/** Percentile of values bucketed by the bounds, interpolated inside the bucket (underflow from 0). */
export function bucketPercentile(values: readonly number[], bounds: readonly number[], q: number): number {
  const counts = new Array<number>(bounds.length + 1).fill(0);
  for (const v of values) counts[bounds.filter((b) => v >= b).length]! += 1;
  const target = q * values.length;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! > 0 && seen + counts[i]! >= target) {
      const lower = i === 0 ? 0 : bounds[i - 1]!;
      const upper = i < bounds.length ? bounds[i]! : lower;
      return lower + ((target - seen) / counts[i]!) * (upper - lower);
    }
    seen += counts[i]!;
  }
  return bounds[bounds.length - 1] ?? 0;
}

/** The aggregated value per group (key: the groupBy label values joined by "|", "" when none). */
export function aggregate(
  metric: MetricSpec,
  filter: string,
  agg: Aggregation,
  entries: readonly unknown[],
): Map<string, number> {
  if (!["ALIGN_SUM", "ALIGN_DELTA", "ALIGN_RATE"].includes(agg.perSeriesAligner))
    throw new Error(`unsupported aligner ${agg.perSeriesAligner}`);
  const select = parseMonitoringFilter(filter);
  const points = pointsOf(metric, entries).filter((p) =>
    select(`logging.googleapis.com/user/${metric.name}`, p.labels),
  );
  const keys = (agg.groupByFields ?? []).map((f) => f.replace(/^metric\.label\./, ""));
  const groups = new Map<string, number[]>();
  for (const p of points) {
    const key = keys.map((k) => p.labels[k]).join("|");
    groups.set(key, [...(groups.get(key) ?? []), p.value]);
  }
  const reducer = agg.crossSeriesReducer ?? "REDUCE_SUM";
  const out = new Map<string, number>();
  for (const [key, values] of groups) {
    if (reducer === "REDUCE_SUM") {
      // A counter's points are 1 each; a distribution summed is its count.
      out.set(
        key,
        metric.metricDescriptor.valueType === "DISTRIBUTION" ? values.length : values.reduce((a, b) => a + b, 0),
      );
    } else {
      const p = /^REDUCE_PERCENTILE_(\d\d)$/.exec(reducer);
      if (!p || metric.metricDescriptor.valueType !== "DISTRIBUTION") throw new Error(`unsupported reducer ${reducer}`);
      out.set(key, bucketPercentile(values, metric.bucketOptions!.explicitBuckets!.bounds, Number(p[1]) / 100));
    }
  }
  return out;
}

export interface ThresholdCondition {
  readonly filter: string;
  readonly aggregations: readonly Aggregation[];
  readonly denominatorFilter?: string;
  readonly denominatorAggregations?: readonly Aggregation[];
  readonly comparison: string;
  readonly thresholdValue: number;
}

/** The groups a threshold condition would find over its threshold in this window, with their values. */
export function violations(
  condition: ThresholdCondition,
  metrics: readonly MetricSpec[],
  entries: readonly unknown[],
): Map<string, number> {
  const metricOf = (filter: string) => {
    const type = /metric\.type = "logging\.googleapis\.com\/user\/([^"]+)"/.exec(filter)?.[1];
    const m = metrics.find((x) => x.name === type);
    if (!m) throw new Error(`no ops metric for ${filter}`);
    return m;
  };
  const numerator = aggregate(metricOf(condition.filter), condition.filter, condition.aggregations[0]!, entries);
  let values = numerator;
  if (condition.denominatorFilter) {
    const denominator = aggregate(
      metricOf(condition.denominatorFilter),
      condition.denominatorFilter,
      condition.denominatorAggregations![0]!,
      entries,
    );
    values = new Map([...denominator].map(([k, d]) => [k, (numerator.get(k) ?? 0) / d]));
  }
  if (condition.comparison !== "COMPARISON_GT" && condition.comparison !== "COMPARISON_LT")
    throw new Error(`unsupported comparison ${condition.comparison}`);
  const over = (v: number) =>
    condition.comparison === "COMPARISON_GT" ? v > condition.thresholdValue : v < condition.thresholdValue;
  return new Map([...values].filter(([, v]) => over(v)));
}
