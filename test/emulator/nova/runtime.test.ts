import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { GenerateRequest } from "genkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../../../nova/src/client/auth";
import {
  geminiDeclarations,
  GEMINI_ANSWER_JSON_SCHEMA,
  quietGenkitLogs,
  runNova,
  untrustedStrings,
  type InvocationReport,
  type ScriptRunner,
} from "../../../nova/src/runtime";
import { TOOL_NAMES } from "../../../nova/src/tools";
import { readPorts } from "../../../scripts/emulators/suite";
import {
  loadScenarios,
  modelOn,
  runScenario,
  SCRIPT_TRANSPORT,
  transportName,
  type LoadedScenario,
  type Transport,
} from "../../../scripts/eval/scenarios";
import { GeminiWire } from "../../support/gemini-wire/server";
import { formatScorecard, runEval } from "../../../scripts/eval/run";
// @ts-expect-error: a plain JS module (the helpers script models use)
import { callTool, read, say, scripted, honestAnswer } from "../../../eval/script.mjs";

const ports = readPorts();
const hosts = { functionsUrl: `127.0.0.1:${ports.functions}`, authHost: `127.0.0.1:${ports.auth}` };

// The Gemini wire double, for every test of this file: started once, stopped by this file on every
// exit; a test fails on any request it refused (what the real API documents as refused).
const wire = new GeminiWire();
// Genkit's logger prints each failed model request with its stack; the assertions read the errors.
quietGenkitLogs();
beforeAll(() => wire.start());
afterAll(() => wire.stop());
afterEach(() => expect(wire.takeRefusals()).toEqual([]));

/**
 * Every runtime end-to-end test runs on these transports: the script model (Genkit's current
 * response form), and the real plugins against the wire double: both providers (Gemini API,
 * Vertex express) and both families (2.5: answer as JSON text; 3: structured output with tools).
 */
const WIRE_2_5: Transport = { kind: "gemini-wire", wire, provider: "googleai", model: "gemini-2.5-flash" };
const WIRE_3: Transport = { kind: "gemini-wire", wire, provider: "vertexai", model: "gemini-3-pro-preview" };
const TRANSPORTS: Transport[] = [SCRIPT_TRANSPORT, WIRE_2_5, WIRE_3];
/** The other two provider x family pairs, for the scenario sweep and the declaration check. */
const WIRE_OTHERS: Transport[] = [
  { kind: "gemini-wire", wire, provider: "vertexai", model: "gemini-2.5-flash" },
  { kind: "gemini-wire", wire, provider: "googleai", model: "gemini-3-pro-preview" },
];

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

/** Runs a script model through runNova on a transport, keeping every request the model was given. */
async function invoke(
  transport: Transport,
  runner: ScriptRunner,
  as: string,
  question = "question",
  extra: { maxReasks?: number } = {},
) {
  const requests: GenerateRequest[] = [];
  const { ai, model } = await modelOn(transport, (req) => {
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
  it("has one scenario per skill, the behaviours the issue lists and every model-side fault", () => {
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
      "structured_output",
      "undeclared_tool",
      "turn_limit",
      "finish_safety",
      "finish_max_tokens",
      "finish_recitation",
      "finish_malformed_function_call",
      "no_candidate",
      "model_rate_limited",
      "model_unavailable",
    ])
      expect(names).toContain(n);
  });
  for (const transport of [...TRANSPORTS, ...WIRE_OTHERS])
    describe(transportName(transport), () => {
      for (const s of plain) {
        it(`${s.scenario.name}: ${s.scenario.description}`, async () => {
          const run = await runScenario(s, { ...hosts, transport });
          expect(run.problems).toEqual([]);
          expect(run.outcome).toBe(s.scenario.expect.outcome);
          if (run.outcome === "error") {
            // A clear, short error of ours: the model and the HTTP status, no provider text, no stack.
            expect(run.result).toBeNull();
            expect(run.error).toMatch(/^the model \S+ failed with HTTP (429|503)/);
            expect(run.error).not.toMatch(/\n|scripted model fault|googleapis|wire-key/);
          } else expect(run.result!.validation.valid).toBe(true);
          if (transport.kind === "gemini-wire")
            expect(run.report.model).toBe(`${transport.provider}/${transport.model}`);
        });
      }
    });
});

/**
 * A published Gemini parameters schema as @genkit-ai/google-genai sends it (its toGeminiSchemaProperty,
 * common/converters.ts): types in Gemini's Type enum; description, enum, nullable, properties,
 * required and items kept; every other keyword dropped. Returns the converted schema.
 */
function asThePluginSends(schema: unknown): unknown {
  if (schema === undefined) return undefined;
  const s = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (s.description !== undefined) out.description = s.description;
  if (s.enum !== undefined) out.enum = s.enum;
  out.type = String(s.type).toUpperCase();
  if (s.type === "object") {
    out.properties = Object.fromEntries(
      Object.entries((s.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asThePluginSends(v)]),
    );
    if (s.required !== undefined) out.required = s.required;
  }
  if (s.type === "array") out.items = asThePluginSends(s.items);
  return out;
}

