import type { Firestore, Query } from "firebase-admin/firestore";
import type { Provenance } from "nova-contract";
import {
  assertDocPath,
  assertQuery,
  TransientDependencyError,
  type BoundedQuery,
  type ReadOnlyStore,
  type StoredDoc,
} from "./store";

/**
 * The Firestore binding of the read-only store. It exposes reads only; firebase-admin's write API
 * never leaves this file. Provenance follows the binding: on the emulator suite the data is seeded
 * mock data whatever the documents say; only production Firestore is `live`.
 */
export class FirestoreStore implements ReadOnlyStore {
  readonly provenance: Provenance;

  constructor(
    private readonly db: Firestore,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.provenance = isEmulatorBinding(env) ? "mock" : "live";
  }

  async get(path: string): Promise<StoredDoc | null> {
    assertDocPath(path);
    const snap = await guard(() => this.db.doc(path).get());
    // The path asked is the document's path; the SDK's `ref.path` would rebuild the same string.
    return snap.exists ? { id: snap.id, path, data: snap.data() ?? {} } : null;
  }

  async query(q: BoundedQuery): Promise<StoredDoc[]> {
    assertQuery(q);
    let query: Query = this.db.collection(q.collection);
    for (const [field, op, value] of q.where ?? []) query = query.where(field, op, value);
    for (const [field, dir] of q.orderBy ?? []) query = query.orderBy(field, dir);
    const snap = await guard(() => query.limit(q.limit).get());
    // A collection query answers that collection's own documents (no collection-group query here),
    // so each path is the collection's and the id: a tool cites few of the documents it reads.
    return snap.docs.map((d) => ({ id: d.id, path: `${q.collection}/${d.id}`, data: d.data() }));
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
    if (
      (typeof code === "number" && TRANSIENT_GRPC.has(code)) ||
      (typeof code === "string" && TRANSIENT_NET.has(code))
    ) {
      throw new TransientDependencyError("unavailable");
    }
    throw err;
  }
}

let shared: FirestoreStore | undefined;

/** One Firestore client per instance, created on first use so that loading a tool stays cheap. */
export function firestoreStore(): FirestoreStore {
  shared ??= new FirestoreStore(openFirestore(process.env));
  return shared;
}

/**
 * The functions' reader identity on the Emulator Suite (docs/security.md, layer 3). In production
 * the runtime service account holds read-only Firestore roles, so a write fails there; firebase-admin
 * on the emulator would otherwise send `Bearer owner`, which bypasses rules and lets any write
 * through. With this identity the emulator applies firestore.rules, which grant it reads only.
 * firestore.rules matches these exact values (uid, claim, and `aud` of the demo project).
 */
export const EMULATOR_READER_UID = "nova-functions-reader";
export const EMULATOR_READER_CLAIM = "novaReader";
const EMULATOR_READER_APP = "nova-tools-emulator-reader";
// The token is a fixed header for the client's lifetime, and an emulator instance can outlive an
// hour-long token; the emulator does not check signatures, so a long expiry costs nothing.
const EMULATOR_TOKEN_TTL_S = 30 * 24 * 3600;

/** An unsigned Auth-emulator ID token (alg none), accepted only by the emulators. */
export function emulatorReaderToken(projectId: string, nowMs: number = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: EMULATOR_READER_UID,
    user_id: EMULATOR_READER_UID,
    iat,
    auth_time: iat,
    exp: iat + EMULATOR_TOKEN_TTL_S,
    firebase: { sign_in_provider: "custom", identities: {} },
    [EMULATOR_READER_CLAIM]: true,
  };
  return `${part({ alg: "none", typ: "JWT" })}.${part(payload)}.`;
}

/**
 * Client settings that make a Firestore client act as the emulator reader, or null outside the
 * emulator (production keeps its service-account credentials). gRPC only: with preferRest the
 * custom header broke the first read on the emulator.
 */
export function emulatorReaderSettings(
  env: NodeJS.ProcessEnv,
  nowMs: number = Date.now(),
): { customHeaders: { Authorization: string } } | null {
  if (!isEmulatorBinding(env)) return null;
  const projectId = env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT;
  if (!projectId) throw new Error("emulator binding without GCLOUD_PROJECT: cannot build the reader identity");
  return { customHeaders: { Authorization: `Bearer ${emulatorReaderToken(projectId, nowMs)}` } };
}

/**
 * The Firestore client the tools read through. On the emulator it is a dedicated app whose client
 * carries the reader identity (its own app, so no other client's settings can interfere).
 */
export function openFirestore(env: NodeJS.ProcessEnv): Firestore {
  // Required here, not imported at the top: only a call, never a module load, pays for the SDK.
  const { getApps, initializeApp } = require("firebase-admin/app") as typeof import("firebase-admin/app");
  const { getFirestore } = require("firebase-admin/firestore") as typeof import("firebase-admin/firestore");
  const reader = emulatorReaderSettings(env);
  if (!reader) return getFirestore(getApps()[0] ?? initializeApp());
  const existing = getApps().find((a) => a.name === EMULATOR_READER_APP);
  if (existing) return getFirestore(existing);
  const db = getFirestore(
    initializeApp({ projectId: env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT }, EMULATOR_READER_APP),
  );
  db.settings(reader);
  return db;
}
