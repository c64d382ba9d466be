import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { traceJsonOf } from "./entries";

/**
 * Copies the call entries the functions print (firebase-tools relays them as `>  {json}` lines)
 * into a JSON-lines file, one entry per line, as they arrive. The file starts empty with each
 * suite, like firebase.log beside it; `npm run traces` reads it.
 */
export function teeTraceLines(stream: Readable, file: string): void {
  const out = createWriteStream(file, { flags: "w" });
  let pending = "";
  stream.on("data", (chunk: Buffer | string) => {
    pending += String(chunk);
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const json = traceJsonOf(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      if (json) out.write(`${json}\n`);
    }
  });
  stream.once("close", () => {
    const json = traceJsonOf(pending);
    if (json) out.write(`${json}\n`);
    out.end();
  });
}
