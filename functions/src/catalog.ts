import { readdirSync, statSync } from "node:fs";
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
    // Code-unit order, not localeCompare: that loads ICU's collator, 13 ms of every cold start.
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Where the build puts one bundle per tool (functions/scripts/bundle.cjs). */
export const BUNDLES_DIR = join(__dirname, "bundles");
/** Written by every `tsc` build of functions/; firebase.json keeps it out of a deploy. */
export const BUILD_INFO = join(__dirname, "..", "tsconfig.tsbuildinfo");

/**
 * The tool's bundle, when there is one at least as new as the last `tsc` build; otherwise null
 * and the caller serves the compiled modules. So a bundle left behind by an older build (after a
 * plain `tsc -b` or `tsc -w`) is never what runs. A deploy carries no build info: its predeploy
 * build has just made the bundles.
 */
export function bundleFor(name: string, dir: string = BUNDLES_DIR, buildInfo: string = BUILD_INFO): string | null {
  const file = join(dir, `${name}.js`);
  const bundled = statSync(file, { throwIfNoEntry: false });
  if (!bundled) return null;
  const built = statSync(buildInfo, { throwIfNoEntry: false });
  return !built || bundled.mtimeMs >= built.mtimeMs ? file : null;
}

/**
 * The callable function an instance serves for one tool: its bundle when bundleFor finds a current
 * one, else the compiled modules exposed the same way (they behave the same, and load slower).
 */
export function servedFunction(name: string, file: string): unknown {
  const bundle = bundleFor(name);
  if (bundle) return require(bundle);
  // Required here, not imported: the catalog is also read by scripts that never serve a call.
  const { exposeTool } = require("./callable/expose") as typeof import("./callable/expose");
  return exposeTool(loadTool(file));
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
