import { RECORD_ID, type Provenance } from "nova-contract";

/**
 * A read failed in a way one retry may fix (Firestore unavailable, a timeout). Its cause is kept
 * for nobody: the runtime maps it to DEPENDENCY_UNAVAILABLE with the catalog's message.
 */
export class TransientDependencyError extends Error {
  constructor(readonly reason: "unavailable" | "timeout") {
    super(`dependency ${reason}`);
    this.name = "TransientDependencyError";
  }
}

/**
 * A document as the store read it: its fields as stored (Firestore Timestamps stay Timestamps). Tools
 * read `data` only through the data contract's schemas (store/documents.ts), whose one parse reads
 * the times as instants (epoch milliseconds).
 */
export interface StoredDoc {
  readonly id: string;
  readonly path: string;
  readonly data: Record<string, unknown>;
}

export type FilterOp = "==" | "<" | "<=" | ">" | ">=" | "array-contains" | "array-contains-any" | "in";

/**
 * A query must say how many documents it may return: no tool can read a collection whole.
 * Timestamp fields are compared with Date values (Firestore compares a Date as a Timestamp).
 */
export interface BoundedQuery {
  readonly collection: string;
  readonly where?: ReadonlyArray<readonly [field: string, op: FilterOp, value: unknown]>;
  readonly orderBy?: ReadonlyArray<readonly [field: string, direction: "asc" | "desc"]>;
  readonly limit: number;
}

export const MAX_QUERY_LIMIT = 500;

/**
 * The only way tool code reaches Firestore. It has no write operation at all: read-only is a
 * property of the type, not a promise of the caller.
 */
export interface ReadOnlyStore {
  /** Decided by the binding (emulator or fixture: mock; production Firestore: live), never by data. */
  readonly provenance: Provenance;
  get(path: string): Promise<StoredDoc | null>;
  query(query: BoundedQuery): Promise<StoredDoc[]>;
}

const SEGMENT = RECORD_ID;

/** Paths are built by tools from validated ids; this guards the adapter against anything else. */
export function assertDocPath(path: string): void {
  const parts = path.split("/");
  if (parts.length % 2 !== 0 || !parts.every((p) => SEGMENT.test(p))) throw new Error("store: malformed document path");
}

export function assertQuery(query: BoundedQuery): void {
  const parts = query.collection.split("/");
  if (parts.length % 2 !== 1 || !parts.every((p) => SEGMENT.test(p)))
    throw new Error("store: malformed collection path");
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_QUERY_LIMIT)
    throw new Error("store: query limit out of bounds");
}

/** Counts documents read, the unit Firestore bills (a missing document read still costs one). */
export class CountingStore implements ReadOnlyStore {
  reads = 0;
  constructor(private readonly inner: ReadOnlyStore) {}
  get provenance(): Provenance {
    return this.inner.provenance;
  }
  async get(path: string): Promise<StoredDoc | null> {
    const doc = await this.inner.get(path);
    this.reads += 1;
    return doc;
  }
  async query(query: BoundedQuery): Promise<StoredDoc[]> {
    const docs = await this.inner.query(query);
    this.reads += Math.max(1, docs.length);
    return docs;
  }
}