/** The keywords of a published schema the plugin does not carry: these must reach Gemini in words. */
function droppedKeywords(schema: unknown, at = ""): { at: string; keyword: string; description: string }[] {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as Record<string, unknown>;
  const kept = new Set(["type", "description", "enum", "nullable", "properties", "required", "items"]);
  const here = Object.keys(s)
    .filter((k) => !kept.has(k))
    .map((keyword) => ({ at, keyword, description: String(s.description ?? "") }));
  const nested = Object.entries((s.properties ?? {}) as Record<string, unknown>).flatMap(([k, v]) =>
    droppedKeywords(v, `${at}.${k}`),
  );
  return [...here, ...nested, ...droppedKeywords(s.items, `${at}[]`)];
}

describe("What each provider is offered, as the wire double recorded it", () => {
  for (const transport of [WIRE_2_5, WIRE_3, ...WIRE_OTHERS] as Extract<Transport, { kind: "gemini-wire" }>[])
    it(`${transportName(transport)}: the published Gemini declarations as sent; the answer asked for as the family allows`, async () => {
      const from = wire.requests.length;
      const s = (await loadScenarios(undefined, ["signal_watch"]))[0]!;
      const run = await runScenario(s, { ...hosts, transport });
      expect(run.problems).toEqual([]);
      const sent = wire.requests.slice(from);
      expect(sent.length).toBeGreaterThan(2);
      const published = geminiDeclarations();
      for (const r of sent) {
        expect(r.provider).toBe(transport.provider);
        const decls = (
          (r.body.tools as { functionDeclarations: Record<string, unknown>[] }[] | undefined) ?? []
        ).flatMap((t) => t.functionDeclarations);
        for (const d of decls) {
          if (d.name === "load_skill") continue;
          const p = published.get(d.name as never)!;
          expect(d.description).toBe(p.description);
          // No arguments: no parameters at all (never an OBJECT with empty properties).
          expect(d.parameters).toEqual(asThePluginSends(p.parameters));
          // What the plugin drops is stated in words: a range or a length in the property's description.
          for (const lost of droppedKeywords(p.parameters)) expect(lost.description).toMatch(/\d/);
        }
        const gc = (r.body.generationConfig ?? {}) as Record<string, unknown>;
        if (transport.model.startsWith("gemini-2.5")) {
          expect(gc.responseMimeType).toBeUndefined();
          expect(gc.responseJsonSchema).toBeUndefined();
        } else {
          expect(gc.responseMimeType).toBe("application/json");
          expect(gc.responseJsonSchema).toEqual(GEMINI_ANSWER_JSON_SCHEMA);
          expect(JSON.stringify(gc.responseJsonSchema)).not.toMatch(/"oneOf"|"const"/);
        }
      }
      // Every tool the skill offers was declared in some request, so each was compared.
      const names = new Set(
        sent.flatMap((r) =>
          ((r.body.tools as { functionDeclarations: { name: string }[] }[] | undefined) ?? []).flatMap((t) =>
            t.functionDeclarations.map((d) => d.name),
          ),
        ),
      );
      expect([...names].sort()).toEqual([
        "fetch_trend_signals",
        "get_operator_feed",
        "load_skill",
        "search_trend_signals",
      ]);
    });
});

