import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, errorEnvelope, ledger, signals, story, toolError } from "./fixtures";
import { startFakeServer, type FakeServer } from "./fake-server";

const ROOT = path.resolve(__dirname, "../../..");
const BIN = path.join(ROOT, "nova/bin/nova-tools.js");
const dir = mkdtempSync(path.join(tmpdir(), "nova-cli-"));

function file(name: string, content: unknown): string {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Async spawn, so a server in this process can answer the child. */
function runAsync(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const s = signals(2);
const okLedger = ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, s.envelope]]);
const ledgerFile = file("ledger.json", okLedger);
const validFile = file("valid.json", answer("Two signals are trending.", [story("Short video grows.", s.records[0]!)]));
const invalidFile = file(
  "invalid.json",
  answer("Published!", [story("Short video grows.", "ev_notInTheLedger000000")]),
);

describe("nova-tools validate", () => {
  beforeAll(() => {
    if (!existsSync(path.join(ROOT, "nova/lib/cli/main.js")))
      throw new Error("nova is not built: run npx tsc -b functions nova first");
  });

  it('exits 0 and prints {"valid": true, "violations": []} for a valid answer', () => {
    const r = run(["validate", "--ledger", ledgerFile, "--answer", validFile]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"valid": true, "violations": []}\n');
    expect(JSON.parse(r.stdout)).toEqual({ valid: true, violations: [] });
  });

  it("exits 1 and lists every violation for an invalid answer", () => {
    const r = run(["validate", "--ledger", ledgerFile, "--answer", invalidFile]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["valid", "violations"]);
    expect(out.valid).toBe(false);
    expect(out.violations.map((v: { rule: string }) => v.rule).sort()).toEqual(["mutation_claim", "unknown_evidence"]);
    for (const v of out.violations) expect(Object.keys(v).slice(0, 2)).toEqual(["rule", "detail"]);
  });

  it("applies --purpose submission (mock evidence) and defaults to chat", () => {
    expect(run(["validate", "--ledger", ledgerFile, "--answer", validFile, "--purpose", "chat"]).code).toBe(0);
    const r = run(["validate", "--ledger", ledgerFile, "--answer", validFile, "--purpose", "submission"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).violations.map((v: { rule: string }) => v.rule)).toEqual(["mock_evidence"]);
  });

  it("exits 1 (malformed_answer) for JSON that does not match the schema", () => {
    const r = run([
      "validate",
      "--ledger",
      ledgerFile,
      "--answer",
      file("extra.json", { text: "x", claims: [], note: 1 }),
    ]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).violations.map((v: { rule: string }) => v.rule)).toEqual(["malformed_answer"]);
  });

  it("exits 0 for an error reported exactly and 1 for the same error hidden", () => {
    const nf = errorEnvelope("NOT_FOUND");
    const l = file("jl.json", ledger("job_status", [["get_job_status", { jobId: "j1" }, nf]]));
    expect(
      run([
        "validate",
        "--ledger",
        l,
        "--answer",
        file("ja.json", answer("No such job.", [toolError("get_job_status", nf)])),
      ]).code,
    ).toBe(0);
    expect(run(["validate", "--ledger", l, "--answer", file("jb.json", answer("No such job.", []))]).code).toBe(1);
  });

  it("exits 1 with a malformed_answer verdict for a file that is not JSON; the other document's rules still run", () => {
    const r = run(["validate", "--ledger", ledgerFile, "--answer", file("bad.json", '{"text": ')]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ valid: false, violations: [{ rule: "malformed_answer", document: "answer" }] });
    expect(out.violations[0].detail).toMatch(/the answer is not JSON: .*bad\.json/);
    const noSkill = file("noskill.json", ledger([], [["fetch_trend_signals", { limit: 2 }, s.envelope]]));
    const both = run(["validate", "--ledger", noSkill, "--answer", file("bad2.json", "not json")]);
    expect(both.code).toBe(1);
    expect(JSON.parse(both.stdout).violations.map((v: { rule: string }) => v.rule)).toEqual([
      "malformed_answer",
      "skill_violation",
    ]);
    const ledgerBad = run(["validate", "--ledger", file("bad-ledger.json", "not json"), "--answer", invalidFile]);
    expect(ledgerBad.code).toBe(1);
    expect(JSON.parse(ledgerBad.stdout).violations.map((v: { rule: string }) => v.rule)).toEqual([
      "malformed_answer",
      "mutation_claim",
    ]);
  });

  it("reads a deployment's extra lexicon from NOVA_MUTATION_LEXICON, and names the clause it found", () => {
    // (not "I yeeted the zine.": the learned second opinion reads that as a claim over the base lexicon)
    const yeet = file("yeet.json", answer("I yeet zines daily.", [story("Short video grows.", s.records[0]!)]));
    expect(run(["validate", "--ledger", ledgerFile, "--answer", yeet]).code).toBe(0);
    const r = run(["validate", "--ledger", ledgerFile, "--answer", yeet], {
      NOVA_MUTATION_LEXICON: file("extra-lexicon.json", { strongEffects: ["yeet"] }),
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).violations).toMatchObject([
      {
        rule: "mutation_claim",
        clause: "I yeet zines daily",
        effect: "yeet",
        form: "first_person",
        field: "text",
      },
    ]);
  });

  const usage: [string, string[], RegExp][] = [
    [
      "a missing ledger file",
      ["--ledger", path.join(dir, "nope.json"), "--answer", validFile],
      /cannot read the ledger file .*ENOENT/,
    ],
    [
      "a missing answer file",
      ["--ledger", ledgerFile, "--answer", path.join(dir, "nope.json")],
      /cannot read the answer file/,
    ],
    ["a directory as the ledger", ["--ledger", dir, "--answer", validFile], /cannot read the ledger file/],
    [
      "a bad --purpose",
      ["--ledger", ledgerFile, "--answer", validFile, "--purpose", "publish"],
      /--purpose must be chat or submission/,
    ],
    ["a missing --ledger", ["--answer", validFile], /missing --ledger/],
    ["a missing --answer", ["--ledger", ledgerFile], /missing --answer/],
    ["a flag without its value", ["--ledger", ledgerFile, "--answer"], /argument missing|--answer/],
    ["an unknown flag", ["--ledger", ledgerFile, "--answer", validFile, "--strict"], /Unknown option '--strict'/],
    [
      "a positional argument",
      ["--ledger", ledgerFile, "--answer", validFile, "extra"],
      /Unexpected argument|positional/i,
    ],
  ];
  for (const [name, args, message] of usage) {
    it(`exits 2 with a message on stderr for ${name}`, () => {
      const r = run(["validate", ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(message);
    });
  }

  it("--help prints the usage and exits 0", () => {
    for (const args of [["--help"], ["validate", "--help"], ["call", "--help"], ["help"]]) {
      const r = run(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/usage: nova-tools/);
    }
  });

  it("no command or an unknown command exits 2", () => {
    expect(run([]).code).toBe(2);
    expect(run(["publish"]).code).toBe(2);
  });
});

