import { describe, expect, it } from "vitest";
import { ERROR_CATALOG } from "nova-contract";
import { loadCatalog } from "../../support/catalog";
import {
  loggingFilters,
  messageType,
  monitoringFilters,
  opsResources,
  parseAs,
  proto3JsonProblems,
} from "../../support/google-resources";
import { labelSourceFields, matchesLogQuery, parseLogQuery, pathsOf } from "../../support/logging-query";
import { bucketPercentile, parseMonitoringFilter } from "../../support/monitoring-query";

/**
 * ops/ as Google's API messages (LogMetric, AlertPolicy, Dashboard from the client libraries'
 * protos), consistent with one another and with the contracts: the metrics the charts and alerts
 * name exist with the labels they group by, the latency thresholds are half of each tool's
 * declared budget, and the error-rate codes are the catalog's server-side ones. Which entries the
 * Logging filters select is checked on the emulator's own entries (test/emulator/faults/ops.test.ts).
 */

const ops = opsResources();
const decls = loadCatalog();
const clone = <T>(v: T): T => structuredClone(v);

describe("every resource parses as its Google API message", () => {
  it.each(ops.metrics.map((m) => [m.file, m] as const))("%s is a google.logging.v2.LogMetric", (_f, m) => {
    expect(() => parseAs("metric", m.json)).not.toThrow();
  });
  it.each(ops.alerts.map((a) => [a.file, a] as const))("%s is a google.monitoring.v3.AlertPolicy", (_f, a) => {
    expect(() => parseAs("alert", a.json)).not.toThrow();
  });
  it.each(ops.dashboards.map((d) => [d.file, d] as const))(
    "%s is a google.monitoring.dashboard.v1.Dashboard",
    (_f, d) => {
      expect(() => parseAs("dashboard", d.json)).not.toThrow();
    },
  );

  it("refuses unknown or misplaced fields, bad enums, output-only fields and missing required ones", () => {
    const metric = ops.metrics[0]!.json;
    const alert = ops.alerts.find((a) => a.json.conditions[0].conditionThreshold)!.json;
    const dashboard = ops.dashboards[0]!.json;
    const cases: [keyof typeof import("../../support/google-resources").MESSAGES, unknown, RegExp][] = [
      ["metric", { ...clone(metric), labelExtractor: {} }, /labelExtractor: not a field/],
      ["metric", { ...clone(metric), createTime: "2026-01-01T00:00:00Z" }, /createTime: output only/],
      ["metric", (({ filter: _f, ...rest }) => rest)(clone(metric)), /filter: required/],
      [
        "metric",
        { ...clone(metric), metricDescriptor: { ...metric.metricDescriptor, metricKind: "DELTAS" } },
        /not a .*MetricKind value/,
      ],
      [
        "metric",
        {
          ...clone(metric),
          bucketOptions: {
            explicitBuckets: { bounds: [1] },
            linearBuckets: { numFiniteBuckets: 2, width: 1, offset: 0 },
          },
        },
        /one oneof/,
      ],
      [
        "alert",
        (() => {
          const a = clone(alert);
          a.conditions[0].conditionThreshold.aggregations[0].alignment = "60s";
          return a;
        })(),
        /aggregations\[0\]\.alignment: not a field/,
      ],
      [
        "alert",
        (() => {
          const a = clone(alert);
          a.conditions[0].conditionThreshold.duration = 300;
          return a;
        })(),
        /Duration is a string/,
      ],
      [
        "alert",
        (() => {
          const a = clone(alert);
          a.conditions[0].conditionThreshold.comparison = "GT";
          return a;
        })(),
        /ComparisonType value/,
      ],
      [
        "dashboard",
        (() => {
          const d = clone(dashboard);
          d.mosaicLayout.tiles[1].widget.xyChart.dataSets[0].plot = "LINE";
          return d;
        })(),
        /dataSets\[0\]\.plot: not a field/,
      ],
      [
        "dashboard",
        (() => {
          const d = clone(dashboard);
          d.mosaicLayout.tiles[1].widget.text = { content: "x" };
          return d;
        })(),
        /one oneof/,
      ],
    ];
    for (const [kind, json, message] of cases) expect(() => parseAs(kind, json)).toThrow(message);
  });

  it("checks against the libraries' descriptors, field behaviours included", () => {
    const logMetric = messageType("metric");
    expect(logMetric.fields.filter?.options?.["(google.api.field_behavior)"]).toBe("REQUIRED");
    expect(
      proto3JsonProblems(messageType("alert"), {
        displayName: "x",
        conditions: [{ displayName: "c", conditionAbsent: { filter: "f", duration: "60s" } }],
      }),
    ).toEqual([]);
  });
});

