import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateAgent, normalizePolicies } from "../../../scripts/iam/policy";

/**
 * `npm run check:iam -- --agent`: Nova's own account (nova-agent) holds no Firestore role at all,
 * not even the viewer's, and nothing beyond the model provider's role, log writing and secret access.
 */
const ROOT = resolve(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const CHECK = join(ROOT, "scripts", "iam", "check.ts");
const FIXTURES = join(__dirname, "fixtures", "iam");
const ACCOUNT = "nova-agent@nova-prod-123.iam.gserviceaccount.com";
const check = (fixture: string) =>
  spawnSync(
    process.execPath,
    [TSX, CHECK, "--agent", "--project", "nova-prod-123", "--policy", join(FIXTURES, fixture)],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, PATH: "/nonexistent" } },
  );

describe("the agent account's check", { timeout: 60_000 }, () => {
  it("passes with the model provider's role and log writing only", () => {
    const r = check("agent-clean.json");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Service account ${ACCOUNT}:`);
    expect(r.stdout).toContain("ok   roles/aiplatform.user");
    expect(r.stdout).toContain("OK: no Firestore role");
  });

  it("fails on a Firestore role, even the viewer's, and names it", () => {
    const r = check("agent-firestore.json");
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/FAIL roles\/datastore\.viewer .*a Firestore role/);
    expect(r.stderr).toContain("no Firestore role");
  });

  it("is an allow-list: anything else fails, and an account holding nothing cannot be confirmed", () => {
    const policy = (role: string) =>
      normalizePolicies({ bindings: [{ role, members: [`serviceAccount:${ACCOUNT}`] }] }, "nova-prod-123");
    expect(evaluateAgent(policy("roles/run.invoker"), ACCOUNT).ok).toBe(false);
    expect(evaluateAgent(policy("roles/editor"), ACCOUNT).grants[0]!.reason).toContain("Firestore role");
    expect(evaluateAgent(policy("roles/logging.logWriter"), ACCOUNT).ok).toBe(true);
    expect(evaluateAgent(normalizePolicies({ bindings: [] }, "p"), ACCOUNT).ok).toBe(false);
  });
});
