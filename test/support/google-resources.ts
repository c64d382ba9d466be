import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type * as protobuf from "protobufjs";
import { REPO_ROOT } from "../../scripts/emulators/locate";

/**
 * Google's own API messages, from the protos the client libraries ship (JSON descriptors under
 * their build/protos): LogMetric from @google-cloud/logging, AlertPolicy from
 * @google-cloud/monitoring, Dashboard from @google-cloud/monitoring-dashboards. The ops/ files are
 * checked as proto3 JSON against them, strictly: the library's own serializer reads them, and
 * every key must be a field of its message (the serializer alone would skip unknown keys).
 */

const require = createRequire(join(REPO_ROOT, "package.json"));
// The protobufjs and serializer of the monitoring client itself, so the checks parse as it would.
const gax = createRequire(require.resolve("@google-cloud/monitoring"))("google-gax") as {
  protobuf: typeof protobuf;
  serializer: { fromProto3JSON(type: protobuf.Type, json: unknown): protobuf.Message | null };
};

function rootOf(descriptor: string): protobuf.Root {
  const root = gax.protobuf.Root.fromJSON(require(descriptor) as protobuf.INamespace);
  root.resolveAll();
  return root;
}

let roots: Record<"logging" | "monitoring" | "dashboards", protobuf.Root> | undefined;
function protoRoots() {
  roots ??= {
    logging: rootOf("@google-cloud/logging/build/protos/protos.json"),
    monitoring: rootOf("@google-cloud/monitoring/build/protos/protos.json"),
    dashboards: rootOf("@google-cloud/monitoring-dashboards/build/protos/protos.json"),
  };
  return roots;
}

export const MESSAGES = {
  metric: ["logging", "google.logging.v2.LogMetric"],
  alert: ["monitoring", "google.monitoring.v3.AlertPolicy"],
  dashboard: ["dashboards", "google.monitoring.dashboard.v1.Dashboard"],
} as const;

export function messageType(kind: keyof typeof MESSAGES): protobuf.Type {
  const [root, name] = MESSAGES[kind];
  return protoRoots()[root].lookupType(name);
}

const INTEGER = /^(u?int|s?fixed|sint)(32|64)$/;

/**
 * Problems with `json` as the proto3 JSON of `type`, each with its path: unknown keys, output-only
 * fields, required fields missing, two members of one oneof, wrong scalar or enum values. Empty
 * when the JSON is a well-formed message.
 */
export function proto3JsonProblems(type: protobuf.Type, json: unknown, path = type.name): string[] {
  const wkt = wellKnown(type.fullName, json, path);
  if (wkt !== undefined) return wkt;
  if (!json || typeof json !== "object" || Array.isArray(json))
    return [`${path}: expected an object for ${type.fullName}`];
  const problems: string[] = [];
  const obj = json as Record<string, unknown>;
  for (const [key, value] of Object.entries(obj)) {
    const field = type.fields[key];
    if (!field) {
      problems.push(`${path}.${key}: not a field of ${type.fullName}`);
      continue;
    }
    if (field.options?.["(google.api.field_behavior)"] === "OUTPUT_ONLY") problems.push(`${path}.${key}: output only`);
    const at = `${path}.${key}`;
    if (field.repeated) {
      if (!Array.isArray(value)) problems.push(`${at}: expected an array`);
      else value.forEach((v, i) => problems.push(...fieldValueProblems(field, v, `${at}[${i}]`)));
    } else if (field.map) {
      if (!value || typeof value !== "object" || Array.isArray(value)) problems.push(`${at}: expected a map`);
      else for (const [k, v] of Object.entries(value)) problems.push(...fieldValueProblems(field, v, `${at}.${k}`));
    } else {
      problems.push(...fieldValueProblems(field, value, at));
    }
  }
  for (const field of type.fieldsArray) {
    if (field.options?.["(google.api.field_behavior)"] === "REQUIRED" && !(field.name in obj))
      problems.push(`${path}.${field.name}: required`);
  }
  for (const oneof of type.oneofsArray) {
    const set = oneof.oneof.filter((name) => name in obj);
    if (set.length > 1) problems.push(`${path}: ${set.join(" and ")} are one oneof (${oneof.name})`);
  }
  return problems;
}

function fieldValueProblems(field: protobuf.Field, value: unknown, at: string): string[] {
  const resolved = field.resolvedType;
  if (resolved && "values" in resolved) {
    const values = (resolved as protobuf.Enum).values;
    return typeof value === "string" && value in values
      ? []
      : [`${at}: ${JSON.stringify(value)} is not a ${resolved.fullName} value`];
  }
  if (resolved) return proto3JsonProblems(resolved as protobuf.Type, value, at);
  const t = field.type;
  if (t === "string") return typeof value === "string" ? [] : [`${at}: expected a string`];
  if (t === "bool") return typeof value === "boolean" ? [] : [`${at}: expected a boolean`];
  if (t === "double" || t === "float") return typeof value === "number" ? [] : [`${at}: expected a number`];
  if (INTEGER.test(t)) {
    const ok =
      (typeof value === "number" && Number.isInteger(value)) || (typeof value === "string" && /^-?\d+$/.test(value));
    return ok ? [] : [`${at}: expected an integer`];
  }
  if (t === "bytes") return typeof value === "string" ? [] : [`${at}: expected base64 text`];
  return [`${at}: unhandled type ${t}`];
}

