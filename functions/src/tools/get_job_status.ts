import { z } from "zod";
import { RECORD_ID } from "nova-contract";
import { ToolError } from "../runtime/errors";
import { defineTool } from "../runtime/declaration";
import { JobView, readJob, toJobView } from "../views/job";
import { UNTRUSTED_NOTE } from "../views/untrusted";

export default defineTool({
  name: "get_job_status",
  description: `The status of one pipeline job in the active workspace: kind, state (queued, running, succeeded, failed, cancelled), attempts, progress and times. Internal details of a failure are not available to Nova. ${UNTRUSTED_NOTE}`,
  input: z.strictObject({
    jobId: z
      .string()
      .regex(new RegExp(RECORD_ID.source, "u"))
      .describe("The job's id: 1-128 letters, digits, '_' or '-'."),
  }),
  output: z.strictObject({ job: JobView }),
  scope: "workspace",
  budgetMs: 30_000,
  errors: ["INVALID_ID", "NOT_FOUND", "PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  argumentErrors: { jobId: "INVALID_ID" },
  // The membership document and the job document.
  maxReads: 2,
  examples: {
    valid: [{ jobId: "job-failed-1" }, { jobId: "job-running-1" }],
    invalid: [
      { input: { jobId: "a/b" }, code: "INVALID_ID" },
      { input: { jobId: ".." }, code: "INVALID_ID" },
      { input: { jobId: "" }, code: "INVALID_ID" },
      { input: { jobId: "x".repeat(129) }, code: "INVALID_ID" },
      { input: { jobId: 5 }, code: "INVALID_ARGUMENT" },
      { input: { jobId: "job-failed-1", workspaceId: "globex" }, code: "INVALID_ARGUMENT" },
    ],
    empty: { jobId: "no-such-job" },
  },
  async run(ctx, { jobId }) {
    // The path is under the caller's own workspace: another workspace's job is simply not found.
    const doc = await ctx.store.get(`workspaces/${ctx.workspaceId}/jobs/${jobId}`);
    if (!doc) throw new ToolError("NOT_FOUND", "No job with that id in the active workspace.");
    return { job: toJobView(readJob(doc), ctx.evidence.record(doc.path)) };
  },
});
