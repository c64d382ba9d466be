import type { Provenance } from "nova-contract";
import type { BoundedQuery, ReadOnlyStore, StoredDoc } from "../functions/src/store/store";

/** One Firestore read as JSON, replayable by bench/bare.cjs in another process. */
export type ReadOp =
  | { readonly kind: "get"; readonly path: string }
  | {
      readonly kind: "query";
      readonly collection: string;
      readonly where?: [string, string, unknown][];
      readonly orderBy?: [string, "asc" | "desc"][];
      readonly limit: number;
    };

export interface TimedOp {
  readonly op: ReadOp;
  readonly start: number;
  readonly end: number;
}

/** Dates are tagged so that the replay sends the same type the tool sent (see revive in bare.cjs). */
export function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encodeValue);
  return value;
}

/**
 * Groups timed reads into waves that were in flight together: a read joins the current wave when
 * it started before every read of that wave had finished (Promise.all), otherwise it begins the
 * next wave (it waited for an earlier answer). The replay then keeps the tool's parallelism: a
 * replay that serialized parallel reads would make the bare side slower and flatter the runtime.
 */
export function toWaves(ops: readonly TimedOp[]): ReadOp[][] {
  const sorted = [...ops].sort((a, b) => a.start - b.start);
  const waves: { ops: ReadOp[]; firstEnd: number }[] = [];
  for (const t of sorted) {
    const current = waves.at(-1);
    if (current && t.start < current.firstEnd) {
      current.ops.push(t.op);
      current.firstEnd = Math.min(current.firstEnd, t.end);
    } else {
      waves.push({ ops: [t.op], firstEnd: t.end });
    }
  }
  return waves.map((w) => w.ops);
}

/**
 * Wraps the product's store and notes every read the tool makes, with when it started and ended.
 * It changes nothing about the reads: the same store answers them.
 */
export class RecordingStore implements ReadOnlyStore {
  readonly ops: TimedOp[] = [];
  constructor(private readonly inner: ReadOnlyStore) {}

  get provenance(): Provenance {
    return this.inner.provenance;
  }

  async get(path: string): Promise<StoredDoc | null> {
    const start = performance.now();
    const doc = await this.inner.get(path);
    this.ops.push({ op: { kind: "get", path }, start, end: performance.now() });
    return doc;
  }

  async query(q: BoundedQuery): Promise<StoredDoc[]> {
    const start = performance.now();
    const docs = await this.inner.query(q);
    const op: ReadOp = {
      kind: "query",
      collection: q.collection,
      ...(q.where ? { where: q.where.map(([f, o, v]) => [f, o, encodeValue(v)] as [string, string, unknown]) } : {}),
      ...(q.orderBy ? { orderBy: q.orderBy.map(([f, d]) => [f, d] as [string, "asc" | "desc"]) } : {}),
      limit: q.limit,
    };
    this.ops.push({ op, start, end: performance.now() });
    return docs;
  }
}
