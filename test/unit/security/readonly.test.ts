import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { TOOLS_DIR } from "../../../functions/src/catalog";
import { sourceToolNames } from "../../../scripts/contracts/catalog";
import { analyzeToolGraph, ANALYSIS_OPTIONS, formatFinding, WRITE_NAMES, type Finding, type GraphReport, type Rule } from "./readonly-graph";

/**
 * Layer 1 of docs/security.md: tool code cannot reach a Firestore write. Every tool module that
 * catalog.ts serves (a new tool is picked up with no edit) is checked through its whole import
 * graph; the fixture tree proves each check fires on the bypass it exists for.
 */
const SRC = resolve(TOOLS_DIR, "..");
const ADAPTER = join(SRC, "store", "firestore.ts");
/** What tool-reachable code may import from outside functions/src. Widening it is a review item. */
const ALLOWED_PACKAGES = new Set(["zod", "node:crypto", "nova-contract"]);
const toolFiles = (dir: string = TOOLS_DIR) => sourceToolNames(dir).map((name) => ({ name, file: join(dir, `${name}.ts`) }));

const tools = toolFiles();
let report: GraphReport | undefined;
const realReport = () => (report ??= analyzeToolGraph({ srcRoot: SRC, tools: tools.map((t) => t.file), adapter: ADAPTER, allowedPackages: ALLOWED_PACKAGES }));

describe("the tools' import graph (functions/src)", () => {
  it("covers every tool catalog.ts serves", () => {
    expect(tools.length).toBeGreaterThanOrEqual(2);
    expect([...realReport().reach.keys()].sort()).toEqual(tools.map((t) => `tools/${t.name}.ts`).sort());
  });

  it("has no finding: no Firestore outside the adapter, no firebase-admin, no write method, no escape hatch", () => {
    expect(realReport().findings.map(formatFinding)).toEqual([]);
  });

  it("walks real edges: each tool reaches defineTool, none reaches the adapter or the callable layer", () => {
    for (const [tool, files] of realReport().reach) {
      expect(files, tool).toContain(tool);
      expect(files, tool).toContain("runtime/declaration.ts");
      expect(files, tool).not.toContain("store/firestore.ts");
      expect(files.filter((f) => /^(callable|trace)\/|^index\.ts$|^catalog\.ts$|^runtime\/invoke\.ts$/.test(f)), tool).toEqual([]);
    }
  });
}, 60_000);

// ---------------------------------------------------------------------------------------------
// The checks fire: a fixture tree with one tool per bypass.

const FIXTURE = join(__dirname, "fixtures", "reach", "src");

const FIXTURE_TOOLS = toolFiles(join(FIXTURE, "tools"));
let fixtureReport: GraphReport | undefined;
const fixtures = () =>
  (fixtureReport ??= analyzeToolGraph({ srcRoot: FIXTURE, tools: FIXTURE_TOOLS.map((t) => t.file), adapter: join(FIXTURE, "store", "firestore.ts"), allowedPackages: ALLOWED_PACKAGES }));

/** Findings in the files one fixture tool reaches, as "rule file" (the tree holds every case). */
function fixtureFindings(tool: string): string[] {
  const report = fixtures();
  const reach = new Set(report.reach.get(`tools/${tool}.ts`) ?? []);
  const own = report.findings.filter((f: Finding) => reach.has(f.file) && (!f.via || f.via[0] === `tools/${tool}.ts`));
  return [...new Set(own.map((f) => `${f.rule} ${f.file}`))].sort();
}

