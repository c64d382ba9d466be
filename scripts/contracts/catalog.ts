import { register } from "tsx/cjs/api";
import { loadAllTools } from "../../functions/src/catalog";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";

/**
 * The catalog's declarations from source. catalog.ts loads tool files with a plain `require`, which
 * neither vitest nor a bare node transforms; tsx's CommonJS hook lets it load the TypeScript
 * sources the way production loads the compiled .js, so generated files never lag a build.
 */
export function loadCatalog(): ToolDeclaration[] {
  const unregister = register();
  try {
    return loadAllTools();
  } finally {
    unregister();
  }
}
