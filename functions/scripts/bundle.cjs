"use strict";
/**
 * After `tsc`: one bundle per tool in lib/bundles/<tool>.js, the code a function instance serves
 * (lib/index.js picks it, see servedFunction in src/catalog.ts). A bundle holds the tool, the runtime
 * and zod in one file, built from src/ (tsc has checked the types; esbuild only strips them). The
 * SDKs (firebase-functions, firebase-admin, @google-cloud/logging) stay ordinary packages, loaded
 * as the bare handler loads them.
 *
 * Why: loading zod's ~95 modules one by one was most of the cold start the product adds. One file
 * of zod's ES modules with only its English locale loads in about a third of the time
 * (bench/README.md, section 2). Zod's other locales are never used: the runtime words every error
 * itself and zod's messages never leave the server.
 *
 * Plain JavaScript: `firebase deploy` runs it in the functions' predeploy build. The entries are
 * generated from src/tools/, so a new tool needs no edit here.
 */
const { mkdirSync, readdirSync, rmSync } = require("node:fs");
const { dirname, join, relative } = require("node:path");
const esbuild = require("esbuild");

const ROOT = join(__dirname, "..");
const SRC = join(ROOT, "src");
const OUT = join(ROOT, "lib", "bundles");
/** The SDKs: kept out of the bundles (the same packages, loaded the same way, as the bare twin). */
const EXTERNAL = ["firebase-functions", "firebase-admin", "@google-cloud/logging"].flatMap((p) => [p, `${p}/*`]);

/** Zod's locale index re-exports every language; the bundle keeps English, the one zod configures. */
const englishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), "..", "locales", "index.js"), namespace: "zod-locales" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from "./en.js";`,
      loader: "js",
      resolveDir: dirname(args.path),
    }));
  },
};

function toolNames() {
  return readdirSync(join(SRC, "tools"))
    .map((f) => /^([a-z][a-z0-9_]*)\.ts$/.exec(f))
    .filter(Boolean)
    .map((m) => m[1])
    .sort();
}

async function bundle(name) {
  const entry = [
    `import { exposeTool } from "./callable/expose";`,
    `import decl from "./tools/${name}";`,
    `if (!decl || decl.effect !== "none" || decl.name !== ${JSON.stringify(name)}) throw new Error(${JSON.stringify(`tools/${name} does not declare ${name}`)});`,
    `module.exports = exposeTool(decl);`,
  ].join("\n");
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: SRC, sourcefile: `${name}.entry.ts`, loader: "ts" },
    outfile: join(OUT, `${name}.js`),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: EXTERNAL,
    plugins: [englishOnly],
    metafile: true,
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs);
  // Loading one function must not load another tool's code.
  const tools = inputs.filter((p) => /(^|\/)src\/tools\/[^/]+\.ts$/.test(p));
  if (tools.length !== 1 || !tools[0].endsWith(`tools/${name}.ts`)) throw new Error(`bundle ${name} holds ${tools.join(", ")}, expected only tools/${name}.ts`);
  // Loud when a zod upgrade moves its locales: the plugin would stop applying, silently.
  const locales = inputs.filter((p) => !p.startsWith("zod-locales:") && /zod\/v4\/locales\/[^/]+\.js$/.test(p));
  if (locales.length !== 1 || !locales[0].endsWith("/en.js")) throw new Error(`bundle ${name} holds zod locales ${locales.join(", ") || "none"}, expected only en.js`);
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const names = toolNames();
  if (names.length === 0) throw new Error(`no tools in ${relative(process.cwd(), join(SRC, "tools"))}`);
  for (const name of names) await bundle(name);
  console.log(`bundled ${names.length} tools into ${relative(process.cwd(), OUT) || "."}`);
}

main().catch((err) => {
  console.error(`bundle: ${err.message}`);
  process.exit(1);
});
