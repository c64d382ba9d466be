import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exposeTool } from "../../../functions/src/callable/expose";
import {
  FUNCTIONS_SERVICE_ACCOUNT,
  functionsServiceAccountEmail,
} from "../../../functions/src/callable/service-account";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import {
  classifyPermissions,
  evaluate,
  normalizePolicies,
  type AncestorPolicy,
  type RoleDefinition,
} from "../../../scripts/iam/policy";
import { loadCatalog } from "../../support/catalog";

/**
 * Layer 4 of docs/security.md: in production the functions run as a dedicated service account
 * that cannot write Firestore. The deploy manifest names it; the creation script grants it only
 * read and log roles; `npm run check:iam` fails on recorded policies that give it more.
 */
const FIXTURES = join(__dirname, "fixtures", "iam");
const PROJECT = "nova-prod-123";
const ACCOUNT = functionsServiceAccountEmail(PROJECT);
const TSX = join(REPO_ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const CHECK = join(REPO_ROOT, "scripts", "iam", "check.ts");
const CREATE = join(REPO_ROOT, "scripts", "iam", "create-service-account.sh");

const fixture = (name: string): AncestorPolicy[] =>
  normalizePolicies(JSON.parse(readFileSync(join(FIXTURES, name), "utf8")), PROJECT);
const roleDefs = (name?: string): Map<string, RoleDefinition> =>
  new Map(
    name ? (JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as RoleDefinition[]).map((d) => [d.name, d]) : [],
  );
const failing = (policies: AncestorPolicy[], defs = roleDefs()) =>
  evaluate(policies, ACCOUNT, defs)
    .grants.filter((g) => g.verdict !== "read-only")
    .map((g) => `${g.role}: ${g.verdict}`);

describe("the deploy manifest", () => {
  it("runs every tool's function as the dedicated account (firebase-tools resolves `nova-tools@`)", async () => {
    const decls = loadCatalog();
    for (const decl of decls) {
      const endpoint = (exposeTool(decl) as unknown as { __endpoint: { serviceAccountEmail?: string } }).__endpoint;
      expect(endpoint.serviceAccountEmail, decl.name).toBe(FUNCTIONS_SERVICE_ACCOUNT);
    }
    expect(FUNCTIONS_SERVICE_ACCOUNT).toBe("nova-tools@");
    expect(ACCOUNT).toBe("nova-tools@nova-prod-123.iam.gserviceaccount.com");
  });
});

describe("policy evaluation on recorded IAM policies", () => {
  it("passes the clean policy, whatever other members hold (the default account's editor, a user's owner)", () => {
    const result = evaluate(fixture("clean.json"), ACCOUNT, roleDefs());
    expect(result.ok).toBe(true);
    expect(result.grants.map((g) => g.role).sort()).toEqual(["roles/datastore.viewer", "roles/logging.logWriter"]);
  });

  it.each([
    ["datastore-user.json", undefined, ["roles/datastore.user: writes-firestore"]],
    ["owner.json", undefined, ["roles/owner: writes-firestore"]],
    ["custom-role.json", "custom-roles.json", ["projects/nova-prod-123/roles/novaToolsReader: writes-firestore"]],
    ["custom-role.json", undefined, ["projects/nova-prod-123/roles/novaToolsReader: unknown"]],
    ["conditional.json", undefined, ["roles/datastore.user: writes-firestore"]],
  ])("fails %s (role definitions: %s)", (policy, defs, expected) => {
    const result = evaluate(fixture(policy), ACCOUNT, roleDefs(defs));
    expect(result.ok).toBe(false);
    expect(failing(fixture(policy), roleDefs(defs))).toEqual(expected);
  });

  it("names the write permission a custom role grants, and passes the same role without it", () => {
    const bad = evaluate(fixture("custom-role.json"), ACCOUNT, roleDefs("custom-roles.json"));
    expect(bad.grants.find((g) => g.role.endsWith("novaToolsReader"))?.reason).toContain("datastore.entities.update");
    expect(evaluate(fixture("custom-role.json"), ACCOUNT, roleDefs("custom-roles-readonly.json")).ok).toBe(true);
  });

  it("counts grants to everyone and grants on ancestors, and fails an account that holds nothing", () => {
    const clean = fixture("clean.json")[0]!;
    const everyone: AncestorPolicy = {
      id: PROJECT,
      type: "project",
      policy: {
        bindings: [...clean.policy.bindings!, { role: "roles/datastore.user", members: ["allAuthenticatedUsers"] }],
      },
    };
    expect(failing([everyone])).toEqual(["roles/datastore.user: writes-firestore"]);
    const org: AncestorPolicy = {
      id: "4242",
      type: "organization",
      policy: { bindings: [{ role: "roles/editor", members: [`serviceAccount:${ACCOUNT}`] }] },
    };
    expect(failing([clean, org])).toEqual(["roles/editor: writes-firestore"]);
    const empty = evaluate([{ id: PROJECT, type: "project", policy: { bindings: [] } }], ACCOUNT, roleDefs());
    expect(empty.ok).toBe(false);
  });

  it("fails roles that let the account give itself more (impersonation, IAM admin)", () => {
    const clean = fixture("clean.json")[0]!;
    const withRole = (role: string): AncestorPolicy[] => [
      { ...clean, policy: { bindings: [...clean.policy.bindings!, { role, members: [`serviceAccount:${ACCOUNT}`] }] } },
    ];
    expect(failing(withRole("roles/iam.serviceAccountTokenCreator"))).toEqual([
      "roles/iam.serviceAccountTokenCreator: escalates",
    ]);
    expect(failing(withRole("roles/resourcemanager.projectIamAdmin"))).toEqual([
      "roles/resourcemanager.projectIamAdmin: escalates",
    ]);
  });

  it("notes a group holding a write role, which may contain the account, without failing on it", () => {
    const clean = fixture("clean.json")[0]!;
    const result = evaluate(
      [
        {
          ...clean,
          policy: {
            bindings: [
              ...clean.policy.bindings!,
              { role: "roles/datastore.user", members: ["group:pipeline@example.com"] },
            ],
          },
        },
      ],
      ACCOUNT,
      roleDefs(),
    );
    expect(result.ok).toBe(true);
    expect(result.unresolved).toEqual([
      { role: "roles/datastore.user", member: "group:pipeline@example.com", on: `project ${PROJECT}` },
    ]);
  });

  it.each([
    [
      [
        "datastore.entities.get",
        "datastore.entities.list",
        "datastore.databases.getMetadata",
        "logging.logEntries.create",
      ],
      "read-only",
    ],
    [["datastore.entities.create"], "writes-firestore"],
    [["datastore.entities.delete"], "writes-firestore"],
    [["datastore.databases.update"], "writes-firestore"],
    [["datastore.databases.import"], "writes-firestore"],
    [["datastore.indexes.create"], "writes-firestore"],
    [["datastore.someNewThing.mutate"], "writes-firestore"],
    [["iam.serviceAccounts.actAs"], "escalates"],
    [["resourcemanager.projects.setIamPolicy"], "escalates"],
  ])("classifies permissions %j as %s", (permissions, verdict) => {
    expect(classifyPermissions(permissions).verdict).toBe(verdict);
  });
});

// ---------------------------------------------------------------------------------------------
// The command line and the creation script, through a fake gcloud that keeps a policy in a file.

const work = mkdtempSync(join(tmpdir(), "nova-iam-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FAKE_GCLOUD = `#!/usr/bin/env node
// A stand-in for gcloud: records each call and keeps an IAM policy in $FAKE_GCLOUD_STATE.
const fs = require("fs");
const file = process.env.FAKE_GCLOUD_STATE;
const state = JSON.parse(fs.readFileSync(file, "utf8"));
const args = process.argv.slice(2);
state.calls.push(args);
const flag = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const w = args.filter((a) => !a.startsWith("-"));
const words = (w[0] === "iam" ? w.slice(0, 3) : w.slice(0, 2)).join(" ");
let code = 0;
if (words === "iam service-accounts describe") code = state.accountExists ? 0 : 1;
else if (words === "iam service-accounts create") state.accountExists = true;
else if (words === "projects add-iam-policy-binding") {
  const role = flag("--role"), member = flag("--member");
  let b = state.policy.bindings.find((x) => x.role === role && !x.condition);
  if (!b) state.policy.bindings.push((b = { role, members: [] }));
  if (!b.members.includes(member)) b.members.push(member);
} else if (words === "projects get-iam-policy") process.stdout.write(JSON.stringify(state.policy));
else if (words === "iam roles describe") {
  const def = state.roles[args[3]];
  if (def) process.stdout.write(JSON.stringify(def)); else code = 1;
} else if (words === "secrets describe") code = state.secretExists ? 0 : 1;
else if (words === "secrets add-iam-policy-binding" || words === "iam service-accounts add-iam-policy-binding") code = 0;
else { process.stderr.write("fake gcloud: unexpected call " + args.join(" ") + "\\n"); code = 3; }
fs.writeFileSync(file, JSON.stringify(state));
process.exit(code);
`;
writeFileSync(join(work, "gcloud"), FAKE_GCLOUD);
chmodSync(join(work, "gcloud"), 0o755);

interface FakeState {
  calls: string[][];
  accountExists: boolean;
  secretExists: boolean;
  policy: { bindings: { role: string; members: string[]; condition?: unknown }[] };
  roles: Record<string, RoleDefinition>;
}

function run(
  cmd: string,
  args: string[],
  state: Omit<FakeState, "calls">,
): { status: number | null; stdout: string; stderr: string; state: FakeState } {
  const stateFile = join(work, `state-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(stateFile, JSON.stringify({ ...state, calls: [] }));
  const res = spawnSync(cmd, args, {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { ...process.env, PATH: `${work}:${process.env.PATH}`, FAKE_GCLOUD_STATE: stateFile },
    timeout: 120_000,
  });
  return {
    status: res.status,
    stdout: res.stdout,
    stderr: res.stderr,
    state: JSON.parse(readFileSync(stateFile, "utf8")) as FakeState,
  };
}

const checkCli = (
  args: string[],
  state: Omit<FakeState, "calls"> = { accountExists: true, secretExists: true, policy: { bindings: [] }, roles: {} },
) => run(process.execPath, [TSX, CHECK, ...args], state);

const cleanPolicy = () => JSON.parse(readFileSync(join(FIXTURES, "clean.json"), "utf8")) as FakeState["policy"];

describe("npm run check:iam", () => {
  it.each([
    ["clean.json", null, 0],
    ["datastore-user.json", null, 1],
    ["owner.json", null, 1],
    ["custom-role.json", "custom-roles.json", 1],
    ["custom-role.json", null, 1],
    ["custom-role.json", "custom-roles-readonly.json", 0],
  ])(
    "exits as the policy deserves for recorded %s (roles: %s)",
    (policy, roles, code) => {
      const res = checkCli([
        "--project",
        PROJECT,
        "--policy",
        join(FIXTURES, policy),
        ...(roles ? ["--roles", join(FIXTURES, roles)] : []),
      ]);
      expect(res.status, res.stderr).toBe(code);
      expect(res.stdout).toContain(ACCOUNT);
      if (code === 1) expect(res.stderr).toMatch(/check:iam: FAIL/);
      expect(res.state.calls).toEqual([]); // recorded mode never asks gcloud
    },
    60_000,
  );

  it("asks gcloud for the live policy and for custom role definitions", () => {
    const policy = cleanPolicy();
    policy.bindings.push({
      role: "projects/nova-prod-123/roles/novaToolsReader",
      members: [`serviceAccount:${ACCOUNT}`],
    });
    const roles = Object.fromEntries(
      (JSON.parse(readFileSync(join(FIXTURES, "custom-roles.json"), "utf8")) as RoleDefinition[]).map((d) => [
        "novaToolsReader",
        d,
      ]),
    );
    const res = checkCli(["--project", PROJECT], { accountExists: true, secretExists: true, policy, roles });
    expect(res.status, res.stderr).toBe(1);
    expect(res.stdout).toContain("datastore.entities.update");
    expect(res.state.calls).toEqual([
      ["projects", "get-iam-policy", PROJECT, "--format=json"],
      ["iam", "roles", "describe", "novaToolsReader", `--project=${PROJECT}`, "--format=json"],
    ]);
  }, 60_000);

  it("exits 2 with a message when its input cannot be read", () => {
    expect(checkCli(["--policy", join(FIXTURES, "clean.json")]).status).toBe(2);
    expect(checkCli(["--project", PROJECT, "--policy", join(work, "missing.json")]).status).toBe(2);
    expect(checkCli(["--project", PROJECT, "--frobnicate"]).status).toBe(2);
  }, 60_000);
});

describe("scripts/iam/create-service-account.sh", () => {
  it("creates the account, grants exactly the read and log roles, and its own check passes", () => {
    const res = run("bash", [CREATE, PROJECT, "user:deployer@example.com"], {
      accountExists: false,
      secretExists: true,
      policy: cleanPolicy(),
      roles: {},
    });
    expect(res.status, res.stderr + res.stdout).toBe(0);
    const member = `serviceAccount:${ACCOUNT}`;
    const projectGrants = res.state.calls.filter((c) => c[0] === "projects" && c[1] === "add-iam-policy-binding");
    expect(projectGrants.map((c) => [c[c.indexOf("--member") + 1], c[c.indexOf("--role") + 1]])).toEqual([
      [member, "roles/datastore.viewer"],
      [member, "roles/logging.logWriter"],
    ]);
    expect(res.state.calls).toContainEqual([
      "iam",
      "service-accounts",
      "create",
      "nova-tools",
      "--project",
      PROJECT,
      "--display-name",
      expect.any(String),
      "--description",
      expect.any(String),
    ]);
    // The secret accessor and the deployer's actAs are bound on one resource each, not the project.
    expect(res.state.calls.find((c) => c[0] === "secrets" && c[1] === "add-iam-policy-binding")?.[2]).toBe(
      "NOVA_PSEUDONYM_KEY",
    );
    expect(res.state.calls.find((c) => c[1] === "service-accounts" && c[2] === "add-iam-policy-binding")?.[3]).toBe(
      ACCOUNT,
    );
    expect(res.stdout).toContain("OK: no role that can write Firestore");
  }, 120_000);

  it("with --agent, creates nova-agent with the model's role and log writing, no Firestore role, and its check passes", () => {
    const agent = "nova-agent@nova-prod-123.iam.gserviceaccount.com";
    const res = run("bash", [CREATE, "--agent", PROJECT], {
      accountExists: false,
      secretExists: true,
      policy: cleanPolicy(),
      roles: {},
    });
    expect(res.status, res.stderr + res.stdout).toBe(0);
    const projectGrants = res.state.calls.filter((c) => c[0] === "projects" && c[1] === "add-iam-policy-binding");
    expect(projectGrants.map((c) => [c[c.indexOf("--member") + 1], c[c.indexOf("--role") + 1]])).toEqual([
      [`serviceAccount:${agent}`, "roles/aiplatform.user"],
      [`serviceAccount:${agent}`, "roles/logging.logWriter"],
    ]);
    expect(res.state.calls.find((c) => c[1] === "service-accounts" && c[2] === "create")?.[3]).toBe("nova-agent");
    expect(
      res.state.calls.filter((c) => c[0] === "secrets" && c[1] === "add-iam-policy-binding").map((c) => c[2]),
    ).toEqual(["NOVA_PSEUDONYM_KEY", "GEMINI_API_KEY"]);
    expect(res.stdout).toContain("OK: no Firestore role");
  }, 120_000);

  it("fails through its check when the account already holds a write role", () => {
    const policy = cleanPolicy();
    policy.bindings.push({ role: "roles/editor", members: [`serviceAccount:${ACCOUNT}`] });
    const res = run("bash", [CREATE, PROJECT], { accountExists: true, secretExists: false, policy, roles: {} });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("roles/editor");
  }, 120_000);
});
