import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectFunctionsEmulator, getFunctions, httpsCallable, type FunctionsError } from "firebase/functions";
import { validateAnswer, type NovaResult, InvocationRecordSchema, type InvocationRecord } from "nova-tools";
import { PROJECT_ID, readPorts } from "../../../scripts/emulators/suite";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { parseTraceLine } from "../../../scripts/traces/entries";
import { parseInvocationLine } from "../../../scripts/traces/invocations";
import { pseudonym, pseudonymKey } from "../../../functions/src/trace/pseudonym";
import { agentExtractors, agentLoggingFilters } from "../../support/agent-ops";
import {
  extractedPath,
  logEntryOf,
  matchesLogQuery,
  parseLogQuery,
  pathsOf,
  valuesAt,
} from "../../support/logging-query";

/**
 * nova_ask end to end, the way an operator's web app calls it: the Firebase JS SDK signs in as a
 * seeded user on the Auth emulator and calls the callable with httpsCallable (and `.stream()`). The
 * Nova codebase runs on the Functions emulator with agent/.env.local's model (a script model that
 * plays each seeded question's scenario). Each result is checked against the ledger it returns with
 * the validator, the tools' traces are found by its invocationId, and exactly one invocation record
 * is found per call, in the suite's traces.jsonl (teed from the functions' stdout, as Cloud Logging
 * would ingest it).
 */

const ports = readPorts();
const TRACES = join(REPO_ROOT, ".emulators", "test", "traces.jsonl");
const PASSWORD = "nova-dev-pass";
const KEY = pseudonymKey({ NOVA_PSEUDONYM_KEY: process.env.NOVA_PSEUDONYM_KEY, GCLOUD_PROJECT: PROJECT_ID });
const apps: FirebaseApp[] = [];
let counter = 0;

