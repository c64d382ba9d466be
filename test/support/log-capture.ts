import { PassThrough } from "node:stream";
import { CloudLoggingSink } from "../../functions/src/trace/cloud-logging";

/**
 * The real Cloud Logging sink writing into memory: every complete line LogSync prints, in order,
 * and whatever is left without a newline (which should always be nothing).
 */
export function captureSink(projectId = "demo-nova"): {
  sink: CloudLoggingSink;
  lines: string[];
  pending: () => string;
} {
  const transport = new PassThrough();
  const lines: string[] = [];
  let buffer = "";
  transport.on("data", (chunk) => {
    buffer += String(chunk);
    let i: number;
    while ((i = buffer.indexOf("\n")) >= 0) {
      lines.push(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
    }
  });
  return { sink: new CloudLoggingSink({ projectId, transport }), lines, pending: () => buffer };
}
