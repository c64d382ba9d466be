import { createHash } from "node:crypto";
import { canonicalJson } from "nova-contract";
import { z } from "zod";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";

/**
 * Model-facing declarations and the contract hash, all derived from a tool's one declaration (its
 * zod schemas through zod 4's z.toJSONSchema). Nothing here is written by hand per tool, so a new
 * tool file is picked up by the generator, the staleness check and verification without edits.
 */

export type JsonSchema = { [key: string]: unknown };

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Thrown when a declaration cannot be published as declared: the tool file must change, not the generator. */
export class ContractError extends Error {}

/** What a tool without arguments declares: an object with no properties and no additional ones. */
export const NO_ARGUMENTS: JsonSchema = Object.freeze({
  type: "object",
  properties: Object.freeze({}),
  additionalProperties: false,
});

/**
 * A schema as published: JSON Schema 2020-12 (the manifest names the dialect) without a `$schema`
 * key. Genkit compiles tool schemas with a validator that does not know the 2020-12 meta-schema, so
 * its first call of a tool threw on that key, aborting a whole `ai.generate`.
 */
function published(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/**
 * The input schema as the server enforces it. Every object must already be closed
 * (`additionalProperties: false`, i.e. z.strictObject): a declaration that said "unknown keys are
 * rejected" while the server quietly stripped them would lie, so an open input object is refused.
 * A tool without arguments (`{}`, or `{} | null` since the server keeps accepting null) declares
 * NO_ARGUMENTS: a root union is refused by the MCP SDK's Tool schema and by OpenAI's strict mode.
 */
export function inputSchema(decl: ToolDeclaration): JsonSchema {
  const schema = z.toJSONSchema(decl.input, {
    io: "input",
    unrepresentable: "throw",
    target: "draft-2020-12",
  }) as JsonSchema;
  const open = openObjects(schema);
  if (open.length)
    throw new ContractError(
      `${decl.name}: input object(s) at ${open.join(", ")} accept unknown keys; use z.strictObject`,
    );
  if (takesNoArguments(schema)) return { ...NO_ARGUMENTS, properties: {} };
  if (schema.type !== "object" || schema.anyOf !== undefined)
    throw new ContractError(`${decl.name}: the input must be one object schema at the root`);
  return published(schema);
}

/**
 * The output schema, closed everywhere. The runtime parses every result with decl.output, which
 * drops or (strict objects) refuses unknown keys, so no answer carries a key the schema omits.
 */
export function outputSchema(decl: ToolDeclaration): JsonSchema {
  return published(
    closeObjects(
      z.toJSONSchema(decl.output, { io: "output", unrepresentable: "throw", target: "draft-2020-12" }) as JsonSchema,
    ),
  );
}

function isObjectSchema(s: JsonSchema): boolean {
  return (
    s.type === "object" ||
    (Array.isArray(s.type) && s.type.includes("object")) ||
    (typeof s.properties === "object" && s.properties !== null)
  );
}

/** Walks every subschema (properties, items, anyOf/oneOf/allOf, $defs) with its JSON pointer. */
function walk(schema: JsonSchema, visit: (s: JsonSchema, at: string) => void, at = "#"): void {
  visit(schema, at);
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (props) for (const [k, v] of Object.entries(props)) walk(v, visit, `${at}/properties/${k}`);
  if (schema.items && typeof schema.items === "object" && !Array.isArray(schema.items))
    walk(schema.items as JsonSchema, visit, `${at}/items`);
  if (Array.isArray(schema.prefixItems))
    (schema.prefixItems as JsonSchema[]).forEach((s, i) => walk(s, visit, `${at}/prefixItems/${i}`));
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    if (Array.isArray(schema[key]))
      (schema[key] as JsonSchema[]).forEach((s, i) => walk(s, visit, `${at}/${key}/${i}`));
  }
  for (const key of ["$defs", "definitions"] as const) {
    const defs = schema[key] as Record<string, JsonSchema> | undefined;
    if (defs) for (const [k, v] of Object.entries(defs)) walk(v, visit, `${at}/${key}/${k}`);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === "object")
    walk(schema.additionalProperties as JsonSchema, visit, `${at}/additionalProperties`);
}

function openObjects(schema: JsonSchema): string[] {
  const open: string[] = [];
  walk(schema, (s, at) => {
    if (isObjectSchema(s) && s.additionalProperties !== false) open.push(at);
  });
  return open;
}

function closeObjects(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  walk(copy, (s) => {
    // A record type (additionalProperties: {schema}) stays as declared; only open objects close.
    if (isObjectSchema(s) && (s.additionalProperties === undefined || s.additionalProperties === true))
      s.additionalProperties = false;
  });
  return copy;
}

/** The strict JSON Schema declaration: what a model (or any client) may send, and what comes back. */
export interface StrictDeclaration {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
  readonly output_schema: JsonSchema;
}

export function strictDeclaration(decl: ToolDeclaration): StrictDeclaration {
  const input = inputSchema(decl);
  // The valid examples travel with the schema as the standard `examples` annotation; `null`, which
  // the server still accepts for a tool without arguments, is not an instance of the declared object.
  const examples = decl.examples.valid.filter((v) => v !== null);
  return {
    name: decl.name,
    description: decl.description,
    input_schema: { ...input, examples },
    output_schema: outputSchema(decl),
  };
}

/**
 * The Gemini function-declaration subset (OpenAPI 3 Schema subset): type, description, properties,
 * required, enum, items, format, nullable, minimum/maximum, minLength/maxLength, pattern.
 * - `X | null` becomes X with `nullable: true`; `const` becomes a one-value enum.
 * - A tool without arguments gets no `parameters` at all: Gemini refuses an OBJECT with empty
 *   properties, and the server accepts the `{}` a client then sends.
 * - The subset cannot say `additionalProperties: false`, so the description says it in words
 *   (GEMINI_NO_OTHER_ARGUMENTS / GEMINI_NO_ARGUMENTS); the server refuses any other key.
 * - Constraints the subset lacks (exclusive bounds, item counts) are said in the description, so
 *   the model still reads them; the server enforces them either way.
 * - Any other union cannot be said in the subset: the generator refuses it rather than guess.
 */