/** proto3 JSON forms of the well-known types ops/ uses; undefined for an ordinary message. */
function wellKnown(fullName: string, json: unknown, path: string): string[] | undefined {
  switch (fullName) {
    case ".google.protobuf.Duration":
      return typeof json === "string" && /^-?\d+(\.\d{1,9})?s$/.test(json)
        ? []
        : [`${path}: a Duration is a string such as "300s"`];
    case ".google.protobuf.Timestamp":
      return typeof json === "string" && !Number.isNaN(Date.parse(json))
        ? []
        : [`${path}: a Timestamp is an RFC 3339 string`];
    case ".google.protobuf.DoubleValue":
    case ".google.protobuf.FloatValue":
      return typeof json === "number" ? [] : [`${path}: expected a number`];
    case ".google.protobuf.Int64Value":
    case ".google.protobuf.Int32Value":
      return typeof json === "number" && Number.isInteger(json) ? [] : [`${path}: expected an integer`];
    case ".google.protobuf.BoolValue":
      return typeof json === "boolean" ? [] : [`${path}: expected a boolean`];
    case ".google.protobuf.StringValue":
      return typeof json === "string" ? [] : [`${path}: expected a string`];
    case ".google.protobuf.Empty":
      return json && typeof json === "object" && Object.keys(json).length === 0 ? [] : [`${path}: expected {}`];
    case ".google.protobuf.Struct":
    case ".google.protobuf.Value":
    case ".google.protobuf.ListValue":
      return [];
    default:
      return undefined;
  }
}

/**
 * The file as the client library reads it: the serializer's message, verified by protobufjs.
 * Throws with the problems when the file is not a well-formed message of its type.
 */
export function parseAs(kind: keyof typeof MESSAGES, json: unknown): protobuf.Message {
  const type = messageType(kind);
  const problems = proto3JsonProblems(type, json);
  if (problems.length) throw new Error(`not a ${type.fullName}:\n  ${problems.join("\n  ")}`);
  const message = gax.serializer.fromProto3JSON(type, json);
  if (!message) throw new Error(`the serializer refused it as ${type.fullName}`);
  const invalid = type.verify(message);
  if (invalid) throw new Error(`${type.fullName}: ${invalid}`);
  return message;
}

export interface OpsFile<T = Record<string, any>> {
  readonly file: string;
  readonly json: T;
}

function readDir(root: string, sub: string): OpsFile[] {
  const dir = join(REPO_ROOT, root, sub);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({
      file: `${root}/${sub}/${f}`,
      json: JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, any>,
    }));
}

export interface OpsResources {
  metrics: OpsFile[];
  alerts: OpsFile[];
  dashboards: OpsFile[];
}

/** Every resource in ops/ (the tools'), or in another tree laid out the same (ops/agent, Nova's), by kind. */
export function opsResources(root = "ops"): OpsResources {
  return {
    metrics: readDir(root, "metrics"),
    alerts: readDir(root, "alerts"),
    dashboards: readDir(root, "dashboards"),
  };
}

/** Every Logging query an ops resource holds (metric filters, log-match conditions, logs panels), with where. */
export function loggingFilters(resources: OpsResources = opsResources()): { where: string; filter: string }[] {
  const { metrics, alerts, dashboards } = resources;
  const out: { where: string; filter: string }[] = [];
  for (const m of metrics) out.push({ where: `${m.file} filter`, filter: m.json.filter });
  for (const a of alerts) {
    for (const c of a.json.conditions)
      if (c.conditionMatchedLog)
        out.push({ where: `${a.file} ${c.displayName}`, filter: c.conditionMatchedLog.filter });
  }
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
    const obj = node as Record<string, any>;
    if (obj.logsPanel?.filter !== undefined) out.push({ where: `${where} ${obj.title}`, filter: obj.logsPanel.filter });
    for (const v of Object.values(obj)) walk(v, where);
  };
  for (const d of dashboards) walk(d.json, d.file);
  return out;
}

/** Every Monitoring time-series filter (with where it is, and what it groups by), from alerts and dashboard charts. */
export function monitoringFilters(
  resources: OpsResources = opsResources(),
): { where: string; filter: string; groupBy: string[] }[] {
  const out: { where: string; filter: string; groupBy: string[] }[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
    const o = node as Record<string, any>;
    if (typeof o.filter === "string" && o.filter.includes("metric.type"))
      out.push({
        where,
        filter: o.filter,
        groupBy: o.aggregation?.groupByFields ?? o.aggregations?.[0]?.groupByFields ?? [],
      });
    if (typeof o.denominatorFilter === "string")
      out.push({ where, filter: o.denominatorFilter, groupBy: o.denominatorAggregations?.[0]?.groupByFields ?? [] });
    for (const [k, v] of Object.entries(o))
      walk(v, o.title ? `${where} "${o.title}"` : k === "conditions" ? `${where} condition` : where);
  };
  for (const a of resources.alerts) walk(a.json, a.file);
  for (const d of resources.dashboards) walk(d.json, d.file);
  return out;
}
