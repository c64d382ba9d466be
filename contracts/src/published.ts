import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { TOOL_NAMES, type ToolName } from "./tools";

// Its own entry point (nova-contract/published), not the index: the tools' bundles inline the
// index, and they never read declarations.

/** A tool's model-facing declaration as generated into strict/<tool>.json (npm run contracts:generate). */
export const StrictDeclarationSchema = z.object({
  name: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  output_schema: z.record(z.string(), z.unknown()),
});
export type StrictDeclaration = z.infer<typeof StrictDeclarationSchema>;

/** The published strict declarations, beside this package's source (src/) and build (lib/). */
export const STRICT_DIR = join(__dirname, "..", "strict");

const read = new Map<string, ReadonlyMap<ToolName, StrictDeclaration>>();

/**
 * Every registered tool's strict declaration, read once per directory and used as published: no
 * reader edits a schema (the generator owns them).
 */
export function publishedDeclarations(dir: string = STRICT_DIR): ReadonlyMap<ToolName, StrictDeclaration> {
  const known = read.get(dir);
  if (known) return known;
  const out = new Map<ToolName, StrictDeclaration>();
  for (const tool of TOOL_NAMES) {
    const decl = StrictDeclarationSchema.parse(JSON.parse(readFileSync(join(dir, `${tool}.json`), "utf8")));
    if (decl.name !== tool) throw new Error(`${dir}/${tool}.json declares the tool "${decl.name}"`);
    out.set(tool, decl);
  }
  read.set(dir, out);
  return out;
}
