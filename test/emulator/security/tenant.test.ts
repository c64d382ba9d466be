import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "nova-contract";
import { PROJECT_ID, readPorts } from "../../../scripts/emulators/suite";
import {
  answerDifference,
  asObject,
  IDENTITY_KEYS,
  idFields,
  isPlainObject,
  loadCatalog,
  readManifest,
  seededIds,
} from "../../support/catalog";
import { callerAs, closeCallers, type Caller } from "../support/client";

/**
 * Tenant isolation end to end, for every tool in the catalog, through the Functions emulator and
 * the callable protocol: the caller's own data works; another workspace's ids look exactly like ids
 * that do not exist; identity never comes from arguments; membership is read on every call; and a
 * member of two workspaces sees only the one its token names. Inputs come from each declaration's
 * examples and the seed manifest, so a new tool is probed without editing this file.
 */

const decls = loadCatalog();
const manifest = readManifest();
const workspaceTools = decls.filter((d) => d.scope === "workspace");
const OWN = "acme";
const FOREIGN = Object.keys(manifest.perWorkspace).filter((w) => w !== OWN);

let operator: Caller, globex: Caller, multi: Caller, liaison: Caller;
let admin: App, db: Firestore;
const savedHost = process.env.FIRESTORE_EMULATOR_HOST;

beforeAll(async () => {
  [operator, globex, multi, liaison] = await Promise.all([
    callerAs("operator@acme.test"),
    callerAs("owner@globex.test"),
    callerAs("multi@nova.test"),
    callerAs("liaison@acme.test"),
  ]);
  // Owner access to the Firestore emulator from this process (firebase-admin sends `Bearer owner`
  // to an emulator), to change a membership under the running functions.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${readPorts().firestore}`;
  admin = initializeApp({ projectId: PROJECT_ID }, `tenant-admin-${process.pid}`);
  db = getFirestore(admin);
});

afterAll(async () => {
  await closeCallers();
  if (admin) await deleteApp(admin);
  if (savedHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedHost;
});

function expectCode(env: Envelope, code: string) {
  expect(env.status, JSON.stringify(env)).toBe("error");
  expect(env.error?.code).toBe(code);
}

/** The envelope without third-party text, which may say anything (seeded signals quote fake refs). */
function withoutUntrusted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUntrusted);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== "untrusted")
      .map(([k, v]) => [k, withoutUntrusted(v)]),
  );
}

