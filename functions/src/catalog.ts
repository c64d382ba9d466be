import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { ToolDeclaration } from "./runtime/declaration";

/** Every tool is one file in tools/, named as the tool; this is the only list of tools there is. */
export const TOOLS_DIR = join(__dirname, "tools");

/** Tool name and module file, from tools/ as compiled (.js) or as source under a TS loader (.ts). */
export function toolFiles(dir: string = TOOLS_DIR): { name: string; file: string }[] {
  return readdirSync(dir)
    .map((file) => ({ file, match: /^([a-z][a-z0-9_]*)\.(js|ts)$/.exec(file) }))
    .filter((f): f is { file: string; match: RegExpExecArray } => f.match !== null && !f.file.endsWith(".d.ts"))
    .map(({ file, match }) => ({ name: match[1]!, file: join(dir, file) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function loadTool(file: string): ToolDeclaration {
  const decl = (require(file) as { default?: ToolDeclaration }).default;
  if (!decl || decl.effect !== "none") throw new Error(`${file} does not export a tool declaration as default`);
  return decl;
}

/** All declarations, in name order; a file whose name differs from its tool's name is refused. */
export function loadAllTools(): ToolDeclaration[] {
  return toolFiles().map(({ name, file }) => {
    const decl = loadTool(file);
    if (decl.name !== name) throw new Error(`tools/${name} declares ${decl.name}`);
    return decl;
  });
}
