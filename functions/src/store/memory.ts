import type { Provenance } from "nova-contract";
import { assertDocPath, assertQuery, type BoundedQuery, type ReadOnlyStore, type StoredDoc } from "./store";

/**
 * A fixture store over plain objects, for unit tests of one layer. Its provenance is always `mock`:
 * a fixture can never pass for live data.
 */
export class MemoryStore implements ReadOnlyStore {
  readonly provenance: Provenance = "mock";
  private readonly docs = new Map<string, Record<string, unknown>>();

  constructor(docs: Record<string, Record<string, unknown>> = {}) {
    for (const [path, data] of Object.entries(docs)) this.docs.set(path, structuredClone(data));
  }

  async get(path: string): Promise<StoredDoc | null> {
    assertDocPath(path);
    const data = this.docs.get(path);
    return data === undefined ? null : { id: path.split("/").pop()!, path, data: structuredClone(data) };
  }

  async query(q: BoundedQuery): Promise<StoredDoc[]> {
    assertQuery(q);
    const depth = q.collection.split("/").length + 1;
    let rows = [...this.docs.entries()]
      .filter(([path]) => path.startsWith(q.collection + "/") && path.split("/").length === depth)
      .map(([path, data]) => ({ id: path.split("/").pop()!, path, data: structuredClone(data) }));
    for (const [field, op, value] of q.where ?? [])
      rows = rows.filter((d) => matches(getField(d.data, field), op, value));
    for (const [field, dir] of [...(q.orderBy ?? [])].reverse()) {
      rows = rows
        .filter((d) => getField(d.data, field) !== undefined)
        .sort((a, b) => compare(getField(a.data, field), getField(b.data, field)) * (dir === "desc" ? -1 : 1));
    }
    return rows.slice(0, q.limit);
  }
}

function getField(data: Record<string, unknown>, field: string): unknown {
  return field
    .split(".")
    .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), data);
}

function compare(a: unknown, b: unknown): number {
  // Tools filter timestamps with Date values; documents here hold them as ISO-8601 UTC strings,
  // which order correctly as text once both sides are in that one format.
  if (a instanceof Date) a = a.toISOString();
  if (b instanceof Date) b = b.toISOString();
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function matches(actual: unknown, op: string, expected: unknown): boolean {
  switch (op) {
    case "==":
      return actual === expected;
    case "<":
      return actual !== undefined && compare(actual, expected) < 0;
    case "<=":
      return actual !== undefined && compare(actual, expected) <= 0;
    case ">":
      return actual !== undefined && compare(actual, expected) > 0;
    case ">=":
      return actual !== undefined && compare(actual, expected) >= 0;
    case "array-contains":
      return Array.isArray(actual) && actual.includes(expected);
    case "array-contains-any":
      return Array.isArray(actual) && Array.isArray(expected) && expected.some((e) => actual.includes(e));
    case "in":
      return Array.isArray(expected) && expected.includes(actual);
    default:
      return false;
  }
}
