import type { LogEntry } from "firebase-functions/logger";
import { CloudLoggingSink } from "../../functions/src/trace/cloud-logging";

/**
 * The real Cloud Logging sink writing into memory: each entry it hands firebase-functions' logger,
 * as the JSON line the logger prints for it. Within a served request the logger adds the request's
 * trace to the entry, as `traceId` does here; test/unit/trace/logger.test.ts holds the real
 * logger's lines to these.
 */
export function captureSink(traceId?: string): { sink: CloudLoggingSink; lines: string[] } {
  const lines: string[] = [];
  const writer = {
    write(entry: LogEntry) {
      if (traceId) entry["logging.googleapis.com/trace"] = `projects/demo-nova/traces/${traceId}`;
      lines.push(JSON.stringify(entry));
    },
  };
  return { sink: new CloudLoggingSink({ writer }), lines };
}
