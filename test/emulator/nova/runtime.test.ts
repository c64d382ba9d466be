import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { genkit, type GenerateRequest } from "genkit";
import { describe, expect, it } from "vitest";
import { signInWithPassword } from "../../../nova/src/client/auth";
import {
  defineScriptModel,
  runNova,
  untrustedStrings,
  type InvocationReport,
  type ScriptRunner,
} from "../../../nova/src/runtime";
import { TOOL_NAMES } from "../../../nova/src/tools";
import { readPorts } from "../../../scripts/emulators/suite";
import { loadScenarios, runScenario, type LoadedScenario } from "../../../scripts/eval/scenarios";
import { formatScorecard, runEval } from "../../../scripts/eval/run";
// @ts-expect-error: a plain JS module (the helpers script models use)
import { callTool, read, say, scripted, honestAnswer } from "../../../eval/script.mjs";

const ports = readPorts();
const hosts = { functionsUrl: `127.0.0.1:${ports.functions}`, authHost: `127.0.0.1:${ports.auth}` };

/** A fetch that records every request to the functions and its response body, byte for byte. */
function recordingFetch() {
  const seen: { url: string; body: string; response: string }[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = String(input);
    if (!url.includes(`:${ports.functions}/`)) return res;
    const text = await res.text();
    seen.push({ url, body: String(init?.body ?? ""), response: text });
    return new Response(text, { status: res.status, headers: res.headers });
  };
  return { fetch: wrapped, seen };
}

/** Runs a script model through runNova, keeping every request the model was given. */
async function invoke(runner: ScriptRunner, as: string, question = "question", extra: { maxReasks?: number } = {}) {
  const ai = genkit({});
  const requests: GenerateRequest[] = [];
  const model = defineScriptModel(ai, (req) => {
    requests.push(structuredClone(req));
    return runner(req);
  });
  const user = await signInWithPassword(as, { authHost: hosts.authHost });
  const rec = recordingFetch();
  let report: InvocationReport | undefined;
  const result = await runNova(ai, {
    question,
    model,
    idToken: user.idToken,
    functionsUrl: hosts.functionsUrl,
    fetch: rec.fetch,
    onFinish: (r) => (report = r),
    ...extra,
  });
  return { result, report: report!, requests, http: rec.seen };
}

function toolOutputs(requests: GenerateRequest[]): unknown[] {
  const last = requests[requests.length - 1]!;
  return last.messages.filter((m) => m.role === "tool").flatMap((m) => m.content.map((p) => p.toolResponse?.output));
}

describe("Nova on Genkit: the scripted scenarios (npm run eval's, through Genkit's real loop)", async () => {
  const scenarios = await loadScenarios();
  const plain = scenarios.filter((s: LoadedScenario) => !s.scenario.fault);
  it("has one scenario per skill and the behaviours the issue lists", () => {
    const names = scenarios.map((s) => s.scenario.name);
    for (const n of [
      "trend_scan",
      "signal_watch",
      "engagement_insights",
      "posting_schedule",
      "job_status",
      "prompt_injection",
      "not_found",
      "dependency_unavailable",
      "unknown_evidence",
      "mutation_claim",
      "outside_skill",
      "never_valid",
      "marker_echo",
    ])
      expect(names).toContain(n);
  });
  for (const s of plain) {
    it(`${s.scenario.name}: ${s.scenario.description}`, async () => {
      const run = await runScenario(s, hosts);
      expect(run.problems).toEqual([]);
      expect(run.outcome).toBe(s.scenario.expect.outcome);
      expect(run.result.validation.valid).toBe(true);
    });
  }
});

