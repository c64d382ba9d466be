import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { validate, type NovaResult } from "nova-tools";
import { ANSWER_VALID } from "../../../agent/src/answer-valid";
import { callerContext, type CallerContext } from "../../../scripts/agent/context";
import { PROJECT_ID, readPorts } from "../../../scripts/emulators/suite";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { parseTraceLine } from "../../../scripts/traces/entries";
import { pseudonym, pseudonymKey } from "../../../functions/src/trace/pseudonym";
import { DEV_RUNTIME, GenkitCli, cliProject, freePort, groupAlive, pidAlive } from "../../support/genkit-cli";

/**
 * nova_ask under the real Genkit CLI (genkit-cli, the version of genkit), against the emulator
 * suite: `genkit flow:run` and `genkit eval:flow` start the developer runtime (agent/src/dev.ts:
 * the callable's flow, agent/.env.local's script model, the tools on the Functions emulator) and
 * pass the caller in `--context` as onCallGenkit would, with a seeded user's ID token from the
 * Firebase JS SDK; `genkit start` serves the developer UI's API, which lists the flow and runs it.
 * Every CLI runs as its own process group, stopped by its id after each test, pass or fail.
 */

const ports = readPorts();
const TRACES = join(REPO_ROOT, ".emulators", "test", "traces.jsonl");
const DATASET = join(REPO_ROOT, "eval", "datasets", "nova_ask.json");
const KEY = pseudonymKey({ NOVA_PSEUDONYM_KEY: process.env.NOVA_PSEUDONYM_KEY, GCLOUD_PROJECT: PROJECT_ID });
const apps: FirebaseApp[] = [];
const running: GenkitCli[] = [];
const folders: string[] = [];

async function contextFor(email: string): Promise<CallerContext> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: "fake-api-key" }, `genkit-cli-${apps.length}`);
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(auth, email, "nova-dev-pass");
  const context = callerContext(await user.getIdToken());
  // The helper reads the claims the Auth emulator signed into the token, as the callable verifies them.
  expect(context.auth.uid).toBe(user.uid);
  expect(context.auth.token.workspaceId).toBe((await user.getIdTokenResult()).claims.workspaceId);
  return context;
}

function project() {
  const p = cliProject();
  folders.push(p.dir);
  return p;
}

function genkitCli(args: string[], p: { dir: string; env: NodeJS.ProcessEnv }): GenkitCli {
  const cli = new GenkitCli(args, p);
  running.push(cli);
  return cli;
}

/** The tools' call traces of one invocation (the suite tees the functions' stdout into traces.jsonl). */
async function toolTraces(invocationId: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = existsSync(TRACES) ? readFileSync(TRACES, "utf8").split("\n") : [];
    const calls = lines
      .map(parseTraceLine)
      .filter((e) => e?.trace.invocationId === invocationId)
      .map((e) => e!.trace);
    if (calls.length >= count || Date.now() > deadline) return calls;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const codesOf = (r: Pick<NovaResult, "ledger">) =>
  r.ledger.calls.map((c) => (c.envelope.status === "success" ? "OK" : c.envelope.error.code));

/** Every file the CLI left in its project folder, as text: where a token must never be. */
function stateText(dir: string): string {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : [readFileSync(join(d, e.name), "utf8")],
    );
  return walk(join(dir, ".genkit")).join("\n");
}

afterEach(async () => {
  const stopping = running.splice(0);
  await Promise.all(stopping.map((c) => c.stop()));
  for (const c of stopping) expect(groupAlive(c.pgid), `genkit group ${c.pgid}`).toBe(false);
});

