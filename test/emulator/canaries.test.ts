import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "nova-contract";
import { loadCatalog } from "../support/catalog";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { REPO_ROOT } from "../../scripts/emulators/locate";
import { callerAs, closeCallers, type Caller } from "./support/client";

/**
 * No canary planted in a server-only field may reach any envelope: every tool in the catalog, every
 * seeded user, every example input the declaration carries (valid and empty; the invalid ones once,
 * as they are refused before any read). Arguments come from the declarations' own `examples`, so a
 * seventh tool is swept without editing this file.
 */
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "emulator-data", "seed-manifest.json"), "utf8")) as {
  canaries: string[];
  users: { email: string }[];
};

const tools = loadCatalog();
const emails = manifest.users.map((u) => u.email);
const callers = new Map<string, Caller>();

beforeAll(async () => {
  for (const [email, caller] of await Promise.all(emails.map(async (e) => [e, await callerAs(e)] as const)))
    callers.set(email, caller);
});
afterAll(closeCallers);

/** Inputs that reach the data: the valid examples and the empty one. */
function dataInputsOf(tool: ToolDeclaration): unknown[] {
  return [...tool.examples.valid, ...(tool.examples.empty !== undefined ? [tool.examples.empty] : [])];
}

function leaks(env: Envelope): string[] {
  const text = JSON.stringify(env);
  return manifest.canaries.filter((c) => text.includes(c)).concat(/CANARY-/.test(text) ? ["CANARY- prefix"] : []);
}

describe("canaries", () => {
  it("the manifest lists canaries and users, and the catalog has tools with examples", () => {
    expect(manifest.canaries.length).toBeGreaterThan(0);
    expect(emails.length).toBeGreaterThan(5);
    expect(tools.length).toBeGreaterThanOrEqual(6);
    for (const t of tools) expect(t.examples.valid.length, t.name).toBeGreaterThan(0);
  });

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s: no canary in any envelope, for every seeded user and example input",
    async (_name, tool) => {
      const found: string[] = [];
      let successes = 0;
      const check = async (email: string, input: unknown) => {
        const env = await callers.get(email)!.call(tool.name, input);
        if (env.status === "success") successes++;
        for (const leak of leaks(env)) found.push(`${email} ${JSON.stringify(input)}: ${leak}`);
      };
      // One call at a time: concurrent calls make the Functions emulator cold-start a worker each.
      for (const email of emails) for (const input of dataInputsOf(tool)) await check(email, input);
      // Refused inputs never reach a read; once per tool, as a signed-in member, is enough.
      for (const { input } of tool.examples.invalid) await check("operator@acme.test", input);
      expect(found).toEqual([]);
      // The sweep must reach real data, not only refusals, or it proves nothing.
      expect(successes).toBeGreaterThan(0);
    },
  );

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s: every valid example succeeds for operator@acme.test",
    async (_name, tool) => {
      for (const input of tool.examples.valid) {
        const env = await callers.get("operator@acme.test")!.call(tool.name, input);
        expect(env.status, `${tool.name} ${JSON.stringify(input)}: ${env.error?.code}`).toBe("success");
      }
    },
  );

  it("no canary reached the functions' log either (one trace line per call lands there)", () => {
    const log = readFileSync(join(REPO_ROOT, ".emulators", "test", "firebase.log"), "utf8");
    expect(log.length).toBeGreaterThan(0);
    expect(manifest.canaries.filter((c) => log.includes(c))).toEqual([]);
  });
});
