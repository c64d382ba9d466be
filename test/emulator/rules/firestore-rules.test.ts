import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
  type TokenOptions,
} from "@firebase/rules-unit-testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { readPorts } from "../../../scripts/emulators/suite";

/**
 * firestore.rules against the Firestore emulator (docs/security.md, layer 2): every collection of
 * SPEC section 5, for every kind of caller, for get, list, create, update and delete. A project id
 * of its own, so the seeded demo-nova data is never touched and the rules under test are the file's.
 */
const PROJECT_ID = "demo-nova-rules";
const RULES = readFileSync(join(REPO_ROOT, "firestore.rules"), "utf8");

// -- the data ------------------------------------------------------------------------------------

const JOB_WITH_INTERNALS = {
  kind: "draft_post",
  state: "failed",
  attempts: 3,
  createdAt: "2026-11-29T10:00:00.000Z",
  updatedAt: "2026-11-29T10:05:00.000Z",
  error: { code: "PROVIDER_500", providerBody: "CANARY-provider-body", stack: "CANARY-stack" },
  prompt: "CANARY-prompt",
  draft: "CANARY-draft",
  credentialsRef: "CANARY-credentials",
};

const SEED: Record<string, Record<string, unknown>> = {
  "trendSignals/s1": {
    title: "t",
    summary: "s",
    source: "x",
    url: "https://example.test",
    topics: ["a"],
    score: 0.5,
    observedAt: "2026-11-29T00:00:00.000Z",
  },
  "workspaces/acme": { name: "Acme", timezone: "Europe/Berlin" },
  "workspaces/globex": { name: "Globex", timezone: "UTC" },
  "workspaces/acme/members/u-member": { role: "operator" },
  "workspaces/acme/members/u-owner": { role: "owner" },
  "workspaces/acme/members/u-viewer": { role: "viewer" },
  "workspaces/acme/members/u-liaison": { role: "liaison" },
  "workspaces/acme/members/u-disabled": { role: "operator", disabled: true },
  "workspaces/acme/members/u-disabled-str": { role: "operator", disabled: "true" },
  "workspaces/acme/members/u-badrole": { role: "admin" },
  "workspaces/acme/members/u-noclaim": { role: "operator" },
  "workspaces/acme/members/u-multi": { role: "viewer" },
  "workspaces/globex/members/u-globex": { role: "owner" },
  "workspaces/globex/members/u-multi": { role: "operator" },
  "workspaces/acme/posts/p1": {
    channel: "x",
    title: "Post",
    status: "published",
    publishedAt: "2026-11-20T10:00:00.000Z",
  },
  "workspaces/acme/jobs/j1": JOB_WITH_INTERNALS,
  "workspaces/acme/goals/g1": {
    title: "Reach",
    metric: "impressions",
    target: 100,
    current: 10,
    dueAt: "2026-12-31T00:00:00.000Z",
  },
  "workspaces/acme/pendingItems/i1": { kind: "approval", title: "Approve", createdAt: "2026-11-29T00:00:00.000Z" },
  "workspaces/acme/secrets/x1": { note: "a subcollection no rule names" },
  "workspaces/globex/posts/p1": {
    channel: "x",
    title: "G post",
    status: "published",
    publishedAt: "2026-11-20T10:00:00.000Z",
  },
  "workspaces/globex/jobs/j1": JOB_WITH_INTERNALS,
  "workspaces/globex/goals/g1": {
    title: "G",
    metric: "likes",
    target: 5,
    current: 1,
    dueAt: "2026-12-31T00:00:00.000Z",
  },
  "workspaces/globex/pendingItems/i1": { kind: "approval", title: "G item", createdAt: "2026-11-29T00:00:00.000Z" },
  "other/x1": { note: "a top-level collection no rule names" },
};
const DOCS = Object.keys(SEED);
const COLLECTIONS = [...new Set(DOCS.map((p) => p.split("/").slice(0, -1).join("/")))];

// -- who asks ------------------------------------------------------------------------------------

interface Principal {
  readonly label: string;
  /** null: no auth at all. */
  readonly uid: string | null;
  readonly token?: TokenOptions;
  /** Documents this caller may get. */
  readonly get: readonly string[];
  /** Collections this caller may list. */
  readonly list: readonly string[];
}

