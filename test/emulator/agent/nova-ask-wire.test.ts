import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadScriptRunner, type ProgressEvent, type ScriptRunner } from "nova-tools";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { GeminiWire } from "../../support/gemini-wire/server";
import {
  CASES,
  caseNamed,
  expectCase,
  expectStreamed,
  printTable,
  serveAgentWith,
  signOutAll,
  signedIn,
  streamed,
} from "../../support/nova-ask";
// @ts-expect-error: a plain JS module (the helpers script models use)
import { read } from "../../../eval/script.mjs";

/**
 * nova_ask served with a Gemini model: the Nova codebase on the Functions emulator loads the real
 * googleAI plugin (agent/src/index.ts) with agent/.env.local naming `googleai/...` and the Gemini
 * wire double's address, and the double, in this process on its configured port, answers from the
 * same scenario scripts the script model plays (agent/models/seeded.mjs). The calls are the
 * operator's web app's: the Firebase JS SDK, httpsCallable and `.stream()`. The double refuses and
 * records anything the real API documents as refused; each test fails on a refusal.
 */

const wire = new GeminiWire();
beforeAll(() => wire.start());
afterAll(async () => {
  await wire.stop();
  await signOutAll();
});
afterEach(() => expect(wire.takeRefusals()).toEqual([]));

/** While a streaming call is watched: what its caller holds, and the re-asks that found the rejection not yet there. */
let watching: { held: ProgressEvent[]; reasks: number; notYetHeld: number } | null = null;

/**
 * The seeded scenarios, and one more check while a stream is watched: a re-ask reaches the model
 * only once the caller holds the rejection that caused it (waited for up to 10 s, then counted as
 * not held), so the chunks are proven to travel while the invocation runs, not at its end.
 */
function watched(seeded: ScriptRunner): ScriptRunner {
  return async (request) => {
    const { reasks } = read(request) as { reasks: number };
    const w = watching;
    if (w && reasks > 0) {
      w.reasks++;
      const deadline = Date.now() + 10_000;
      const rejections = () => w.held.filter((c) => c.type === "answer_rejected").length;
      while (rejections() < reasks && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (rejections() < reasks) w.notYetHeld++;
    }
    return seeded(request);
  };
}

const MODELS: [string, string[]][] = [
  ["gemini-2.5-flash", CASES.map((c) => c.name)],
  // Gemini 3 asks for the answer with a response schema and sends thought signatures: the two happy paths that differ most.
  ["gemini-3-flash-preview", ["trend_scan", "another workspace's job id"]],
];

describe.each(MODELS)("nova_ask on googleai/%s through the real plugin, against the wire double", (name, cases) => {
  const model = `googleai/${name}`;
  const table: string[][] = [];
  let restore: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const seeded = await loadScriptRunner(join(REPO_ROOT, "agent", "models", "seeded.mjs"));
    restore = await serveAgentWith({
      NOVA_MODEL: model,
      NOVA_GEMINI_BASE_URL: wire.url,
      GEMINI_API_KEY: wire.keyFor(watched(seeded)),
    });
  });
  afterAll(async () => {
    await restore?.();
    printTable(`nova_ask on ${model} (wire double)`, table);
  });

  it.each(cases)("%s, with httpsCallable", async (caseName) => {
    const c = caseNamed(caseName);
    const caller = await signedIn(c.as);
    const before = wire.requests.length;
    const { data: result } = await caller.ask({ question: c.question });
    // The answer came through the plugin and over the wire, for this model.
    const sent = wire.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.provider === "googleai" && r.model === name && r.status === 200)).toBe(true);
    table.push(await expectCase(c, caller, result, model));
  });

  it.each(["trend_scan", "never a valid answer"])(
    "%s, with .stream(): each chunk in order, each rejection held by the caller before the model is asked again",
    async (caseName) => {
      const c = caseNamed(caseName);
      const caller = await signedIn(c.as);
      const w = (watching = { held: [], reasks: 0, notYetHeld: 0 });
      try {
        const call = await streamed(caller, c.question, w.held);
        expect(w.notYetHeld).toBe(0);
        // The fallback case's re-asks were all checked (three answers: two re-asks, with their turns).
        if (c.outcome === "fallback") expect(w.reasks).toBeGreaterThanOrEqual(2);
        table.push(await expectStreamed(c, caller, call, model));
      } finally {
        watching = null;
      }
    },
  );
});