export interface GeminiDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters?: JsonSchema;
}

export const GEMINI_NO_ARGUMENTS = "This tool takes no arguments: call it with none; any argument is refused.";

export function geminiNoOtherArguments(names: readonly string[]): string {
  return `Arguments: ${names.join(", ")}; no other argument is accepted (an unknown one is refused with INVALID_ARGUMENT).`;
}

export function geminiDeclaration(decl: ToolDeclaration): GeminiDeclaration {
  const input = inputSchema(decl);
  if (takesNoArguments(input)) return { name: decl.name, description: `${decl.description} ${GEMINI_NO_ARGUMENTS}` };
  const parameters = toGemini(input, `${decl.name}#`);
  if (parameters.nullable)
    throw new ContractError(`${decl.name}: a nullable argument object cannot be a Gemini parameters schema`);
  const names = Object.keys(parameters.properties as object);
  return { name: decl.name, description: `${decl.description} ${geminiNoOtherArguments(names)}`, parameters };
}

/** `{}` or `null | {}` with no properties at all. */
function takesNoArguments(schema: JsonSchema): boolean {
  const options = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  return options.every(
    (o) =>
      o.type === "null" ||
      (o.type === "object" && Object.keys((o.properties as object | undefined) ?? {}).length === 0),
  );
}

const GEMINI_STRING_FORMATS = new Set(["date-time", "enum"]);

function toGemini(schema: JsonSchema, at: string): JsonSchema {
  const notes: string[] = [];
  let s = schema;
  let nullable = false;
  // `X | null` as anyOf, or as a type array.
  if (Array.isArray(s.anyOf)) {
    const options = s.anyOf as JsonSchema[];
    const others = options.filter((o) => o.type !== "null");
    if (others.length !== 1 || others.length === options.length)
      throw new ContractError(`${at}: a union other than X | null has no Gemini form`);
    nullable = true;
    const { anyOf: _drop, ...rest } = s;
    s = { ...others[0]!, ...rest };
  }
  let type = s.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== "null");
    if (nonNull.length !== 1) throw new ContractError(`${at}: type ${JSON.stringify(type)} has no Gemini form`);
    nullable ||= nonNull.length !== type.length;
    type = nonNull[0];
  }
  if (typeof type !== "string") throw new ContractError(`${at}: no type`);
  const out: JsonSchema = { type };
  if (typeof s.description === "string") out.description = s.description;
  if (nullable) out.nullable = true;
  if ("const" in s) out.enum = [s.const];
  if (Array.isArray(s.enum)) out.enum = s.enum;
  if (type === "object") {
    const props = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
    out.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, toGemini(v, `${at}/${k}`)]));
    if (Array.isArray(s.required) && s.required.length) out.required = s.required;
  }
  if (type === "array" && s.items) out.items = toGemini(s.items as JsonSchema, `${at}[]`);
  if (type === "string") {
    if (typeof s.format === "string" && GEMINI_STRING_FORMATS.has(s.format)) out.format = s.format;
    if (typeof s.minLength === "number") out.minLength = s.minLength;
    if (typeof s.maxLength === "number") out.maxLength = s.maxLength;
    if (typeof s.pattern === "string") out.pattern = s.pattern;
  }
  if (type === "integer" || type === "number") {
    if (typeof s.minimum === "number") out.minimum = s.minimum;
    if (typeof s.maximum === "number") out.maximum = s.maximum;
    // Exclusive bounds: exact for integers; said in words for other numbers.
    if (typeof s.exclusiveMinimum === "number") {
      if (type === "integer")
        out.minimum = Math.max(s.exclusiveMinimum + 1, typeof out.minimum === "number" ? out.minimum : -Infinity);
      else notes.push(`greater than ${s.exclusiveMinimum}`);
    }
    if (typeof s.exclusiveMaximum === "number") {
      if (type === "integer")
        out.maximum = Math.min(s.exclusiveMaximum - 1, typeof out.maximum === "number" ? out.maximum : Infinity);
      else notes.push(`less than ${s.exclusiveMaximum}`);
    }
  }
  if (type === "array") {
    if (typeof s.minItems === "number") notes.push(`at least ${s.minItems} items`);
    if (typeof s.maxItems === "number") notes.push(`at most ${s.maxItems} items`);
  }
  if (notes.length) out.description = `${out.description ? `${out.description} ` : ""}(Must be ${notes.join(", ")}.)`;
  return out;
}

/** What the contract hash covers, and nothing else (docs/contracts.md). */
export function contractMaterial(decl: ToolDeclaration): Record<string, unknown> {
  return {
    input: inputSchema(decl),
    output: outputSchema(decl),
    // A set, not a sequence: declaring the same errors in another order is the same contract.
    errors: [...decl.errors].sort(),
    argumentErrors: decl.argumentErrors ?? {},
    scope: decl.scope,
    budgetMs: decl.budgetMs,
    retry: decl.retry,
    // Every tool is a read (the store has no write operation); said here, as it always was, so that
    // the hashes (and the verification records made for them) do not move.
    effect: "none",
    memory: decl.memory,
  };
}

export function hashMaterial(material: unknown): string {
  return `sha256:${createHash("sha256").update(canonicalJson(material)).digest("hex")}`;
}

export function contractHash(decl: ToolDeclaration): string {
  return hashMaterial(contractMaterial(decl));
}
