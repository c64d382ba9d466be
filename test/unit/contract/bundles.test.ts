import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFor, toolFiles } from "../../../functions/src/catalog";

const ROOT = path.resolve(__dirname, "../../..");
const LIB = path.join(ROOT, "functions", "lib");
const NAMES = toolFiles().map((t) => t.name);
// The packages a bundle may leave to node_modules: the SDKs the bare handler loads too.
const EXTERNAL = /^(?:node:[a-z_/]+|firebase-functions(?:\/[\w/.-]+)?|firebase-admin(?:\/[\w/.-]+)?|@google-cloud\/logging(?:\/[\w/.-]+)?)$/;

describe("bundleFor: a tool's bundle is served only when no tsc build is newer", () => {
  let dir: string;
  const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "nova-bundles-"));
    writeFileSync(path.join(dir, "some_tool.js"), "module.exports = 1;");
    writeFileSync(path.join(dir, "build.tsbuildinfo"), "{}");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves a bundle newer than (or as new as) the build, and none older", () => {
    const bundle = path.join(dir, "some_tool.js");
    const info = path.join(dir, "build.tsbuildinfo");
    at(info, 1_000);
    at(bundle, 2_000);
    expect(bundleFor("some_tool", dir, info)).toBe(bundle);
    at(bundle, 1_000);
    expect(bundleFor("some_tool", dir, info)).toBe(bundle);
    at(info, 3_000);
    expect(bundleFor("some_tool", dir, info)).toBeNull();
  });

  it("serves the bundle when there is no build info (a deploy), and nothing when there is no bundle", () => {
    expect(bundleFor("some_tool", dir, path.join(dir, "absent.tsbuildinfo"))).toBe(path.join(dir, "some_tool.js"));
    expect(bundleFor("other_tool", dir, path.join(dir, "absent.tsbuildinfo"))).toBeNull();
  });
});

describe("the built bundles (npm run build)", () => {
  beforeAll(() => {
    if (!existsSync(path.join(LIB, "bundles"))) throw new Error("functions is not bundled: run npm run build first");
  });

  it.each(NAMES)("%s: a bundle that leaves only the SDKs and node's modules to require", (name) => {
    const code = readFileSync(path.join(LIB, "bundles", `${name}.js`), "utf8");
    const required = [...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((r) => !EXTERNAL.test(r))).toEqual([]);
    // Its own tool, no other (the build checks this from esbuild's inputs too).
    for (const other of NAMES) expect(code.includes(`name: "${other}"`)).toBe(other === name);
  });

  it("lib/index.js serves one tool from its bundle: no other tool, no compiled tool module, no node_modules zod", () => {
    const script = `
      const index = require(${JSON.stringify(path.join(LIB, "index.js"))});
      const served = index.get_job_status;
      const keys = Object.keys(require.cache);
      console.log(JSON.stringify({
        type: typeof served,
        code: keys.filter((k) => /lib\\/(tools|bundles)\\//.test(k)).map((k) => k.slice(k.indexOf("lib/"))),
        zod: keys.some((k) => k.includes("/node_modules/zod/")),
      }));`;
    const run = spawnSync(process.execPath, ["-e", script], { cwd: path.join(ROOT, "functions"), encoding: "utf8", env: { ...process.env, FUNCTION_TARGET: "get_job_status" } });
    expect(run.stderr).toBe("");
    const seen = JSON.parse(run.stdout) as { type: string; code: string[]; zod: boolean };
    expect(seen).toEqual({ type: "function", code: ["lib/bundles/get_job_status.js"], zod: false });
  });
});
