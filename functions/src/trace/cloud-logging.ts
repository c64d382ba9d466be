import { logger, type LogEntry } from "firebase-functions/logger";
import { ERROR_CATALOG } from "nova-contract";
import type { CallTrace, TraceSink } from "./entry";

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

/** Where entries go: firebase-functions' logger in production; tests hand in their own. */
export type EntryWriter = Pick<typeof logger, "write">;

/**
 * One structured entry per call through firebase-functions' logger: one JSON line on stdout (stderr
 * from WARNING up) in the form Cloud Logging ingests from Cloud Run. The logger adds the request's
 * trace (`logging.googleapis.com/trace`) from the trace context firebase-functions keeps for each
 * request it serves (traceparent or X-Cloud-Trace-Context); the entry adds its labels.
 */
export class CloudLoggingSink implements TraceSink {
  /** Cloud Run's revision name, when deployed: Error Reporting's version, so a bug points at its deploy. */
  private readonly revision: string | undefined;
  private readonly writer: EntryWriter;

  constructor(options: { revision?: string; writer?: EntryWriter } = {}) {
    this.revision = options.revision ?? process.env.K_REVISION;
    this.writer = options.writer ?? logger;
  }

  write(trace: CallTrace): void {
    const payload =
      trace.resultCode === "INTERNAL"
        ? { ...errorEvent(trace, this.revision), ...trace }
        : { message: callMessage(trace), ...trace };
    this.writer.write(entryOf(trace, payload));
  }
}

function callMessage(trace: CallTrace): string {
  return `${trace.tool} ${trace.status}${trace.status === "error" ? ` ${trace.resultCode}` : ""} in ${trace.totalDurationMs} ms`;
}

/**
 * The logger's entry for one call: Cloud Logging's special fields beside the payload's. The entry
 * serializes itself (toJSON): the trace is plain JSON by construction, and the logger's own copy
 * (removeCircular) would take an `arguments` key `__proto__` for a prototype and turn one named
 * `hasOwnProperty` into an error string, both keys a caller may send.
 */
function entryOf(trace: CallTrace, payload: Record<string, unknown>): LogEntry {
  const entry: LogEntry = {
    severity: severityOf(trace),
    // The call's end, as the entry always had it: `npm run traces` reads it from local lines.
    timestamp: new Date().toISOString(),
    // Labels are what Logs Explorer indexes best: one call, one tool, one outcome (docs/operations.md).
    "logging.googleapis.com/labels": {
      tool: trace.tool,
      callId: trace.callId,
      status: trace.status,
      resultCode: trace.resultCode,
    },
    ...payload,
  };
  return Object.defineProperty(entry, "toJSON", {
    enumerable: false,
    value(this: LogEntry) {
      return { ...this };
    },
  });
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