afterAll(async () => {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("nova_ask under the Genkit CLI", () => {
  it("genkit flow:run runs the flow with the caller's context; the result validates against its ledger", async () => {
    const p = project();
    const context = await contextFor("operator@acme.test");
    const out = join(p.dir, "result.json");
    const question = "What is trending, and anything on the creator economy?";
    const cli = genkitCli(
      [
        "flow:run",
        "nova_ask",
        JSON.stringify({ question }),
        "--context",
        JSON.stringify(context),
        "--output",
        out,
        ...DEV_RUNTIME,
      ],
      p,
    );
    expect(await cli.finished(60_000), cli.output).toBe(0);
    expect(existsSync(out), cli.output).toBe(true);
    const result = JSON.parse(readFileSync(out, "utf8")) as NovaResult;

    expect(validate(result.ledger, result.answer, "chat")).toEqual({ valid: true, violations: [] });
    expect(result.validation).toEqual({ valid: true, violations: [] });
    expect(result.ledger.invocationId).toBe(result.invocationId);
    expect(result.ledger.skillLoads).toEqual(["trend_scan"]);
    expect(codesOf(result)).toEqual(["OK", "INVALID_QUERY", "OK"]);
    // The tools saw the caller's own token: their traces carry this invocation and the caller's pseudonym.
    const calls = await toolTraces(result.invocationId, 3);
    expect(calls.map((t) => t.resultCode)).toEqual(["OK", "INVALID_QUERY", "OK"]);
    for (const t of calls) expect(t.caller).toBe(pseudonym("u", context.auth.uid, KEY));
    expect(stateText(p.dir)).not.toContain(context.auth.rawToken);
  });

  it("genkit flow:run without a caller is UNAUTHENTICATED and writes no result", async () => {
    const p = project();
    const out = join(p.dir, "result.json");
    const cli = genkitCli(
      ["flow:run", "nova_ask", '{"question":"What is trending?"}', "--output", out, ...DEV_RUNTIME],
      p,
    );
    // genkit-cli logs a failed action and exits 0 (runWithManager): its output is the verdict.
    await cli.finished(60_000);
    expect(cli.output).toContain("Command exited with an Error");
    expect(cli.output).toContain("Sign in with a valid Firebase ID token to ask Nova.");
    expect(existsSync(out)).toBe(false);
  });

  it("genkit eval:flow scores each case with nova/answer_valid; eval:run fails a tampered answer", async () => {
    const p = project();
    const context = await contextFor("operator@acme.test");
    const results = join(p.dir, "eval.json");
    const cli = genkitCli(
      [
        "eval:flow",
        "nova_ask",
        "--input",
        DATASET,
        "--context",
        JSON.stringify(context),
        "--evaluators",
        ANSWER_VALID,
        "--force",
        "--output",
        results,
        ...DEV_RUNTIME,
      ],
      p,
    );
    expect(await cli.finished(75_000), cli.output).toBe(0);
    expect(existsSync(results), cli.output).toBe(true);
    interface Row {
      testCaseId: string;
      output: NovaResult;
      metrics: { evaluator: string; score: unknown; status: string; rationale: string }[];
    }
    const rows = JSON.parse(readFileSync(results, "utf8")) as Row[];
    const dataset = JSON.parse(readFileSync(DATASET, "utf8")) as { testCaseId: string }[];
    expect(rows.map((r) => r.testCaseId)).toEqual(dataset.map((d) => d.testCaseId));
    const want: Record<string, { skill: string; fallback: boolean }> = {
      trend_scan: { skill: "trend_scan", fallback: false },
      job_status: { skill: "job_status", fallback: false },
      never_valid_fallback: { skill: "job_status", fallback: true },
    };
    for (const row of rows) {
      expect(row.output.ledger.skillLoads, row.testCaseId).toEqual([want[row.testCaseId]!.skill]);
      expect(row.output.fallback, row.testCaseId).toBe(want[row.testCaseId]!.fallback);
      // The evaluator's verdict is the validator's: the test re-checks each output itself.
      expect(validate(row.output.ledger, row.output.answer, "chat").valid, row.testCaseId).toBe(true);
      expect(row.metrics, row.testCaseId).toEqual([
        expect.objectContaining({
          evaluator: `/evaluator/${ANSWER_VALID}`,
          score: true,
          status: "PASS",
          rationale: "the answer is valid against its ledger (chat)",
        }),
      ]);
    }
    expect(stateText(p.dir)).not.toContain(context.auth.rawToken);

    // The same evaluator on the same outputs, one answer citing evidence its ledger never returned.
    const first = rows[0]!.output;
    const forged = {
      ...first,
      answer: {
        ...first.answer,
        claims: [{ type: "story", text: "Invented.", evidenceIds: ["ev_notInThisLedger0000"] }],
      },
    };
    const tampered = join(p.dir, "tampered.json");
    writeFileSync(
      tampered,
      JSON.stringify([
        { testCaseId: "as_delivered", input: dataset[0], output: first },
        { testCaseId: "forged", input: dataset[0], output: forged },
      ]),
    );
    const rerun = join(p.dir, "rerun.json");
    const run = genkitCli(
      ["eval:run", tampered, "--evaluators", ANSWER_VALID, "--force", "--output", rerun, ...DEV_RUNTIME],
      p,
    );
    expect(await run.finished(60_000), run.output).toBe(0);
    const verdicts = (JSON.parse(readFileSync(rerun, "utf8")) as Row[]).map((r) => [
      r.testCaseId,
      r.metrics[0]!.status,
      r.metrics[0]!.rationale,
    ]);
    expect(verdicts).toEqual([
      ["as_delivered", "PASS", "the answer is valid against its ledger (chat)"],
      ["forged", "FAIL", expect.stringMatching(/^the flow reported valid=true; the answer breaks unknown_evidence/)],
    ]);
  });

  it("genkit start: the developer UI's API lists /flow/nova_ask and runs it; stopping it stops the runtime", async () => {
    const p = project();
    const context = await contextFor("viewer@acme.test");
    const port = await freePort();
    const cli = genkitCli(["start", "--port", String(port), ...DEV_RUNTIME], p);
    const ui = `http://127.0.0.1:${port}`;
    let actions: Record<string, unknown> = {};
    const deadline = Date.now() + 45_000;
    while (!actions["/flow/nova_ask"] && Date.now() < deadline) {
      const res = await fetch(`${ui}/api/listActions?input=${encodeURIComponent("{}")}`).catch(() => null);
      if (res?.ok) actions = ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
      else await new Promise((r) => setTimeout(r, 500));
    }
    expect(Object.keys(actions), cli.output).toEqual(
      expect.arrayContaining(["/flow/nova_ask", `/evaluator/${ANSWER_VALID}`]),
    );
    // The input's JSON Schema rides in the flow's metadata (flow.ts: Genkit's own input check is not
    // used), so the UI lists the schema there and no `inputSchema` of its own.
    const listed = actions["/flow/nova_ask"] as { inputSchema?: unknown; metadata?: { inputJsonSchema?: unknown } };
    expect(listed.metadata?.inputJsonSchema).toMatchObject({ required: ["question"], additionalProperties: false });
    expect(listed.inputSchema).toBeUndefined();

    // The runtime wrote its reflection server's address where the CLI finds runtimes.
    const runtimes = join(p.dir, ".genkit", "runtimes");
    const file = readdirSync(runtimes).find((f) => f.endsWith(".json"))!;
    const runtime = JSON.parse(readFileSync(join(runtimes, file), "utf8")) as {
      pid: number;
      reflectionServerUrl: string;
    };
    const reflected = (await (await fetch(`${runtime.reflectionServerUrl}/api/actions`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(reflected)).toContain("/flow/nova_ask");

    // What the UI's Run button sends: the flow's input and the context, through the UI's server.
    const res = await fetch(`${ui}/api/runAction`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key: "/flow/nova_ask", input: { question: "When should we post?" }, context }),
    });
    const { result } = (await res.json()) as { result: NovaResult };
    expect(validate(result.ledger, result.answer, "chat").valid).toBe(true);
    expect(result.ledger.skillLoads).toEqual(["posting_schedule"]);

    await cli.stop();
    expect(pidAlive(runtime.pid)).toBe(false);
  });
});
