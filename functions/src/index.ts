import { bundleFor, loadTool, toolFiles } from "./catalog";

/**
 * Every file in tools/ is one tool, exported as the function of the same name. Exports are lazy
 * getters: deploy-time discovery reads them all, while a serving instance (which looks up only its
 * FUNCTION_TARGET) loads just its own tool's code: its bundle when the build made a current one
 * (catalog.ts, bundleFor), else the compiled modules, which behave the same but load slower.
 */
for (const { name, file } of toolFiles()) {
  let fn: unknown;
  Object.defineProperty(exports, name, {
    enumerable: true,
    get() {
      if (!fn) {
        const bundle = bundleFor(name);
        if (bundle) fn = require(bundle);
        else {
          const { exposeTool } = require("./callable/expose") as typeof import("./callable/expose");
          fn = exposeTool(loadTool(file));
        }
      }
      return fn;
    },
  });
}
