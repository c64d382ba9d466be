import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Logging } from "@google-cloud/logging";
import { setInstrumentationStatus } from "@google-cloud/logging/build/src/utils/instrumentation";
import { describe, expect, it } from "vitest";
import { LOG_NAME, openLogSync } from "../../../functions/src/trace/cloud-logging";

/**
 * The sink loads LogSync without the library's entry point (cold start, bench/README.md). These
 * tests hold that shortcut to the public path: the same lines, byte for byte, as
 * `new Logging().logSync()`, and the heavy client never loaded.
 */

const REPO = join(__dirname, "..", "..", "..");
const AT = new Date("2026-11-30T09:15:00.123Z");

type Writer = { write(entry: unknown): void; entry(metadata: object, data: object): unknown };

function linesOf(open: (transport: PassThrough) => Writer, writes: [object, object][]): Record<string, unknown>[] {
  // The library writes its diagnostic entry once per process (a global flag): reset it so both
  // paths write it, and compare that entry too.
  setInstrumentationStatus(false);
  (globalThis as { shouldSkipInstrumentationCheck?: boolean }).shouldSkipInstrumentationCheck = false;
  const transport = new PassThrough();
  const chunks: string[] = [];
  transport.on("data", (c) => chunks.push(String(c)));
  const log = open(transport);
  for (const [metadata, data] of writes) log.write(log.entry(metadata, data));
  return chunks
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const WRITES: [object, object][] = [
  [
    {
      severity: "INFO",
      timestamp: AT,
      labels: { tool: "get_job_status", callId: "c1", status: "success", resultCode: "OK" },
    },
    { message: "get_job_status success in 12 ms", callId: "c1", reads: 2 },
  ],
  [
    {
      severity: "WARNING",
      timestamp: AT,
      labels: { tool: "fetch_trend_signals", callId: "c2" },
      trace: "projects/demo-nova/traces/4bf92f3577b34da6a3ce929d0e0e4736",
      spanId: "00f067aa0ba902b7",
      traceSampled: true,
    },
    {
      message: "fetch_trend_signals error DEPENDENCY_UNAVAILABLE in 19800 ms",
      callId: "c2",
      attempts: [{ n: 1 }, { n: 2 }],
      nested: { a: [1, null, "x"] },
    },
  ],
  [
    { severity: "ERROR", timestamp: AT, labels: {} },
    { message: 'unicode ✅ \u2028 "quoted"', callId: "c3" },
  ],
];

describe("openLogSync", () => {
  it("writes exactly the lines the public Logging().logSync() writes, diagnostic entry included", () => {
    const fast = linesOf((t) => openLogSync("demo-nova", t) as unknown as Writer, WRITES);
    const reference = linesOf(
      (t) =>
        new Logging({ projectId: "demo-nova" }).logSync(LOG_NAME, t, { useMessageField: false }) as unknown as Writer,
      WRITES,
    );
    // What differs between any two writers: the diagnostic entry's own time, and insertId, a
    // process-wide counter (same form on both paths).
    const INSERT_ID = "logging.googleapis.com/insertId";
    const untimed = (ls: Record<string, unknown>[]) =>
      ls.map((l) => ({
        ...l,
        ...(l.timestamp && (l.timestamp as { seconds: number }).seconds !== Math.floor(AT.getTime() / 1000)
          ? { timestamp: "now" }
          : {}),
        ...(INSERT_ID in l ? { [INSERT_ID]: String(l[INSERT_ID]).length } : {}),
      }));
    expect(fast).toHaveLength(WRITES.length + 1);
    expect(untimed(fast)).toEqual(untimed(reference));
    expect(JSON.stringify(untimed(fast))).toBe(JSON.stringify(untimed(reference)));
  });

  it("does not load the library's API client (its entry point, gax, gRPC)", () => {
    const script = [
      `const { openLogSync } = require(${JSON.stringify(join(REPO, "functions", "src", "trace", "cloud-logging.ts"))});`,
      `const { Writable } = require("node:stream");`,
      `const log = openLogSync("demo-nova", new Writable({ write(_c, _e, cb) { cb(); } }));`,
      `log.write(log.entry({ severity: "INFO" }, { callId: "c" }));`,
      `process.stdout.write(JSON.stringify(Object.keys(require.cache)));`,
    ].join("\n");
    const loaded = JSON.parse(
      execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", script], { cwd: REPO, encoding: "utf8" }),
    ) as string[];
    expect(loaded.some((f) => f.includes(join("@google-cloud", "logging", "build", "src", "log-sync.js")))).toBe(true);
    expect(loaded.filter((f) => f.endsWith(join("@google-cloud", "logging", "build", "src", "index.js")))).toEqual([]);
    expect(loaded.filter((f) => /[\\/](google-gax|@grpc[\\/]grpc-js|protobufjs)[\\/]/.test(f))).toEqual([]);
  });
});
