// The layering rules, stated for dependency-cruiser (`npm run lint` runs it over functions/src and
// nova/src). dependency-cruiser rather than import-x/no-restricted-paths: the read-only proof needs the
// transitive graph (a `reachable` rule sees a tool reach firebase-admin three files away, and names
// the path), and it sees type-only imports too (tsPreCompilationDeps).

import { fileURLToPath } from "node:url";

/**
 * The contract package (`nova-contract`): its source, and its compiled entry, which is what the other
 * packages' imports of `nova-contract` resolve to.
 */
export const CONTRACT = "^contracts/(src|lib)/";
const PUBLISHED = "^contracts/(src/published\\.ts|lib/published\\.js)$";

const SRC = "^functions/src/";
/** Adapters: the only modules that talk to Firestore, Cloud Logging or the Functions platform. */
const ADAPTERS = [`${SRC}store/firestore\\.ts$`, `${SRC}trace/cloud-logging\\.ts$`, `${SRC}callable/`];
/** Server SDKs a tool must never reach (node_modules paths as dependency-cruiser resolves them). */
const SERVER_SDKS = ["(^|/)node_modules/(firebase-admin|firebase-functions|@google-cloud/[^/]+)/"];
/** Firestore's SDK: firebase-admin's root and firestore entry points, @google-cloud/firestore. */
const FIRESTORE_SDK = [
  "(^|/)node_modules/firebase-admin/lib/(index\\.js$|firestore/)",
  "(^|/)node_modules/@google-cloud/firestore/",
];

/**
 * The read-only reach rules (docs/security.md, layer 1), for any tree laid out as functions/src is:
 * the fixture tree under test/unit/security/fixtures uses them with its own paths.
 * @param {{ tools: string, adapter: string, mayReach: string[] }} where regular expressions over
 *   paths relative to the cruise's base directory: the tool modules, the Firestore adapter, and
 *   everything a tool may reach (the read-side modules and the packages on the allow-list).
 */
export function readonlyReachRules({ tools, adapter, mayReach }) {
  return [
    {
      name: "tool-reaches-adapter",
      comment: "A tool reaches the Firestore adapter (through any chain of imports, type-only ones included).",
      severity: "error",
      from: { path: tools },
      to: { path: adapter, reachable: true },
    },
    {
      name: "tool-reaches-server-sdk",
      comment:
        "A tool reaches firebase-admin, firebase-functions or @google-cloud/* (a type import is how a cast to Firestore begins).",
      severity: "error",
      from: { path: tools },
      to: { path: SERVER_SDKS, reachable: true },
    },
    {
      name: "tool-reaches-unlisted-module",
      comment:
        "A tool reaches a module off the read side's list (node:http, an unlisted package, the callable layer...). Widening the list is a review item.",
      severity: "error",
      from: { path: tools },
      // The adapter and the SDKs have their own rules above.
      to: { pathNot: [tools, ...mayReach, adapter, ...SERVER_SDKS], reachable: true },
    },
    {
      name: "unresolved-import",
      comment: "An import that does not resolve hides an edge from every other rule.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "firestore-import-outside-adapter",
      comment: "Only the adapter imports Firestore.",
      severity: "error",
      from: { pathNot: adapter },
      to: { path: FIRESTORE_SDK },
    },
  ];
}

/** Packages tool-reachable code may import. Widening the list is a review item. */
export const ALLOWED_PACKAGES = ["(^|/)node_modules/zod/", "^(node:)?crypto$"];

/** What tool code may reach: the read side of functions/src, zod and node:crypto. */
const TOOL_MAY_REACH = [
  CONTRACT,
  `${SRC}(tools|compute|views|reads)/`,
  `${SRC}runtime/(declaration|errors|evidence)\\.ts$`,
  `${SRC}store/(store|documents)\\.ts$`,
  ...ALLOWED_PACKAGES,
];

const layering = [
  {
    name: "contract-imports-only-zod",
    comment: "The contract is zod only: both packages and the model-facing manifest build on it.",
    severity: "error",
    from: { path: CONTRACT, pathNot: PUBLISHED },
    to: { pathNot: [CONTRACT, "(^|/)node_modules/zod/"] },
  },
  {
    name: "published-reads-only-files",
    comment: "The one contract module with I/O reads the published declarations beside it, and nothing else.",
    severity: "error",
    from: { path: PUBLISHED },
    to: { pathNot: [CONTRACT, "(^|/)node_modules/zod/", "^(node:)?(fs|path)$"] },
  },
  {
    name: "runtime-above-tools-and-adapters",
    comment:
      "The runtime imports the contract, the store interface and trace entry types; never tools, callables, compute or adapters.",
    severity: "error",
    from: { path: `${SRC}runtime/` },
    to: {
      path: [`${SRC}(tools|callable|compute)/`, ...ADAPTERS, ...SERVER_SDKS],
    },
  },
  {
    name: "tools-never-import-adapters",
    comment: "Tools see the store interface only; the adapters and server SDKs stay below them.",
    severity: "error",
    from: { path: `${SRC}tools/` },
    to: { path: [...ADAPTERS, ...SERVER_SDKS] },
  },
  {
    name: "compute-is-pure",
    comment:
      "compute/ holds pure functions: it imports only compute/ and the data contract (store/documents.ts, zod schemas).",
    severity: "error",
    from: { path: `${SRC}compute/` },
    to: { pathNot: [`${SRC}compute/`, `${SRC}store/documents\\.ts$`, "(^|/)node_modules/zod/"] },
  },
  {
    name: "trace-below-runtime",
    comment: "The runtime writes trace entries; trace code never imports the runtime back.",
    severity: "error",
    from: { path: `${SRC}trace/` },
    to: { path: `${SRC}runtime/` },
  },
  {
    name: "store-below-runtime",
    comment: "The store adapters sit below the runtime and never import it.",
    severity: "error",
    from: { path: `${SRC}store/` },
    to: { path: `${SRC}runtime/` },
  },
  {
    name: "no-circular",
    comment:
      "Imports run one way: a cycle (type-only imports included) means two modules decide one thing, or a type sits in the wrong module.",
    severity: "error",
    from: {},
    to: { circular: true },
  },
  {
    name: "nova-never-imports-functions",
    comment: "nova/ is the agent's side: it imports the contract package, never the functions package.",
    severity: "error",
    from: { path: "^nova/src/" },
    to: { path: ["^functions/", "^node_modules/nova-functions/"] },
  },
];

/** Resolve options for a cruise of another base directory (the fixtures): packages come from the repo's node_modules. */
export const RESOLVE_OPTIONS = {
  modules: ["node_modules", fileURLToPath(new URL("../node_modules", import.meta.url))],
};

export const OPTIONS = {
  // Compiled output is a leaf, not a second source tree; the contract's (contracts/lib) is followed: it
  // is what `nova-contract` resolves to, and the rules read through it.
  doNotFollow: { path: ["node_modules", "^functions/lib/", "^nova/lib/"] },
  // Type-only imports are edges too: a type import of firebase-admin is how a cast to Firestore begins.
  tsPreCompilationDeps: true,
  combinedDependencies: false,
  enhancedResolveOptions: {
    extensions: [".ts", ".js", ".cjs", ".mjs", ".json", ".d.ts"],
    exportsFields: ["exports"],
    conditionNames: ["require", "node", "default", "types"],
  },
};

export default {
  forbidden: [
    ...layering,
    ...readonlyReachRules({ tools: `${SRC}tools/`, adapter: `${SRC}store/firestore\\.ts$`, mayReach: TOOL_MAY_REACH }),
  ],
  options: OPTIONS,
};
