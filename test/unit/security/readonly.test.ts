import { join, relative, resolve, sep } from "node:path";
import type { ICruiseResult, IForbiddenRuleType, IViolation } from "dependency-cruiser" with {
  "resolution-mode": "import",
};
import { ESLint } from "eslint";
import ts from "typescript";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { loadCatalog } from "../../support/catalog";

/**
 * Layer 1 of docs/security.md: tool code cannot reach a Firestore write. The rules live in lint/
 * (`npm run lint` runs them): lint/layers.mjs states the import graph for dependency-cruiser, and
 * lint/readonly.mjs the code rules for ESLint on every module a tool loads. This test runs both
 * through their APIs on functions/src (every tool the catalog serves, with no edit for a new one) and
 * on a fixture tree with one tool per bypass, to prove each rule fires on the bypass it exists for.
 */
const layers = () => import("../../../lint/layers.mjs");
const readonly = () => import("../../../lint/readonly.mjs");

async function cruiseWithRules(
  baseDir: string,
  paths: string[],
  forbidden: IForbiddenRuleType[],
): Promise<ICruiseResult> {
  const [{ cruise }, { OPTIONS, RESOLVE_OPTIONS }] = await Promise.all([import("dependency-cruiser"), layers()]);
  const { output } = await cruise(
    paths,
    { ...OPTIONS, baseDir, validate: true, ruleSet: { forbidden } },
    RESOLVE_OPTIONS,
  );
  if (typeof output === "string") throw new Error("dependency-cruiser answered a report, not a result");
  return output;
}

const formatViolation = (v: IViolation) =>
  `${v.rule.name}: ${v.from} -> ${[...(v.via ?? []).map((s) => s.name), v.to].join(" -> ")}`;
const toPosix = (p: string) => p.split(sep).join("/");

// ---------------------------------------------------------------------------------------------
// functions/src as it is.

const SRC = join(REPO_ROOT, "functions", "src");
let real: { result: ICruiseResult; tools: string[] };

beforeAll(async () => {
  const config = (await layers()).default;
  // Cruised from the repo root, so that the rules' paths (functions/src/...) are the ones npm run lint sees.
  const result = await cruiseWithRules(REPO_ROOT, ["functions/src"], config.forbidden ?? []);
  const tools = loadCatalog().map((d) => `functions/src/tools/${d.name}.ts`);
  real = { result, tools };
}, 60_000);

