import { loggingFilters, opsResources, type OpsResources } from "./google-resources";

/** Nova agent's resources in ops/agent/, by kind (the tools' are opsResources()). */
export function agentOpsResources(): OpsResources {
  return opsResources("ops/agent");
}

/** Every Logging query in ops/agent/ (metric filters, log-match conditions, logs panels), with where. */
export function agentLoggingFilters(): { where: string; filter: string }[] {
  return loggingFilters(agentOpsResources());
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
