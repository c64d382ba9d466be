"use strict";
/**
 * The functions build, from a clean lib/ every time: lib/index.js (the entry firebase-tools loads)
 * and one bundle per registered tool in lib/bundles/<tool>.js, the code a function instance serves.
 * Nothing else is in lib/, so a tool removed from the registry is gone from what deploys.
 *
 * A bundle holds the tool, the runtime, the contract and zod in one file, built from src/ (tsc has
 * checked the types; esbuild only strips them). The SDKs (firebase-functions, firebase-admin) stay
 * ordinary packages. Why bundles: loading zod's ~95 modules one by one
 * was most of the cold start the product adds; one file of zod's ES modules with only its English
 * locale loads in about a third of the time (bench/README.md, section 2, and
 * docs/decisions/0002-bundle-per-tool.md). The contract package (nova-contract) is inlined, so the
 * deployed functions need no package outside the npm registry.
 *
 * Plain JavaScript: `firebase deploy` runs it in the functions' predeploy build.
 *   node scripts/build.cjs [--out DIR]   (default: lib/ beside this script's package)
 */
const { mkdirSync, rmSync } = require("node:fs");
const { dirname, join, relative, resolve } = require("node:path");
const esbuild = require("esbuild");

const ROOT = join(__dirname, "..");
const SRC = join(ROOT, "src");
/** The SDKs: kept out of the bundles (the same packages, loaded the same way, as the bare twin). */
const EXTERNAL = ["firebase-functions", "firebase-admin"].flatMap((p) => [p, `${p}/*`]);

/** Zod's locale index re-exports every language; the bundle keeps English, the one zod configures. */
const englishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), "..", "locales", "index.js"), namespace: "zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from "./en.js";`,
      loader: "js",
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * The contract package from its TypeScript source, as the functions' own code: its compiled lib/ is
 * CommonJS, whose `require("zod")` would pull in zod's CommonJS build (every locale) beside the one
 * the bundle already holds.
 */
const contractFromSource = {
  name: "nova-contract-source",
  setup(build) {
    build.onResolve({ filter: /^nova-contract$/ }, () => ({ path: join(ROOT, "..", "contracts", "src", "index.ts") }));
  },
};

const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: EXTERNAL,
  logLevel: "warning",
};

async function bundleTool(name, out) {
  const entry = [
    // The tool through the catalog's one check (src/catalog.ts toolOf), imported statically so that
    // the bundle holds this tool's file and no other.
    `import { exposeTool } from "./callable/expose";`,
    `import { toolOf } from "./catalog";`,
    `import * as tool from "./tools/${name}";`,
    `module.exports = exposeTool(toolOf(${JSON.stringify(name)}, tool));`,
  ].join("\n");
  const result = await esbuild.build({
    ...common,
    stdin: { contents: entry, resolveDir: SRC, sourcefile: `${name}.entry.ts`, loader: "ts" },
    outfile: join(out, "bundles", `${name}.js`),
    plugins: [contractFromSource, englishOnly],
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  // Loading one function must not load another tool's code.
  const tools = inputs.filter((p) => /(^|\/)src\/tools\/[^/]+\.ts$/.test(p));
  // One zod, the ES build: a second copy (zod's CommonJS build) would double what a cold start loads.
  const zodBuilds = new Set(
    inputs.filter((p) => /node_modules\/zod\//.test(p)).map((p) => (p.endsWith(".cjs") ? "cjs" : "esm")),
  );
  if (zodBuilds.size !== 1 || !zodBuilds.has("esm"))
    throw new Error(`bundle ${name} holds zod builds ${[...zodBuilds].join(", ")}, expected only esm`);
  if (tools.length !== 1 || !tools[0].endsWith(`tools/${name}.ts`))
    throw new Error(`bundle ${name} holds ${tools.join(", ")}, expected only tools/${name}.ts`);
  // Loud when a zod upgrade moves its locales: the plugin would stop applying, silently.
  const locales = inputs.filter((p) => !p.startsWith("zod-locales:") && /zod\/v4\/locales\/[^/]+\.c?js$/.test(p));
  if (locales.length !== 1 || !locales[0].endsWith("/en.js"))
    throw new Error(`bundle ${name} holds zod locales ${locales.join(", ") || "none"}, expected only en.js`);
}

async function main(argv) {
  const at = argv.indexOf("--out");
  const out = at >= 0 && argv[at + 1] ? resolve(argv[at + 1]) : join(ROOT, "lib");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // The registry as compiled (tsc -b contracts runs first): the one list of tools.
  const { TOOL_NAMES } = require("nova-contract/registry");
  if (TOOL_NAMES.length === 0) throw new Error("the tool registry is empty");
  await esbuild.build({ ...common, entryPoints: [join(SRC, "index.ts")], outfile: join(out, "index.js") });
  for (const name of TOOL_NAMES) await bundleTool(name, out);
  console.log(`built ${relative(process.cwd(), out) || "."}: index.js and ${TOOL_NAMES.length} tool bundles`);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`build: ${err.message}`);
  process.exit(1);
});
