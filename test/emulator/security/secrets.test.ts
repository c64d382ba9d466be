import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { allExamples, asObject, idFields, loadCatalog, readManifest } from "../../support/catalog";
import { newInvocationId, pool, tracedCall, waitForTraces, type TracedCall } from "../../support/emulator-calls";
import { callerAs, closeCallers } from "../support/client";

/**
 * The emulator part of the secrets check: every tool called by every seeded user (and anonymously)
 * with all its examples and every seeded job id, through the Functions emulator. No envelope carries
 * a seeded canary, and the functions' log that the suite writes (.emulators/test/firebase.log, which
 * holds every emulator test file's calls up to this point) holds none either, once this file's own
 * calls are in it.
 */

const FUNCTIONS_LOG = join(REPO_ROOT, ".emulators", "test", "firebase.log");
const decls = loadCatalog();
const manifest = readManifest();
const CANARIES = manifest.canaries;
const startedAt = Date.now();
const tokens = new Map<string, string | null>();

beforeAll(async () => {
  for (const user of manifest.users) tokens.set(user.email, await (await callerAs(user.email)).idToken());
  tokens.set("anonymous", null);
});
afterAll(closeCallers);

function leaks(text: string): string[] {
  return CANARIES.filter((c) => text.includes(c));
}

describe("seeded canaries over the callable protocol", () => {
  const calls: TracedCall[] = [];

  it("never appear in an envelope, whoever calls which tool with what", async () => {
    const allJobIds = Object.values(manifest.perWorkspace).flatMap((p) => Object.values(p.jobsByState).flat());
    const tasks: (() => Promise<TracedCall>)[] = [];
    for (const decl of decls) {
      const inputs = allExamples(decl).map((e) => e.input);
      for (const field of idFields(decl))
        for (const id of allJobIds) inputs.push({ ...asObject(decl.examples.empty), [field]: id });
      for (const [who, token] of tokens)
        for (const input of inputs)
          tasks.push(() =>
            tracedCall(decl.name, input, token, newInvocationId(`secrets-${who.replace(/[^a-z]/g, "")}`)),
          );
    }
    calls.push(...(await pool(tasks, 8)));
    for (const c of calls) {
      expect(c.httpStatus).toBe(200);
      expect(c.envelope, JSON.stringify(c.body)).not.toBeNull();
      expect(leaks(JSON.stringify(c.body)), `${c.tool} ${c.invocationId}`).toEqual([]);
    }
    // The probes reached the canary-bearing jobs: some job reads succeeded.
    expect(calls.filter((c) => c.envelope?.status === "success").length).toBeGreaterThan(0);
  });

  it("never appear in the functions' log, which holds the trace of every call above", async () => {
    expect(calls.length).toBeGreaterThan(0);
    expect(existsSync(FUNCTIONS_LOG)).toBe(true);
    expect(statSync(FUNCTIONS_LOG).mtimeMs).toBeGreaterThanOrEqual(startedAt);
    // The emulator writes the log asynchronously: wait until every call above has its entry.
    const ids = calls.map((c) => c.invocationId);
    const traced = await waitForTraces(FUNCTIONS_LOG, ids, 30_000);
    expect(ids.filter((id) => !traced.has(id))).toEqual([]);
    const log = readFileSync(FUNCTIONS_LOG, "utf8");
    expect(leaks(log)).toEqual([]);
  });
});