const CASES: [tool: string, why: string, expected: `${Rule} ${string}`[]][] = [
  ["clean_tool", "local Map/Set writes and a literal-keyed computed call are fine", []],
  ["reaches_adapter", "the adapter through a renamed re-export, two files away", ["tool-reaches-adapter store/firestore.ts", "tool-reaches-firebase store/firestore.ts"]],
  ["type_import", "a type-only import of firebase-admin/firestore", ["firestore-import-outside-adapter tools/type_import.ts", "tool-reaches-firebase tools/type_import.ts"]],
  ["writes_set", "a .set call on a parameter", ["write-member tools/writes_set.ts"]],
  ["writes_indirect", "an .update in a helper the tool imports", ["write-member lib/helper_writes.ts"]],
  ["bracket", "doc['delete'](), destructured create, a string-keyed computed call", ["dynamic-code tools/bracket.ts", "write-member tools/bracket.ts", "write-name-string tools/bracket.ts"]],
  ["escape", "any, a cast through unknown, ts-ignore, require, eval, Function, globalThis, import(), .constructor", ["dynamic-code tools/escape.ts", "firestore-import-outside-adapter tools/escape.ts", "tool-reaches-firebase tools/escape.ts", "type-escape tools/escape.ts"]],
  ["map_param", "a Map that is a parameter, not provably local", ["write-member tools/map_param.ts"]],
  ["shadowed_map", "a local class named Map", ["write-member tools/shadowed_map.ts"]],
  ["packages", "node:http and an unlisted package", ["tool-reaches-unlisted-package tools/packages.ts"]],
  ["unresolved", "an import that does not resolve", ["unresolved-import tools/unresolved.ts"]],
];

describe("each check fires on the bypass it exists for (fixture tree)", () => {
  it("has one case per fixture tool", () => {
    expect(CASES.map(([tool]) => tool).sort()).toEqual(FIXTURE_TOOLS.map((t) => t.name));
  });

  it.each(CASES)("%s: %s", (tool, _why, expected) => {
    expect(fixtureFindings(tool)).toEqual(expected.sort());
  });

  it("reports every escape in escape.ts, line by line", () => {
    const details = fixtures().findings.filter((f) => f.file === "tools/escape.ts").map((f) => f.detail).join("\n");
    for (const expected of ["any type", "on a value of type any", "cast through unknown", "@ts-ignore", "require", "eval", "Function", "globalThis", "import()", ".constructor"]) {
      expect(details).toContain(expected);
    }
  });
}, 60_000);

// ---------------------------------------------------------------------------------------------
// Type level: ReadOnlyStore has no write member, and the store a tool is handed is exactly it.

function typeErrors(source: string): string[] {
  const file = join(__dirname, "__readonly_types__.ts");
  const host = ts.createCompilerHost(ANALYSIS_OPTIONS);
  const base = { getSourceFile: host.getSourceFile, fileExists: host.fileExists, readFile: host.readFile };
  host.getSourceFile = (name, lang, ...rest) => (resolve(name) === file ? ts.createSourceFile(name, source, lang) : base.getSourceFile(name, lang, ...rest));
  host.fileExists = (name) => resolve(name) === file || base.fileExists(name);
  host.readFile = (name) => (resolve(name) === file ? source : base.readFile(name));
  const program = ts.createProgram({ rootNames: [file], options: ANALYSIS_OPTIONS, host });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

const PRELUDE = `
import type { ReadOnlyStore } from ${JSON.stringify(join(SRC, "store", "store"))};
import type { ToolContext } from ${JSON.stringify(join(SRC, "runtime", "declaration"))};
type WriteName = ${WRITE_NAMES.map((n) => JSON.stringify(n)).join(" | ")};
type Assert<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type NoWriteMember<S> = [Extract<keyof S, WriteName>] extends [never] ? true : false;
`;

describe("ReadOnlyStore at the type level", () => {
  it("has exactly provenance, get and query, no write member, and is what ToolContext hands a tool", () => {
    expect(
      typeErrors(`${PRELUDE}
export type Checks = [
  Assert<NoWriteMember<ReadOnlyStore>>,
  Assert<Same<keyof ReadOnlyStore, "provenance" | "get" | "query">>,
  Assert<Same<ToolContext["store"], ReadOnlyStore>>,
];
${WRITE_NAMES.map((n) => `export const no_${n} = (s: ReadOnlyStore) => s.${n};`).join("\n")}
`),
    ).toEqual(WRITE_NAMES.map((n) => `Property '${n}' does not exist on type 'ReadOnlyStore'.`));
  });

  it("the assertion fails for a store type with a write member (it can fail)", () => {
    const errors = typeErrors(`${PRELUDE}
interface Leaky extends ReadOnlyStore { set(path: string, data: object): Promise<void> }
export type Check = Assert<NoWriteMember<Leaky>>;
`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/does not satisfy the constraint 'true'/);
  });
}, 60_000);
