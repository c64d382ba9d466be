"use strict";
/**
 * A fresh process that cold-starts one function and serves it, as a Cloud Run instance would: load
 * the code, listen, answer. Plain JavaScript, started with no TypeScript loader.
 *
 *   BENCH_SIDE=product: loads the deployed entry point (functions/lib/index.js) and, with
 *     FUNCTION_TARGET semantics, touches only that one export (what the Functions Framework does).
 *   BENCH_SIDE=bare: loads the same SDKs (firebase-functions, firebase-admin) and serves the bare
 *     twin (bench/bare.cjs) doing the same reads, from BENCH_WAVES.
 *
 * It tells the parent over IPC when it listens, and answers "report" (memory, which modules are
 * loaded, the require profile when preloaded with require-timer.cjs) and "exit".
 */
const { join } = require("node:path");

const side = process.env.BENCH_SIDE;
let handler;
if (side === "product") {
  // BENCH_ENTRY: another build of the entry point, for what-if runs (see bench/README.md).
  const entry = require(process.env.BENCH_ENTRY || join(__dirname, "..", "..", "functions", "lib", "index.js"));
  handler = entry[process.env.FUNCTION_TARGET];
  if (typeof handler !== "function") throw new Error(`no export ${process.env.FUNCTION_TARGET}`);
} else if (side === "bare") {
  const { onCall } = require("firebase-functions/v2/https");
  const { initializeApp } = require("firebase-admin/app");
  const { getFirestore } = require("firebase-admin/firestore");
  const { bareHandler } = require("../bare.cjs");
  // The product's client settings (on the emulator: its reader identity, which makes the emulator
  // evaluate firestore.rules on every read), so both sides' reads cost the emulator the same.
  const settings = JSON.parse(process.env.BENCH_FIRESTORE_SETTINGS || "null");
  const open = () => {
    const db = getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT }, "bench-bare"));
    if (settings) db.settings(settings);
    return db;
  };
  handler = bareHandler(onCall, open, JSON.parse(process.env.BENCH_WAVES || "[]"));
} else {
  throw new Error("BENCH_SIDE must be product or bare");
}
const loadedAt = performance.now();

/** Which packages and tool modules this process has loaded so far. */
const HEAVY = [
  "firebase-admin",
  "firebase-functions",
  "@google-cloud/firestore",
  "@grpc/grpc-js",
  "google-gax",
  "protobufjs",
  "@google-cloud/logging",
  "zod",
];
function modules() {
  const keys = Object.keys(require.cache);
  // A tool's code is its compiled module (lib/tools/) or its bundle (lib/bundles/, as built).
  const tools = keys
    .map((k) => /\/lib\/(?:tools|bundles)\/([a-z0-9_]+)\.js$/.exec(k))
    .filter(Boolean)
    .map((m) => m[1]);
  const heavy = HEAVY.filter((pkg) => keys.some((k) => k.includes(`/node_modules/${pkg}/`)));
  return { tools: tools.sort(), heavy, count: keys.length };
}

let firstCallMs = null;
let calls = 0;
const timed = (req, res) => {
  const started = performance.now();
  if (calls++ === 0) {
    if (globalThis.__setRequirePhase) globalThis.__setRequirePhase("call");
    res.once("finish", () => {
      firstCallMs = performance.now() - started;
    });
  }
  return handler(req, res);
};

require("../shim.cjs")
  .serve({ "/": timed })
  .then(({ port }) => {
    process.send({ type: "ready", port, loadedAt, readyAt: performance.now(), modules: modules() });
  });

process.on("message", (m) => {
  if (m && m.type === "report") {
    const mem = process.memoryUsage();
    process.send({
      type: "report",
      calls,
      firstCallMs,
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      // resourceUsage().maxRSS is the kernel's high-water mark in KiB: the peak, not a sample.
      maxRss: process.resourceUsage().maxRSS * 1024,
      modules: modules(),
      profile: globalThis.__requireProfile ? globalThis.__requireProfile() : null,
    });
  } else if (m && m.type === "exit") {
    process.exit(0);
  }
});
