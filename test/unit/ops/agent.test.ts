import { describe, expect, it } from "vitest";
import { OUTCOMES, RECORD_RULES, REFUSAL_REASONS, InvocationRecordSchema } from "nova-tools";
import { SKILL_NAMES } from "nova-contract";
import { agentExtractors, agentLoggingFilters, agentOpsResources } from "../../support/agent-ops";
import { monitoringFilters, parseAs } from "../../support/google-resources";
import { extractedPath, labelSourceFields, matchesLogQuery, parseLogQuery, pathsOf } from "../../support/logging-query";
import { parseMonitoringFilter } from "../../support/monitoring-query";

/**
 * ops/agent/ (Nova's instruments) as Google's API messages, consistent with one another and with the
 * invocation record's schema: every field a filter or extractor names is a field of the record, and
 * every label is a closed set. That the real entries carry them is checked on the emulator's own
 * entries (test/emulator/agent/nova-ask.test.ts).
 */

const ops = agentOpsResources();
const RECORD_FIELDS = Object.keys(InvocationRecordSchema.shape);

describe("every Nova resource parses as its Google API message", () => {
  it.each(ops.metrics.map((m) => [m.file, m] as const))("%s is a google.logging.v2.LogMetric", (_f, m) => {
    expect(() => parseAs("metric", m.json)).not.toThrow();
    expect(m.json.name).toBe(m.file.replace(/^.*\/|\.json$/g, ""));
  });
  it.each(ops.alerts.map((a) => [a.file, a] as const))("%s is a google.monitoring.v3.AlertPolicy", (_f, a) => {
    expect(() => parseAs("alert", a.json)).not.toThrow();
    expect(a.json.userLabels).toEqual({ service: "nova-agent" });
    expect(a.json.documentation.content).toMatch(/Look first/);
  });
  it.each(ops.dashboards.map((d) => [d.file, d] as const))(
    "%s is a google.monitoring.dashboard.v1.Dashboard",
    (_f, d) => {
      expect(() => parseAs("dashboard", d.json)).not.toThrow();
    },
  );
});

describe("Nova's metrics", () => {
  const byName = Object.fromEntries(ops.metrics.map((m) => [m.json.name, m.json]));

  it("count invocations by outcome and skill, violations by rule, refusals by reason, model errors", () => {
    expect(Object.keys(byName).sort()).toEqual([
      "nova_agent_answer_violations",
      "nova_agent_duration",
      "nova_agent_invocations",
      "nova_agent_model_errors",
      "nova_agent_refused_calls",
    ]);
    expect(Object.keys(byName.nova_agent_invocations.labelExtractors).sort()).toEqual(["outcome", "skill"]);
    expect(byName.nova_agent_answer_violations.labelExtractors.rules).toBe("EXTRACT(jsonPayload.violatedRules)");
    expect(byName.nova_agent_refused_calls.labelExtractors.reasons).toBe("EXTRACT(jsonPayload.refusedReasons)");
    expect(byName.nova_agent_model_errors.filter).toContain('jsonPayload.outcome="error"');
    expect(byName.nova_agent_duration.metricDescriptor.valueType).toBe("DISTRIBUTION");
  });

  it.each(ops.metrics.map((m) => [m.file, m.json] as const))("%s: labels declared once, from closed sets", (_f, m) => {
    // Never the invocation id, the pseudonyms or the model name: one series per value would explode.
    for (const field of labelSourceFields(m))
      expect(["outcome", "skill", "violatedRules", "refusedReasons", "errorCode"]).toContain(field);
  });
});