const metricByType = new Map<string, any>(
  ops.metrics.map((m) => [`logging.googleapis.com/user/${m.json.name}`, m.json]),
);
const FORBIDDEN_LABEL_SOURCES = [
  "callId",
  "caller",
  "workspace",
  "evidenceIds",
  "invocationId",
  "arguments",
  "skill",
  "internalReason",
  "trace",
  "spanId",
];

describe("log-based metrics", () => {
  it("cover calls by tool, status and result code; duration and reads as distributions; retries", () => {
    const byName: Record<string, any> = Object.fromEntries(ops.metrics.map((m) => [m.json.name, m.json]));
    expect(Object.keys(byName).sort()).toEqual([
      "nova_tools_calls",
      "nova_tools_duration",
      "nova_tools_reads",
      "nova_tools_retries",
    ]);
    expect(Object.keys(byName.nova_tools_calls.labelExtractors).sort()).toEqual(["result_code", "status", "tool"]);
    expect(byName.nova_tools_duration.metricDescriptor.valueType).toBe("DISTRIBUTION");
    expect(byName.nova_tools_duration.valueExtractor).toBe("EXTRACT(jsonPayload.totalDurationMs)");
    expect(byName.nova_tools_reads.metricDescriptor.valueType).toBe("DISTRIBUTION");
    expect(byName.nova_tools_reads.valueExtractor).toBe("EXTRACT(jsonPayload.reads)");
    for (const m of ops.metrics) expect(m.json.name, m.file).toBe(m.file.replace(/^ops\/metrics\/|\.json$/g, ""));
  });

  it.each(ops.metrics.map((m) => [m.file, m.json] as const))(
    "%s: labels declared once, extracted from low-cardinality fields only",
    (_f, m) => {
      for (const field of labelSourceFields(m)) {
        expect(FORBIDDEN_LABEL_SOURCES).not.toContain(field);
        // Each label's values are a closed set: the tool names, success|error, OK or a catalog code.
        expect(["tool", "status", "resultCode"]).toContain(field);
      }
      // Distribution bounds strictly increasing, with a bound at each half budget (10 s, 15 s) so
      // that the latency alert's percentile is read at a bucket edge, not interpolated across it.
      const bounds: number[] | undefined = m.bucketOptions?.explicitBuckets?.bounds;
      if (bounds) expect(bounds.every((b, i) => i === 0 || b > bounds[i - 1]!)).toBe(true);
      if (m.name === "nova_tools_duration") for (const d of decls) expect(bounds).toContain(d.budgetMs / 2);
    },
  );
});

describe("charts and alerts name metrics that exist, by labels those metrics have", () => {
  const filters = monitoringFilters();
  it("finds the filters", () => expect(filters.length).toBeGreaterThanOrEqual(15));
  it.each(filters.map((f) => [f.where, f] as const))("%s", (_w, f) => {
    expect(f.filter).toMatch(/^resource\.type = "cloud_run_revision" AND metric\.type = "[^"]+"/);
    // In the subset test/support/monitoring-query.ts evaluates (the emulator test runs the alerts on it).
    expect(() => parseMonitoringFilter(f.filter)).not.toThrow();
    const type = /metric\.type = "([^"]+)"/.exec(f.filter)![1]!;
    const metric = metricByType.get(type);
    expect(metric, `${type} is one of ops/metrics`).toBeDefined();
    const labels = new Set(metric.metricDescriptor.labels.map((l: { key: string }) => l.key));
    for (const [, key] of f.filter.matchAll(/metric\.labels\.([a-z_]+)/g)) expect(labels, f.filter).toContain(key);
    for (const g of f.groupBy) expect(labels).toContain(g.replace(/^metric\.label\./, ""));
    // A label compared to a code or status compares to one the catalog or the envelope can hold.
    for (const [, value] of f.filter.matchAll(/metric\.labels\.(?:result_code|status) = "([^"]+)"/g)) {
      expect(["OK", "success", "error", ...Object.keys(ERROR_CATALOG)]).toContain(value);
    }
  });
});

