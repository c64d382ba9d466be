import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TOOL_NAMES } from "nova-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");
const LIB = path.join(ROOT, "functions", "lib");
const BUILD = path.join(ROOT, "functions", "scripts", "build.cjs");
// The packages a bundle may leave to node_modules: the SDKs the bare handler loads too.
const EXTERNAL =
  /^(?:node:[a-z_/]+|firebase-functions(?:\/[\w/.-]+)?|firebase-admin(?:\/[\w/.-]+)?|@google-cloud\/logging(?:\/[\w/.-]+)?)$/;

/** What `require(lib/index.js)` exports, in a fresh process (so nothing is cached from this one). */
function exportsOf(lib: string): string[] {
  const run = spawnSync(
    process.execPath,
    ["-e", `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(path.join(lib, "index.js"))}))))`],
    {
      encoding: "utf8",
    },
  );
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as string[];
}

describe("the build starts from a clean lib/: what deploys is the registry, nothing left over", () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), "nova-build-"));
    // What an earlier build of a since-deleted tool would have left behind.
    mkdirSync(path.join(out, "bundles"), { recursive: true });
    mkdirSync(path.join(out, "tools"), { recursive: true });
    writeFileSync(path.join(out, "bundles", "deleted_tool.js"), "module.exports = () => 'stale';");
    writeFileSync(path.join(out, "tools", "deleted_tool.js"), "exports.default = {};");
    execFileSync(process.execPath, [BUILD, "--out", out], { cwd: path.join(ROOT, "functions"), stdio: "pipe" });
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("holds index.js and one bundle per registered tool, and no file of a tool that is not registered", () => {
    expect(readdirSync(out).sort()).toEqual(["bundles", "index.js"]);
    expect(readdirSync(path.join(out, "bundles")).sort()).toEqual(TOOL_NAMES.map((n) => `${n}.js`));
  });

  it("exports exactly the registered tools from lib/index.js", () => {
    expect(exportsOf(out)).toEqual([...TOOL_NAMES]);
  });
});

describe("the built bundles (npm run build)", () => {
  beforeAll(() => {
    if (!existsSync(path.join(LIB, "bundles"))) throw new Error("functions is not built: run npm run build first");
  });

  it.each([...TOOL_NAMES])("%s: a bundle that leaves only the SDKs and node's modules to require", (name) => {
    const code = readFileSync(path.join(LIB, "bundles", `${name}.js`), "utf8");
    const required = [...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((r) => !EXTERNAL.test(r))).toEqual([]);
    // Its own tool, no other (the build checks this from esbuild's inputs too).
    for (const other of TOOL_NAMES) expect(code.includes(`name: "${other}"`)).toBe(other === name);
  });

  it("lib/index.js serves one tool from its bundle: no other tool's code, no node_modules zod", () => {
    const script = `
      const index = require(${JSON.stringify(path.join(LIB, "index.js"))});
      const served = index.get_job_status;
      const keys = Object.keys(require.cache);
      console.log(JSON.stringify({
        type: typeof served,
        code: keys.filter((k) => /lib\\/(tools|bundles)\\//.test(k)).map((k) => k.slice(k.indexOf("lib/"))),
        zod: keys.some((k) => k.includes("/node_modules/zod/")),
      }));`;
    const run = spawnSync(process.execPath, ["-e", script], {
      cwd: path.join(ROOT, "functions"),
      encoding: "utf8",
      env: { ...process.env, FUNCTION_TARGET: "get_job_status" },
    });
    expect(run.stderr).toBe("");
    const seen = JSON.parse(run.stdout) as { type: string; code: string[]; zod: boolean };
    expect(seen).toEqual({ type: "function", code: ["lib/bundles/get_job_status.js"], zod: false });
  });
});