/** Every workspace an answer names outside third-party text: in evidence refs, record paths, anywhere. */
function workspacesIn(env: Envelope): string[] {
  return [
    ...new Set([...JSON.stringify(withoutUntrusted(env)).matchAll(/workspaces\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!)),
  ];
}

describe("the catalog", () => {
  it("has tools, and at least one takes a record id (so the foreign-id probes run)", () => {
    expect(decls.length).toBeGreaterThanOrEqual(2);
    expect(decls.some((d) => idFields(d).length > 0)).toBe(true);
  });
});

describe.each(decls.map((d) => [d.name, d] as const))("%s", (_name, decl) => {
  it("answers the caller's own data for every valid example, citing nothing of another workspace", async () => {
    const envs = await Promise.all(decl.examples.valid.map((input) => operator.call(decl.name, input)));
    for (const env of envs) {
      expect(env.status, JSON.stringify(env.error)).toBe("success");
      for (const e of env.evidence) expect(e.provenance).toBe("mock");
      expect(workspacesIn(env).filter((w) => w !== OWN)).toEqual([]);
    }
  });

  it.each(IDENTITY_KEYS.map((k) => [k]))(
    "refuses an argument named %s with INVALID_ARGUMENT, whatever it names",
    async (key) => {
      const values: Record<string, unknown[]> = {
        workspaceId: ["globex", OWN],
        workspace: ["globex", { id: "globex" }],
        uid: ["u-globex-owner", "u-acme-operator"],
        userId: ["u-globex-owner", "u-acme-operator"],
        role: ["owner", "operator"],
      };
      const calls = decl.examples.valid.flatMap((example) =>
        values[key]!.map((value) => ({ ...asObject(example), [key]: value })),
      );
      const envs = await Promise.all(calls.map((input) => operator.call(decl.name, input)));
      for (const env of envs) expectCode(env, "INVALID_ARGUMENT");
    },
  );

  const fields = idFields(decl);
  if (fields.length > 0) {
    it.each(fields.map((f) => [f]))(
      "answers another workspace's %s exactly like an id that does not exist",
      async (field) => {
        const empty = asObject(decl.examples.empty);
        const missing = await operator.call(decl.name, empty);
        const foreignIds = FOREIGN.flatMap((w) => seededIds(manifest, field)[w] ?? []);
        expect(foreignIds.length, `the manifest lists no foreign ${field}s`).toBeGreaterThan(0);
        const envs = await Promise.all(foreignIds.map((id) => operator.call(decl.name, { ...empty, [field]: id })));
        for (const env of envs) expect(answerDifference(env, missing)).toBeNull();
        // And from the other side: the acme ids of the valid examples are nothing to a globex caller.
        const globexMissing = await globex.call(decl.name, empty);
        for (const example of decl.examples.valid)
          expect(answerDifference(await globex.call(decl.name, example), globexMissing)).toBeNull();
      },
    );

    it.each(fields.map((f) => [f]))("refuses a %s that tries to walk into another workspace's path", async (field) => {
      const attempts = [
        "globex/jobs/job-globex-1",
        "../globex/jobs/job-globex-1",
        "workspaces/globex/jobs/job-globex-1",
        "..%2Fglobex",
        "job-globex-1/../../x",
      ];
      const envs = await Promise.all(
        attempts.map((id) => operator.call(decl.name, { ...asObject(decl.examples.empty), [field]: id })),
      );
      for (const env of envs) {
        expect(env.status).toBe("error");
        expect(["INVALID_ID", "INVALID_ARGUMENT"]).toContain(env.error?.code);
      }
    });
  }

  it("gives multi@nova.test (claim globex, also an acme member) exactly what the globex owner gets, never acme data", async () => {
    const inputs = [...decl.examples.valid, ...(decl.examples.empty !== undefined ? [decl.examples.empty] : [])];
    for (const input of inputs) {
      const [asMulti, asOwner] = await Promise.all([multi.call(decl.name, input), globex.call(decl.name, input)]);
      expect(workspacesIn(asMulti)).not.toContain(OWN);
      // The same answer, record for record: membership elsewhere changes nothing.
      expect(answerDifference(asMulti, asOwner)).toBeNull();
    }
  });
});

describe("membership is read on every call", () => {
  const LIAISON = "u-acme-liaison";
  const memberPath = `workspaces/${OWN}/members/${LIAISON}`;

  /** Changes the liaison's member document for `body`, and puts the seeded document back whatever happens. */
  async function withMembership(
    change: (doc: Record<string, unknown>) => Record<string, unknown> | null,
    body: () => Promise<void>,
  ) {
    const ref = db.doc(memberPath);
    const original = (await ref.get()).data();
    expect(original, `${memberPath} is seeded`).toBeDefined();
    try {
      const next = change({ ...original });
      if (next === null) await ref.delete();
      else await ref.set(next);
      await body();
    } finally {
      await ref.set(original!);
    }
    expect((await ref.get()).data()).toEqual(original);
  }

  const changes: [string, (doc: Record<string, unknown>) => Record<string, unknown> | null][] = [
    ["disabled: true set", (doc) => ({ ...doc, disabled: true })],
    ["the member document deleted", () => null],
    ["the role changed to one the product does not know", (doc) => ({ ...doc, role: "guest" })],
  ];

  it("has workspace tools to probe", () => {
    expect(workspaceTools.length).toBeGreaterThan(0);
  });

  describe.each(workspaceTools.map((d) => [d.name, d] as const))("%s", (_name, decl) => {
    const input = decl.examples.valid[0];
    it.each(changes)(
      "takes %s between two calls into account on the next call, and the restore too",
      async (_label, change) => {
        expect((await liaison.call(decl.name, input)).status).toBe("success");
        await withMembership(change, async () => {
          expectCode(await liaison.call(decl.name, input), "PERMISSION_DENIED");
        });
        expect((await liaison.call(decl.name, input)).status).toBe("success");
      },
    );
  });
});
