import { randomFillSync } from "node:crypto";
import type { Evidence, Provenance } from "nova-contract";

const ID_BYTES = 12;
// CSPRNG bytes drawn in blocks, as node's randomUUID does: a call mints tens of ids, and one
// system call per id showed in the benchmark's profile. Each byte is handed out once.
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/** 96 random bits, url-safe: unguessable, and never reused by another call. */
export function newEvidenceId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString("base64url", offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return `ev_${id}`;
}

/**
 * Mints the evidence of one attempt. Provenance is fixed by the store binding when the recorder is
 * made, so no document or argument can choose it. The envelope schema checks every item when the
 * runtime answers (runtime/invoke.ts).
 */
export class EvidenceRecorder {
  private readonly items: Evidence[] = [];

  constructor(
    private readonly provenance: Provenance,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** One document: supports claims about that one record. */
  record(path: string): string {
    return this.add("record", path);
  }

  /** An aggregate over many documents: `ref` names the set and window it covers. */
  dataset(ref: string): string {
    return this.add("dataset", ref);
  }

  list(): Evidence[] {
    return [...this.items];
  }

  private add(kind: Evidence["kind"], ref: string): string {
    const evidenceId = newEvidenceId();
    this.items.push({ evidenceId, kind, ref, provenance: this.provenance, observedAt: this.clock().toISOString() });
    return evidenceId;
  }
}
