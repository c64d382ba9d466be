/**
 * Canonical JSON: object keys sorted at every level, so two values are deep-equal (key order
 * insensitive) exactly when their canonical texts are equal.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The identity of a request: the tool and its arguments as sent. Arguments `null` and `{}` are the
 * same input (SPEC section 3: "none (`{}` or null)"); strings are compared as they are.
 */
export function requestKey(tool: string, args: unknown): string {
  return `${tool} ${canonicalJson(args === null || args === undefined ? {} : args)}`;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