describe("nova-tools call", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());

  const env = () => ({ FIREBASE_AUTH_EMULATOR_HOST: server.host, NOVA_FUNCTIONS_URL: server.host });

  it("signs in, calls the tool directly and prints the envelope (exit 0)", async () => {
    const body = JSON.stringify({ result: s.envelope });
    server.responses.set("fetch_trend_signals", body);
    server.requests.length = 0;
    const r = await runAsync(["call", "fetch_trend_signals", '{"limit": 2}', "--as", "operator@acme.test"], env());
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(JSON.stringify(s.envelope) + "\n");
    const call = server.requests.find((q) => q.url.endsWith("/fetch_trend_signals"))!;
    expect(JSON.parse(call.body)).toEqual({ data: { limit: 2 } });
    expect(call.headers.authorization).toBe("Bearer token-for-operator@acme.test");
    expect(call.headers["x-nova-skill"]).toBeUndefined();
  });

  it("with --skill goes through an invocation (skill and invocation headers); an error envelope is printed with exit 0", async () => {
    const nf = errorEnvelope("NOT_FOUND");
    server.responses.set("get_job_status", JSON.stringify({ result: nf }));
    server.requests.length = 0;
    const r = await runAsync(
      ["call", "get_job_status", '{"jobId":"job_9"}', "--as", "operator@acme.test", "--skill", "job_status"],
      env(),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(nf);
    const call = server.requests.find((q) => q.url.endsWith("/get_job_status"))!;
    expect(call.headers["x-nova-skill"]).toBe("job_status");
    expect(call.headers["x-nova-invocation"]).toMatch(/^inv_/);
  });

  it("refuses a tool outside --skill without any request (exit 2)", async () => {
    server.requests.length = 0;
    const r = await runAsync(
      ["call", "get_job_status", '{"jobId":"j"}', "--as", "operator@acme.test", "--skill", "trend_scan"],
      env(),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/outside skill "trend_scan"/);
    expect(server.requests).toEqual([]);
  });

  const errors: [string, string[], RegExp][] = [
    ["an unknown tool", ["call", "publish_post", "--as", "operator@acme.test"], /unknown tool "publish_post"/],
    [
      "an unknown skill",
      ["call", "get_job_status", '{"jobId":"j"}', "--as", "operator@acme.test", "--skill", "admin"],
      /unknown skill "admin"/,
    ],
    [
      "bad JSON args",
      ["call", "get_job_status", "{jobId: j}", "--as", "operator@acme.test"],
      /JSON-ARGS is not valid JSON/,
    ],
    [
      "JSON args that are not an object",
      ["call", "get_job_status", "[1]", "--as", "operator@acme.test"],
      /must be a JSON object/,
    ],
    ["a missing --as", ["call", "get_job_status", '{"jobId":"j"}'], /missing --as/],
    ["a missing tool", ["call", "--as", "operator@acme.test"], /missing TOOL/],
    [
      "an unknown user",
      ["call", "fetch_trend_signals", '{"limit":1}', "--as", "nobody@nowhere.test"],
      /sign-in failed for nobody@nowhere.test: INVALID_LOGIN_CREDENTIALS/,
    ],
    [
      "a function the server does not have",
      ["call", "suggest_posting_windows", "--as", "operator@acme.test"],
      /HTTP 404/,
    ],
  ];
  for (const [name, args, message] of errors) {
    it(`exits 2 with a clear message for ${name}`, async () => {
      const r = await runAsync(args, env());
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(message);
    });
  }

  it("exits 2 when the emulators are not reachable", async () => {
    const r = await runAsync(["call", "fetch_trend_signals", '{"limit":1}', "--as", "operator@acme.test"], {
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
      NOVA_FUNCTIONS_URL: "127.0.0.1:9",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot reach the Auth emulator at http:\/\/127\.0\.0\.1:9/);
  });

  it("exits 2 on a callable protocol error (the SDK's 401 for a bad token)", async () => {
    server.responses.set("get_operator_feed", [
      401,
      JSON.stringify({ error: { message: "Unauthenticated", status: "UNAUTHENTICATED" } }),
    ]);
    const r = await runAsync(["call", "get_operator_feed", "--as", "operator@acme.test"], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/HTTP 401 UNAUTHENTICATED/);
  });
});
