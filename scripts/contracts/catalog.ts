import { readdirSync } from "node:fs";
import { join } from "node:path";
import { register } from "tsx/cjs/api";
import { loadAllTools } from "../../functions/src/catalog";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { REPO_ROOT } from "../emulators/locate";

const TOOLS_SRC = join(REPO_ROOT, "functions", "src", "tools");

/**
 * The tool files as they stand in functions/src/tools/: the one place the folder is scanned, so
 * that the generator can write the registry (contracts/src/registry.generated.ts) from it and the
 * contracts check can tell when a file and the registry disagree.
 */
export function sourceToolNames(dir: string = TOOLS_SRC): string[] {
  return (
    readdirSync(dir)
      .map((file) => /^([a-z][a-z0-9_]*)\.ts$/.exec(file)?.[1])
      .filter((name): name is string => name !== undefined)
      // Code-unit order: the registry's order, the same on every machine.
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  );
}

/**
 * The declarations of every tool file, loaded by the catalog (functions/src/catalog.ts) from source
 * with tsx's CommonJS hook (the files are TypeScript and neither vitest nor a bare node transforms a
 * `require`).
 */
export function loadCatalog(): ToolDeclaration[] {
  const unregister = register();
  try {
    return loadAllTools(sourceToolNames());
  } finally {
    unregister();
  }
}
