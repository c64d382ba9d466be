import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * scripts/ops/apply.sh, offline. The dry run needs no gcloud and must print, for every file in
 * ops/, the lookup and both ways on (update or create). The real run is driven against a stand-in
 * `gcloud` on PATH that answers lookups from a table and records every call with the file it was
 * given: that is what proves the script idempotent (found: update, with the dashboard's etag;
 * absent: create) without a Google project.
 */

const ROOT = resolve(__dirname, "..", "..", "..");
const SCRIPT = join(ROOT, "scripts", "ops", "apply.sh");
const scratch = mkdtempSync(join(tmpdir(), "nova-apply-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A PATH with node and the few tools the script uses, and no gcloud: what it runs must come from us. */
const TOOLS = join(scratch, "tools");
mkdirSync(TOOLS);
for (const tool of ["bash", "mktemp", "grep", "sed", "basename", "dirname", "cp", "rm", "cat", "env"]) {
  const found = spawnSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
  symlinkSync(found, join(TOOLS, tool));
}
symlinkSync(process.execPath, join(TOOLS, "node"));

/** A kind's files under ops/ (the tools') and ops/agent/ (Nova's), as paths relative to ops/, in the script's order. */
const opsFiles = (sub: string) =>
  [sub, `agent/${sub}`].flatMap((dir) =>
    readdirSync(join(ROOT, "ops", dir))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => `${dir}/${f}`),
  );
const baseName = (f: string) => f.replace(/^.*\//, "").replace(/\.json$/, "");
const displayNames = opsFiles("alerts").map(
  (f) => (JSON.parse(readFileSync(join(ROOT, "ops", f), "utf8")) as { displayName: string }).displayName,
);

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync("bash", [SCRIPT, ...args], {
    cwd: scratch,
    encoding: "utf8",
    env: { ...process.env, TMPDIR: scratch, ...env },
  });
}

/** A stand-in gcloud: `found` lists the lookups that succeed (with what they print). */
function fakeGcloud(name: string, found: Record<string, string>): { path: string; log: string } {
  const bin = join(scratch, name);
  const log = join(scratch, `${name}.log`);
  const table = join(scratch, `${name}.json`);
  writeFileSync(table, JSON.stringify(found));
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, "gcloud"),
    `#!/usr/bin/env node
const fs = require("fs");
const args = process.argv.slice(2);
const file = args.map((a) => /^--(?:config|policy)-from-file=(.*)$/.exec(a)).find(Boolean);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, file: file ? JSON.parse(fs.readFileSync(file[1], "utf8")) : null }) + "\\n");
const found = JSON.parse(fs.readFileSync(${JSON.stringify(table)}, "utf8"));
const verb = args.slice(0, 3).join(" ");
if (/ (describe|list)$/.test(verb)) {
  const key = verb.endsWith("list") ? args.find((a) => a.startsWith("--filter=")) : args[3];
  if (!(key in found)) { if (verb.endsWith("list")) process.exit(0); process.stderr.write("NOT_FOUND\\n"); process.exit(1); }
  process.stdout.write(found[key]);
}
`,
  );
  chmodSync(join(bin, "gcloud"), 0o755);
  return { path: `${bin}:${TOOLS}`, log };
}

const calls = (log: string) =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { args: string[]; file: any })
    : [];

describe("apply.sh --dry-run", () => {
  const r = run(["nova-prod-1", "--dry-run", "--channels", "projects/nova-prod-1/notificationChannels/123"], {
    PATH: TOOLS,
  });
  const lines = r.stdout.trim().split("\n");

  it("runs without gcloud and prints, per resource, the lookup then update or create", () => {
    expect(r.status, r.stderr).toBe(0);
    const commands = lines.filter((l) => !l.startsWith("#"));
    const n = opsFiles("metrics").length + opsFiles("dashboards").length + opsFiles("alerts").length;
    expect(commands).toHaveLength(3 * n);
    for (let i = 0; i < commands.length; i += 3) {
      expect(commands.slice(i, i + 3).map((l) => l.split(/\s+/)[0])).toEqual(["describe:", "exists:", "absent:"]);
    }
    for (const f of opsFiles("metrics")) {
      const name = baseName(f);
      expect(lines).toContain(
        `describe: gcloud logging metrics describe ${name} --project=nova-prod-1 --format=value\\(name\\)`,
      );
      expect(lines).toContain(
        `exists:   gcloud logging metrics update ${name} --config-from-file=${ROOT}/ops/${f} --project=nova-prod-1`,
      );
      expect(lines).toContain(
        `absent:   gcloud logging metrics create ${name} --config-from-file=${ROOT}/ops/${f} --project=nova-prod-1`,
      );
    }
    for (const id of ["nova-tools", "nova-agent"])
      expect(
        lines.some((l) => l.startsWith(`describe: gcloud monitoring dashboards describe ${id} --project=nova-prod-1`)),
      ).toBe(true);
    for (const d of displayNames)
      expect(lines.some((l) => l.includes("policies list") && l.includes(d.replace(/ /g, "\\ ")))).toBe(true);
    // Metrics come before what refers to them.
    const lastMetric = lines.map((l) => l.includes("logging metrics")).lastIndexOf(true);
    expect(lines.findIndex((l) => l.includes("dashboards"))).toBeGreaterThan(lastMetric);
  });

  it("prepares the dashboard with its fixed name and every policy with the channels, and keeps them to read", () => {
    const dir = /prepared files are in (\S+)$/.exec(lines[lines.length - 1]!)![1]!;
    for (const f of opsFiles("dashboards")) {
      const id = baseName(f);
      const dashboard = JSON.parse(readFileSync(join(dir, `dashboard-${id}-create.json`), "utf8"));
      expect(dashboard.name).toBe(`projects/nova-prod-1/dashboards/${id}`);
      expect(dashboard.mosaicLayout).toEqual(JSON.parse(readFileSync(join(ROOT, "ops", f), "utf8")).mosaicLayout);
    }
    for (const f of opsFiles("alerts")) {
      const policy = JSON.parse(readFileSync(join(dir, `alert-${baseName(f)}.json`), "utf8"));
      expect(policy.notificationChannels).toEqual(["projects/nova-prod-1/notificationChannels/123"]);
    }
  });

  it("refuses a missing or malformed project id and bad options with exit 2", () => {
    for (const args of [
      ["--dry-run"],
      ["Bad_Project", "--dry-run"],
      ["nova-prod-1", "--dry-run", "--nope"],
      ["nova-prod-1", "--dry-run", "--channels", "123"],
      ["a-project", "b-project"],
    ]) {
      const bad = run(args, { PATH: TOOLS });
      expect({ args, status: bad.status }).toEqual({ args, status: 2 });
    }
  });
});