describe("Nova on Genkit: exact semantics", () => {
  it("offers only load_skill first, then only the skill's tools; the ledger holds the functions' envelopes byte for byte", async () => {
    const { result, requests, http } = await invoke(
      scripted({
        skill: "trend_scan",
        calls: [
          ["fetch_trend_signals", { limit: 2 }],
          ["search_trend_signals", { query: "vídeo 🎥", limit: 2 }],
        ],
      }),
      "viewer@acme.test",
    );
    expect(result.fallback).toBe(false);
    expect(requests[0]!.tools!.map((t) => t.name)).toEqual(["load_skill"]);
    for (const r of requests.slice(1))
      expect(r.tools!.map((t) => t.name).sort()).toEqual(["fetch_trend_signals", "search_trend_signals"]);
    // The published declaration is what the model is offered, as generated.
    const published = JSON.parse(readFileSync("contracts/strict/fetch_trend_signals.json", "utf8"));
    expect(requests[1]!.tools!.find((t) => t.name === "fetch_trend_signals")!.inputSchema).toEqual(
      published.input_schema,
    );
    expect(result.ledger.skillLoads).toEqual(["trend_scan"]);
    expect(http.length).toBe(result.ledger.calls.length);
    result.ledger.calls.forEach((call, i) => {
      expect(http[i]!.response).toBe(JSON.stringify({ result: call.envelope }));
      expect(JSON.parse(http[i]!.body)).toEqual({ data: call.args });
    });
  });

  it("serves many invocations, concurrent ones included, on one Genkit instance: the tools declared once, each ledger its own", async () => {
    const ai = genkit({});
    const viewer = await signInWithPassword("viewer@acme.test", { authHost: hosts.authHost });
    const owner = await signInWithPassword("owner@globex.test", { authHost: hosts.authHost });
    const trends = defineScriptModel(
      ai,
      scripted({ skill: "trend_scan", calls: [["fetch_trend_signals", { limit: 2 }]] }),
      "one-ai-trends",
    );
    const insights = defineScriptModel(
      ai,
      scripted({ skill: "engagement_insights", calls: [["get_engagement_insights", undefined]] }),
      "one-ai-insights",
    );
    const run = (model: string, idToken: string) =>
      runNova(ai, { question: "question", model, idToken, functionsUrl: hosts.functionsUrl });
    const first = await run(trends, viewer.idToken);
    const [a, b, c] = await Promise.all([
      run(trends, viewer.idToken),
      run(insights, owner.idToken),
      run(trends, viewer.idToken),
    ]);
    for (const r of [first, a, b, c]) {
      expect(r.fallback).toBe(false);
      expect(r.validation.valid).toBe(true);
      expect(r.ledger.skillLoads).toHaveLength(1);
      expect(r.ledger.calls).toHaveLength(1);
    }
    expect(b.ledger.calls[0]!.tool).toBe("get_engagement_insights");
    for (const r of [first, a, c]) expect(r.ledger.calls[0]!.tool).toBe("fetch_trend_signals");
    expect(new Set([first, a, b, c].map((r) => r.invocationId)).size).toBe(4);
    // one declaration of each tool on the instance, not one per invocation
    const tools = (await ai.registry.listActions()) as Record<string, unknown>;
    const declared = Object.keys(tools).filter((k) => k.startsWith("/tool/"));
    expect(declared.sort()).toEqual(["load_skill", ...TOOL_NAMES].map((n) => `/tool/${n}`).sort());
  });

  it("sends arguments as the model wrote them: the server's check answers, Genkit's never refuses or throws", async () => {
    const bad = [
      ["fetch_trend_signals", { limit: "three" }],
      ["fetch_trend_signals", { limit: 3, workspaceId: "globex" }],
      ["search_trend_signals", { query: "x".repeat(201), limit: 2 }],
      ["fetch_trend_signals", { limit: 2 }],
    ];
    const { result, requests } = await invoke(scripted({ skill: "trend_scan", calls: bad }), "viewer@acme.test");
    expect(result.ledger.calls.map((c) => c.args)).toEqual(bad.map(([, a]) => a));
    expect(result.ledger.calls.map((c) => c.envelope.error?.code ?? "success")).toEqual([
      "INVALID_ARGUMENT",
      "INVALID_ARGUMENT",
      "INVALID_QUERY",
      "success",
    ]);
    // What the model saw for each call is that envelope (marked), not a framework error.
    const outputs = toolOutputs(requests).slice(1) as { status: string; error: { code: string } | null }[];
    expect(outputs.map((o) => o.error?.code ?? o.status)).toEqual([
      "INVALID_ARGUMENT",
      "INVALID_ARGUMENT",
      "INVALID_QUERY",
      "success",
    ]);
    expect(result.fallback).toBe(false);
  });

  it("refuses a second load, a tool outside the skill and an unknown tool without a request or a ledger entry", async () => {
    const { result, report, requests, http } = await invoke(
      scripted({
        skill: "job_status",
        calls: [
          ["load_skill", { skill: "trend_scan" }],
          ["fetch_trend_signals", { limit: 1 }],
          ["publish_post", { text: "x" }],
          ["get_job_status", { jobId: "job-running-1" }],
        ],
      }),
      "operator@acme.test",
    );
    expect(result.ledger.skillLoads).toEqual(["job_status"]);
    expect(result.ledger.calls.map((c) => c.tool)).toEqual(["get_job_status"]);
    expect(http.map((h) => h.url.split("/").pop())).toEqual(["get_job_status"]);
    expect(report.refusals.map((r) => r.tool)).toEqual(["load_skill", "fetch_trend_signals", "publish_post"]);
    const outputs = toolOutputs(requests) as { refused?: string }[];
    expect(outputs[1]!.refused).toMatch(/already loaded.*Nothing was sent/);
    expect(outputs[2]!.refused).toMatch(/outside skill "job_status"/);
    expect(outputs[3]!.refused).toMatch(/unknown tool "publish_post"/);
    expect(result.fallback).toBe(false);
  });

  it("marks every untrusted string the model sees with this invocation's marker; the ledger keeps them unmarked", async () => {
    const runner = scripted({
      skill: "signal_watch",
      calls: [
        ["search_trend_signals", { query: "instructions", limit: 10 }],
        ["get_operator_feed", null],
      ],
    });
    const a = await invoke(runner, "operator@acme.test");
    const b = await invoke(runner, "operator@acme.test");
    expect(a.report.marker).not.toBe(b.report.marker);
    for (const { report, requests, result } of [a, b]) {
      const system = requests[0]!.messages
        .find((m) => m.role === "system")!
        .content.map((p) => p.text)
        .join("");
      expect(system).toContain(report.marker);
      const seen = untrustedStrings(toolOutputs(requests));
      expect(seen.length).toBeGreaterThan(10);
      for (const s of seen) {
        expect(s.startsWith(report.marker)).toBe(true);
        expect(/\s(?![\s‹])/u.test(s.replaceAll(report.marker, "‹"))).toBe(false);
      }
      const ledgerText = JSON.stringify(result.ledger);
      expect(ledgerText).not.toContain(report.marker);
      const stored = untrustedStrings(result.ledger.calls.map((c) => c.envelope));
      expect(stored.some((s) => /ignore (all )?(previous|prior)/i.test(s))).toBe(true);
      expect(seen.map((s) => s.replaceAll(report.marker, ""))).toEqual(stored);
    }
  });

  it("re-asks with every violation by rule and detail, at most --max-reasks times, then falls back to a valid answer", async () => {
    const runner = scripted({
      skill: "job_status",
      calls: [["get_job_status", { jobId: "job-nope-404" }]],
      answer: () => ({ text: "Approved! I published it.", claims: [] }),
    });
    const { result, requests, report } = await invoke(runner, "operator@acme.test", "q", { maxReasks: 1 });
    expect(result.fallback).toBe(true);
    expect(result.attempts).toBe(2);
    const reask = requests[requests.length - 1]!.messages.filter((m) => m.role === "user")
      .map((m) => m.content.map((p) => p.text).join(""))
      .pop()!;
    for (const v of report.rejected[0]!) expect(reask).toContain(`- ${v.rule}: ${v.detail}`);
    expect([...new Set(report.rejected[0]!.map((v) => v.rule))].sort()).toEqual(["hidden_error", "mutation_claim"]);
    expect(result.validation).toEqual({ valid: true, violations: [] });
    expect(result.answer.text.length).toBeLessThanOrEqual(1000);
    expect(result.answer.claims).toEqual([
      {
        type: "tool_error",
        tool: "get_job_status",
        text: expect.any(String),
        error: result.ledger.calls[0]!.envelope.error,
      },
    ]);
  });

  it("takes an answer that is not JSON as an answer (malformed_answer), not a throw", async () => {
    let n = 0;
    const runner: ScriptRunner = (req) => {
      const s = read(req);
      if (s.requests.length === 0) return callTool("load_skill", { skill: "trend_scan" });
      return n++ === 0 ? say("Sure! Here you go: trends are up.") : say(honestAnswer(s, "Nothing was called."));
    };
    const { result, report } = await invoke(runner, "viewer@acme.test");
    expect(report.rejected[0]!.map((v) => v.rule)).toContain("malformed_answer");
    expect(result.attempts).toBe(2);
    expect(result.fallback).toBe(false);
  });
});