describe("alert policies", () => {
  const byName: Record<string, any> = Object.fromEntries(
    ops.alerts.map((a) => [a.file.replace(/^ops\/alerts\/|\.json$/g, ""), a.json]),
  );

  it("are the four the operator needs, each with documentation that says what to look at first", () => {
    expect(Object.keys(byName).sort()).toEqual(["dependency-burst", "error-rate", "internal", "latency"]);
    for (const [name, a] of Object.entries(byName)) {
      expect(a.documentation.mimeType, name).toBe("text/markdown");
      expect(a.documentation.content, name).toMatch(/Look first/);
      // The filters it quotes are the README's (docs/operations.md) and parse as Logging queries.
      const quoted = [...a.documentation.content.matchAll(/`([^`]*(?:jsonPayload|labels)\.[^`]*)`/g)]
        .map((m) => m[1]!)
        .filter((q) => /[=:<>]/.test(q));
      expect(quoted.length, name).toBeGreaterThan(0);
      for (const q of quoted) expect(() => parseLogQuery(q.replace(/\$\{[^}]+\}/g, "x")), q).not.toThrow();
      expect(new Set(ops.alerts.map((x) => x.json.displayName)).size).toBe(ops.alerts.length);
    }
  });

  it("error rate counts exactly the catalog's server-side codes (internal and dependency categories)", () => {
    const serverSide = Object.entries(ERROR_CATALOG)
      .filter(([, e]) => e.category === "internal" || e.category === "dependency")
      .map(([c]) => c)
      .sort();
    const t = byName["error-rate"].conditions[0].conditionThreshold;
    const codes = /result_code = monitoring\.regex\.full_match\("([^"]+)"\)/.exec(t.filter)![1]!.split("|").sort();
    expect(codes).toEqual(serverSide);
    expect(t.denominatorFilter).not.toContain("result_code");
    expect(t.aggregations[0].groupByFields).toEqual(["metric.label.tool"]);
    expect(t.denominatorAggregations).toEqual(t.aggregations);
    expect(t.thresholdValue).toBe(0.05);
  });

  it("p95 duration over half the budget: every tool in exactly one condition, at half its declared budget", () => {
    const conditions = byName.latency.conditions.map((c: any) => c.conditionThreshold);
    for (const d of decls) {
      const mine = conditions.filter((c: any) =>
        /tool = monitoring\.regex\.full_match\("([^"]+)"\)/.exec(c.filter)![1]!.split("|").includes(d.name),
      );
      expect(mine, d.name).toHaveLength(1);
      expect(mine[0].thresholdValue, d.name).toBe(d.budgetMs / 2);
      expect(mine[0].aggregations[0].crossSeriesReducer).toBe("REDUCE_PERCENTILE_95");
    }
    const named = conditions.flatMap((c: any) =>
      /tool = monitoring\.regex\.full_match\("([^"]+)"\)/.exec(c.filter)![1]!.split("|"),
    );
    expect(named.sort()).toEqual(decls.map((d) => d.name).sort());
  });

  it("any INTERNAL is a log-match condition, rate-limited, labelled by tool and reason", () => {
    const a = byName.internal;
    expect(a.conditions).toHaveLength(1);
    expect(a.conditions[0].conditionMatchedLog.labelExtractors).toEqual({
      tool: "EXTRACT(jsonPayload.tool)",
      reason: "EXTRACT(jsonPayload.internalReason)",
    });
    expect(a.alertStrategy.notificationRateLimit.period).toBe("300s");
  });

  it("DEPENDENCY_UNAVAILABLE burst: more than 5 in 5 minutes, all tools together", () => {
    const t = byName["dependency-burst"].conditions[0].conditionThreshold;
    expect(t.filter).toContain('metric.labels.result_code = "DEPENDENCY_UNAVAILABLE"');
    expect(t.aggregations).toEqual([
      { alignmentPeriod: "300s", perSeriesAligner: "ALIGN_SUM", crossSeriesReducer: "REDUCE_SUM" },
    ]);
    expect([t.comparison, t.thresholdValue]).toEqual(["COMPARISON_GT", 5]);
  });
});

