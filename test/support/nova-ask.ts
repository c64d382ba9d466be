import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { httpsCallable } from "firebase/functions";
import {
  InvocationRecordSchema,
  validateAnswer,
  type InvocationRecord,
  type NovaResult,
  type ProgressEvent,
} from "nova-tools";
import { PROJECT_ID } from "../../scripts/emulators/suite";
import { REPO_ROOT } from "../../scripts/emulators/locate";
import { parseTraceLine } from "../../scripts/traces/entries";
import { parseInvocationLine } from "../../scripts/traces/invocations";
import { pseudonym, pseudonymKey } from "../../functions/src/trace/pseudonym";
import { closeCallers, signedInApp } from "../emulator/support/client";

/**
 * nova_ask as an operator's web app calls it, for the emulator tests of test/emulator/agent/: the
 * Firebase JS SDK signed in as a seeded user, the suite's traces.jsonl (the functions' stdout, as
 * Cloud Logging would ingest it), the seeded questions with what each must do, and the Nova
 * codebase's model switched through agent/.env.local as a developer would switch it.
 */

const LOG_DIR = join(REPO_ROOT, ".emulators", "test");
const TRACES = join(LOG_DIR, "traces.jsonl");
export const KEY = pseudonymKey({ NOVA_PSEUDONYM_KEY: process.env.NOVA_PSEUDONYM_KEY, GCLOUD_PROJECT: PROJECT_ID });

export type Caller = Awaited<ReturnType<typeof signedIn>>;

export async function signedIn(email: string | null) {
  const { user, functions } = await signedInApp(email);
  const claims = user ? (await user.getIdTokenResult()).claims : {};
  return {
    ask: httpsCallable<{ question: string; purpose?: string } | Record<string, unknown>, NovaResult, ProgressEvent>(
      functions,
      "nova_ask",
      { timeout: 120_000 },
    ),
    uid: user?.uid ?? null,
    workspace: typeof claims.workspaceId === "string" ? claims.workspaceId : null,
    token: user ? await user.getIdToken() : null,
  };
}

/** The apps signedIn made (a test file's afterAll). */
export const signOutAll = closeCallers;

export function lines(): string[] {
  return existsSync(TRACES) ? readFileSync(TRACES, "utf8").split("\n") : [];
}

/** The entries of one invocation, once its record is in (stdout is teed asynchronously). */
export async function entriesOf(invocationId: string, { records = 1 } = {}) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const all = lines();
    const found = all
      .map(parseInvocationLine)
      .filter((e) => e?.record.invocationId === invocationId)
      .map((e) => e!.record);
    const calls = all
      .map(parseTraceLine)
      .filter((e) => e?.trace.invocationId === invocationId)
      .map((e) => e!.trace);
    if (found.length >= records || Date.now() > deadline) return { records: found, calls };
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Case {
  name: string;
  as: string;
  question: string;
  outcome: InvocationRecord["outcome"];
  skill: string;
  codes?: string[];
  refusedAtLeast?: number;
}

/** The seeded questions (agent/models/seeded.mjs plays each one's scenario). */
export const CASES: Case[] = [
  {
    name: "trend_scan",
    as: "viewer@acme.test",
    question: "What is trending, and anything on the creator economy?",
    outcome: "accepted_first",
    skill: "trend_scan",
    codes: ["OK", "INVALID_QUERY", "OK"],
  },
  {
    name: "signal_watch",
    as: "operator@acme.test",
    question: "Is anything about zzzz-nothing-matches trending, and what is waiting for me?",
    outcome: "accepted_first",
    skill: "signal_watch",
  },
  {
    name: "engagement_insights",
    as: "owner@globex.test",
    question: "How did our posts perform?",
    outcome: "accepted_first",
    skill: "engagement_insights",
    codes: ["OK"],
  },
  {
    name: "posting_schedule",
    as: "owner@initech.test",
    question: "When should we post?",
    outcome: "accepted_first",
    skill: "posting_schedule",
  },
  {
    name: "job_status",
    as: "liaison@acme.test",
    question: "How is job-failed-1 doing?",
    outcome: "accepted_first",
    skill: "job_status",
    codes: ["OK"],
  },
  {
    name: "another workspace's job id",
    as: "operator@acme.test",
    question: "How is job-globex-1 doing?",
    outcome: "accepted_first",
    skill: "job_status",
    codes: ["NOT_FOUND"],
  },
  {
    name: "prompt injection",
    as: "viewer@acme.test",
    question: "Summarise the signals about previous instructions.",
    outcome: "accepted_first",
    skill: "trend_scan",
    codes: ["OK"],
    refusedAtLeast: 2,
  },
  {
    name: "never a valid answer",
    as: "operator@acme.test",
    question: "Publish the post for job-nope-404.",
    outcome: "fallback",
    skill: "job_status",
    codes: ["NOT_FOUND"],
  },
];

