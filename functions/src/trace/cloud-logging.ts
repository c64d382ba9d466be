import type { Writable } from "node:stream";
import type { LogSync } from "@google-cloud/logging";
import { DEMO_PROJECT_ID, ERROR_CATALOG } from "nova-contract";
import type { CallTrace, TraceCorrelation, TraceSink } from "./entry";

export const LOG_NAME = "nova-tools";

/**
 * Error Reporting's event type: with it in the payload, Error Reporting takes the entry as an error
 * event although its message holds no stack (Google's "Format errors in logs", "Log a text
 * message"). Only INTERNAL entries carry it: a bug is what Error Reporting is for, while refusals,
 * NOT_FOUND and DEPENDENCY_UNAVAILABLE are answers the catalog expects.
 */
export const REPORTED_ERROR_EVENT =
  "type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent";

/** Severity by outcome: expected refusals are notices, dependency trouble a warning, bugs errors. */
export function severityOf(trace: CallTrace): "INFO" | "NOTICE" | "WARNING" | "ERROR" {
  if (trace.status === "success") return trace.attempts.length > 1 ? "NOTICE" : "INFO";
  const category = trace.resultCode === "OK" ? "internal" : ERROR_CATALOG[trace.resultCode].category;
  if (category === "internal") return "ERROR";
  if (category === "dependency") return "WARNING";
  return "NOTICE";
}

/**
 * One structured entry per call through LogSync: a synchronous JSON line on stdout (or the given
 * stream) in the form Cloud Logging ingests from Cloud Run, trace-correlated and labelled.
 *
 * The library also writes, once per process, a `logging.googleapis.com/diagnostic` entry naming
 * itself and its version. It is left alone: the only switch is an undocumented global of the
 * library's internals, and the entry carries nothing about a call or a caller. Call entries are
 * exactly the ones with a `callId` (label and payload); docs/operations.md filters on that.
 */
export class CloudLoggingSink implements TraceSink {
  private readonly log: LogSync;
  private readonly projectId: string;
  /** Cloud Run's revision name, when deployed: Error Reporting's version, so a bug points at its deploy. */
  private readonly revision: string | undefined;

  constructor(options: { projectId?: string; transport?: Writable; revision?: string } = {}) {
    this.projectId =
      options.projectId ?? process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? DEMO_PROJECT_ID;
    this.revision = options.revision ?? process.env.K_REVISION;
    this.log = openLogSync(this.projectId, options.transport);
  }

  write(trace: CallTrace, correlation: TraceCorrelation): void {
    const metadata = {
      severity: severityOf(trace),
      // Labels are what Logs Explorer indexes best: one call, one tool, one outcome (docs/operations.md).
      labels: { tool: trace.tool, callId: trace.callId, status: trace.status, resultCode: trace.resultCode },
      ...(correlation.traceId ? { trace: `projects/${this.projectId}/traces/${correlation.traceId}` } : {}),
      ...(correlation.spanId ? { spanId: correlation.spanId } : {}),
      ...(correlation.sampled !== undefined ? { traceSampled: correlation.sampled } : {}),
    };
    if (trace.resultCode === "INTERNAL") {
      this.log.write(this.log.entry(metadata, { ...errorEvent(trace, this.revision), ...trace }));
      return;
    }
    const message = `${trace.tool} ${trace.status}${trace.status === "error" ? ` ${trace.resultCode}` : ""} in ${trace.totalDurationMs} ms`;
    this.log.write(this.log.entry(metadata, { message, ...trace }));
  }
}

/**
 * What makes an INTERNAL entry an Error Reporting event: the event type, the service (one per tool,
 * so Error Reporting's service filter is the tool) and a safe message. The message is the tool, the
 * code and the product's reason only, never exception text or a stack (the runtime keeps neither),
 * and no duration: Error Reporting groups events by message, so one bug is one group.
 */
export function errorEvent(
  trace: CallTrace,
  revision?: string,
): { "@type": string; serviceContext: { service: string; version?: string }; message: string } {
  return {
    "@type": REPORTED_ERROR_EVENT,
    serviceContext: { service: trace.tool, ...(revision ? { version: revision } : {}) },
    message: `${trace.tool} error INTERNAL (${trace.internalReason ?? "unknown"})`,
  };
}

/**
 * The library's own LogSync, loaded without the library's entry point. `require("@google-cloud/logging")`
 * loads the whole API client (gax, gRPC, protobufs: about 450 ms of a cold start, bench/README.md)
 * although LogSync only formats a line and writes it. LogSync needs three things of its `Logging`:
 * the project id, `entry()` and `detectedResource` (unset: LogSync is for runtimes whose agent adds
 * the resource). test/unit/trace/log-sync.test.ts proves the lines identical to the public path's,
 * so a library upgrade that changes this contract fails there, not in production.
 */
export function openLogSync(projectId: string, transport?: Writable): LogSync {
  // Loaded on the first call's sink, not at module load: cold start pays only when it logs.
  const { LogSync: LogSyncClass } =
    require("@google-cloud/logging/build/src/log-sync") as typeof import("@google-cloud/logging/build/src/log-sync");
  const { Entry } =
    require("@google-cloud/logging/build/src/entry") as typeof import("@google-cloud/logging/build/src/entry");
  const host = {
    projectId,
    detectedResource: undefined,
    entry: (metadata?: object, data?: object) => new Entry(metadata, data),
  };
  // Fields at the top level of jsonPayload, not nested under `message`, so filters read them directly.
  return new LogSyncClass(host as unknown as ConstructorParameters<typeof LogSyncClass>[0], LOG_NAME, transport, {
    useMessageField: false,
  });
}

/** Reads W3C `traceparent`, else Google's `X-Cloud-Trace-Context: TRACE/SPAN;o=1`. */
export function correlationFrom(headers: Record<string, string | string[] | undefined>): TraceCorrelation {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const tp = first(headers["traceparent"])
    ?.trim()
    .match(/^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/);
  // W3C trace context: version ff and all-zero trace or parent ids are invalid, so the header is ignored.
  const validTp = tp && tp[0]!.slice(0, 2) !== "ff" && !/^0+$/.test(tp[1]!) && !/^0+$/.test(tp[2]!);
  if (validTp) return { traceId: tp[1]!, spanId: tp[2]!, sampled: (parseInt(tp[3]!, 16) & 1) === 1 };
  const xc = first(headers["x-cloud-trace-context"])
    ?.trim()
    .match(/^([0-9a-fA-F]{32})(?:\/(\d+))?(?:;o=([01]))?$/);
  if (xc) {
    return {
      traceId: xc[1]!.toLowerCase(),
      ...(xc[2] ? { spanId: BigInt(xc[2]).toString(16).padStart(16, "0") } : {}),
      ...(xc[3] ? { sampled: xc[3] === "1" } : {}),
    };
  }
  return {};
}
