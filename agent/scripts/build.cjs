"use strict";
/**
 * The Nova codebase's build: lib/index.js, the entry firebase-tools loads, with the workspace
 * packages (nova-tools, nova-contract) and the tools' pseudonym function inlined, so the deployed
 * codebase needs no package outside the npm registry (as functions/scripts/build.cjs does for the
 * tools). The SDKs and npm packages stay ordinary dependencies of agent/package.json, installed by
 * the deploy's own `npm install`. tsc has checked the types (npm run typecheck); esbuild strips them.
 * The contract's published declarations, which the runtime reads beside the contract's code
 * (`__dirname/../strict`, and `../gemini` for a Gemini model), are copied to strict/ and gemini/
 * beside lib/ for the same reason.
 *
 *   node scripts/build.cjs [--out DIR]   (default: lib/ beside this script's package)
 */
const { cpSync, mkdirSync, rmSync } = require("node:fs");
const { join, relative, resolve } = require("node:path");
const esbuild = require("esbuild");
const pkg = require("../package.json");

const ROOT = join(__dirname, "..");
/** Everything agent/package.json depends on stays a package; only the workspace's own code is bundled. */
const EXTERNAL = Object.keys(pkg.dependencies).flatMap((p) => [p, `${p}/*`]);

async function main(argv) {
  const at = argv.indexOf("--out");
  const out = at >= 0 && argv[at + 1] ? resolve(argv[at + 1]) : join(ROOT, "lib");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const published of ["strict", "gemini"]) {
    const dir = join(out, "..", published);
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(ROOT, "..", "contracts", published), dir, { recursive: true });
  }
  const result = await esbuild.build({
    entryPoints: [join(ROOT, "src", "index.ts")],
    outfile: join(out, "index.js"),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: EXTERNAL,
    logLevel: "warning",
    metafile: true,
  });
  // A workspace package left as an import would not install on deploy: it is not on the registry.
  const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  const stray = imports.filter((p) => /^(nova-tools|nova-contract|nova-functions)(\/|$)/.test(p));
  if (stray.length) throw new Error(`the bundle imports workspace packages: ${stray.join(", ")}`);
  console.log(`built ${relative(process.cwd(), out) || "."}: index.js (nova_ask)`);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`build: ${err.message}`);
  process.exit(1);
});
