import { servedFunction, toolFiles } from "./catalog";

/**
 * Every file in tools/ is one tool, exported as the function of the same name. Exports are lazy
 * getters: deploy-time discovery reads them all, while a serving instance (which looks up only its
 * FUNCTION_TARGET) loads just its own tool's code: its bundle when the build made a current one,
 * else the compiled modules (catalog.ts, servedFunction).
 */
for (const { name, file } of toolFiles()) {
  let fn: unknown;
  Object.defineProperty(exports, name, {
    enumerable: true,
    get() {
      fn ??= servedFunction(name, file);
      return fn;
    },
  });
}
