import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { normalizeText } from "../../../functions/src/trace/args";
import type { CallTrace } from "../../../functions/src/trace/entry";
import { pseudonym, pseudonymKey, pseudonymSecrets } from "../../../functions/src/trace/pseudonym";
import {
  chronological,
  formatTable,
  matches,
  parseSince,
  parseTraceLine,
  traceJsonOf,
} from "../../../scripts/traces/entries";
import { teeTraceLines } from "../../../scripts/traces/tee";
import { captureSink } from "../../support/log-capture";
import { sampleTrace } from "../../support/traces";

const ROOT = resolve(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

const trace = sampleTrace;

/** The sink's lines, as the functions print them. */
function logLines(traces: CallTrace[], traceId?: string): string[] {
  const { sink, lines } = captureSink(traceId);
  for (const t of traces) sink.write(t);
  return lines;
}

const A = trace({ callId: "aaaaaaaa-0000-4000-8000-000000000001" });
const B = trace({
  callId: "bbbbbbbb-0000-4000-8000-000000000002",
  tool: "fetch_trend_signals",
  status: "error",
  resultCode: "DEPENDENCY_UNAVAILABLE",
  evidenceIds: [],
  provenance: null,
  attempts: [
    { attempt: 1, outcome: "unavailable", durationMs: 5 },
    { attempt: 2, outcome: "unavailable", durationMs: 6 },
  ],
});
const C = trace({
  callId: "cccccccc-0000-4000-8000-000000000003",
  evidenceIds: ["ev_CCCCCCCCCCCCCCCC", "ev_DDDDDDDDDDDDDDDD"],
});

describe("reading trace entries back", () => {
  it("parses the sink's own lines, bare or with the emulator's `>  ` prefix, and skips everything else", () => {
    const [lineA] = logLines([A], "4bf92f3577b34da6a3ce929d0e0e4736").filter((l) => l.includes("callId"));
    const bare = parseTraceLine(lineA!);
    expect(bare?.trace).toEqual(A);
    expect(bare?.traceId).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    expect(bare?.severity).toBe("INFO");
    expect(Math.abs(bare!.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(parseTraceLine(`>  ${lineA}`)?.trace).toEqual(A);
    expect(traceJsonOf(`>  ${lineA}`)).toBe(lineA);
    for (const other of [
      'i  functions: Beginning execution of "us-central1-get_job_status"',
      '>  {"logging.googleapis.com/diagnostic":{"instrumentation_source":[{"name":"nodejs","version":"11.2.1"}]}}',
      '>  {"callId":"not-a-uuid","tool":"x"}',
      ">  {broken json callId",
      "",
    ]) {
      expect(parseTraceLine(other)).toBeNull();
      expect(traceJsonOf(other)).toBeNull();
    }
  });

  it("filters by tool, call prefix, status, code, trace and time", () => {
    const entries = [A, B, C].map((t) => parseTraceLine(logLines([t]).find((l) => l.includes("callId"))!)!);
    const pick = (f: Parameters<typeof matches>[1]) =>
      entries.filter((e) => matches(e, f)).map((e) => e.trace.callId.slice(0, 1));
    expect(pick({})).toEqual(["a", "b", "c"]);
    expect(pick({ tool: "fetch_trend_signals" })).toEqual(["b"]);
    expect(pick({ call: "cccc" })).toEqual(["c"]);
    expect(pick({ status: "error" })).toEqual(["b"]);
    expect(pick({ code: "dependency_unavailable" })).toEqual(["b"]);
    expect(pick({ code: "OK" })).toEqual(["a", "c"]);
    expect(pick({ since: new Date(Date.now() + 60_000) })).toEqual([]);
    expect(pick({ since: new Date(Date.now() - 60_000) })).toEqual(["a", "b", "c"]);
    expect(pick({ traceId: "0".repeat(32) })).toEqual([]);
  });

  it("reads --since as a duration back from now or an ISO time, and refuses anything else", () => {
    const now = new Date("2026-11-30T12:00:00.000Z");
    expect(parseSince("10m", now).toISOString()).toBe("2026-11-30T11:50:00.000Z");
    expect(parseSince("2h", now).toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(parseSince("1d", now).toISOString()).toBe("2026-11-29T12:00:00.000Z");
    expect(parseSince("30s", now).toISOString()).toBe("2026-11-30T11:59:30.000Z");
    expect(parseSince("2026-11-30T08:00:00Z", now).toISOString()).toBe("2026-11-30T08:00:00.000Z");
    for (const bad of ["yesterday", "10", "m10", "5 weeks"]) expect(() => parseSince(bad, now)).toThrow(/--since/);
  });

  it("orders newest last and shows every evidence id of a call under its row", () => {
    const older = {
      ...parseTraceLine(logLines([C])[logLines([C]).length - 1]!)!,
      at: new Date("2026-11-30T10:00:00Z"),
    };
    const newer = {
      ...parseTraceLine(logLines([B])[logLines([B]).length - 1]!)!,
      at: new Date("2026-11-30T11:00:00Z"),
    };
    const ordered = chronological([newer, older]);
    expect(ordered.map((e) => e.trace.callId[0])).toEqual(["c", "b"]);
    const table = formatTable(ordered);
    const rows = table.split("\n");
    expect(rows[0]).toMatch(/^TIME \(UTC\)\s+TOOL\s+RESULT\s+SEVERITY\s+MS\s+ATTEMPTS/);
    expect(rows[1]).toContain("2026-11-30 10:00:00.000Z");
    expect(rows[1]).toContain("cccccccc");
    expect(rows[2]).toBe("    evidence (2): ev_CCCCCCCCCCCCCCCC ev_DDDDDDDDDDDDDDDD");
    expect(table).toContain("DEPENDENCY_UNAVAILABLE");
    expect(table).toContain("unavailable:5,unavailable:6");
    expect(formatTable([])).toBe("(no matching calls)");
  });
});

describe("the suite's tee into traces.jsonl", () => {
  it("keeps only call entries, one JSON line each, whatever the chunking", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nova-tee-"));
    const file = join(dir, "traces.jsonl");
    const stream = new PassThrough();
    teeTraceLines(stream, file);
    const lines = logLines([A, B]);
    const text =
      ["i  functions: Beginning execution", ...lines.map((l) => `>  ${l}`), "i  functions: Finished"].join("\n") + "\n";
    // Cut the output into awkward pieces, splitting lines (and multi-byte characters) across chunks.
    for (let i = 0; i < text.length; i += 37) stream.write(text.slice(i, i + 37));
    stream.end();
    await new Promise((r) => setTimeout(r, 50));
    stream.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const kept = readFileSync(file, "utf8").trim().split("\n");
    expect(kept).toHaveLength(2);
    expect(kept.map((l) => parseTraceLine(l)!.trace.callId)).toEqual([A.callId, B.callId]);
  });
});

// Each case spawns tsx (about a second, more on a busy machine).
describe("npm run traces", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "nova-traces-"));
  const file = join(dir, "traces.jsonl");
  writeFileSync(file, `${[...logLines([A]), ...logLines([B]), ...logLines([C])].join("\n")}\n`);
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [TSX, join(ROOT, "scripts/traces/main.ts"), "--file", file, ...args], {
      cwd: ROOT,
      encoding: "utf8",
    });

  it("prints a table of the calls with their evidence ids", () => {
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("get_job_status");
    expect(r.stdout).toContain("fetch_trend_signals");
    expect(r.stdout).toContain("evidence (2): ev_CCCCCCCCCCCCCCCC ev_DDDDDDDDDDDDDDDD");
    expect(r.stderr).toContain("3 of 3 matching calls");
  });

  it("filters (--tool, --code, --call) and prints JSON lines with --json", () => {
    const byCode = run("--code", "DEPENDENCY_UNAVAILABLE", "--json");
    expect(byCode.status).toBe(0);
    const rows = byCode.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.callId)).toEqual([B.callId]);
    const byTool = run("--tool", "get_job_status", "--json")
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l).callId);
    expect(byTool).toEqual([A.callId, C.callId]);
    expect(
      run("--call", "cccc", "--json")
        .stdout.trim()
        .split("\n")
        .map((l) => JSON.parse(l).callId),
    ).toEqual([C.callId]);
    expect(run("--status", "error", "--limit", "1", "--json").stdout.trim().split("\n")).toHaveLength(1);
  });

  it("refuses bad options with exit 2", () => {
    expect(run("--status", "maybe").status).toBe(2);
    expect(run("--since", "whenever").status).toBe(2);
    expect(run("--bogus").status).toBe(2);
  });
});

