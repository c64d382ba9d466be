import type { Writable } from "node:stream";
import { Logging, type LogSync } from "@google-cloud/logging";
import { DEMO_PROJECT_ID } from "nova-contract";
import type { InvocationRecord, InvocationSink } from "nova-tools";

/** The log of Nova's invocation records, beside the tools' `nova-tools` (SPEC section 10). */
export const AGENT_LOG_NAME = "nova-agent";

/** An error for an invocation that could not run or a delivered answer that failed validation; a warning for a fallback. */
export function severityOfRecord(record: InvocationRecord): "INFO" | "NOTICE" | "WARNING" | "ERROR" {
  if (record.outcome === "error" || record.delivered?.valid === false) return "ERROR";
  if (record.outcome === "fallback") return "WARNING";
  return record.outcome === "accepted_after_reask" ? "NOTICE" : "INFO";
}

/**
 * The invocation record as one structured Cloud Logging entry, shaped as the tools' traces are: a
 * JSON line on stdout (LogSync's here; the tools' go through firebase-functions' logger), which Cloud
 * Run's agent ingests into the `nova-agent` log, fields at the top of jsonPayload (filters read them
 * directly), labels of closed sets plus the invocation id (the one filter that finds it). Through the library's public API (`Logging#logSync`): this
 * codebase has one function, so loading the whole client at its first record is paid once.
 */
export class CloudLoggingInvocationSink implements InvocationSink {
  private log: LogSync | undefined;
  private readonly projectId: string;

  constructor(private readonly options: { projectId?: string; transport?: Writable } = {}) {
    this.projectId =
      options.projectId ?? process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? DEMO_PROJECT_ID;
  }

  write(record: InvocationRecord): void {
    this.log ??= new Logging({ projectId: this.projectId }).logSync(AGENT_LOG_NAME, this.options.transport, {
      useMessageField: false,
    });
    const metadata = {
      severity: severityOfRecord(record),
      labels: { invocationId: record.invocationId, outcome: record.outcome, skill: record.skill ?? "none" },
    };
    const message = `nova_ask ${record.outcome} (${record.skill ?? "no skill"}) in ${record.totalMs} ms`;
    this.log.write(this.log.entry(metadata, { message, ...record }));
  }
}
