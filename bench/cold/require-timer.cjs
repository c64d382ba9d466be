"use strict";
/**
 * Preloaded with `node -r` in the profiling run of the cold start (never in the timed runs: the
 * hook itself costs time). Times every first load of a module: inclusive (with what it requires)
 * and self (its own evaluation only), and attributes it to a package (node_modules/<pkg>) or to a
 * repo file, and to a phase: "load" before the first request reaches the handler, "call" after
 * (lazy requires the first call pays). globalThis.__requireProfile() returns the summary.
 */
const Module = require("node:module");
const { builtinModules } = Module;

const builtins = new Set(builtinModules);
const original = Module._load;
const stack = [];
const entries = [];
let phase = "load";

function keyOf(filename) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(filename);
  if (m) return m[1];
  const repo = /\/(functions\/lib\/.*|bench\/.*)$/.exec(filename);
  return repo ? repo[1] : filename;
}

Module._load = function (request, parent, isMain) {
  if (builtins.has(request) || request.startsWith("node:")) return original.apply(this, arguments);
  let filename;
  try {
    filename = Module._resolveFilename(request, parent, isMain);
  } catch {
    return original.apply(this, arguments);
  }
  if (Module._cache[filename]) return original.apply(this, arguments);
  const frame = { filename, start: performance.now(), children: 0 };
  stack.push(frame);
  try {
    return original.apply(this, arguments);
  } finally {
    stack.pop();
    const inclusive = performance.now() - frame.start;
    if (stack.length) stack[stack.length - 1].children += inclusive;
    entries.push({
      key: keyOf(filename),
      parentKey: parent && parent.filename ? keyOf(parent.filename) : "(entry)",
      request,
      inclusive,
      self: inclusive - frame.children,
      phase,
    });
  }
};

globalThis.__setRequirePhase = (p) => {
  phase = p;
};

globalThis.__requireProfile = () => {
  const round = (x) => Math.round(x * 10) / 10;
  const byPackage = new Map();
  for (const e of entries) {
    const k = `${e.phase}:${e.key}`;
    const cur = byPackage.get(k) || { phase: e.phase, module: e.key, selfMs: 0, files: 0 };
    cur.selfMs += e.self;
    cur.files += 1;
    byPackage.set(k, cur);
  }
  // A "top-level require": a package entered from outside itself (e.g. functions/lib/x -> zod,
  // firebase-functions -> firebase-admin): its inclusive time is what that require statement cost.
  const edges = entries
    .filter((e) => e.key !== e.parentKey)
    .map((e) => ({ phase: e.phase, from: e.parentKey, request: e.request, inclusiveMs: round(e.inclusive) }))
    .sort((a, b) => b.inclusiveMs - a.inclusiveMs);
  const total = (p) => round(entries.filter((e) => e.phase === p).reduce((n, e) => n + e.self, 0));
  return {
    totalSelfMs: { load: total("load"), call: total("call") },
    modules: entries.length,
    byPackage: [...byPackage.values()]
      .map((v) => ({ ...v, selfMs: round(v.selfMs) }))
      .sort((a, b) => b.selfMs - a.selfMs),
    topRequires: edges.slice(0, 25),
  };
};
