import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TOOL_NAMES } from "nova-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../scripts/emulators/locate";

/**
 * What the Nova codebase deploys (agent/scripts/build.cjs): the bundle, and beside it the published
 * declarations the runtime reads at run time. Without gemini/, every call of a Gemini model failed
 * at its first model turn (the runtime offers Gemini the contracts/gemini declarations).
 */
describe("the Nova codebase's build ships what the runtime reads", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "nova-agent-build-"));
    const build = path.join(REPO_ROOT, "agent", "scripts", "build.cjs");
    execFileSync(process.execPath, [build, "--out", path.join(root, "lib")], { stdio: "pipe" });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(["strict", "gemini"])("%s/: every tool's published declaration, beside lib/", (dir) => {
    expect(readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".json"))).toEqual(
      expect.arrayContaining(TOOL_NAMES.map((t) => `${t}.json`)),
    );
  });
});