async function signedIn(email: string | null) {
  const app = initializeApp(
    { projectId: PROJECT_ID, apiKey: "fake-api-key", appId: "nova-ask-test" },
    `ask-${++counter}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const user = email ? (await signInWithEmailAndPassword(auth, email, PASSWORD)).user : null;
  const functions = getFunctions(app, "us-central1");
  connectFunctionsEmulator(functions, "127.0.0.1", ports.functions);
  const claims = user ? (await user.getIdTokenResult()).claims : {};
  return {
    ask: httpsCallable<{ question: string; purpose?: string } | Record<string, unknown>, NovaResult, unknown>(
      functions,
      "nova_ask",
      { timeout: 120_000 },
    ),
    uid: user?.uid ?? null,
    workspace: typeof claims.workspaceId === "string" ? claims.workspaceId : null,
    token: user ? await user.getIdToken() : null,
  };
}

afterAll(async () => {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
});

function lines(): string[] {
  return existsSync(TRACES) ? readFileSync(TRACES, "utf8").split("\n") : [];
}

/** The entries of one invocation, once its record is in (stdout is teed asynchronously). */
async function entriesOf(invocationId: string, { records = 1 } = {}) {
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

interface Case {
  name: string;
  as: string;
  question: string;
  outcome: InvocationRecord["outcome"];
  skill: string;
  codes?: string[];
  refusedAtLeast?: number;
}

const CASES: Case[] = [
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

const table: string[][] = [];

describe("nova_ask through the Firebase JS SDK", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const caller = await signedIn(c.as);
    const { data: result } = await caller.ask({ question: c.question });

    // The result validates against the ledger it returns, and says which path it took.
    const verdict = validateAnswer(result.ledger, result.answer, "chat");
    expect(verdict.valid).toBe(true);
    expect(result.validation).toEqual({ valid: true, violations: [] });
    expect(result.fallback).toBe(c.outcome === "fallback");
    expect(result.ledger.invocationId).toBe(result.invocationId);
    expect(result.ledger.skillLoads).toEqual([c.skill]);
    const codes = result.ledger.calls.map((call) =>
      call.envelope.status === "success" ? "OK" : call.envelope.error.code,
    );
    if (c.codes) expect(codes).toEqual(c.codes);

    // The tools saw the caller's own identity and this invocation: their traces carry its id.
    const { records, calls } = await entriesOf(result.invocationId);
    expect(calls.map((t) => t.resultCode).sort()).toEqual([...codes].sort());
    for (const t of calls) {
      expect(t.caller).toBe(pseudonym("u", caller.uid!, KEY));
      expect(t.skill).toBe(c.skill);
    }

    // Exactly one invocation record, in its schema, with the ledger's calls and the same pseudonyms.
    expect(records).toHaveLength(1);
    const record = InvocationRecordSchema.parse(records[0]);
    expect(record.outcome).toBe(c.outcome);
    expect(record.skill).toBe(c.skill);
    expect(record.attempts).toBe(result.attempts);
    expect(record.calls.map((x) => x.code)).toEqual(codes);
    expect(record.caller).toBe(pseudonym("u", caller.uid!, KEY));
    expect(record.workspace).toBe(caller.workspace ? pseudonym("w", caller.workspace, KEY) : null);
    expect(record.delivered).toEqual({ valid: true, fallback: c.outcome === "fallback" });
    expect(record.model).toBe("script/seeded");
    if (c.refusedAtLeast) expect(record.refusedCalls.length).toBeGreaterThanOrEqual(c.refusedAtLeast);
    if (c.outcome === "fallback") expect(Object.keys(record.rejectedAnswers[0] ?? {})).toContain("mutation_claim");
    // Nothing of the conversation or the caller's credentials in it.
    const text = JSON.stringify(records[0]);
    expect(text).not.toContain(c.question);
    expect(text).not.toContain(result.answer.text);
    expect(text).not.toContain(caller.token!.slice(0, 40));
    expect(text).not.toContain(c.as);

    table.push([c.name, record.outcome, String(record.attempts), codes.join(",") || "-"]);
  });

  it("streams progress before the result: the skill, each call with its code, rejections, the fallback", async () => {
    const caller = await signedIn("operator@acme.test");
    const { stream, data } = await caller.ask.stream({ question: "Publish the post for job-nope-404." });
    const chunks: { type: string; [k: string]: unknown }[] = [];
    for await (const chunk of stream) chunks.push(chunk as { type: string });
    const result = await data;
    expect(chunks[0]).toEqual({ type: "skill_loaded", skill: "job_status" });
    expect(chunks.filter((c) => c.type === "tool_called")).toEqual([
      { type: "tool_called", seq: 1, tool: "get_job_status", code: "NOT_FOUND" },
    ]);
    const rejected = chunks.filter((c) => c.type === "answer_rejected");
    expect(rejected).toHaveLength(3);
    for (const r of rejected) expect(r.rules).toContain("mutation_claim");
    expect(chunks.at(-1)).toEqual({ type: "fallback" });
    expect(result.fallback).toBe(true);
    expect(validateAnswer(result.ledger, result.answer, "chat").valid).toBe(true);
    const { records } = await entriesOf(result.invocationId);
    expect(records).toHaveLength(1);
  });

  it("an unauthenticated call is UNAUTHENTICATED in the catalog shape, and runs nothing", async () => {
    const before = lines().map(parseInvocationLine).filter(Boolean).length;
    const anonymous = await signedIn(null);
    const err = (await anonymous.ask({ question: "What is trending?" }).catch((e: unknown) => e)) as FunctionsError;
    expect(err.code).toBe("functions/unauthenticated");
    expect(err.details).toEqual({
      code: "UNAUTHENTICATED",
      category: "authorization",
      message: "Sign in with a valid Firebase ID token to ask Nova.",
      retryable: false,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(lines().map(parseInvocationLine).filter(Boolean).length).toBe(before);
    table.push(["unauthenticated", "UNAUTHENTICATED (no invocation)", "0", "-"]);
  });

  it.each([
    ["a blank question", { question: "   " }, /question: question must be 1 to 2000 characters/],
    ["a question over 2,000 code points", { question: "🙂".repeat(2001) }, /question must be 1 to 2000/],
    ["an unknown key", { question: "What is trending?", workspaceId: "globex" }, /unknown key "workspaceId"/],
    ["no input", null, /expected object/],
  ])("%s is INVALID_ARGUMENT and runs nothing", async (_n, input, message) => {
    const before = lines().map(parseInvocationLine).filter(Boolean).length;
    const caller = await signedIn("viewer@acme.test");
    const err = (await caller.ask(input as never).catch((e: unknown) => e)) as FunctionsError;
    expect(err.code).toBe("functions/invalid-argument");
    expect(err.details).toMatchObject({ code: "INVALID_ARGUMENT", category: "validation", retryable: false });
    expect(err.message).toMatch(message);
    await new Promise((r) => setTimeout(r, 300));
    expect(lines().map(parseInvocationLine).filter(Boolean).length).toBe(before);
  });

  it("a model that is unavailable is DEPENDENCY_UNAVAILABLE for the caller, and one record with outcome error", async () => {
    const caller = await signedIn("viewer@acme.test");
    const err = (await caller
      .ask({ question: "Is the model down right now?" })
      .catch((e: unknown) => e)) as FunctionsError;
    expect(err.code).toBe("functions/unavailable");
    expect(err.details).toEqual({
      code: "DEPENDENCY_UNAVAILABLE",
      category: "dependency",
      message: "The model or the tools are unavailable right now; try again shortly.",
      retryable: true,
    });
    // The record is found by the caller's pseudonym and its outcome (the error carries no invocation id).
    const deadline = Date.now() + 10_000;
    let found: InvocationRecord[] = [];
    while (found.length === 0 && Date.now() < deadline) {
      found = lines()
        .map(parseInvocationLine)
        .filter((e) => e?.record.outcome === "error" && e.record.caller === pseudonym("u", caller.uid!, KEY))
        .map((e) => e!.record);
      if (found.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ errorCode: "DEPENDENCY_UNAVAILABLE", delivered: null, model: "script/seeded" });
    table.push(["model unavailable", "error (DEPENDENCY_UNAVAILABLE)", String(found[0]!.attempts), "-"]);
  });

  it("2,000 code points after trimming is accepted", async () => {
    const caller = await signedIn("viewer@acme.test");
    const { data } = await caller.ask({ question: `  ${"🙂".repeat(2000)}  ` });
    expect(data.validation.valid).toBe(true);
  });

  afterAll(() => {
    const widths = [0, 1, 2, 3].map((i) =>
      Math.max(...[["case", "outcome", "attempts", "calls"], ...table].map((r) => r[i]!.length)),
    );
    const fmt = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    process.stdout.write(`\n${[fmt(["case", "outcome", "attempts", "calls"]), ...table.map(fmt)].join("\n")}\n`);
  });

  // After every call above: the entries this run really wrote, as Cloud Logging stores them.
  describe("ops/agent against the records this run wrote", () => {
    const stored = () =>
      lines()
        .filter((l) => l.trim().startsWith("{"))
        .map((l) => logEntryOf(JSON.parse(l) as Record<string, unknown>));

    it("every field a filter names is in real records; each filter selects records only, and some", () => {
      const entries = stored();
      const records = entries.filter((e) => (e.jsonPayload as { outcome?: unknown }).outcome !== undefined);
      expect(records.length).toBeGreaterThanOrEqual(CASES.length);
      for (const { where, filter } of agentLoggingFilters()) {
        const q = parseLogQuery(filter);
        for (const path of pathsOf(q))
          expect(
            records.some((e) => valuesAt(e, path.split(".")).length > 0),
            `${where}: ${path}`,
          ).toBe(true);
        const selected = entries.filter((e) => matchesLogQuery(q, e));
        expect(
          selected.every((e) => (e.jsonPayload as { callId?: unknown }).callId === undefined),
          where,
        ).toBe(true);
        // The invalid-delivered alert must select nothing: no delivered answer failed validation.
        if (filter.includes("delivered.valid=false")) expect(selected, where).toEqual([]);
        else expect(selected.length, where).toBeGreaterThan(0);
      }
    });

    it("every extractor finds its value in the records it counts", () => {
      const records = stored().filter((e) => (e.jsonPayload as { outcome?: unknown }).outcome !== undefined);
      for (const { where, extractor } of agentExtractors()) {
        const path = extractedPath(extractor);
        expect(
          records.some((e) => valuesAt(e, path).length > 0),
          `${where}: ${extractor}`,
        ).toBe(true);
      }
    });
  });
});
