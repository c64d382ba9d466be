import { z } from "zod";

export const ProvenanceSchema = z.enum(["mock", "live"]);
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const EvidenceKindSchema = z.enum(["record", "dataset"]);
export type EvidenceKind = z.infer<typeof EvidenceKindSchema>;

/** ISO-8601 UTC with a Z suffix, the only time format that leaves the server. */
export const IsoUtcSchema = z.iso.datetime({ offset: false });

export const EvidenceIdSchema = z.string().regex(/^ev_[A-Za-z0-9_-]{16,}$/);

/** The longest `ref` an evidence item may carry (a path, or a set and its window). */
export const EVIDENCE_REF_MAX = 500;

export const EvidenceSchema = z.strictObject({
  evidenceId: EvidenceIdSchema,
  kind: EvidenceKindSchema,
  ref: z.string().min(1).max(EVIDENCE_REF_MAX),
  provenance: ProvenanceSchema,
  observedAt: IsoUtcSchema,
});
export type Evidence = z.infer<typeof EvidenceSchema>;
