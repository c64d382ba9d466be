import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { loadCatalog } from "../contracts/catalog";
import { contractHash } from "../contracts/declarations";
import {
  EMULATOR_BINDING,
  mergeRecords,
  readVerification,
  resultOf,
  stateOf,
  VERIFICATION_FILE,
  type ScenarioResult,
  type VerificationRecord,
} from "../contracts/states";
import { REPO_ROOT } from "../emulators/locate";
import { PROJECT_ID, startSuite, type RunningSuite } from "../emulators/suite";
import { DEV_PASSWORD } from "../seed/generate";
import { parseTraceLine, type TraceEntry } from "../traces/entries";
import { dependencyScenario } from "./dependency";
import { CALLERS, judgeCall, planCallable, scenarioResult, type PlannedCall } from "./scenarios";

const USAGE = `npm run verify -- --env emulator [--tool NAME ...]

Runs each tool's fixture scenarios (success, empty or not found, validation error, authorization
failure, dependency failure) against the environment's binding and records the result, with the
contract hash, in ${VERIFICATION_FILE}. It starts the emulator suite itself (the ports of
firebase.json must be free). Only the emulator can be verified from this repo.`;

const PASSWORD = DEV_PASSWORD;

interface Observed {
  readonly httpStatus: number;
  readonly envelope: unknown;
  readonly traceId: string;
}

/** ID tokens of the seeded users, signed in through the Auth emulator with the official client SDK. */
async function signIn(suite: RunningSuite, emails: readonly string[]): Promise<Map<string, string>> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: "fake-api-key", appId: "nova-verify" }, "nova-verify");
  try {
    const tokens = new Map<string, string>();
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://127.0.0.1:${suite.ports.auth}`, { disableWarnings: true });
    for (const email of emails) {
      const cred = await signInWithEmailAndPassword(auth, email, PASSWORD);
      tokens.set(email, await cred.user.getIdToken());
    }
    return tokens;
  } finally {
    await deleteApp(app);
  }
}

/**
 * One call over the callable protocol (POST {data}, Bearer ID token), with its own W3C trace id so
 * that its trace entry can be found and checked against the answer.
 */
async function callTool(
  suite: RunningSuite,
  tool: string,
  call: PlannedCall,
  tokens: Map<string, string>,
): Promise<Observed> {
  const traceId = randomBytes(16).toString("hex");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01`,
  };
  if (call.as) headers.authorization = `Bearer ${tokens.get(call.as)}`;
  const res = await fetch(`http://127.0.0.1:${suite.ports.functions}/${PROJECT_ID}/us-central1/${tool}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ data: call.input ?? null }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json().catch(() => null)) as { result?: unknown } | null;
  return { httpStatus: res.status, envelope: body?.result, traceId };
}

/** Waits for the trace entries of the given trace ids to reach the suite's traces file. */
async function tracesFor(
  file: string,
  traceIds: ReadonlySet<string>,
  timeoutMs = 15_000,
): Promise<Map<string, TraceEntry[]>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const byTrace = new Map<string, TraceEntry[]>();
    if (existsSync(file)) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        const entry = parseTraceLine(line);
        if (entry?.traceId && traceIds.has(entry.traceId))
          byTrace.set(entry.traceId, [...(byTrace.get(entry.traceId) ?? []), entry]);
      }
    }
    if (byTrace.size === traceIds.size || Date.now() > deadline) return byTrace;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function verifyOnEmulator(decls: readonly ToolDeclaration[]): Promise<VerificationRecord[]> {
  // The Functions emulator serves functions/lib: build it so the code verified is the code hashed.
  execFileSync(
    process.execPath,
    [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", join(REPO_ROOT, "functions")],
    { stdio: "inherit" },
  );
  const suite = await startSuite({ logDir: join(REPO_ROOT, ".emulators", "verify") });
  try {
    const tokens = await signIn(suite, Object.values(CALLERS));
    const planned = decls.map((decl) => ({ decl, scenarios: planCallable(decl) }));
    const observed = new Map<PlannedCall, Observed>();
    for (const { decl, scenarios } of planned) {
      for (const scenario of scenarios)
        for (const call of scenario.calls) observed.set(call, await callTool(suite, decl.name, call, tokens));
    }
    const traces = await tracesFor(suite.tracesFile, new Set([...observed.values()].map((o) => o.traceId)));
    const records: VerificationRecord[] = [];
    for (const { decl, scenarios } of planned) {
      const results: ScenarioResult[] = scenarios.map((scenario) => {
        const problems = scenario.calls.flatMap((call) => {
          const o = observed.get(call)!;
          return judgeCall(
            decl,
            call,
            { httpStatus: o.httpStatus, envelope: o.envelope, traces: traces.get(o.traceId) ?? [] },
            "mock",
          );
        });
        return scenarioResult(scenario, problems);
      });
      results.push(await dependencyScenario(decl));
      records.push({
        tool: decl.name,
        contractHash: contractHash(decl),
        environment: "emulator",
        binding: EMULATOR_BINDING,
        result: resultOf(results),
        at: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        scenarios: results,
      });
    }
    return records;
  } finally {
    await suite.stop();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      env: { type: "string" },
      tool: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.env !== "emulator") {
    process.stderr.write(
      values.env === "production"
        ? "Production cannot be verified from this repo: it needs a deployed project, test users in its Auth and credentials. A record made on the emulator never counts for production.\n"
        : `${USAGE}\n`,
    );
    return 2;
  }
  const all = loadCatalog();
  const unknown = (values.tool ?? []).filter((t) => !all.some((d) => d.name === t));
  if (unknown.length) {
    process.stderr.write(`unknown tool(s): ${unknown.join(", ")}\n`);
    return 2;
  }
  const decls = values.tool?.length ? all.filter((d) => values.tool!.includes(d.name)) : all;
  const records = await verifyOnEmulator(decls);
  const file = mergeRecords(readVerification(REPO_ROOT), records);
  writeFileSync(join(REPO_ROOT, VERIFICATION_FILE), `${JSON.stringify(file, null, 2)}\n`);
  for (const r of records) {
    const state = stateOf(
      r.tool,
      contractHash(decls.find((d) => d.name === r.tool)!),
      "emulator",
      EMULATOR_BINDING,
      file.records,
    );
    process.stdout.write(`${r.tool}: ${state.state}\n`);
    for (const s of r.scenarios)
      process.stdout.write(`  ${s.name.padEnd(13)} ${s.status.padEnd(14)} ${s.via.padEnd(10)} ${s.detail}\n`);
  }
  process.stdout.write(`recorded in ${VERIFICATION_FILE}\n`);
  return records.every((r) => r.result === "pass") ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
