import { afterAll, describe, expect, it } from "vitest";
import type { FunctionsError } from "firebase/functions";
import type { InvocationRecord, NovaResult } from "nova-tools";
import { rawCall } from "../support/client";
import { parseInvocationLine } from "../../../scripts/traces/invocations";
import { pseudonym } from "../../../functions/src/trace/pseudonym";
import { agentExtractors, agentLoggingFilters } from "../../support/agent-ops";
import {
  extractedPath,
  logEntryOf,
  matchesLogQuery,
  parseLogQuery,
  pathsOf,
  valuesAt,
} from "../../support/logging-query";
import {
  CASES,
  KEY,
  caseNamed,
  expectCase,
  expectStreamed,
  lines,
  printTable,
  signOutAll,
  signedIn,
  streamed,
} from "../../support/nova-ask";

/**
 * nova_ask end to end, the way an operator's web app calls it: the Firebase JS SDK signs in as a
 * seeded user on the Auth emulator and calls the callable with httpsCallable (and `.stream()`). The
 * Nova codebase runs on the Functions emulator with agent/.env.local's model (a script model that
 * plays each seeded question's scenario; nova-ask-wire.test.ts serves the same scenarios through the
 * real Gemini plugin). Each result is checked against the ledger it returns with the validator, the
 * tools' traces are found by its invocationId, and exactly one invocation record is found per call,
 * in the suite's traces.jsonl (teed from the functions' stdout, as Cloud Logging would ingest it).
 */

const MODEL = "script/seeded";

afterAll(signOutAll);

const table: string[][] = [];

describe("nova_ask through the Firebase JS SDK", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const caller = await signedIn(c.as);
    const { data: result } = await caller.ask({ question: c.question });
    table.push(await expectCase(c, caller, result, MODEL));
  });

  it.each(["trend_scan", "never a valid answer"])(
    "streams %s's progress in order: the skill, each call with its code, each rejection, the fallback",
    async (name) => {
      const c = caseNamed(name);
      const caller = await signedIn(c.as);
      table.push(await expectStreamed(c, caller, await streamed(caller, c.question), MODEL));
    },
  );

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
    expect(found[0]).toMatchObject({ errorCode: "DEPENDENCY_UNAVAILABLE", delivered: null, model: MODEL });
    table.push(["model unavailable", "error (DEPENDENCY_UNAVAILABLE)", String(found[0]!.attempts), "-"]);
  });

  it("2,000 code points after trimming is accepted", async () => {
    const caller = await signedIn("viewer@acme.test");
    const { data } = await caller.ask({ question: `  ${"🙂".repeat(2000)}  ` });
    expect(data.validation.valid).toBe(true);
  });

  it("a non-ASCII question over raw HTTP, without the SDK, runs like any other and reaches no log line", async () => {
    const caller = await signedIn("viewer@acme.test");
    // Any question the seeded model does not know plays the trend_scan scenario.
    const c = {
      ...caseNamed("trend_scan"),
      name: "non-ASCII, raw HTTP",
      question: "Qu’est-ce qui est tendance ? 日本語 🔥 Ünïcödé",
    };
    const res = await rawCall(
      "nova_ask",
      { data: { question: c.question } },
      { authorization: `Bearer ${caller.token}` },
    );
    expect(res.status).toBe(200);
    table.push(await expectCase(c, caller, (res.body as { result: NovaResult }).result, MODEL));
    expect(lines().join("\n")).not.toContain("Ünïcödé");
  });

  afterAll(() => printTable(`nova_ask on ${MODEL}`, table));

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