describe("apply.sh against a stand-in gcloud", { timeout: 60_000 }, () => {
  it("updates what exists (the dashboard with its current etag), creates what does not", () => {
    const internal = displayNames.find((d) => d.includes("INTERNAL"))!;
    const gcloud = fakeGcloud("some-exist", {
      nova_tools_calls: "projects/p/metrics/nova_tools_calls",
      "nova-tools": "etag-42",
      [`--filter=displayName="${internal}"`]: "projects/nova-prod-1/alertPolicies/777\n",
    });
    const r = run(["nova-prod-1"], { PATH: gcloud.path });
    expect(r.status, r.stderr).toBe(0);
    const made = calls(gcloud.log);
    const verbs = made.map((c) => c.args.slice(0, 4).join(" "));
    expect(verbs).toContain("logging metrics update nova_tools_calls");
    for (const m of ["nova_tools_duration", "nova_tools_reads", "nova_tools_retries"])
      expect(verbs).toContain(`logging metrics create ${m}`);
    const dashboard = made.find((c) => c.args.slice(0, 3).join(" ") === "monitoring dashboards update")!;
    expect(dashboard.args[3]).toBe("nova-tools");
    expect(dashboard.file).toMatchObject({
      name: "projects/nova-prod-1/dashboards/nova-tools",
      etag: "etag-42",
      displayName: "Nova tools",
    });
    const updated = made.filter((c) => c.args.slice(0, 3).join(" ") === "monitoring policies update");
    expect(updated.map((c) => [c.args[3], c.file.displayName])).toEqual([
      ["projects/nova-prod-1/alertPolicies/777", internal],
    ]);
    const created = made
      .filter((c) => c.args.slice(0, 3).join(" ") === "monitoring policies create")
      .map((c) => c.file.displayName);
    expect(created.sort()).toEqual(displayNames.filter((d) => d !== internal).sort());
    for (const c of made) expect(c.args).toContain("--project=nova-prod-1");
    expect(r.stdout).toContain(
      "https://console.cloud.google.com/monitoring/dashboards/custom/nova-tools?project=nova-prod-1",
    );
  });

  it("creates everything in an empty project, and a second run over it updates instead", () => {
    const empty = fakeGcloud("empty", {});
    expect(run(["nova-prod-1"], { PATH: empty.path }).status).toBe(0);
    const first = calls(empty.log).filter((c) => !/describe|list/.test(c.args[2]!));
    expect(first.every((c) => c.args[2] === "create")).toBe(true);
    expect(first).toHaveLength(opsFiles("metrics").length + opsFiles("dashboards").length + opsFiles("alerts").length);

    const all = fakeGcloud("all-exist", {
      ...Object.fromEntries(opsFiles("metrics").map((f) => [baseName(f), "x"])),
      "nova-tools": "etag-1",
      "nova-agent": "etag-2",
      ...Object.fromEntries(
        displayNames.map((d, i) => [`--filter=displayName="${d}"`, `projects/nova-prod-1/alertPolicies/${i + 1}`]),
      ),
    });
    expect(run(["nova-prod-1"], { PATH: all.path }).status).toBe(0);
    const second = calls(all.log).filter((c) => !/describe|list/.test(c.args[2]!));
    expect(second.every((c) => c.args[2] === "update")).toBe(true);
    expect(second).toHaveLength(first.length);
  });

  it("stops when two policies share a display name", () => {
    const dup = fakeGcloud("duplicates", {
      [`--filter=displayName="${displayNames[0]}"`]: "projects/p/alertPolicies/1\nprojects/p/alertPolicies/2\n",
    });
    const r = run(["nova-prod-1"], { PATH: dup.path });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("2 policies have this name");
  });

  it("says so when gcloud is missing", () => {
    const r = run(["nova-prod-1"], { PATH: TOOLS });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("gcloud is not on PATH");
  });
});
