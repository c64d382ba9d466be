import type { Firestore, Query } from "firebase-admin/firestore";
import { TransientDependencyError } from "../contract/errors";
import type { Provenance } from "../contract/evidence";
import { toWire as plain } from "../runtime/serialize";
import { assertDocPath, assertQuery, type BoundedQuery, type ReadOnlyStore, type StoredDoc } from "./store";

/**
 * The Firestore binding of the read-only store. It exposes reads only; firebase-admin's write API
 * never leaves this file. Provenance follows the binding: on the emulator suite the data is seeded
 * mock data whatever the documents say; only production Firestore is `live`.
 */
export class FirestoreStore implements ReadOnlyStore {
  readonly provenance: Provenance;

  constructor(private readonly db: Firestore, env: NodeJS.ProcessEnv = process.env) {
    this.provenance = isEmulatorBinding(env) ? "mock" : "live";
  }

  async get(path: string): Promise<StoredDoc | null> {
    assertDocPath(path);
    const snap = await guard(() => this.db.doc(path).get());
    return snap.exists ? { id: snap.id, path: snap.ref.path, data: plain(snap.data() ?? {}) as Record<string, unknown> } : null;
  }

  async query(q: BoundedQuery): Promise<StoredDoc[]> {
    assertQuery(q);
    let query: Query = this.db.collection(q.collection);
    for (const [field, op, value] of q.where ?? []) query = query.where(field, op, value);
    for (const [field, dir] of q.orderBy ?? []) query = query.orderBy(field, dir);
    const snap = await guard(() => query.limit(q.limit).get());
    return snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: plain(d.data()) as Record<string, unknown> }));
  }
}

export function isEmulatorBinding(env: NodeJS.ProcessEnv): boolean {
  return env.FUNCTIONS_EMULATOR === "true" || Boolean(env.FIRESTORE_EMULATOR_HOST);
}

// gRPC status codes after which one more attempt may succeed.
const TRANSIENT_GRPC = new Set([4, 8, 10, 14]);
const TRANSIENT_NET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "ENOTFOUND"]);

/** Maps Firestore's failures to a transient error (no raw text carried) or rethrows for INTERNAL. */
async function guard<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if ((typeof code === "number" && TRANSIENT_GRPC.has(code)) || (typeof code === "string" && TRANSIENT_NET.has(code))) {
      throw new TransientDependencyError("unavailable");
    }
    throw err;
  }
}

let shared: FirestoreStore | undefined;

/** One Firestore client per instance, created on first use so that loading a tool stays cheap. */
export function firestoreStore(): FirestoreStore {
  if (!shared) {
    // Required here, not imported at the top: only a call, never a module load, pays for the SDK.
    const { getApps, initializeApp } = require("firebase-admin/app") as typeof import("firebase-admin/app");
    const { getFirestore } = require("firebase-admin/firestore") as typeof import("firebase-admin/firestore");
    const app = getApps()[0] ?? initializeApp();
    shared = new FirestoreStore(getFirestore(app));
  }
  return shared;
}
