import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CATALOG } from "nova-contract";
import { defineTool, type ToolDeclaration } from "../../../functions/src/runtime/declaration";
import { invokeTool } from "../../../functions/src/runtime/invoke";
import { MemoryStore } from "../../../functions/src/store/memory";
import { MemoryTraceSink } from "../../../functions/src/trace/entry";
import { loadCatalog } from "../../../scripts/contracts/catalog";
import { strictDeclaration } from "../../../scripts/contracts/declarations";
import { corpusFor, isAstralItem } from "./corpus";

/**
 * The strict declaration a model reads and the server's own check must give the same verdict on
 * every input: what the declaration accepts the server accepts, what it refuses the server refuses
 * with a validation code. The declaration is checked by Ajv (a JSON Schema 2020-12 validator, strict
 * mode); the server by invokeTool, the one path every call takes.
 */

const tools = loadCatalog();
// Formats are annotations here: zod publishes a `pattern` beside each format, and Ajv checks that.
const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });

const UID = "u-agreement";
const WS = "acme";

/** The server's verdict: refused when it answers a validation-category code, accepted otherwise. */
async function serverAccepts(decl: ToolDeclaration, input: unknown): Promise<{ accepted: boolean; code: string }> {
  const store = new MemoryStore({ [`workspaces/${WS}/members/${UID}`]: { role: "operator" } });
  const env = await invokeTool(
    decl,
    { auth: { uid: UID, claims: { workspaceId: WS } }, data: input },
    { store, sink: new MemoryTraceSink() },
  );
  const code = env.status === "success" ? "OK" : env.error.code;
  return { accepted: env.status === "success" || ERROR_CATALOG[env.error.code].category !== "validation", code };
}

/**
 * The one asymmetry allowed: a tool without arguments declares `{}` only (an object root, which
 * every agent library needs) while the server keeps accepting `null` from older clients. A model
 * that follows the declaration never sends null, so nothing it sends is refused.
 */
function isAcceptedNull(decl: ToolDeclaration, input: unknown, declared: boolean, server: boolean): boolean {
  const props = (strictDeclaration(decl).input_schema.properties as object | undefined) ?? {};
  return input === null && Object.keys(props).length === 0 && !declared && server;
}

/** The whole check for one tool: the disagreements between declaration and server on its corpus. */
async function disagreementsOf(
  decl: ToolDeclaration,
): Promise<{ disagreements: string[]; accepted: number; total: number; astral: number }> {
  const declaration = strictDeclaration(decl);
  const validate = ajv.compile(declaration.input_schema);
  const corpus = corpusFor(decl, declaration.input_schema);
  const disagreements: string[] = [];
  let accepted = 0;
  for (const item of corpus) {
    const declared = validate(item.input) as boolean;
    const server = await serverAccepts(decl, item.input);
    if (declared !== server.accepted && !isAcceptedNull(decl, item.input, declared, server.accepted)) {
      disagreements.push(`${item.label}: declaration ${declared ? "accepts" : "refuses"}, server ${server.code}`);
    }
    if (server.accepted) accepted++;
  }
  return { disagreements, accepted, total: corpus.length, astral: corpus.filter(isAstralItem).length };
}

describe.each(tools.map((t) => [t.name, t] as const))("%s: strict declaration and server agree", (_name, decl) => {
  const declaration = strictDeclaration(decl);
  const validate = ajv.compile(declaration.input_schema);

  it("on the examples and schema-steered mutations", async () => {
    const { disagreements, accepted, total, astral } = await disagreementsOf(decl);
    expect(disagreements).toEqual([]);
    console.info(
      `agreement ${decl.name} Ajv(strict): ${total - disagreements.length}/${total} (astral inputs ${astral})`,
    );
    // Both verdicts are exercised, or the agreement would be vacuous.
    expect(accepted).toBeGreaterThanOrEqual(decl.examples.valid.length);
    expect(total - accepted).toBeGreaterThanOrEqual(decl.examples.invalid.length);
    expect(total).toBeGreaterThan(20);
  });

  it("every example is judged as the declaration says: valid accepted, invalid refused with its code", async () => {
    for (const v of decl.examples.valid) {
      expect((await serverAccepts(decl, v)).accepted).toBe(true);
      expect(validate(v) || isAcceptedNull(decl, v, false, true)).toBe(true);
    }
    for (const { input, code } of decl.examples.invalid) {
      expect(validate(input)).toBe(false);
      expect((await serverAccepts(decl, input)).code).toBe(code);
    }
  });

  it("on arbitrary JSON, and on the valid example with arbitrary values and keys", async () => {
    const base = decl.examples.valid.find((v) => v !== null && typeof v === "object") as
      Record<string, unknown> | undefined;
    const keys = Object.keys(base ?? {});
    const mutated = fc
      .tuple(
        fc.dictionary(fc.constantFrom(...keys, "extra", "workspaceId"), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.boolean(),
      )
      .map(([changes, keepBase]) => ({ ...(keepBase ? base : {}), ...changes }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), mutated), async (input) => {
        const declared = validate(input) as boolean;
        const server = await serverAccepts(decl, input);
        if (isAcceptedNull(decl, input, declared, server.accepted)) return;
        expect({ input, declared }).toEqual({ input, declared: server.accepted });
      }),
      { numRuns: 300 },
    );
  });
});

describe("the agreement check itself", () => {
  it("finds a server-only rule the declaration cannot say (a refine), so it can fail", async () => {
    const drifting = defineTool({
      name: "drifting_tool",
      description: "A tool whose server check is stricter than its JSON Schema.",
      // JSON Schema sees minLength 1; the refine also refuses blank text, which only zod knows.
      input: z.strictObject({
        q: z
          .string()
          .min(1)
          .refine((s) => s.trim().length > 0),
      }),
      output: z.strictObject({}),
      scope: "public",
      budgetMs: 1_000,
      errors: ["DEPENDENCY_UNAVAILABLE"],
      examples: { valid: [{ q: "ok" }], invalid: [{ input: { q: "" }, code: "INVALID_ARGUMENT" }] },
      run: async () => ({}),
    });
    const { disagreements } = await disagreementsOf(drifting);
    expect(disagreements.length).toBeGreaterThan(0);
    expect(disagreements.join("\n")).toMatch(/q = " ": declaration accepts, server INVALID_ARGUMENT/);
  });
});
