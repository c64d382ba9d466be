import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { canonicalJson } from "nova-contract";
import { defineTool } from "../../../functions/src/runtime/declaration";
import { loadCatalog } from "../../../scripts/contracts/catalog";
import {
  ContractError,
  contractHash,
  contractMaterial,
  geminiDeclaration,
  hashMaterial,
  strictDeclaration,
  type JsonSchema,
} from "../../../scripts/contracts/declarations";
import { expectedFiles, isFresh, manifestOf, staleness } from "../../../scripts/contracts/files";

const ROOT = resolve(__dirname, "..", "..", "..");
const tools = loadCatalog();

/** Every subschema with its path, for whole-tree checks. */
function* subschemas(s: JsonSchema, at = "#"): Generator<[JsonSchema, string]> {
  yield [s, at];
  for (const [k, v] of Object.entries((s.properties as Record<string, JsonSchema>) ?? {}))
    yield* subschemas(v, `${at}/properties/${k}`);
  if (s.items && typeof s.items === "object") yield* subschemas(s.items as JsonSchema, `${at}/items`);
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const [i, v] of ((s[key] as JsonSchema[]) ?? []).entries()) yield* subschemas(v, `${at}/${key}/${i}`);
}

/** Every regex a zod schema checks strings with, and where (objects, unions, wrappers, arrays). */
function* serverPatterns(schema: z.ZodType, at = "#"): Generator<[RegExp, string]> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === "string") {
    for (const check of (def.checks as { _zod: { def: { pattern?: unknown } } }[] | undefined) ?? []) {
      if (check._zod.def.pattern instanceof RegExp) yield [check._zod.def.pattern, at];
    }
  }
  if (def.type === "object")
    for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) yield* serverPatterns(v, `${at}/${k}`);
  if (def.type === "union")
    for (const [i, o] of (def.options as z.ZodType[]).entries()) yield* serverPatterns(o, `${at}|${i}`);
  if (def.type === "array") yield* serverPatterns(def.element as z.ZodType, `${at}[]`);
  if (def.innerType) yield* serverPatterns(def.innerType as z.ZodType, at);
}

const GEMINI_KEYS = new Set([
  "type",
  "description",
  "properties",
  "required",
  "enum",
  "items",
  "format",
  "nullable",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "pattern",
]);

