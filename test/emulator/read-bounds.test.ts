import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../support/catalog";
import { REPO_ROOT } from "../../scripts/emulators/locate";
import { callerAs, closeCallers, rawCall } from "./support/client";

const tools = loadCatalog();
const LOG = join(REPO_ROOT, ".emulators", "test", "firebase.log");
const USERS = ["operator@acme.test", "multi@nova.test", "owner@initech.test", "owner@globex.test", "noclaim@nova.test"];
const tokens = new Map<string, string>();

beforeAll(async () => {
  for (const email of USERS) tokens.set(email, (await (await callerAs(email)).idToken())!);
});
afterAll(closeCallers);

interface TraceLine {
  invocationId?: string;
  tool?: string;
  reads?: number;
  attempts?: unknown[];
}

/** Trace entries in the log, keyed by invocation id (lines are `>  {json}` as firebase-tools relays them). */
function tracesById(): Map<string, TraceLine> {
  const byId = new Map<string, TraceLine>();
  for (const line of readFileSync(LOG, "utf8").split("\n")) {
    const start = line.indexOf("{");
    if (start < 0 || !line.includes('"invocationId"')) continue;
    try {
      const entry = JSON.parse(line.slice(start)) as TraceLine;
      if (entry.invocationId) byId.set(entry.invocationId, entry);
    } catch {
      // not a trace line
    }
  }
  return byId;
}

async function waitForTraces(ids: string[]): Promise<Map<string, TraceLine>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const byId = tracesById();
    if (ids.every((id) => byId.has(id)) || Date.now() > deadline) return byId;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("read bounds, from the traces of real calls", () => {
  it.each(tools.map((t) => [t.name, t] as const))("%s stays within its declared maxReads", async (_name, tool) => {
    expect(tool.maxReads, `${tool.name} must declare maxReads`).toBeGreaterThan(0);
    const inputs = [...tool.examples.valid, ...(tool.examples.empty !== undefined ? [tool.examples.empty] : [])];
    const calls: { id: string; email: string; input: unknown }[] = [];
    for (const email of USERS) {
      for (const input of inputs) {
        const id = `rb-${randomUUID().slice(0, 18)}`;
        const res = await rawCall(
          tool.name,
          { data: input },
          { authorization: `Bearer ${tokens.get(email)}`, "x-nova-invocation": id },
        );
        expect(res.status).toBe(200);
        calls.push({ id, email, input });
      }
    }
    const traces = await waitForTraces(calls.map((c) => c.id));
    let maxSeen = 0;
    for (const c of calls) {
      const t = traces.get(c.id);
      expect(t, `trace of ${tool.name} as ${c.email}`).toBeDefined();
      expect(t!.tool).toBe(tool.name);
      const attempts = Math.max(1, t!.attempts?.length ?? 1);
      expect(t!.reads!, `${tool.name} as ${c.email} with ${JSON.stringify(c.input)}`).toBeLessThanOrEqual(
        tool.maxReads! * attempts,
      );
      maxSeen = Math.max(maxSeen, t!.reads!);
    }
    // Reported so the numbers in docs/tools.md can be checked against what the seeded data costs.
    console.info(`${tool.name}: max reads seen ${maxSeen} of ${tool.maxReads} allowed`);
  });
});
