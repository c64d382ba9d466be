import { join } from "node:path";
import { TOOL_NAMES, type ToolName } from "nova-contract";
import type { ToolDeclaration } from "./runtime/declaration";

/** Where each tool's one file lives: tools/<name>.ts, named as the tool. */
export const TOOLS_DIR = join(__dirname, "tools");

/** A registered tool's declaration, refused when the file declares anything else. */
export function loadTool(name: ToolName): ToolDeclaration {
  const decl = (require(join(TOOLS_DIR, name)) as { default?: ToolDeclaration }).default;
  if (!decl || decl.effect !== "none") throw new Error(`tools/${name} does not export a tool declaration as default`);
  if (decl.name !== name) throw new Error(`tools/${name} declares ${decl.name}`);
  return decl;
}

/** Every registered tool's declaration, in the registry's (name) order. */
export function loadAllTools(): ToolDeclaration[] {
  return TOOL_NAMES.map(loadTool);
}