describe.each(TRANSPORTS.map((t) => [transportName(t), t] as const))(
  "Nova on Genkit: exact semantics (%s)",
  (_name, transport) => {
    it("offers only load_skill first, then only the skill's tools; the ledger holds the functions' envelopes byte for byte", async () => {
      const { result, requests, http } = await invoke(
        transport,
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
      // The published declaration is what the model is offered, as generated: the strict one for a
      // script model; for Gemini, the published Gemini one as the plugin sends it (compared below).
      const offered = requests[1]!.tools!.find((t) => t.name === "fetch_trend_signals")!;
      if (transport.kind === "script") {
        const published = JSON.parse(readFileSync("contracts/strict/fetch_trend_signals.json", "utf8"));
        expect(offered.inputSchema).toEqual(published.input_schema);
      } else {
        const published = geminiDeclarations().get("fetch_trend_signals")!;
        expect(offered.description).toBe(published.description);
        expect(offered.inputSchema).toEqual(asThePluginSends(published.parameters));
      }
      expect(result.ledger.skillLoads).toEqual(["trend_scan"]);
      expect(http.length).toBe(result.ledger.calls.length);
      result.ledger.calls.forEach((call, i) => {
        expect(http[i]!.response).toBe(JSON.stringify({ result: call.envelope }));
        expect(JSON.parse(http[i]!.body)).toEqual({ data: call.args });
      });
    });

    it("serves many invocations, concurrent ones included, on one Genkit instance: the tools declared once, each ledger its own", async () => {
      // One model on one instance; each invocation's question says which skill it needs.
      const trends = scripted({ skill: "trend_scan", calls: [["fetch_trend_signals", { limit: 2 }]] });
      const insights = scripted({ skill: "engagement_insights", calls: [["get_engagement_insights", undefined]] });
      const { ai, model } = await modelOn(transport, (req) =>
        JSON.stringify(req.messages.find((m) => m.role === "user")?.content).includes("insights")
          ? insights(req)
          : trends(req),
      );
      const viewer = await signInWithPassword("viewer@acme.test", { authHost: hosts.authHost });
      const owner = await signInWithPassword("owner@globex.test", { authHost: hosts.authHost });
      const run = (question: string, idToken: string) =>
        runNova(ai, { question, model, idToken, functionsUrl: hosts.functionsUrl });
      const first = await run("trends?", viewer.idToken);
      const [a, b, c] = await Promise.all([
        run("trends?", viewer.idToken),
        run("insights?", owner.idToken),
        run("trends?", viewer.idToken),
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
      const { result, requests } = await invoke(
        transport,
        scripted({ skill: "trend_scan", calls: bad }),
        "viewer@acme.test",
      );
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
        transport,
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
      const a = await invoke(transport, runner, "operator@acme.test");
      const b = await invoke(transport, runner, "operator@acme.test");
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
      const { result, requests, report } = await invoke(transport, runner, "operator@acme.test", "q", { maxReasks: 1 });
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
      const { result, report } = await invoke(transport, runner, "viewer@acme.test");
      expect(report.rejected[0]!.map((v) => v.rule)).toContain("malformed_answer");
      expect(result.attempts).toBe(2);
      expect(result.fallback).toBe(false);
    });
  },
);

describe("npm run eval's scorecard", () => {
  it("scores the scripted scenarios, and a --model run with --repeat (a script model standing in for the real one)", async () => {
    const scripts = await runEval(hosts, { only: ["job_status", "mutation_claim", "never_valid"] });
    expect(scripts.scenarios.map((s) => [s.name, s.counts, s.passes])).toEqual([
      ["job_status", { accepted_first: 1, accepted_after_reask: 0, fallback: 0, error: 0 }, 1],
      ["mutation_claim", { accepted_first: 0, accepted_after_reask: 1, fallback: 0, error: 0 }, 1],
      ["never_valid", { accepted_first: 0, accepted_after_reask: 0, fallback: 1, error: 0 }, 1],
    ]);
    expect(formatScorecard(scripts)).toMatch(/mutation_claim\s+0\s+1\s+0\s+0\s+0\s+0\s+mutation_claim\s+1\/1/);
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

/** `nova-tools ask` as a child process on the emulators: the command and its environment. */
const ASK_COMMAND = ["nova/bin/nova-tools.js", "ask"];
const askEnv = (env: Record<string, string>) => ({
  ...process.env,
  NOVA_FUNCTIONS_URL: hosts.functionsUrl,
  FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
  ...env,
});

describe("npx nova-tools ask", () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [...ASK_COMMAND, ...args], { encoding: "utf8", env: askEnv(env) });

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

describe("npx nova-tools ask through the real Gemini plugin (the wire double)", () => {
  /** The command as a child process, asynchronously: the wire double in this process answers it. */
  const ask = (args: string[], env: Record<string, string>) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [...ASK_COMMAND, ...args],
        { encoding: "utf8", env: askEnv(env) },
        (_err, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
      );
    });

  it("loads the googleai plugin with one genkit and answers: exit 0; a model HTTP error: exit 2, a short message, no stack", async () => {
    const loaded = await loadScenarios(undefined, ["job_status", "model_rate_limited"]);
    const jobStatus = loaded.find((s) => s.scenario.name === "job_status")!;
    const limited = loaded.find((s) => s.scenario.name === "model_rate_limited")!;
    const ok = await wire.model(jobStatus.runner, "googleai", "gemini-2.5-flash");
    const from = wire.requests.length;
    const res = await ask(
      ["How is job-failed-1?", "--as", "liaison@acme.test", "--model", "googleai/gemini-2.5-flash"],
      {
        GEMINI_API_KEY: ok.key,
        NOVA_GEMINI_BASE_URL: wire.url,
      },
    );
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ attempts: 1, fallback: false, validation: { valid: true } });
    expect(wire.requests.length).toBeGreaterThan(from);
    const bad = await wire.model(limited.runner, "googleai", "gemini-2.5-flash");
    const err = await ask(["What is trending?", "--as", "viewer@acme.test", "--model", "googleai/gemini-2.5-flash"], {
      GEMINI_API_KEY: bad.key,
      NOVA_GEMINI_BASE_URL: wire.url,
    });
    expect(err.status).toBe(2);
    expect(err.stdout).toBe("");
    expect(err.stderr).toMatch(
      /no invocation could run: the model googleai\/gemini-2\.5-flash failed with HTTP 429 \(RESOURCE_EXHAUSTED\)/,
    );
    expect(err.stderr).not.toMatch(/\n\s+at |scripted model fault|wire-key|Error fetching/);
  });

  it("refuses a model endpoint that is not loopback (NOVA_GEMINI_BASE_URL names only the wire double)", async () => {
    const res = await ask(["q", "--as", "liaison@acme.test", "--model", "googleai/gemini-2.5-flash"], {
      GEMINI_API_KEY: "k",
      NOVA_GEMINI_BASE_URL: "https://example.com",
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/NOVA_GEMINI_BASE_URL must be a loopback http URL/);
  });
});
