/**
 * Canonical JSON: object keys sorted at every level, so two values are deep-equal (key order
 * insensitive) exactly when their canonical texts are equal.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value as Record<string, unknown>).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

/**
 * The identity of a request: the tool and its arguments. Arguments `null` and `{}` are the same
 * input (SPEC section 3: "none (`{}` or null)"), so they key the same request.
 */
export function requestKey(tool: string, args: unknown): string {
  const normalized = args === null || args === undefined ? {} : args;
  return `${tool} ${canonicalJson(normalized)}`;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
