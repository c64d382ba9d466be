/**
 * Values to the JSON that leaves the server: Firestore Timestamps and Dates become ISO-8601 UTC
 * strings, document references their paths, undefined fields disappear.
 */
export function toWire(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Date) return value.toISOString();
  const v = value as { toDate?: () => Date; path?: unknown; firestore?: unknown };
  if (typeof v.toDate === "function") return v.toDate().toISOString();
  if (v.firestore !== undefined && typeof v.path === "string") return v.path;
  // for...in over own keys: every stored document passes through here, and Object.entries would
  // allocate a pair per field (bench/README.md, section 1).
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const x = (value as Record<string, unknown>)[k];
    if (x !== undefined) out[k] = toWire(x);
  }
  return out;
}
