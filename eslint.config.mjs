// ESLint for the repository (`npm run lint`, run by `npm test`). Type-aware: each TypeScript file is
// checked against its own tsconfig, so the promise rules see real types.
import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";
import { READONLY_RULES, readonlyPlugin, toolValueReach } from "./lint/readonly.mjs";

const NODE_GLOBALS = Object.fromEntries(
  [
    "require",
    "module",
    "exports",
    "process",
    "__dirname",
    "console",
    "Buffer",
    "URL",
    "performance",
    "setTimeout",
    "clearTimeout",
  ].map((g) => [g, "readonly"]),
);

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/lib/**",
      ".emulators/**",
      "emulator-data/**",
      "bench/.tmp/**",
      // The read-only proof's fixtures break the rules on purpose: test/unit/security/readonly.test.ts lints them.
      "test/unit/security/fixtures/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        project: [
          "contracts/tsconfig.json",
          "functions/tsconfig.json",
          "nova/tsconfig.json",
          "bench/tsconfig.json",
          "tsconfig.typecheck.json",
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "import-x": importX },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // `typeof import("x")` stays allowed: it types the lazy `require`s that keep cold start short.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // Lazy `require` is deliberate (store/firestore.ts, trace/cloud-logging.ts, catalog.ts, bench children load
      // SDKs and bundles on first use); tool-reachable code may not use it at all (lint/readonly.mjs).
      "@typescript-eslint/no-require-imports": "off",
      "import-x/order": ["error", { groups: ["builtin", "external", ["parent", "sibling", "index"]] }],
      // The core rule, by specifier: import-x/no-duplicates needs a resolver for TypeScript paths and misses some.
      "no-duplicate-imports": ["error", { allowSeparateTypeImports: true }],
    },
  },
  {
    // Tests build ill-typed values on purpose (a malformed envelope, a spy on a private method).
    files: ["test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Plain JavaScript (the bundler, bench children, the CLI shim): no type information.
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: NODE_GLOBALS },
  },
  { files: ["**/*.js", "**/*.cjs"], languageOptions: { sourceType: "commonjs" } },
  {
    // The validator runs patterns over text a model wrote, and the trace over text a caller sent: a pattern whose
    // time grows faster than its input (repetitions that trade characters, or a scan retried from every start in a
    // long run) would stall `validate()` on one line of padding or one pasted blob. Tests' patterns read our own output.
    files: ["contracts/src/**", "functions/src/**", "nova/src/**", "agent/src/**"],
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error", "regexp/no-super-linear-move": "error" },
  },
  {
    // The read-only rules, on exactly the modules a tool's code loads (from the import graph, so a new
    // import is covered the day it is written). test/unit/security/readonly.test.ts proves they bite.
    files: await toolValueReach(),
    plugins: { readonly: readonlyPlugin },
    rules: READONLY_RULES,
  },
);
