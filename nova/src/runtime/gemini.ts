import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { STRICT_DIR } from "nova-contract/published";
import { TOOL_NAMES, type ToolName } from "../tools";

/** The published Gemini declarations (npm run contracts:generate writes contracts/gemini/ beside strict/). */
export const GEMINI_DIR = join(STRICT_DIR, "..", "gemini");

export const GeminiDeclarationSchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type GeminiDeclaration = z.infer<typeof GeminiDeclarationSchema>;

let read: ReadonlyMap<ToolName, GeminiDeclaration> | undefined;

/** Every tool's Gemini declaration, read once and used as published. */
export function geminiDeclarations(): ReadonlyMap<ToolName, GeminiDeclaration> {
  if (read) return read;
  const out = new Map<ToolName, GeminiDeclaration>();
  for (const tool of TOOL_NAMES) {
    const decl = GeminiDeclarationSchema.parse(JSON.parse(readFileSync(join(GEMINI_DIR, `${tool}.json`), "utf8")));
    if (decl.name !== tool) throw new Error(`${GEMINI_DIR}/${tool}.json declares the tool "${decl.name}"`);
    out.set(tool, decl);
  }
  read = out;
  return out;
}

/**
 * The answer's JSON Schema in the keywords Gemini documents for structured output
 * (https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support): `oneOf` becomes
 * `anyOf` and `const` a one-value `enum`. The same shapes, so Genkit's check and ours agree on
 * every answer Gemini can produce; the runtime's own check still holds the full schema.
 */
export function geminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "oneOf") out.anyOf = geminiSchema(v);
    else if (k === "const") out.enum = [v];
    else if (k === "properties" && v && typeof v === "object")
      out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, geminiSchema(s)]));
    else out[k] = geminiSchema(v);
  }
  return out;
}
