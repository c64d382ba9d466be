/**
 * Firestore values as plain JSON: Timestamps and Dates become ISO-8601 UTC strings, document
 * references their paths, undefined fields disappear. For tests that compare seed documents
 * (which hold Timestamps) with the data contract's schemas or serve them from a MemoryStore. The
 * product converts nowhere but in the data contract's one parse (functions/src/store/documents.ts).
 */
export function toWire(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Date) return value.toISOString();
  const v = value as { toDate?: () => Date; path?: unknown; firestore?: unknown };
  if (typeof v.toDate === "function") return v.toDate().toISOString();
  if (v.firestore !== undefined && typeof v.path === "string") return v.path;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    // A key named __proto__ (JSON.parse makes one) stays a field instead of becoming the prototype.
    Object.defineProperty(out, key, { value: toWire(field), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
