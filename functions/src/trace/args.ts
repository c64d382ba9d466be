/** Free text in a trace is capped: enough to recognise a query, never a pasted document. */
export const MAX_TRACE_TEXT = 64;

/** Arguments as a trace records them: shape kept, strings capped, depth and breadth bounded. */
export function normalizeArgs(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > MAX_TRACE_TEXT ? `${value.slice(0, MAX_TRACE_TEXT)}…[${value.length} chars]` : value;
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? String(value) : value ?? null;
  if (depth >= 3) return "[nested]";
  if (Array.isArray(value)) return value.slice(0, 10).map((v) => normalizeArgs(v, depth + 1));
  const entries = Object.entries(value).slice(0, 10);
  return Object.fromEntries(entries.map(([k, v]) => [k.slice(0, MAX_TRACE_TEXT), normalizeArgs(v, depth + 1)]));
}
