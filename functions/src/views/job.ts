import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";
import { JOB_STATES, JobDoc } from "../store/documents";
import type { StoredDoc } from "../store/store";

/**
 * A job as it may leave the server. Built field by field from an allow-list: the job's error body,
 * stack, prompt, draft and credentials ref are never read into it, whatever the document holds.
 */
export const JobView = z.strictObject({
  jobId: z.string(),
  evidenceId: z.string(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int().min(0),
  progress: z.number().min(0).max(1).nullable(),
  createdAt: IsoUtcSchema,
  updatedAt: IsoUtcSchema,
});
export type JobView = z.infer<typeof JobView>;

export function toJobView(doc: StoredDoc, evidenceId: string): JobView {
  const j = JobDoc.parse(doc.data);
  return {
    jobId: doc.id,
    evidenceId,
    kind: j.kind,
    state: j.state,
    attempts: j.attempts,
    progress: j.progress ?? null,
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}
