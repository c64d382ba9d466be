import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../../scripts/emulators/locate";
import type { OpsFile } from "./google-resources";

/** Nova agent's resources in ops/agent/, by kind (the tools' are opsResources()). */
export function agentOpsResources(): { metrics: OpsFile[]; alerts: OpsFile[]; dashboards: OpsFile[] } {
  const read = (sub: string): OpsFile[] => {
    const dir = join(REPO_ROOT, "ops", "agent", sub);
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => ({ file: `ops/agent/${sub}/${f}`, json: JSON.parse(readFileSync(join(dir, f), "utf8")) }));
  };
  return { metrics: read("metrics"), alerts: read("alerts"), dashboards: read("dashboards") };
}

/** Every Logging query in ops/agent/ (metric filters, log-match conditions, logs panels), with where. */
export function agentLoggingFilters(): { where: string; filter: string }[] {
  const { metrics, alerts, dashboards } = agentOpsResources();
  const out: { where: string; filter: string }[] = metrics.map((m) => ({
    where: `${m.file} filter`,
    filter: m.json.filter,
  }));
  for (const a of alerts)
    for (const c of a.json.conditions)
      if (c.conditionMatchedLog)
        out.push({ where: `${a.file} ${c.displayName}`, filter: c.conditionMatchedLog.filter });
  const walk = (node: unknown, where: string): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
    const obj = node as Record<string, any>;
    if (obj.logsPanel?.filter !== undefined) out.push({ where: `${where} ${obj.title}`, filter: obj.logsPanel.filter });
    for (const v of Object.values(obj)) walk(v, where);
  };
  for (const d of dashboards) walk(d.json, d.file);
  return out;
}

/** Every EXTRACT(...) a metric or log-match alert holds in ops/agent/, with where. */
export function agentExtractors(): { where: string; extractor: string }[] {
  const { metrics, alerts } = agentOpsResources();
  const out: { where: string; extractor: string }[] = [];
  for (const m of metrics) {
    for (const [k, x] of Object.entries(m.json.labelExtractors ?? {}))
      out.push({ where: `${m.file} ${k}`, extractor: x as string });
    if (m.json.valueExtractor) out.push({ where: `${m.file} value`, extractor: m.json.valueExtractor });
  }
  for (const a of alerts)
    for (const c of a.json.conditions)
      for (const [k, x] of Object.entries(c.conditionMatchedLog?.labelExtractors ?? {}))
        out.push({ where: `${a.file} ${k}`, extractor: x as string });
  return out;
}
