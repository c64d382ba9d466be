import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type DocumentReference, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toWire } from "../support/wire";
import { storedSchemaFor } from "../../functions/src/store/documents";
import { PROJECT_ID, readPorts } from "../../scripts/emulators/suite";
import { servedSeed } from "../../scripts/seed/served";

/**
 * The seed as the suite serves it (generated for the day it started, scripts/seed/served.ts), read
 * back document by document: every document passes the strict data contract of SPEC section 5
 * (store/documents.ts storedSchemaFor), holds what the seed generator wrote for that day (so the unit tests on the generator speak for what is served), and
 * stores every time as a Firestore Timestamp, the type the tools' range filters and orderings assume.
 */

const seed = servedSeed();
let admin: App | undefined;
let db: Firestore;
const savedHost = process.env.FIRESTORE_EMULATOR_HOST;
const read = new Map<string, Record<string, unknown>>();

async function walk(refs: DocumentReference[]): Promise<void> {
  for (const ref of refs) {
    const snap = await ref.get();
    if (snap.exists) read.set(ref.path, snap.data()!);
    for (const sub of await ref.listCollections()) await walk(await sub.listDocuments());
  }
}

beforeAll(async () => {
  // Owner access from this process (firebase-admin sends `Bearer owner` to an emulator): reads only.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${readPorts().firestore}`;
  admin = initializeApp({ projectId: PROJECT_ID }, `data-contract-${process.pid}`);
  db = getFirestore(admin);
  for (const collection of await db.listCollections()) await walk(await collection.listDocuments());
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
  if (savedHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedHost;
});

describe("emulator-data against the data contract", () => {
  it("holds exactly the generator's documents", () => {
    expect([...read.keys()].sort()).toEqual(seed.docs.map((d) => d.path).sort());
  });

  it("every document passes the strict schema of its collection, converted as the store converts it", () => {
    for (const [path, data] of read) {
      const schema = storedSchemaFor(path);
      expect(schema, path).toBeDefined();
      const parsed = schema!.safeParse(toWire(data));
      expect(parsed.success, `${path}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
    }
  });

  it("every document is the generator's, and every time in it is a Firestore Timestamp", () => {
    for (const doc of seed.docs) {
      const data = read.get(doc.path)!;
      expect(toWire(data), doc.path).toEqual(toWire(doc.data));
      const times = (generated: Record<string, unknown>, stored: Record<string, unknown>, at: string) => {
        for (const [k, v] of Object.entries(generated)) {
          if (v instanceof Date) expect(stored[k], `${at}.${k}`).toBeInstanceOf(Timestamp);
          else if (v !== null && typeof v === "object" && !Array.isArray(v))
            times(v as Record<string, unknown>, stored[k] as Record<string, unknown>, `${at}.${k}`);
        }
      };
      times(doc.data, data, doc.path);
    }
  });
});