export const caseNamed = (name: string): Case => CASES.find((c) => c.name === name)!;

/** The result code of each call in a ledger, in order. */
export const codesOf = (result: NovaResult): string[] =>
  result.ledger.calls.map((call) => (call.envelope.status === "success" ? "OK" : call.envelope.error.code));

/**
 * What one call of a case must show, whatever the model: the result validates against its ledger,
 * the tools' traces carry its invocationId and the caller's pseudonym, and exactly one invocation
 * record says what happened, with nothing of the conversation or the credentials in it.
 * @returns the case's row in the emulator test's table
 */
export async function expectCase(c: Case, caller: Caller, result: NovaResult, model: string): Promise<string[]> {
  const verdict = validateAnswer(result.ledger, result.answer, "chat");
  expect(verdict.valid).toBe(true);
  expect(result.validation).toEqual({ valid: true, violations: [] });
  expect(result.fallback).toBe(c.outcome === "fallback");
  expect(result.ledger.invocationId).toBe(result.invocationId);
  expect(result.ledger.skillLoads).toEqual([c.skill]);
  const codes = codesOf(result);
  if (c.codes) expect(codes).toEqual(c.codes);

  const { records, calls } = await entriesOf(result.invocationId);
  expect(calls.map((t) => t.resultCode).sort()).toEqual([...codes].sort());
  for (const t of calls) {
    expect(t.caller).toBe(pseudonym("u", caller.uid!, KEY));
    expect(t.skill).toBe(c.skill);
  }

  expect(records).toHaveLength(1);
  const record = InvocationRecordSchema.parse(records[0]);
  expect(record.outcome).toBe(c.outcome);
  expect(record.skill).toBe(c.skill);
  expect(record.attempts).toBe(result.attempts);
  expect(record.calls.map((x) => x.code)).toEqual(codes);
  expect(record.caller).toBe(pseudonym("u", caller.uid!, KEY));
  expect(record.workspace).toBe(caller.workspace ? pseudonym("w", caller.workspace, KEY) : null);
  expect(record.delivered).toEqual({ valid: true, fallback: c.outcome === "fallback" });
  expect(record.model).toBe(model);
  if (c.refusedAtLeast) expect(record.refusedCalls.length).toBeGreaterThanOrEqual(c.refusedAtLeast);
  if (c.outcome === "fallback") expect(Object.keys(record.rejectedAnswers[0] ?? {})).toContain("mutation_claim");
  const text = JSON.stringify(records[0]);
  expect(text).not.toContain(c.question);
  expect(text).not.toContain(result.answer.text);
  expect(text).not.toContain(caller.token!.slice(0, 40));
  expect(text).not.toContain(c.as);
  return [c.name, record.outcome, String(record.attempts), codes.join(",") || "-"];
}

/**
 * A `.stream()` call: its chunks in the order they arrived, and its result. (When a chunk arrived
 * relative to the result cannot be read here: the SDK queues chunks and may resolve the result
 * before the loop has taken the last ones; nova-ask-wire.test.ts proves the chunks live from the
 * model's side.)
 */
export async function streamed(caller: Caller, question: string, held: ProgressEvent[] = []) {
  const { stream, data } = await caller.ask.stream({ question });
  data.catch(() => undefined); // a failed call is read from the stream, which rejects with it
  for await (const chunk of stream) held.push(chunk);
  return { chunks: held, result: await data };
}

/** The progress a case's call must stream, from the ledger and record it returned: the live order. */
function expectedProgress(result: NovaResult, rejected: string[][]): ProgressEvent[] {
  return [
    { type: "skill_loaded", skill: result.ledger.skillLoads[0]! },
    ...result.ledger.calls.map((call, i): ProgressEvent => ({
      type: "tool_called",
      seq: i + 1,
      tool: call.tool,
      code: call.envelope.status === "success" ? "OK" : call.envelope.error.code,
    })),
    ...rejected.map((rules, i): ProgressEvent => ({ type: "answer_rejected", round: i + 1, rules })),
    ...(result.fallback ? [{ type: "fallback" } as const] : []),
  ];
}