const PUBLIC_GET = ["trendSignals/s1"];
const PUBLIC_LIST = ["trendSignals"];
const acmeMember = (uid: string): Pick<Principal, "get" | "list"> => ({
  get: [
    ...PUBLIC_GET,
    "workspaces/acme",
    `workspaces/acme/members/${uid}`,
    "workspaces/acme/posts/p1",
    "workspaces/acme/goals/g1",
    "workspaces/acme/pendingItems/i1",
  ],
  list: [...PUBLIC_LIST, "workspaces/acme/posts", "workspaces/acme/goals", "workspaces/acme/pendingItems"],
});
const globexMember = (uid: string): Pick<Principal, "get" | "list"> => ({
  get: [
    ...PUBLIC_GET,
    "workspaces/globex",
    `workspaces/globex/members/${uid}`,
    "workspaces/globex/posts/p1",
    "workspaces/globex/goals/g1",
    "workspaces/globex/pendingItems/i1",
  ],
  list: [...PUBLIC_LIST, "workspaces/globex/posts", "workspaces/globex/goals", "workspaces/globex/pendingItems"],
});
const signedInOnly = { get: PUBLIC_GET, list: PUBLIC_LIST };
const READER_TOKEN = { novaReader: true, aud: "demo-nova" } as TokenOptions;

const PRINCIPALS: Principal[] = [
  { label: "no auth", uid: null, get: [], list: [] },
  {
    label: "an operator of the active workspace",
    uid: "u-member",
    token: { workspaceId: "acme" } as TokenOptions,
    ...acmeMember("u-member"),
  },
  {
    label: "an owner of the active workspace",
    uid: "u-owner",
    token: { workspaceId: "acme" } as TokenOptions,
    ...acmeMember("u-owner"),
  },
  {
    label: "a viewer of the active workspace",
    uid: "u-viewer",
    token: { workspaceId: "acme" } as TokenOptions,
    ...acmeMember("u-viewer"),
  },
  {
    label: "a liaison of the active workspace",
    uid: "u-liaison",
    token: { workspaceId: "acme" } as TokenOptions,
    ...acmeMember("u-liaison"),
  },
  {
    label: "a member of another workspace",
    uid: "u-globex",
    token: { workspaceId: "globex" } as TokenOptions,
    ...globexMember("u-globex"),
  },
  {
    label: "a member of both whose active workspace is the other",
    uid: "u-multi",
    token: { workspaceId: "globex" } as TokenOptions,
    ...globexMember("u-multi"),
  },
  { label: "a disabled member", uid: "u-disabled", token: { workspaceId: "acme" } as TokenOptions, ...signedInOnly },
  {
    label: "a member whose disabled flag is not a boolean",
    uid: "u-disabled-str",
    token: { workspaceId: "acme" } as TokenOptions,
    ...signedInOnly,
  },
  {
    label: "a member with an unknown role",
    uid: "u-badrole",
    token: { workspaceId: "acme" } as TokenOptions,
    ...signedInOnly,
  },
  {
    label: "a user with the claim but no membership",
    uid: "u-outsider",
    token: { workspaceId: "acme" } as TokenOptions,
    ...signedInOnly,
  },
  { label: "a member without the workspace claim", uid: "u-noclaim", ...signedInOnly },
  // The functions' emulator reader identity: reads everything, writes nothing.
  {
    label: "the emulator reader identity",
    uid: "nova-functions-reader",
    token: READER_TOKEN,
    get: DOCS,
    list: COLLECTIONS,
  },
  // Anything short of the exact identity is an ordinary signed-in user.
  {
    label: "the reader claim on another uid",
    uid: "u-member",
    token: { ...READER_TOKEN, workspaceId: "acme" } as TokenOptions,
    ...acmeMember("u-member"),
  },
  {
    label: "the reader uid without the claim",
    uid: "nova-functions-reader",
    token: { aud: "demo-nova" } as TokenOptions,
    ...signedInOnly,
  },
  {
    label: "the reader claim as a string",
    uid: "nova-functions-reader",
    token: { novaReader: "true", aud: "demo-nova" } as TokenOptions,
    ...signedInOnly,
  },
  {
    label: "the reader identity with a production audience",
    uid: "nova-functions-reader",
    token: { novaReader: true, aud: "nova-prod", iss: "https://securetoken.google.com/nova-prod" } as TokenOptions,
    ...signedInOnly,
  },
];

// -- harness -------------------------------------------------------------------------------------

let env: RulesTestEnvironment;

beforeAll(async () => {
  const { firestore } = readPorts();
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host: "127.0.0.1", port: firestore, rules: RULES },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await Promise.all(Object.entries(SEED).map(([path, data]) => db.doc(path).set(data)));
  });
});

afterAll(async () => {
  await env?.clearFirestore();
  await env?.cleanup();
});

function contextOf(p: Principal): RulesTestContext {
  return p.uid === null ? env.unauthenticatedContext() : env.authenticatedContext(p.uid, p.token);
}