describe("the committed contracts are what the declarations generate", () => {
  it("contracts/ and docs/contracts.md are fresh (run `npm run contracts:generate` when this fails)", () => {
    const s = staleness(ROOT, expectedFiles(tools));
    expect(s).toEqual({ missing: [], changed: [], extra: [] });
  });

  it("the staleness check sees a changed, a missing and a leftover file", () => {
    const root = mkdtempSync(join(tmpdir(), "nova-contracts-"));
    try {
      const expected = expectedFiles(tools);
      cpSync(join(ROOT, "contracts"), join(root, "contracts"), { recursive: true });
      cpSync(join(ROOT, "docs", "contracts.md"), join(root, "docs", "contracts.md"));
      expect(isFresh(staleness(root, expected))).toBe(true);
      const [first] = tools;
      writeFileSync(join(root, "contracts", "strict", `${first!.name}.json`), "{}\n");
      rmSync(join(root, "docs", "contracts.md"));
      writeFileSync(join(root, "contracts", "gemini", "retired_tool.json"), "{}\n");
      expect(staleness(root, expected)).toEqual({
        missing: ["docs/contracts.md"],
        changed: [`contracts/strict/${first!.name}.json`],
        extra: ["contracts/gemini/retired_tool.json"],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("generation is deterministic and names every catalog tool", () => {
    const a = expectedFiles(loadCatalog());
    const b = expectedFiles(loadCatalog());
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect(Object.keys(manifestOf(tools).tools)).toEqual(tools.map((t) => t.name));
  });
});

describe.each(tools.map((t) => [t.name, t] as const))("%s declarations", (_name, decl) => {
  it("strict: one closed object at the root, no $schema key, every object closed, examples attached", () => {
    const d = strictDeclaration(decl);
    expect(d.name).toBe(decl.name);
    expect(d.description).toBe(decl.description);
    for (const schema of [d.input_schema, d.output_schema]) {
      expect(schema).not.toHaveProperty("$schema");
      expect(schema.type).toBe("object");
      expect(schema).not.toHaveProperty("anyOf");
      for (const [s, at] of subschemas(schema)) {
        if (s.type === "object" || s.properties)
          expect({ at, additionalProperties: s.additionalProperties }).toEqual({ at, additionalProperties: false });
      }
    }
    expect(d.input_schema.examples).toEqual(decl.examples.valid.filter((v) => v !== null));
  });

  it("a tool without arguments declares exactly an object with no properties and no additional ones", () => {
    const { examples: _examples, ...input } = strictDeclaration(decl).input_schema;
    if (Object.keys((input.properties as object | undefined) ?? {}).length > 0) return;
    expect(input).toEqual({ type: "object", properties: {}, additionalProperties: false });
  });

  it("string lengths count code points on both sides: no minLength/maxLength zod would count in UTF-16, every regex with the u flag", () => {
    for (const [s, at] of subschemas(strictDeclaration(decl).input_schema)) {
      expect({ at, minLength: s.minLength, maxLength: s.maxLength }).toEqual({
        at,
        minLength: undefined,
        maxLength: undefined,
      });
    }
    for (const [pattern, at] of serverPatterns(decl.input))
      expect({ at, flags: pattern.flags }).toEqual({ at, flags: expect.stringContaining("u") });
  });

  it("Gemini: the description says that no other argument is accepted", () => {
    const g = geminiDeclaration(decl);
    expect(g.description.startsWith(decl.description)).toBe(true);
    expect(g.description).toMatch(
      g.parameters ? /no other argument is accepted/ : /takes no arguments.*any argument is refused/,
    );
  });

  it("Gemini: only the subset's keywords, no additionalProperties, no unions", () => {
    const g = geminiDeclaration(decl);
    expect(Object.keys(g).sort()).toEqual(
      g.parameters ? ["description", "name", "parameters"] : ["description", "name"],
    );
    if (!g.parameters) return;
    expect(g.parameters.type).toBe("object");
    for (const [s, at] of subschemas(g.parameters)) {
      for (const key of Object.keys(s))
        expect({ at, key, allowed: GEMINI_KEYS.has(key) }).toEqual({ at, key, allowed: true });
      expect(typeof s.type).toBe("string");
    }
  });

  it("a tool that takes no arguments has no Gemini parameters; one that does lists them all", () => {
    const g = geminiDeclaration(decl);
    const strictProps = Object.keys(((strictDeclaration(decl).input_schema.properties as object) ?? {}) as object);
    if (strictProps.length === 0) expect(g.parameters).toBeUndefined();
    else expect(Object.keys(g.parameters!.properties as object)).toEqual(strictProps);
  });
});

const tool = (input: z.ZodType, example: unknown) =>
  defineTool({
    name: "shape_tool",
    description: "A tool to check conversions.",
    input,
    output: z.strictObject({ n: z.number() }),
    scope: "public",
    budgetMs: 1_000,
    errors: ["DEPENDENCY_UNAVAILABLE"],
    examples: { valid: [example as never], invalid: [] },
    run: async () => ({ n: 1 }),
  });

describe("conversions", () => {
  it("turns `X | null` into nullable, const into a one-value enum, and says exclusive bounds in words", () => {
    const g = geminiDeclaration(
      tool(
        z.strictObject({
          when: z.iso.datetime().nullable(),
          mode: z.literal("fast"),
          count: z.number().int().gt(0).lt(11),
          ratio: z.number().gt(0),
          tags: z.array(z.string()).max(3).optional(),
        }),
        { when: null, mode: "fast", count: 1, ratio: 0.5 },
      ),
    );
    const p = g.parameters!.properties as Record<string, JsonSchema>;
    expect(p.when).toMatchObject({ type: "string", nullable: true, format: "date-time" });
    expect(p.mode).toEqual({ type: "string", enum: ["fast"] });
    expect(p.count).toEqual({ type: "integer", minimum: 1, maximum: 10 });
    expect(p.ratio).toEqual({ type: "number", description: "(Must be greater than 0.)" });
    expect(p.tags).toEqual({ type: "array", items: { type: "string" }, description: "(Must be at most 3 items.)" });
    expect(g.parameters!.required).toEqual(["when", "mode", "count", "ratio"]);
  });

  it("refuses an input object that accepts unknown keys, and a union the subset cannot say", () => {
    expect(() => strictDeclaration(tool(z.object({ a: z.string() }), { a: "x" }))).toThrow(ContractError);
    expect(() => geminiDeclaration(tool(z.strictObject({ a: z.union([z.string(), z.number()]) }), { a: "x" }))).toThrow(
      /no Gemini form/,
    );
    expect(() =>
      geminiDeclaration(
        tool(z.strictObject({ a: z.union([z.string(), z.strictObject({ b: z.string() })]) }), { a: "x" }),
      ),
    ).toThrow(/no Gemini form/);
  });

  it("closes output objects the server strips anyway", () => {
    const d = strictDeclaration(
      defineTool({
        name: "open_output",
        description: "Output declared with z.object.",
        input: z.strictObject({}),
        output: z.object({ inner: z.object({ a: z.string() }) }),
        scope: "public",
        budgetMs: 1_000,
        errors: ["DEPENDENCY_UNAVAILABLE"],
        examples: { valid: [{}], invalid: [] },
        run: async () => ({ inner: { a: "x" } }),
      }),
    );
    expect(d.output_schema.additionalProperties).toBe(false);
    expect((d.output_schema.properties as Record<string, JsonSchema>).inner!.additionalProperties).toBe(false);
  });
});

describe("contract hash", () => {
  it("canonical JSON sorts keys at every level and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it("covers exactly input, output, errors, argumentErrors, scope, budgetMs, retry, effect and memory", () => {
    const [decl] = tools;
    expect(Object.keys(contractMaterial(decl!)).sort()).toEqual([
      "argumentErrors",
      "budgetMs",
      "effect",
      "errors",
      "input",
      "memory",
      "output",
      "retry",
      "scope",
    ]);
    expect(contractHash(decl!)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(contractHash(decl!)).toBe(manifestOf(tools).tools[decl!.name]!.contractHash);
  });

  it("moves with any covered field, not with the order of the declared errors or the description", () => {
    const decl = tools.find((t) => t.errors.length > 1) ?? tools[0]!;
    const base = contractMaterial(decl);
    const h = hashMaterial(base);
    expect(hashMaterial({ ...base, errors: [...(base.errors as string[])].reverse().sort() })).toBe(h);
    expect(contractHash({ ...decl, description: "another text" })).toBe(h);
    for (const change of [
      { budgetMs: decl.budgetMs + 1 },
      { memory: decl.memory === "512MiB" ? "256MiB" : "512MiB" },
      { scope: decl.scope === "public" ? "workspace" : "public" },
      { argumentErrors: { x: "INVALID_ID" } },
    ]) {
      expect(hashMaterial({ ...base, ...change })).not.toBe(h);
    }
    expect(contractHash({ ...decl, input: z.strictObject({ other: z.string() }) })).not.toBe(h);
  });
});