describe("free text in arguments", () => {
  it.each([
    ["a JWT", "see eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl please", "see [token] please"],
    ["a bearer header", "Authorization: Bearer abc.def-123", "Authorization: Bearer [token]"],
    ["an e-mail", "ping ops.lead+nova@acme.test now", "ping [email] now"],
    ["a Google API key", "key AIzaSyA1234567890abcdefghijklmnopqrstuv", "key [api-key]"],
    ["an OAuth access token", "ya29.a0AfH6SMBexample-token_value", "[token]"],
    ["plain words", "AI video trends", "AI video trends"],
  ])("masks %s", (_n, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  // A guard against catastrophic backtracking, not a speed target (those live in npm run bench): a
  // pattern that backtracks on a 1 MB word would not finish within the test's timeout at all.
  it("masks, then caps, a huge paste (it finishes: no pattern backtracks on it)", { timeout: 20_000 }, () => {
    const out = normalizeText(`${"a".repeat(1_000_000)}@b.co`);
    expect(out).toMatch(/…\[1000005 chars\]$/);
  });
});

describe("pseudonyms", { timeout: 60_000 }, () => {
  it("declares the key secret for deployment, and none on the emulator", () => {
    expect(pseudonymSecrets({})).toEqual(["NOVA_PSEUDONYM_KEY"]);
    expect(pseudonymSecrets({ FUNCTIONS_EMULATOR: "true" })).toEqual([]);
  });

  it("npm run pseudonym prints the workspace's pseudonym as the functions compute it", () => {
    const script = join(ROOT, "scripts/traces/pseudonym.ts");
    const emulator = spawnSync(process.execPath, [TSX, script, "--workspace", "acme"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NOVA_PSEUDONYM_KEY: "" },
    });
    expect(emulator.status).toBe(0);
    expect(emulator.stdout.trim()).toBe(pseudonym("w", "acme", pseudonymKey({ GCLOUD_PROJECT: "demo-nova" })));
    const prod = spawnSync(process.execPath, [TSX, script, "--workspace", "acme", "--user", "u-1"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NOVA_PSEUDONYM_KEY: "k-prod-123" },
    });
    expect(prod.stdout.trim().split("\n")).toEqual([
      pseudonym("w", "acme", "k-prod-123"),
      pseudonym("u", "u-1", "k-prod-123"),
    ]);
    // The key itself never appears.
    expect(prod.stdout + prod.stderr).not.toContain("k-prod-123");
    expect(spawnSync(process.execPath, [TSX, script], { cwd: ROOT, encoding: "utf8" }).status).toBe(2);
  });
});