type Outcome = "allowed" | "denied";

/** Runs one operation and reports whether the rules allowed it; any other failure fails the test. */
async function outcome(op: () => Promise<unknown>): Promise<Outcome> {
  try {
    await op();
    return "allowed";
  } catch (err) {
    if ((err as { code?: string }).code === "permission-denied") return "denied";
    throw err;
  }
}

/** Every mismatch between expected and actual outcomes, as readable lines (empty when all agree). */
async function mismatches(
  targets: readonly string[],
  allowed: readonly string[],
  op: (target: string) => Promise<unknown>,
): Promise<string[]> {
  const out: string[] = [];
  for (const target of targets) {
    const want: Outcome = allowed.includes(target) ? "allowed" : "denied";
    const got = await outcome(() => op(target));
    if (got !== want) out.push(`${target}: expected ${want}, got ${got}`);
  }
  return out;
}

// -- the matrix ----------------------------------------------------------------------------------

describe.each(PRINCIPALS)("firestore.rules for $label", (p) => {
  it("get: exactly the documents this caller may read", async () => {
    const db = contextOf(p).firestore();
    expect(await mismatches(DOCS, p.get, (path) => db.doc(path).get())).toEqual([]);
  });

  it("list: exactly the collections this caller may query", async () => {
    const db = contextOf(p).firestore();
    expect(await mismatches(COLLECTIONS, p.list, (path) => db.collection(path).limit(5).get())).toEqual([]);
  });

  it("create: denied in every collection", async () => {
    const db = contextOf(p).firestore();
    expect(
      await mismatches(COLLECTIONS, [], (path) =>
        db
          .collection(path)
          .doc(`created-${Math.random().toString(36).slice(2)}`)
          .set({ title: "x" }),
      ),
    ).toEqual([]);
  });

  it("update: denied on every document", async () => {
    const db = contextOf(p).firestore();
    expect(await mismatches(DOCS, [], (path) => db.doc(path).update({ title: "changed" }))).toEqual([]);
  });

  it("delete: denied on every document", async () => {
    const db = contextOf(p).firestore();
    expect(await mismatches(DOCS, [], (path) => db.doc(path).delete())).toEqual([]);
  });
});

describe("firestore.rules beyond single collections", () => {
  const member = PRINCIPALS.find((p) => p.uid === "u-member")!;

  it("denies collection-group queries, which would cross workspaces", async () => {
    const db = contextOf(member).firestore();
    for (const group of ["posts", "jobs", "members", "goals", "pendingItems"]) {
      await assertFails(db.collectionGroup(group).limit(5).get());
    }
  });

  it("denies batched and transactional writes to a member and to the reader identity", async () => {
    for (const who of [member, PRINCIPALS.find((p) => p.label === "the emulator reader identity")!]) {
      const db = contextOf(who).firestore();
      const batch = db.batch();
      batch.set(db.doc("workspaces/acme/posts/batched"), { title: "x" });
      batch.update(db.doc("workspaces/acme/goals/g1"), { current: 99 });
      await assertFails(batch.commit());
      await assertFails(
        db.runTransaction(async (tx) => {
          await tx.get(db.doc("trendSignals/s1"));
          tx.update(db.doc("trendSignals/s1"), { score: 1 });
        }),
      );
    }
  });

  it("denies a member a job of its own workspace even when asking for one field's document", async () => {
    // Rules cannot hide a document's fields, so a readable job would leak its internal fields.
    const db = contextOf(member).firestore();
    await assertFails(db.doc("workspaces/acme/jobs/j1").get());
    await assertFails(db.collection("workspaces/acme/jobs").where("state", "==", "failed").get());
  });

  it("lets the reader identity read a job whole (server side only), proving the denial above is a rule, not missing data", async () => {
    const db = contextOf(PRINCIPALS.find((p) => p.label === "the emulator reader identity")!).firestore();
    const snap = await assertSucceeds(db.doc("workspaces/acme/jobs/j1").get());
    expect(snap.get("prompt")).toBe("CANARY-prompt");
  });

  it("leaves the data exactly as seeded after every denied write", async () => {
    let after: Record<string, unknown> = {};
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      const entries = await Promise.all(DOCS.map(async (path) => [path, (await db.doc(path).get()).data()] as const));
      after = Object.fromEntries(entries);
      for (const collection of COLLECTIONS) {
        const snap = await db.collection(collection).get();
        expect(snap.docs.map((d) => d.ref.path).filter((p) => !DOCS.includes(p))).toEqual([]);
      }
    });
    expect(after).toEqual(SEED);
  });
});
