import { describe, expect, it } from "vitest";
import { collectEvidenceRefs, EnvelopeSchema, type Envelope } from "nova-contract";
import { loadCatalog } from "../../support/catalog";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import { invokeTool } from "../../../functions/src/runtime/invoke";
import { MemoryStore } from "../../../functions/src/store/memory";
import { MemoryTraceSink } from "../../../functions/src/trace/entry";
import { UNTRUSTED_NOTE } from "../../../functions/src/views/untrusted";
import { generateSeed } from "../../../scripts/seed/generate";

/**
 * Every tool over the whole seeded data set in a fixture store, through the one runtime path:
 * a fast check of read bounds and evidence links that needs no emulator (the emulator tests repeat
 * the important ones over the callable protocol).
 */
const seed = generateSeed();

function asStored(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(asStored);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStored(v)]));
  return value;
}

const store = new MemoryStore(
  Object.fromEntries(seed.docs.map((d) => [d.path, asStored(d.data) as Record<string, unknown>])),
);

const tools = loadCatalog();

async function call(tool: ToolDeclaration, uid: string, workspaceId: string | undefined, data: unknown) {
  const sink = new MemoryTraceSink();
  const env = await invokeTool(
    tool,
    { auth: { uid, claims: workspaceId ? { workspaceId } : {} }, data },
    { store, sink },
  );
  return { env, trace: sink.entries[0]!.trace };
}

const callers = seed.users.map((u) => ({ email: u.email, uid: u.uid, workspaceId: u.workspaceId }));
const cases = tools.flatMap((t) =>
  callers.flatMap((c) =>
    [...t.examples.valid, ...(t.examples.empty !== undefined ? [t.examples.empty] : [])].map(
      (input) => [t.name, c.email, input, t, c] as const,
    ),
  ),
);

describe("every tool on the seeded data, in a fixture store", () => {
  it.each(cases)(
    "%s as %s with %j: valid envelope, within its read bound, every evidence item cited",
    async (_n, _e, input, tool, caller) => {
      const { env, trace } = await call(tool, caller.uid, caller.workspaceId, input);
      expect(EnvelopeSchema.safeParse(env).success).toBe(true);
      expect(tool.maxReads, `${tool.name} declares maxReads`).toBeDefined();
      expect(trace.reads).toBeLessThanOrEqual(tool.maxReads! * Math.max(1, trace.attempts.length));
      if (env.status === "success")
        expect(new Set(env.evidence.map((e) => e.evidenceId))).toEqual(collectEvidenceRefs(env.data));
      for (const canary of seed.canaries) expect(JSON.stringify(env)).not.toContain(canary);
    },
  );

  it("the valid examples succeed for operator@acme.test, and the invalid ones answer their declared code", async () => {
    const op = callers.find((c) => c.email === "operator@acme.test")!;
    for (const tool of tools) {
      for (const input of tool.examples.valid) {
        const { env } = await call(tool, op.uid, op.workspaceId, input);
        expect(env.status, `${tool.name} ${JSON.stringify(input)}`).toBe("success");
      }
      for (const { input, code } of tool.examples.invalid) {
        const { env } = await call(tool, op.uid, op.workspaceId, input);
        expect(env.error?.code, `${tool.name} ${JSON.stringify(input)}`).toBe(code);
      }
    }
  });

  it("search reads nothing for a query without tokens and answers count 0", async () => {
    const search = tools.find((t) => t.name === "search_trend_signals")!;
    const { env, trace } = await call(search, "u-noclaim", undefined, { query: "!!! ?", limit: 5 });
    expect(env).toEqual({
      status: "success",
      data: { signals: [], count: 0 },
      error: null,
      evidence: [],
    } satisfies Envelope);
    expect(trace.reads).toBe(0);
  });
});

describe("the context contract", () => {
  it.each(tools.map((t) => [t.name, t] as const))(
    "%s tells the model that `untrusted` fields are third-party data",
    (_name, tool) => {
      expect(tool.description).toContain(UNTRUSTED_NOTE);
    },
  );

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s: no title or summary leaves outside an `untrusted` object",
    async (_name, tool) => {
      const op = callers.find((c) => c.email === "operator@acme.test")!;
      for (const input of tool.examples.valid) {
        const { env } = await call(tool, op.uid, op.workspaceId, input);
        const offenders: string[] = [];
        const walk = (value: unknown, path: string) => {
          if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
          else if (value !== null && typeof value === "object") {
            for (const [k, v] of Object.entries(value)) {
              if (k === "untrusted") continue;
              if (k === "title" || k === "summary") offenders.push(`${path}.${k}`);
              walk(v, `${path}.${k}`);
            }
          }
        };
        walk(env.data, "data");
        expect(offenders).toEqual([]);
      }
    },
  );
});