describe("filters and extractors name the record's fields and select only records", () => {
  it.each(agentLoggingFilters().map((f) => [f.where, f.filter] as const))("%s", (_w, filter) => {
    const q = parseLogQuery(filter);
    for (const path of pathsOf(q)) {
      const [root, field] = path.split(".");
      expect(root).toBe("jsonPayload");
      expect(RECORD_FIELDS).toContain(field);
    }
    // Never a tool's call entry (it has an invocationId, but no outcome), nor the library's diagnostic entry.
    const call = {
      severity: "INFO",
      jsonPayload: { callId: "c", invocationId: "inv_1", status: "error", resultCode: "NOT_FOUND" },
    };
    expect(matchesLogQuery(q, call)).toBe(false);
    expect(matchesLogQuery(q, { severity: "DEFAULT", jsonPayload: { "logging.googleapis.com/diagnostic": {} } })).toBe(
      false,
    );
  });
  it.each(agentExtractors().map((x) => [x.where, x.extractor] as const))("%s", (_w, extractor) => {
    const [root, field] = extractedPath(extractor);
    expect(root).toBe("jsonPayload");
    expect(RECORD_FIELDS).toContain(field);
  });

  it("the closed sets the labels take are the record's", () => {
    expect(OUTCOMES).toEqual(["accepted_first", "accepted_after_reask", "fallback", "error"]);
    expect(RECORD_RULES).toContain("mutation_claim");
    expect(REFUSAL_REASONS).toContain("outside_skill");
    expect(SKILL_NAMES.length).toBe(5);
  });
});

describe("charts and alerts name Nova metrics that exist, by labels they have", () => {
  const metricByType = new Map(ops.metrics.map((m) => [`logging.googleapis.com/user/${m.json.name}`, m.json]));
  const filters = monitoringFilters(ops);

  it("finds them", () => expect(filters.length).toBeGreaterThanOrEqual(10));
  it.each(filters.map((f) => [f.where, f] as const))("%s", (_w, f) => {
    expect(() => parseMonitoringFilter(f.filter)).not.toThrow();
    const type = /metric\.type = "([^"]+)"/.exec(f.filter)![1]!;
    const metric = metricByType.get(type);
    expect(metric, `${type} is one of ops/agent/metrics`).toBeDefined();
    const labels = new Set(metric!.metricDescriptor.labels.map((l: { key: string }) => l.key));
    for (const [, key] of f.filter.matchAll(/metric\.labels\.([a-z_]+)/g)) expect(labels).toContain(key);
    for (const g of f.groupBy) expect(labels).toContain(g.replace(/^metric\.label\./, ""));
    for (const [, value] of f.filter.matchAll(/metric\.labels\.outcome = "([^"]+)"/g))
      expect(OUTCOMES).toContain(value);
  });
});

describe("Nova's alerts", () => {
  const byFile = Object.fromEntries(ops.alerts.map((a) => [a.file.replace(/^.*\/|\.json$/g, ""), a.json]));
  it("fallback share over 20% for 30 minutes, of delivered answers", () => {
    const t = byFile["nova-fallback-share"]!.conditions[0].conditionThreshold;
    expect(t.duration).toBe("1800s");
    expect(t.thresholdValue).toBe(0.2);
    expect(t.filter).toContain('metric.labels.outcome = "fallback"');
    expect(t.denominatorFilter).toContain("accepted_first|accepted_after_reask|fallback");
  });
  it("a delivered answer that fails validation is a log-match condition on delivered.valid", () => {
    const c = byFile["nova-invalid-delivered"]!.conditions[0].conditionMatchedLog;
    expect(c.filter).toContain("jsonPayload.delivered.valid=false");
    const q = parseLogQuery(c.filter);
    const record = (valid: boolean) => ({
      jsonPayload: { invocationId: "i", outcome: "accepted_first", delivered: { valid, fallback: false } },
    });
    expect([matchesLogQuery(q, record(false)), matchesLogQuery(q, record(true))]).toEqual([true, false]);
  });
  it("model errors: more than 2 invocations without an answer in 5 minutes", () => {
    const t = byFile["nova-model-errors"]!.conditions[0].conditionThreshold;
    expect([t.comparison, t.thresholdValue, t.aggregations[0].alignmentPeriod]).toEqual(["COMPARISON_GT", 2, "300s"]);
  });
});
