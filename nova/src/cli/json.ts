/**
 * JSON on one line with ", " and ": " separators, i.e. the layout SPEC section 6 shows:
 * {"valid": false, "violations": [{"rule": "hidden_error", "detail": "..."}]}. Valid JSON either way.
 */
export function formatJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (typeof (value as { toJSON?: unknown }).toJSON === "function")
    return formatJson((value as { toJSON: () => unknown }).toJSON());
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined || typeof v === "function" ? "null" : formatJson(v))).join(", ")}]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === "function") continue;
    parts.push(`${JSON.stringify(k)}: ${formatJson(v)}`);
  }
  return `{${parts.join(", ")}}`;
}