describe("npm run eval's scorecard", () => {
  it("scores the scripted scenarios, and a --model run with --repeat (a script model standing in for the real one)", async () => {
    const scripts = await runEval(hosts, { only: ["job_status", "mutation_claim", "never_valid"] });
    expect(scripts.scenarios.map((s) => [s.name, s.counts, s.passes])).toEqual([
      ["job_status", { accepted_first: 1, accepted_after_reask: 0, fallback: 0 }, 1],
      ["mutation_claim", { accepted_first: 0, accepted_after_reask: 1, fallback: 0 }, 1],
      ["never_valid", { accepted_first: 0, accepted_after_reask: 0, fallback: 1 }, 1],
    ]);
    expect(formatScorecard(scripts)).toMatch(/mutation_claim\s+0\s+1\s+0\s+0\s+0\s+mutation_claim\s+1\/1/);
    // The real-model path: every scenario's question, asked of one named model K times.
    const model = await runEval(hosts, {
      model: "script:eval/scenarios/outside_skill.mjs",
      repeat: 2,
      only: ["job_status", "outside_skill"],
    });
    expect(model.mode).toBe("model");
    expect(
      model.scenarios.map((s) => [s.name, s.runs.length, s.counts.accepted_after_reask, s.outOfSkill, s.passAllK]),
    ).toEqual([
      ["job_status", 2, 2, 2, 1],
      ["outside_skill", 2, 2, 2, 1],
    ]);
    expect(model.passK).toBe(1);
    expect(formatScorecard(model)).toMatch(/attempted calls outside the skill: 4; pass\^2: 1\.00/);
  });
});

