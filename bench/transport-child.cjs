"use strict";
/**
 * Firestore transport, measured with plain firebase-admin clients (not the product's store, which
 * another change is editing): gRPC (the default) against `preferRest: true`.
 *
 *   argv[2] = "cold", argv[3] = "grpc" | "rest": a fresh process loads the SDK, makes a client with
 *     that setting and does the first reads a tool would (a member get, then a 10-signal query).
 *   argv[2] = "warm": one process, one client per setting, interleaved reads once both are warm.
 *
 * Plain JavaScript so the cold runs carry no TypeScript loader. Answers over IPC.
 */
const mode = process.argv[2];
const PROJECT = process.env.GCLOUD_PROJECT || "demo-nova";
const MEMBER = "workspaces/acme/members/u-acme-owner";

/**
 * On the emulator, gRPC skips authentication (insecure channel) but the REST fallback still asks
 * Application Default Credentials for an auth client and fails with "Could not load the default
 * credentials" (also without custom headers). An explicit PassThroughClient (google-auth-library's
 * client for emulators: no credentials) from the google-gax copy Firestore uses makes REST work;
 * in production REST would use the service account as gRPC does.
 */
function restAuthClient() {
  if (!process.env.FIRESTORE_EMULATOR_HOST) return {};
  const { dirname } = require("node:path");
  const gax = dirname(require.resolve("google-gax", { paths: [dirname(require.resolve("@google-cloud/firestore"))] }));
  const { PassThroughClient } = require(require.resolve("google-auth-library", { paths: [gax] }));
  return { authClient: new PassThroughClient() };
}

function client(name, preferRest) {
  const { initializeApp } = require("firebase-admin/app");
  const { getFirestore } = require("firebase-admin/firestore");
  const db = getFirestore(initializeApp({ projectId: PROJECT }, name));
  if (preferRest) db.settings({ preferRest: true, ...restAuthClient() });
  return db;
}

const reads = {
  get: (db) => db.doc(MEMBER).get(),
  query: (db) => db.collection("trendSignals").orderBy("observedAt", "desc").limit(10).get(),
};

async function timed(fn) {
  const s = performance.now();
  await fn();
  return performance.now() - s;
}

async function cold(setting) {
  const t0 = performance.now();
  require("firebase-admin/app");
  require("firebase-admin/firestore");
  const requireMs = performance.now() - t0;
  const db = client("cold", setting === "rest");
  const firstGetMs = await timed(() => reads.get(db));
  const firstQueryMs = await timed(() => reads.query(db));
  return { requireMs, firstGetMs, firstQueryMs, readyMs: performance.now() };
}

async function warm(pairs, burst) {
  const dbs = { grpc: client("grpc", false), rest: client("rest", true) };
  const out = { grpc: { get: [], query: [], burst: [] }, rest: { get: [], query: [], burst: [] } };
  const order = (i) => (i % 2 === 0 ? ["grpc", "rest"] : ["rest", "grpc"]);
  for (let i = 0; i < 20; i++) for (const s of order(i)) for (const r of Object.values(reads)) await r(dbs[s]);
  for (let i = 0; i < pairs; i++) {
    for (const s of order(i)) {
      out[s].get.push(await timed(() => reads.get(dbs[s])));
      out[s].query.push(await timed(() => reads.query(dbs[s])));
    }
  }
  // Concurrent reads on one client: HTTP/2 multiplexing (gRPC) against pooled HTTP/1.1 (REST).
  for (let i = 0; i < 10; i++) {
    for (const s of order(i))
      out[s].burst.push(await timed(() => Promise.all(Array.from({ length: burst }, () => reads.get(dbs[s])))));
  }
  return out;
}

const job = mode === "cold" ? cold(process.argv[3]) : warm(Number(process.argv[3] || 200), 20);
job.then(
  (result) => process.send({ ok: true, result }, () => process.exit(0)),
  (err) => process.send({ ok: false, error: String((err && err.message) || err).slice(0, 300) }, () => process.exit(0)),
);
