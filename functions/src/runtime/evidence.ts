import { randomBytes } from "node:crypto";
import type { Evidence, Provenance } from "../contract/evidence";

/** 96 random bits, url-safe: unguessable, and never reused by another call. */
export function newEvidenceId(): string {
  return `ev_${randomBytes(12).toString("base64url")}`;
}

/**
 * Mints the evidence of one attempt. Provenance is fixed by the store binding when the recorder is
 * made, so no document or argument can choose it.
 */
export class EvidenceRecorder {
  private readonly items: Evidence[] = [];

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
    const evidenceId = newEvidenceId();
    this.items.push({ evidenceId, kind, ref, provenance: this.provenance, observedAt: this.clock().toISOString() });
    return evidenceId;
  }
}
