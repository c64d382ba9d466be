import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CallTraceSchema, type CallTrace } from "../../../functions/src/trace/entry";
import { captureSink } from "../../support/log-capture";
import { sampleTrace } from "../../support/traces";

/**
 * The sink's lines as firebase-functions' real logger prints them, in a process of their own (the
 * logger holds the console it found at load, which in a test worker is the runner's): the tool served
 * by the real `exposeTool` through onCall over HTTP, so the trace comes from the request's headers by
 * firebase-functions' own trace context, and the other tests' in-memory capture (test/support/
 * log-capture.ts) is held to the same lines.
 */

const REPO = join(__dirname, "..", "..", "..");
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

/** Serves get_job_status on a local port, sends each request, prints what the process wrote. */
const SERVE = `
const express = require("express");
const { exposeTool } = require(${JSON.stringify(join(REPO, "functions", "src", "callable", "expose.ts"))});
const decl = require(${JSON.stringify(join(REPO, "functions", "src", "tools", "get_job_status.ts"))}).default;
const { CloudLoggingSink } = require(${JSON.stringify(join(REPO, "functions", "src", "trace", "cloud-logging.ts"))});
const written = [];
for (const stream of ["stdout", "stderr"]) {
  const write = process[stream].write.bind(process[stream]);
  process[stream].write = (chunk, ...rest) => (written.push({ stream, text: String(chunk) }), true);
}
const app = express();
app.post("/", express.json(), exposeTool(decl));
const server = app.listen(0, "127.0.0.1", async () => {
  const url = "http://127.0.0.1:" + server.address().port + "/";
  const answers = [];
  for (const headers of JSON.parse(process.env.REQUESTS)) {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ data: JSON.parse(process.env.DATA) }) });
    answers.push(await res.json());
  }
  // Outside a served request: the same sink, no trace context.
  new CloudLoggingSink().write(JSON.parse(process.env.ERROR_TRACE));
  server.close();
  const loaded = Object.keys(require.cache);
  require("node:fs").writeSync(3, JSON.stringify({ answers, written, loaded }));
});
`;

interface Served {
  answers: { result: { status: string; error?: { code: string } } }[];
  written: { stream: string; text: string }[];
  loaded: string[];
}

async function serve(requests: Record<string, string>[], data: unknown, errorTrace: unknown): Promise<Served> {
  const child = spawn(process.execPath, ["--require", "tsx/cjs", "-e", SERVE], {
    cwd: REPO,
    env: {
      ...process.env,
      GCLOUD_PROJECT: "demo-nova",
      REQUESTS: JSON.stringify(requests),
      DATA: JSON.stringify(data),
      ERROR_TRACE: JSON.stringify(errorTrace),
    },
    // fd 3 carries the result, apart from what the process prints.
    stdio: ["ignore", "inherit", "inherit", "pipe"],
  });
  let out = "";
  child.stdio[3]!.on("data", (c) => (out += String(c)));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code).toBe(0);
  return JSON.parse(out) as Served;
}

const REQUESTS: Record<string, string>[] = [
  { traceparent: `00-${TRACE}-00f067aa0ba902b7-01` },
  { "x-cloud-trace-context": `${TRACE.replace(/^4/, "5")}/18446744073709551615;o=1` },
  // W3C trace context is lower-case hex.
  { traceparent: `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01` },
  {},
];
const ERROR_TRACE = sampleTrace({
  status: "error",
  resultCode: "INTERNAL",
  internalReason: "exception",
  evidenceIds: [],
  provenance: null,
  arguments: JSON.parse('{"__proto__":{"x":1},"hasOwnProperty":"h"}'),
});

describe("firebase-functions' logger, serving the tool over HTTP in a process of its own", () => {
  let served: Served;
  const lines = () =>
    served.written.flatMap((w) =>
      w.text
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => ({ stream: w.stream, entry: JSON.parse(l) as Record<string, any> }))
        // The SDK's own entries (DEBUG "Callable request verification passed") beside the calls'.
        .filter((l) => "callId" in l.entry),
    );

  it("answers each request and writes one entry per call", async () => {
    served = await serve(REQUESTS, { jobId: "job-1" }, ERROR_TRACE);
    expect(served.answers.map((a) => a.result.error?.code)).toEqual(Array(REQUESTS.length).fill("UNAUTHENTICATED"));
    expect(lines()).toHaveLength(REQUESTS.length + 1);
  }, 60_000);

  it("takes the trace from traceparent or X-Cloud-Trace-Context, none from an invalid header", () => {
    const traces = lines().map((l) => l.entry["logging.googleapis.com/trace"]);
    expect(traces).toEqual([
      `projects/demo-nova/traces/${TRACE}`,
      `projects/demo-nova/traces/${TRACE.replace(/^4/, "5")}`,
      undefined,
      undefined,
      undefined,
    ]);
    // The platform's logger writes the trace only: no span id, no sampling decision (docs/operations.md).
    for (const { entry } of lines()) {
      expect(
        Object.keys(entry)
          .filter((k) => k.startsWith("logging.googleapis.com/"))
          .sort(),
      ).toEqual([
        "logging.googleapis.com/labels",
        ...(entry["logging.googleapis.com/trace"] ? ["logging.googleapis.com/trace"] : []),
      ]);
    }
  });

  it("prints NOTICE and below on stdout, WARNING and above on stderr", () => {
    expect(lines().map((l) => [l.entry.severity, l.stream])).toEqual([
      ...REQUESTS.map(() => ["NOTICE", "stdout"]),
      ["ERROR", "stderr"],
    ]);
  });

  it("prints the very line the in-memory capture records, trace aside", () => {
    for (const { entry } of lines()) {
      const { "logging.googleapis.com/trace": _trace, ...rest } = entry;
      const { sink, lines: captured } = captureSink();
      const picked = Object.fromEntries(Object.keys(CallTraceSchema.shape).map((k) => [k, rest[k]]));
      // Written as it came back (zod's parse would copy `arguments` and drop a `__proto__` key).
      expect(CallTraceSchema.safeParse(picked).success).toBe(true);
      sink.write(picked as CallTrace);
      const mine = JSON.parse(captured[0]!) as Record<string, unknown>;
      expect(JSON.stringify({ ...mine, timestamp: rest.timestamp })).toBe(JSON.stringify(rest));
    }
    const internal = lines().at(-1)!.entry;
    expect(Object.keys(internal.arguments)).toEqual(["__proto__", "hasOwnProperty"]);
  });

  it("loads no @google-cloud/logging", () => {
    expect(served.loaded.filter((f) => f.includes(join("@google-cloud", "logging")))).toEqual([]);
  });
});