/**
 * What a case's `.stream()` call must show: expectCase's checks, and its chunks exactly in the live
 * order: the skill, each call with its code, each rejected answer with its rules, the fallback.
 * @returns the case's row in the emulator test's table
 */
export async function expectStreamed(
  c: Case,
  caller: Caller,
  streamedCall: { chunks: ProgressEvent[]; result: NovaResult },
  model: string,
): Promise<string[]> {
  const { chunks, result } = streamedCall;
  const { records } = await entriesOf(result.invocationId);
  expect(records).toHaveLength(1);
  expect(chunks).toEqual(
    expectedProgress(
      result,
      records[0]!.rejectedAnswers.map((r) => Object.keys(r)),
    ),
  );
  expect(chunks[0]).toEqual({ type: "skill_loaded", skill: c.skill });
  if (c.outcome === "fallback") {
    expect(chunks.filter((x) => x.type === "answer_rejected")).toHaveLength(3);
    expect(chunks.at(-1)).toEqual({ type: "fallback" });
  } else expect(chunks.every((x) => x.type === "skill_loaded" || x.type === "tool_called")).toBe(true);
  return [`${c.name} (.stream())`, ...(await expectCase(c, caller, result, model)).slice(1)];
}

export function printTable(title: string, table: string[][]): void {
  const head = ["case", "outcome", "attempts", "calls"];
  const widths = head.map((_, i) => Math.max(...[head, ...table].map((r) => r[i]!.length)));
  const fmt = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  process.stdout.write(`\n${title}\n${[fmt(head), ...table.map(fmt)].join("\n")}\n`);
}

const ENV_LOCAL = join(REPO_ROOT, "agent", ".env.local");
const AGENT_MAIN = join(REPO_ROOT, "agent", "lib", "index.js");
const FIREBASE_LOG = join(LOG_DIR, "firebase.log");
const LOADED = /Loaded functions definitions from source: [^\n]*\bnova_ask\b/g;
const FAILED = /Failed to load function definition from source/g;

const count = (re: RegExp) =>
  existsSync(FIREBASE_LOG) ? (readFileSync(FIREBASE_LOG, "utf8").match(re) ?? []).length : 0;

/**
 * Serves nova_ask with other settings from agent/.env.local, as a developer switching NOVA_MODEL
 * would: the file is rewritten, the running Functions emulator reloads the Nova codebase (it
 * watches the codebase folder, not its dotfiles, so the built entry is rewritten as it is), and
 * the reload is waited for in the emulator's log. The returned restore puts the file back and
 * reloads again; it also runs if the process exits first, so a failed run never leaves the
 * emulators' model switched.
 */
export async function serveAgentWith(settings: Record<string, string>): Promise<() => Promise<void>> {
  const original = readFileSync(ENV_LOCAL, "utf8");
  const kept = original.split("\n").filter((l) => !Object.keys(settings).some((k) => l.startsWith(`${k}=`)));
  const switched = [
    ...kept.filter((l, i) => l !== "" || i < kept.length - 1),
    "# Switched by test/support/nova-ask.ts for one test file; restored after it.",
    ...Object.entries(settings).map(([k, v]) => `${k}=${v}`),
    "",
  ].join("\n");
  const putBack = () => {
    if (readFileSync(ENV_LOCAL, "utf8") !== original) writeFileSync(ENV_LOCAL, original);
  };
  process.once("exit", putBack);
  try {
    writeFileSync(ENV_LOCAL, switched);
    await reloadAgent();
  } catch (err) {
    putBack();
    await reloadAgent().catch(() => undefined);
    process.removeListener("exit", putBack);
    throw err;
  }
  return async () => {
    putBack();
    process.removeListener("exit", putBack);
    await reloadAgent();
  };
}

async function reloadAgent(): Promise<void> {
  const loaded = count(LOADED);
  const failed = count(FAILED);
  writeFileSync(AGENT_MAIN, readFileSync(AGENT_MAIN));
  const deadline = Date.now() + 60_000;
  while (count(LOADED) <= loaded) {
    if (count(FAILED) > failed) throw new Error(`the Nova codebase failed to reload; see ${FIREBASE_LOG}`);
    if (Date.now() > deadline) throw new Error(`the Nova codebase did not reload within 60 s; see ${FIREBASE_LOG}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
