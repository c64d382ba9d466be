import { readFileSync } from "node:fs";
import { join } from "node:path";
import { register } from "tsx/cjs/api";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { REPO_ROOT } from "../../scripts/emulators/locate";

const FUNCTIONS_SRC = join(REPO_ROOT, "functions", "src");

/**
 * A module of functions/src loaded the way catalog.ts loads tools: plain `require`, with tsx's
 * CommonJS hook standing in for the compiler (vitest does not transform a `require`). Everything a
 * test takes from the runtime must come through here too, so that tools and runtime share one copy
 * of each module (ToolError in particular: invokeTool tells a tool's errors apart by `instanceof`).
 */
export function requireSource<T>(relative: string): T {
  return withTsx(() => require(join(FUNCTIONS_SRC, relative)) as T);
}

function withTsx<T>(run: () => T): T {
  const unregister = register();
  try {
    return run();
  } finally {
    unregister();
  }
}

/**
 * Every declaration in the catalog (functions/src/catalog.ts loadAllTools), in name order: a tool
 * added tomorrow is probed with no edit to the tests.
 */
export function loadCatalog(): ToolDeclaration[] {
  const { loadAllTools } = requireSource<typeof import("../../functions/src/catalog")>("catalog");
  // The tool files are required inside loadAllTools: the hook must be on while it runs.
  const decls = withTsx(() => loadAllTools());
  if (decls.length === 0) throw new Error("no tools found: the probes would prove nothing");
  return decls;
}

/** Keys that carry identity; SPEC section 3: they come from Auth alone, never from arguments. */
export const IDENTITY_KEYS = ["workspaceId", "uid", "role", "userId", "workspace"] as const;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A valid example as an object to add keys to (no-argument tools accept `{}` as well as null). */
export function asObject(example: unknown): Record<string, unknown> {
  return isPlainObject(example) ? { ...example } : {};
}

/** Every example input of a declaration, with the answer it is declared to get where known. */
export function allExamples(decl: ToolDeclaration): { label: string; input: unknown }[] {
  return [
    ...decl.examples.valid.map((input, i) => ({ label: `valid[${i}]`, input })),
    ...decl.examples.invalid.map(({ input }, i) => ({ label: `invalid[${i}]`, input })),
    ...(decl.examples.empty !== undefined ? [{ label: "empty", input: decl.examples.empty }] : []),
  ];
}

/**
 * String fields of the `empty` example that name a record by id (`jobId`, `postId`, ...): the ones
 * through which a caller could try to reach another workspace's record.
 */
export function idFields(decl: ToolDeclaration): string[] {
  const empty = decl.examples.empty;
  if (!isPlainObject(empty)) return [];
  return Object.keys(empty).filter((k) => /Id$/.test(k) && typeof empty[k] === "string");
}

export interface SeedManifest {
  users: {
    email: string;
    uid: string;
    workspaceClaim: string | null;
    memberships: { workspaceId: string; role: string; disabled?: boolean }[];
  }[];
  perWorkspace: Record<string, { jobsByState: Record<string, string[]> }>;
  canaries: string[];
}

export const MANIFEST_PATH = join(REPO_ROOT, "emulator-data", "seed-manifest.json");

export function readManifest(): SeedManifest {
  return JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as SeedManifest;
}

/** Seeded record ids per workspace and id field, from the manifest (jobs are the ones it lists). */
export function seededIds(manifest: SeedManifest, field: string): Record<string, string[]> {
  if (field !== "jobId") return {};
  return Object.fromEntries(
    Object.entries(manifest.perWorkspace).map(([w, p]) => [w, Object.values(p.jobsByState).flat()]),
  );
}

const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/**
 * An envelope with what legitimately differs between two identical calls taken out: evidence ids
 * (fresh per call, renamed in order of appearance) and evidence observation times.
 */
export function comparable(envelope: unknown): unknown {
  const names = new Map<string, string>();
  const json = JSON.stringify(envelope).replace(/ev_[A-Za-z0-9_-]{16,}/g, (id) => {
    if (!names.has(id)) names.set(id, `ev#${names.size + 1}`);
    return names.get(id)!;
  });
  const copy = JSON.parse(json) as { evidence?: { observedAt?: string }[] };
  for (const e of copy.evidence ?? []) delete e.observedAt;
  return copy;
}

/**
 * Why two answers differ, or null when they are the same answer: equal once evidence ids and
 * observation times are set aside (comparable), except for times the tool derived from its own
 * clock (a window "the last 7 days"). Those all move by the one interval between the two calls,
 * so every differing time must be shifted by the same small delta; a stored time never moves.
 */
export function answerDifference(a: unknown, b: unknown): string | null {
  const [ta, tb] = [JSON.stringify(comparable(a)), JSON.stringify(comparable(b))];
  const [partsA, partsB] = [ta.split(ISO_TIME), tb.split(ISO_TIME)];
  const [timesA, timesB] = [ta.match(ISO_TIME) ?? [], tb.match(ISO_TIME) ?? []];
  if (partsA.length !== partsB.length || partsA.some((p, i) => p !== partsB[i]))
    return `different answers:\n${ta}\n${tb}`;
  const deltas = new Set(timesA.map((t, i) => Date.parse(timesB[i]!) - Date.parse(t)).filter((d) => d !== 0));
  if (deltas.size > 1) return `times moved by different amounts (${[...deltas].join(", ")} ms): not one clock`;
  const [delta] = [...deltas];
  if (delta !== undefined && Math.abs(delta) > 120_000) return `times moved by ${delta} ms, more than two calls apart`;
  return null;
}
