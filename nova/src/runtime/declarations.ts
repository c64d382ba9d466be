import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { TOOL_NAMES } from "../tools";

/** A tool's model-facing declaration as generated into contracts/strict (npm run contracts:generate). */
export const StrictDeclarationSchema = z.object({
  name: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  output_schema: z.record(z.string(), z.unknown()),
});
export type StrictDeclaration = z.infer<typeof StrictDeclarationSchema>;

/** contracts/strict at the repository root, from nova/src/runtime or nova/lib/runtime. */
export const DEFAULT_CONTRACTS_DIR = join(__dirname, "..", "..", "..", "contracts", "strict");

const cache = new Map<string, ReadonlyMap<string, StrictDeclaration>>();

/**
 * Every tool's strict declaration, read once per directory and used as published: the runtime
 * never edits a schema (the generator owns them).
 */
export function strictDeclarations(dir: string = DEFAULT_CONTRACTS_DIR): ReadonlyMap<string, StrictDeclaration> {
  const cached = cache.get(dir);
  if (cached) return cached;
  const out = new Map<string, StrictDeclaration>();
  for (const tool of TOOL_NAMES) {
    const decl = StrictDeclarationSchema.parse(JSON.parse(readFileSync(join(dir, `${tool}.json`), "utf8")));
    if (decl.name !== tool) throw new Error(`${dir}/${tool}.json declares the tool "${decl.name}"`);
    out.set(tool, decl);
  }
  cache.set(dir, out);
  return out;
}
