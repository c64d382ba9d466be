import type { VerifiedAuth } from "../../functions/src/runtime/identity";
import { toWire } from "./wire";
import { MemoryStore } from "../../functions/src/store/memory";
import type { BoundedQuery, ReadOnlyStore, StoredDoc } from "../../functions/src/store/store";
import { generateSeed, type Seed } from "../../scripts/seed/generate";

/**
 * The emulator's seed data (scripts/seed/generate.ts, the same generator that wrote
 * emulator-data/) as an in-process MemoryStore: unit tests then run every tool on realistic data,
 * canaries in the jobs' internal fields included, without an emulator.
 */
export function seededDocs(seed: Seed = generateSeed()): Record<string, Record<string, unknown>> {
  // Times as ISO strings, as a fixture holds them (the data contract's parse reads both forms).
  return Object.fromEntries(seed.docs.map((d) => [d.path, toWire(d.data) as Record<string, unknown>]));
}

/** The seeded users as Firebase Auth would verify them. */
export function seededAuth(seed: Seed = generateSeed()): Map<string, VerifiedAuth> {
  return new Map(
    seed.users.map((u) => [u.email, { uid: u.uid, claims: u.workspaceId ? { workspaceId: u.workspaceId } : {} }]),
  );
}

/**
 * Records every read that reaches the store, resolved or rejected (CountingStore counts only the
 * resolved ones): the document path of a get, the collection of a query.
 */
export class ReadSpy implements ReadOnlyStore {
  readonly paths: string[] = [];
  constructor(private readonly inner: ReadOnlyStore) {}
  get provenance() {
    return this.inner.provenance;
  }
  get calls(): number {
    return this.paths.length;
  }
  get(path: string): Promise<StoredDoc | null> {
    this.paths.push(path);
    return this.inner.get(path);
  }
  query(q: BoundedQuery): Promise<StoredDoc[]> {
    this.paths.push(q.collection);
    return this.inner.query(q);
  }
}

/** The workspaces a list of read paths reached into (`workspaces/{wid}/...`). */
export function workspacesRead(paths: readonly string[]): Set<string> {
  return new Set(paths.map((p) => /^workspaces\/([^/]+)/.exec(p)?.[1]).filter((w): w is string => w !== undefined));
}

export function seededStore(seed?: Seed): MemoryStore {
  return new MemoryStore(seededDocs(seed));
}
