import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";
import { toIso } from "../compute/time";
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

/** A stored job read once through the data contract: its id and path, and the fields a view may use. */
export interface ReadJob extends JobDoc {
  readonly jobId: string;
  readonly path: string;
}

export function readJob(doc: StoredDoc): ReadJob {
  return { ...JobDoc.parse(doc.data), jobId: doc.id, path: doc.path };
}

export function toJobView(j: ReadJob, evidenceId: string): JobView {
  return {
    jobId: j.jobId,
    evidenceId,
    kind: j.kind,
    state: j.state,
    attempts: j.attempts,
    progress: j.progress ?? null,
    createdAt: toIso(j.createdAt),
    updatedAt: toIso(j.updatedAt),
  };
}