describe("dashboard", () => {
  const d = ops.dashboards[0]!.json;
  const titles = d.mosaicLayout.tiles.map((t: any) => t.widget.title as string);

  it("shows per tool: call rate, errors by code, p50/p95/p99 duration, reads, retries, INTERNAL", () => {
    for (const want of [
      /Calls per second, by tool/,
      /Errors per second, by tool and code/,
      /p50 \/ p95 \/ p99/,
      /Documents read/,
      /retried/,
      /^INTERNAL/,
      /error ratio/,
    ]) {
      expect(
        titles.some((t: string) => want.test(t)),
        String(want),
      ).toBe(true);
    }
    const duration = d.mosaicLayout.tiles.find((t: any) => /p99/.test(t.widget.title)).widget.xyChart.dataSets;
    expect(duration.map((s: any) => s.timeSeriesQuery.timeSeriesFilter.aggregation.crossSeriesReducer)).toEqual([
      "REDUCE_PERCENTILE_50",
      "REDUCE_PERCENTILE_95",
      "REDUCE_PERCENTILE_99",
    ]);
    expect(d.dashboardFilters).toEqual([{ labelKey: "tool", filterType: "METRIC_LABEL" }]);
  });

  it("tiles fit the 48-column mosaic without overlapping", () => {
    const tiles = d.mosaicLayout.tiles as { xPos?: number; yPos?: number; width: number; height: number }[];
    const cells = new Set<string>();
    for (const t of tiles) {
      expect((t.xPos ?? 0) + t.width).toBeLessThanOrEqual(d.mosaicLayout.columns);
      for (let x = t.xPos ?? 0; x < (t.xPos ?? 0) + t.width; x++) {
        for (let y = t.yPos ?? 0; y < (t.yPos ?? 0) + t.height; y++) {
          expect(cells.has(`${x},${y}`)).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });
});

describe("the Logging filters ops/ holds", () => {
  it.each(loggingFilters().map((f) => [f.where, f.filter] as const))(
    "%s parses and keeps to call entries",
    (_w, filter) => {
      const q = parseLogQuery(filter);
      expect(pathsOf(q)).toContain("jsonPayload.callId");
      // The library's one-time diagnostic entry is never selected (it has no callId).
      expect(
        matchesLogQuery(q, {
          severity: "DEFAULT",
          jsonPayload: { "logging.googleapis.com/diagnostic": { instrumentation_source: [] } },
        }),
      ).toBe(false);
    },
  );

  it("the evaluator follows Logging's rules on the forms the filters use", () => {
    const e = {
      severity: "WARNING",
      labels: { tool: "get_job_status" },
      jsonPayload: {
        callId: "c",
        reads: 2,
        attempts: [
          { attempt: 1, outcome: "timeout" },
          { attempt: 2, outcome: "unavailable" },
        ],
        skill: null,
      },
    };
    const m = (q: string) => matchesLogQuery(parseLogQuery(q), e);
    expect([m("jsonPayload.callId:*"), m("jsonPayload.skill:*"), m("jsonPayload.nothing:*")]).toEqual([
      true,
      false,
      false,
    ]);
    expect([
      m("jsonPayload.attempts.attempt=2"),
      m("jsonPayload.attempts.attempt=3"),
      m('jsonPayload.attempts.outcome="unavailable"'),
    ]).toEqual([true, false, true]);
    expect([m("severity>=WARNING"), m("severity>=ERROR"), m("severity<ERROR")]).toEqual([true, false, true]);
    expect([
      m("jsonPayload.reads>1"),
      m("jsonPayload.reads>2"),
      m('labels.tool:"JOB"'),
      m('labels.tool="JOB"'),
    ]).toEqual([true, false, true, false]);
    expect([
      m('NOT labels.tool="x"'),
      m('labels.tool="x" OR jsonPayload.reads=2'),
      m('(labels.tool="x" OR jsonPayload.reads=2) AND severity=INFO'),
    ]).toEqual([true, true, false]);
    expect(() => parseLogQuery('labels.tool="x" jsonPayload.reads=2')).toThrow(/implicit AND/);
    expect(() => parseLogQuery('labels.tool=~"x"')).toThrow();
  });
});

describe("the Monitoring evaluator the emulator test uses", () => {
  it("selects series by type and labels, exact or by full regex match, and refuses other forms", () => {
    const sel = parseMonitoringFilter(
      'resource.type = "cloud_run_revision" AND metric.type = "t" AND metric.labels.code = monitoring.regex.full_match("A|B")',
    );
    expect([sel("t", { code: "A" }), sel("t", { code: "AB" }), sel("u", { code: "A" })]).toEqual([true, false, false]);
    expect(() => parseMonitoringFilter('metric.type = starts_with("t")')).toThrow();
  });
  it("reads percentiles from buckets, interpolating inside one", () => {
    const bounds = [10, 20, 30];
    expect(bucketPercentile([15, 15, 15, 15], bounds, 0.5)).toBe(15);
    expect(bucketPercentile([1, 2, 3, 25], bounds, 0.95)).toBeCloseTo(20 + 0.8 * 10);
    expect(bucketPercentile([5, 50], bounds, 0.99)).toBe(30);
  });
});
