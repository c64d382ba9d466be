import { join } from "node:path";
import { TOOL_NAMES } from "nova-contract";
import type { ToolDeclaration } from "./runtime/declaration";

/**
 * The one way anything loads a tool: the build's per-tool entry (functions/scripts/build.cjs), the
 * contracts generator, the benchmark and the tests all come through toolOf. Each tool's one file
 * lives in tools/<name>.ts, named as the tool, its declaration the default export.
 */
export const TOOLS_DIR = join(__dirname, "tools");

/** The declaration a tool module exports as default, refused unless it declares the tool it is named after. */
export function toolOf(name: string, module: unknown): ToolDeclaration {
  const decl = (module as { default?: Partial<ToolDeclaration> } | null)?.default;
  if (!decl || typeof decl.run !== "function")
    throw new Error(`tools/${name} does not export a tool declaration as default`);
  if (decl.name !== name) throw new Error(`tools/${name} declares ${decl.name}`);
  return decl as ToolDeclaration;
}

/** A tool's declaration from its file (the caller provides a TypeScript hook when it runs on src/). */
export function loadTool(name: string): ToolDeclaration {
  return toolOf(name, require(join(TOOLS_DIR, name)));
}

/** The declarations of `names` (default: every registered tool), in that order. */
export function loadAllTools(names: readonly string[] = TOOL_NAMES): ToolDeclaration[] {
  return names.map(loadTool);
}
