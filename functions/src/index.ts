import { join } from "node:path";
import { TOOL_NAMES } from "nova-contract/registry";

/**
 * Every registered tool, exported as the function of the same name. Exports are lazy getters:
 * deploy-time discovery reads them all, while a serving instance (which looks up only its
 * FUNCTION_TARGET) loads just its own tool's bundle (scripts/build.cjs makes one per tool).
 */
for (const name of TOOL_NAMES) {
  let fn: unknown;
  Object.defineProperty(exports, name, {
    enumerable: true,
    get: () => (fn ??= require(join(__dirname, "bundles", `${name}.js`))),
  });
}
