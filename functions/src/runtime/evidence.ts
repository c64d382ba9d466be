import { randomFillSync } from "node:crypto";
import { EVIDENCE_REF_MAX, type Evidence, type Provenance } from "nova-contract";
import { isoFromMillis } from "../compute/time";

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
 * made, so no document or argument can choose it.
 */
export class EvidenceRecorder {
  private readonly items: Evidence[] = [];
  // One ISO string per clock millisecond: a call mints tens of items within the same one.
  private lastMs = NaN;
  private lastIso = "";

  constructor(private readonly provenance: Provenance, private readonly clock: () => Date = () => new Date()) {}

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
    // The envelope is valid by construction (runtime/invoke.ts), so the recorder holds the bound.
    if (typeof ref !== "string" || ref.length === 0 || ref.length > EVIDENCE_REF_MAX) throw new RangeError(`evidence ref must be 1 to ${EVIDENCE_REF_MAX} characters`);
    const evidenceId = newEvidenceId();
    const at = this.clock();
    const ms = at.getTime();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = isoFromMillis(ms);
    }
    this.items.push({ evidenceId, kind, ref, provenance: this.provenance, observedAt: this.lastIso });
    return evidenceId;
  }
}