describe("the tools' import graph (functions/src)", () => {
  it("covers every tool the catalog serves", () => {
    expect(real.tools.length).toBeGreaterThanOrEqual(2);
    const sources = new Set(real.result.modules.map((m) => m.source));
    for (const tool of real.tools) expect(sources, tool).toContain(tool);
  });

  it("breaks no layering or read-only rule of lint/layers.mjs", () => {
    expect(real.result.summary.violations.map(formatViolation)).toEqual([]);
  });

  it("walks real edges: each tool reaches defineTool, none reaches the adapter or the callable layer", async () => {
    const { reach } = await readonly();
    for (const tool of real.tools) {
      const files = reach(real.result.modules, [tool], false);
      expect(files, tool).toContain("functions/src/runtime/declaration.ts");
      expect(files, tool).not.toContain("functions/src/store/firestore.ts");
      const above = files.filter((f) =>
        /^functions\/src\/((callable|trace)\/|index\.ts$|catalog\.ts$|runtime\/invoke\.ts$)/.test(f),
      );
      expect(above, tool).toEqual([]);
    }
  });

  it("has the read-only rules on for every module a tool loads, and they find nothing there", async () => {
    const { reach, READONLY_RULES } = await readonly();
    const loaded = reach(real.result.modules, real.tools, true);
    expect(loaded).toEqual(
      expect.arrayContaining([...real.tools, "functions/src/compute/time.ts", "functions/src/views/post.ts"]),
    );
    const eslint = new ESLint({ cwd: REPO_ROOT });
    for (const file of loaded) {
      const rules = (
        (await eslint.calculateConfigForFile(join(REPO_ROOT, file))) as { rules: Record<string, unknown[]> }
      ).rules;
      for (const rule of Object.keys(READONLY_RULES)) expect(rules[rule]?.[0], `${rule} on ${file}`).toBe(2);
    }
    const results = await eslint.lintFiles(loaded.map((f) => join(REPO_ROOT, f)));
    const findings = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId! in READONLY_RULES)
        .map((m) => `${m.ruleId} ${relative(REPO_ROOT, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(findings).toEqual([]);
  });
}, 120_000);

// ---------------------------------------------------------------------------------------------
// The rules fire: a fixture tree laid out as functions/src is, with one tool per bypass.

const FIXTURE = join(__dirname, "fixtures", "reach");
const FIXTURE_SRC = join(FIXTURE, "src");
let fixture: { result: ICruiseResult; lint: ESLint.LintResult[]; tools: string[] };

beforeAll(async () => {
  const [{ readonlyReachRules, ALLOWED_PACKAGES }, { reach, READONLY_RULES, readonlyPlugin }] = await Promise.all([
    layers(),
    readonly(),
  ]);
  // The same rules as functions/src, with the fixture's paths: its read side is lib/ and the store interface.
  const forbidden = readonlyReachRules({
    tools: "^tools/",
    adapter: "^store/firestore\\.ts$",
    mayReach: ["^lib/", "^store/store\\.ts$", ...ALLOWED_PACKAGES],
  });
  const result = await cruiseWithRules(FIXTURE_SRC, ["."], forbidden);
  const tools = result.modules.map((m) => m.source).filter((s) => s.startsWith("tools/"));
  const eslint = new ESLint({
    cwd: FIXTURE,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["src/**/*.ts"],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: "./tsconfig.json", tsconfigRootDir: FIXTURE },
        },
        plugins: { readonly: readonlyPlugin, "@typescript-eslint": tseslint.plugin as ESLint.Plugin },
        rules: READONLY_RULES,
      },
    ],
  });
  const lint = await eslint.lintFiles(reach(result.modules, tools, true).map((f) => join(FIXTURE_SRC, f)));
  fixture = { result, lint, tools };
}, 60_000);

/** A reached package by its name: `../../node_modules/firebase-admin/lib/index.js` is firebase-admin. */
const shortName = (to: string) => to.replace(/^(\.\.\/)*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, "$2");

/**
 * What one fixture tool is blamed for, as "rule where": a reach rule by the module it reaches, an import
 * rule by the importing file (any the tool reaches), an ESLint rule by the file (any the tool loads).
 */
async function verdict(tool: string): Promise<string[]> {
  const { reach } = await readonly();
  const reached = new Set(reach(fixture.result.modules, [tool], false));
  const loaded = new Set(reach(fixture.result.modules, [tool], true));
  const graph = fixture.result.summary.violations
    .filter((v) => (v.type === "reachability" ? v.from === tool : reached.has(v.from)))
    .map((v) => `${v.rule.name} ${v.type === "reachability" ? shortName(v.to) : v.from}`);
  const code = fixture.lint
    .map((r) => ({ file: toPosix(relative(FIXTURE_SRC, r.filePath)), messages: r.messages }))
    .filter((r) => loaded.has(r.file))
    .flatMap((r) => r.messages.map((m) => `${m.ruleId ?? m.message} ${r.file}`));
  return [...new Set([...graph, ...code])].sort();
}

const ESCAPES = [
  "@typescript-eslint/ban-ts-comment",
  "@typescript-eslint/no-explicit-any",
  "@typescript-eslint/no-unsafe-member-access",
  "no-restricted-globals",
  "no-restricted-syntax",
];

const CASES: [tool: string, why: string, expected: string[]][] = [
  [
    "clean_tool",
    "local Map/Set writes, a literal-keyed computed call, a type-only import of the store interface are fine",
    [],
  ],
  [
    "reaches_adapter",
    "the adapter through a renamed re-export, two files away",
    ["tool-reaches-adapter store/firestore.ts", "tool-reaches-server-sdk firebase-admin"],
  ],
  [
    "type_import",
    "a type-only import of firebase-admin/firestore",
    ["firestore-import-outside-adapter tools/type_import.ts", "tool-reaches-server-sdk firebase-admin"],
  ],
  ["writes_set", "a .set call on a parameter", ["readonly/no-write-member tools/writes_set.ts"]],
  ["writes_indirect", "an .update in a helper the tool imports", ["readonly/no-write-member lib/helper_writes.ts"]],
  [
    "bracket",
    "doc['delete'](), destructured create, a key held in a string, a string-keyed computed call",
    [
      "readonly/no-unpinned-computed-call tools/bracket.ts",
      "readonly/no-write-member tools/bracket.ts",
      "readonly/no-write-name tools/bracket.ts",
    ],
  ],
  [
    "escape",
    "any, a cast through unknown, ts-ignore, require, eval, Function, globalThis, import(), .constructor",
    [
      "firestore-import-outside-adapter tools/escape.ts",
      "tool-reaches-server-sdk firebase-admin",
      ...ESCAPES.map((r) => `${r} tools/escape.ts`),
    ],
  ],
  ["map_param", "a Map that is a parameter, not provably local", ["readonly/no-write-member tools/map_param.ts"]],
  ["shadowed_map", "a local class named Map", ["readonly/no-write-member tools/shadowed_map.ts"]],
  [
    "packages",
    "node:http and an installed package off the allow-list",
    ["tool-reaches-unlisted-module ajv", "tool-reaches-unlisted-module http"],
  ],
  [
    "unresolved",
    "an import that does not resolve",
    ["tool-reaches-unlisted-module ./does-not-exist", "unresolved-import tools/unresolved.ts"],
  ],
];

describe("each rule fires on the bypass it exists for (fixture tree)", () => {
  it("has one case per fixture tool", () => {
    expect(CASES.map(([tool]) => `tools/${tool}.ts`).sort()).toEqual([...fixture.tools].sort());
  });

  it.each(CASES)("%s: %s", async (tool, _why, expected) => {
    expect(await verdict(`tools/${tool}.ts`)).toEqual([...expected].sort());
  });

  it("names the chain of imports from the tool to the adapter", () => {
    const v = fixture.result.summary.violations.find((x) => x.rule.name === "tool-reaches-adapter");
    expect(v && formatViolation(v)).toBe(
      "tool-reaches-adapter: tools/reaches_adapter.ts -> lib/deep.ts -> lib/alias.ts -> store/firestore.ts -> store/firestore.ts",
    );
  });

  it("reports every escape in escape.ts, line by line", () => {
    const source = ts.sys.readFile(join(FIXTURE_SRC, "tools", "escape.ts"))!.split("\n");
    const lineOf = (text: string) => source.findIndex((l) => l.includes(text)) + 1;
    const found = new Set(
      fixture.lint.find((r) => r.filePath.endsWith(`${sep}escape.ts`))!.messages.map((m) => `${m.line} ${m.ruleId}`),
    );
    const expected: [text: string, rule: string][] = [
      ["as any", "@typescript-eslint/no-explicit-any"],
      ["as any", "@typescript-eslint/no-unsafe-member-access"],
      ["as unknown as", "no-restricted-syntax"],
      ["@ts-ignore", "@typescript-eslint/ban-ts-comment"],
      ["require(", "no-restricted-globals"],
      ["eval(", "no-restricted-globals"],
      ["new Function", "no-restricted-globals"],
      ["globalThis", "no-restricted-globals"],
      ["import(", "no-restricted-syntax"],
      [".constructor", "no-restricted-syntax"],
    ];
    for (const [text, rule] of expected) expect(found, `${rule} at "${text}"`).toContain(`${lineOf(text)} ${rule}`);
  });
}, 120_000);

// ---------------------------------------------------------------------------------------------
// Type level: ReadOnlyStore has no write member, and the store a tool is handed is exactly it.

/** Compiler options close to functions/tsconfig.json, without emit or project references. */
const TYPE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: ["node"],
};

function typeErrors(source: string): string[] {
  const file = join(__dirname, "__readonly_types__.ts");
  const host = ts.createCompilerHost(TYPE_OPTIONS);
  const base = { getSourceFile: host.getSourceFile, fileExists: host.fileExists, readFile: host.readFile };
  host.getSourceFile = (name, lang, ...rest) =>
    resolve(name) === file ? ts.createSourceFile(name, source, lang) : base.getSourceFile(name, lang, ...rest);
  host.fileExists = (name) => resolve(name) === file || base.fileExists(name);
  host.readFile = (name) => (resolve(name) === file ? source : base.readFile(name));
  const program = ts.createProgram({ rootNames: [file], options: TYPE_OPTIONS, host });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

const prelude = (writeNames: readonly string[]) => `
import type { ReadOnlyStore } from ${JSON.stringify(join(SRC, "store", "store"))};
import type { ToolContext } from ${JSON.stringify(join(SRC, "runtime", "declaration"))};
type WriteName = ${writeNames.map((n) => JSON.stringify(n)).join(" | ")};
type Assert<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type NoWriteMember<S> = [Extract<keyof S, WriteName>] extends [never] ? true : false;
`;

describe("ReadOnlyStore at the type level", () => {
  it("has exactly provenance, get and query, no write member, and is what ToolContext hands a tool", async () => {
    const { WRITE_NAMES } = await readonly();
    expect(
      typeErrors(`${prelude(WRITE_NAMES)}
export type Checks = [
  Assert<NoWriteMember<ReadOnlyStore>>,
  Assert<Same<keyof ReadOnlyStore, "provenance" | "get" | "query">>,
  Assert<Same<ToolContext["store"], ReadOnlyStore>>,
];
${WRITE_NAMES.map((n) => `export const no_${n} = (s: ReadOnlyStore) => s.${n};`).join("\n")}
`),
    ).toEqual(WRITE_NAMES.map((n) => `Property '${n}' does not exist on type 'ReadOnlyStore'.`));
  });

  it("the assertion fails for a store type with a write member (it can fail)", async () => {
    const { WRITE_NAMES } = await readonly();
    const errors = typeErrors(`${prelude(WRITE_NAMES)}
interface Leaky extends ReadOnlyStore { set(path: string, data: object): Promise<void> }
export type Check = Assert<NoWriteMember<Leaky>>;
`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/does not satisfy the constraint 'true'/);
  });
}, 60_000);
