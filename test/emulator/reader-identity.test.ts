import { deleteApp, getApps, initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "nova-contract";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { emulatorReaderSettings, FirestoreStore, openFirestore } from "../../functions/src/store/firestore";
import { PROJECT_ID, readPorts } from "../../scripts/emulators/suite";
import { loadCatalog } from "../support/catalog";
import { callerAs, closeCallers } from "./support/client";

/**
 * The functions' own Firestore access on the emulator is read-only (docs/security.md, layer 3):
 * the exact client configuration firestoreStore() uses (openFirestore with the emulator binding)
 * can read what the tools need and cannot write anything, as IAM makes it in production.
 */
const ports = readPorts();
const EMULATOR_ENV: NodeJS.ProcessEnv = {
  FUNCTIONS_EMULATOR: "true",
  GCLOUD_PROJECT: PROJECT_ID,
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
};
const PROBE = `readonly-probe-${process.pid}`;

let reader: Firestore;
let owner: Firestore;
let tools: ToolDeclaration[];

beforeAll(async () => {
  // @google-cloud/firestore reads the emulator address from the process environment.
  process.env.FIRESTORE_EMULATOR_HOST = EMULATOR_ENV.FIRESTORE_EMULATOR_HOST;
  reader = openFirestore(EMULATOR_ENV);
  // The admin default (`Bearer owner`, rules bypassed): only to check what the data looks like.
  owner = getFirestore(initializeApp({ projectId: PROJECT_ID }, "readonly-probe-owner"));
  tools = loadCatalog();
});

afterAll(async () => {
  await closeCallers();
  await Promise.all(getApps().map((a) => deleteApp(a)));
});

const PERMISSION_DENIED = 7; // gRPC status

async function grpcCode(op: () => Promise<unknown>): Promise<number | "ok"> {
  try {
    await op();
    return "ok";
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
}

describe("the emulator reader identity", () => {
  it("is what firestoreStore() configures on the emulator, and nothing outside it", () => {
    const settings = emulatorReaderSettings(EMULATOR_ENV);
    expect(settings?.customHeaders.Authorization).toMatch(/^Bearer [A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.$/);
    const payload = JSON.parse(
      Buffer.from(settings!.customHeaders.Authorization.split(".")[1]!, "base64url").toString("utf8"),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ sub: "nova-functions-reader", aud: PROJECT_ID, novaReader: true });
    expect(emulatorReaderSettings({ GCLOUD_PROJECT: "nova-prod" })).toBeNull();
  });

  it("reads documents and queries the tools need", async () => {
    const job = await reader.doc("workspaces/acme/jobs/job-failed-1").get();
    expect(job.exists).toBe(true);
    const signals = await reader.collection("trendSignals").orderBy("observedAt", "desc").limit(3).get();
    expect(signals.size).toBe(3);
    const store = new FirestoreStore(reader, EMULATOR_ENV);
    expect(await store.get("workspaces/acme/members/u-acme-owner")).not.toBeNull();
    expect(await store.query({ collection: "workspaces/globex/goals", limit: 5 })).not.toHaveLength(0);
    // The store names each document by the path it asked for, which must be the SDK's own.
    const member = await store.get("workspaces/acme/members/u-acme-owner");
    const sdkMember = await reader.doc("workspaces/acme/members/u-acme-owner").get();
    expect(member?.path).toBe(sdkMember.ref.path);
    const read = await store.query({ collection: "trendSignals", orderBy: [["observedAt", "desc"]], limit: 3 });
    expect(read.map((d) => d.path)).toEqual(signals.docs.map((d) => d.ref.path));
  });

  it.each<[string, () => Promise<unknown>]>([
    ["create (set on a new document)", () => reader.doc(`trendSignals/${PROBE}`).set({ title: "x" })],
    ["create (add)", () => reader.collection("workspaces/acme/pendingItems").add({ kind: "x", title: "x" })],
    ["create (create)", () => reader.doc(`workspaces/acme/goals/${PROBE}`).create({ title: "x" })],
    ["update", () => reader.doc("workspaces/acme").update({ name: "changed" })],
    [
      "set over an existing document",
      () => reader.doc("workspaces/acme/members/u-acme-owner").set({ role: "owner", disabled: false }),
    ],
    ["delete", () => reader.doc("workspaces/acme/jobs/job-failed-1").delete()],
    [
      "a batch",
      () =>
        reader
          .batch()
          .update(reader.doc("workspaces/acme/posts/" + PROBE), { title: "x" })
          .set(reader.doc(`trendSignals/${PROBE}`), { a: 1 })
          .commit(),
    ],
    [
      "a transaction",
      () =>
        reader.runTransaction(
          async (tx) => {
            const doc = await tx.get(reader.doc("workspaces/acme"));
            tx.update(doc.ref, { name: "changed in a transaction" });
          },
          { maxAttempts: 1 },
        ),
    ],
    [
      "a bulk writer",
      async () => {
        const writer = reader.bulkWriter();
        writer.onWriteError(() => false);
        const write = writer.set(reader.doc(`trendSignals/${PROBE}`), { a: 1 });
        await writer.close();
        return write;
      },
    ],
  ])("is denied %s with PERMISSION_DENIED", async (_label, op) => {
    expect(await grpcCode(op)).toBe(PERMISSION_DENIED);
  });

  it("left the seeded data untouched (checked with rules bypassed)", async () => {
    expect((await owner.doc(`trendSignals/${PROBE}`).get()).exists).toBe(false);
    expect((await owner.doc(`workspaces/acme/goals/${PROBE}`).get()).exists).toBe(false);
    expect((await owner.doc("workspaces/acme").get()).get("name")).not.toMatch(/changed/);
    expect((await owner.doc("workspaces/acme/jobs/job-failed-1").get()).exists).toBe(true);
    expect((await owner.doc("workspaces/acme/members/u-acme-owner").get()).get("disabled")).toBeUndefined();
  });
});

describe("every tool through the functions, reading as the emulator reader identity", () => {
  // A rule too tight for the reader would surface as INTERNAL (PERMISSION_DENIED is not transient).
  it("answers each valid example without INTERNAL or DEPENDENCY_UNAVAILABLE", async () => {
    const ownerCaller = await callerAs("owner@acme.test");
    const failures: string[] = [];
    for (const tool of tools) {
      for (const input of tool.examples.valid) {
        const env: Envelope = await ownerCaller.call(tool.name, input);
        if (env.status === "error" && ["INTERNAL", "DEPENDENCY_UNAVAILABLE"].includes(env.error.code))
          failures.push(`${tool.name}(${JSON.stringify(input)}): ${env.error.code}`);
      }
    }
    expect(tools.length).toBeGreaterThanOrEqual(2);
    expect(failures).toEqual([]);
  });
});