describe("npx nova-tools ask", () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ["nova/bin/nova-tools.js", "ask", ...args], {
      encoding: "utf8",
      env: {
        ...process.env,
        NOVA_FUNCTIONS_URL: hosts.functionsUrl,
        FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
        ...env,
      },
    });

  it("prints exactly the result keys; exit 0 accepted, 1 fallback", () => {
    const ok = run([
      "How is job-failed-1?",
      "--as",
      "liaison@acme.test",
      "--model",
      "script:eval/scenarios/job_status.mjs",
    ]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    const out = JSON.parse(ok.stdout);
    expect(Object.keys(out)).toEqual(["invocationId", "answer", "ledger", "validation", "attempts", "fallback"]);
    expect(out).toMatchObject({ attempts: 1, fallback: false, validation: { valid: true, violations: [] } });
    expect(out.ledger.invocationId).toBe(out.invocationId);
    const fb = run([
      "Publish it",
      "--as",
      "operator@acme.test",
      "--password",
      "nova-dev-pass",
      "--model",
      "script:eval/scenarios/never_valid.mjs",
      "--max-reasks",
      "0",
    ]);
    expect(fb.status).toBe(1);
    expect(JSON.parse(fb.stdout)).toMatchObject({ attempts: 1, fallback: true, validation: { valid: true } });
  });

  it("exit 2: wrong arguments, a script model off the emulators, a missing key, a wrong password", () => {
    expect(run(["q", "--as", "liaison@acme.test"]).status).toBe(2);
    expect(run(["q", "--as", "liaison@acme.test", "--model", "gpt/x"]).status).toBe(2);
    expect(
      run(["q", "--as", "liaison@acme.test", "--model", "script:eval/scenarios/job_status.mjs", "--max-reasks", "-1"])
        .status,
    ).toBe(2);
    const remote = run(["q", "--as", "liaison@acme.test", "--model", "script:eval/scenarios/job_status.mjs"], {
      NOVA_FUNCTIONS_URL: "https://us-central1-demo-nova.cloudfunctions.net",
    });
    expect(remote.status).toBe(2);
    expect(remote.stderr).toMatch(/only against the emulators/);
    const nokey = run(["q", "--as", "liaison@acme.test", "--model", "googleai/gemini-2.5-flash"], {
      GEMINI_API_KEY: "",
    });
    expect(nokey.status).toBe(2);
    expect(nokey.stderr).toMatch(/GEMINI_API_KEY/);
    expect(
      run(["q", "--as", "liaison@acme.test", "--password", "wrong", "--model", "script:eval/scenarios/job_status.mjs"])
        .status,
    ).toBe(2);
    // The Gemini path runs up to the model call: with a key but no reachable model, no invocation could run.
    const unreachable = run(["q", "--as", "liaison@acme.test", "--model", "googleai/gemini-2.5-flash"], {
      GEMINI_API_KEY: "test-key-not-real",
    });
    expect(unreachable.status).toBe(2);
    expect(unreachable.stderr).toMatch(/no invocation could run/);
    expect(unreachable.stderr).not.toContain("test-key-not-real");
  });
});
