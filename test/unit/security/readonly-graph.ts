import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/**
 * The static half of "tools cannot write" (docs/security.md, layer 1): walk the import graph of
 * every tool module, with TypeScript's own module resolution so that no aliasing, renaming or
 * re-export hides an edge, and check what the reachable code imports and does.
 *
 * Two graphs per tool:
 * - every edge, type-only imports included: nothing reachable may import the Firestore adapter,
 *   firebase-admin or any package not on the allow-list (a type import of firebase-admin is how a
 *   cast to Firestore would begin);
 * - value edges only (what Node actually loads): the code there may not name a write method, and
 *   may not leave the type system (any, double casts, ts-ignore) or load and run code dynamically
 *   (eval, Function, require, import(), Reflect, Proxy, computed calls): the ways a write could be
 *   reached without naming one. The type system then does the rest: ReadOnlyStore has no write
 *   member, and the store's internals are private.
 */

/** Method names of firebase-admin/@google-cloud/firestore that write, on any object. */
export const WRITE_NAMES = ["set", "update", "delete", "add", "create", "batch", "runTransaction", "bulkWriter", "recursiveDelete"] as const;
const WRITE = new Set<string>(WRITE_NAMES);
/** The three that a standard-library Map/Set also has, allowed only on a provably local one. */
const COLLECTION_METHODS = new Set(["set", "add", "delete"]);
const COLLECTION_TYPES = new Set(["Map", "Set", "WeakMap", "WeakSet"]);

/** Globals through which code can be loaded, run or reached without a static import. */
const FORBIDDEN_GLOBALS = new Set(["eval", "Function", "require", "module", "exports", "process", "global", "globalThis", "Reflect", "Proxy", "fetch", "XMLHttpRequest", "WebSocket"]);

/** Packages any file under functions/src may import for Firestore: only the adapter may. */
const FIRESTORE_PACKAGES = ["firebase-admin/firestore", "firebase-admin", "@google-cloud/firestore"];

export type Rule =
  | "firestore-import-outside-adapter"
  | "tool-reaches-adapter"
  | "tool-reaches-firebase"
  | "tool-reaches-unlisted-package"
  | "unresolved-import"
  | "write-member"
  | "write-name-string"
  | "dynamic-code"
  | "type-escape";

export interface Finding {
  readonly rule: Rule;
  /** Relative to the source root. */
  readonly file: string;
  readonly line: number;
  readonly detail: string;
  /** For reach findings: the import chain from the tool to the offending file. */
  readonly via?: readonly string[];
}

export interface GraphOptions {
  /** The source root (functions/src). */
  readonly srcRoot: string;
  /** Tool modules: the entry points. */
  readonly tools: readonly string[];
  /** The one module allowed to import Firestore (store/firestore.ts). */
  readonly adapter: string;
  /** Bare packages (and node: builtins, written with the prefix) tool-reachable code may import. */
  readonly allowedPackages: ReadonlySet<string>;
}

export interface GraphReport {
  readonly findings: Finding[];
  /** Per tool (relative path): every file reachable through any edge, relative paths. */
  readonly reach: Map<string, string[]>;
  /** Per tool: files reachable through value edges, relative paths. */
  readonly valueReach: Map<string, string[]>;
}

/** Compiler options close to functions/tsconfig.json, without emit or project references. */
export const ANALYSIS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: ["node"],
};

interface Edge {
  readonly specifier: string;
  readonly typeOnly: boolean;
  readonly line: number;
}

type Target = { kind: "file"; path: string } | { kind: "package"; name: string } | { kind: "unresolved" };

export function analyzeToolGraph(opts: GraphOptions): GraphReport {
  const srcRoot = resolve(opts.srcRoot);
  const allSources = listSources(srcRoot);
  // Only the tools are roots: the checker is needed for their reach alone, and leaving the rest
  // (firebase-functions, logging) out of the program keeps it fast. Other files are parsed alone.
  const program = ts.createProgram({ rootNames: opts.tools.map((t) => resolve(t)), options: ANALYSIS_OPTIONS });
  const checker = program.getTypeChecker();
  const rel = (p: string) => relative(srcRoot, p).split(sep).join("/");
  const findings: Finding[] = [];
  const edgesCache = new Map<string, { edge: Edge; target: Target }[]>();

  const edgesOf = (file: string) => {
    let cached = edgesCache.get(file);
    if (!cached) {
      const sf = program.getSourceFile(file) ?? ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
      cached = moduleEdges(sf).map((edge) => ({ edge, target: resolveTarget(edge.specifier, file) }));
      edgesCache.set(file, cached);
    }
    return cached;
  };

  // 1. Anywhere in the source tree: Firestore is imported by the adapter alone.
  for (const file of allSources) {
    if (resolve(file) === resolve(opts.adapter)) continue;
    for (const { edge, target } of edgesOf(file)) {
      if (target.kind === "package" && FIRESTORE_PACKAGES.includes(packageRoot(edge.specifier, true))) {
        findings.push({ rule: "firestore-import-outside-adapter", file: rel(file), line: edge.line, detail: `imports ${edge.specifier}; only ${rel(opts.adapter)} may` });
      }
    }
  }

  const reach = new Map<string, string[]>();
  const valueReach = new Map<string, string[]>();
  const checkedFiles = new Set<string>();

  for (const tool of opts.tools.map((t) => resolve(t))) {
    // 2. Every edge: what the tool's code can import at all.
    const all = walk(tool, edgesOf, false);
    reach.set(rel(tool), [...all.keys()].map(rel).sort());
    for (const [file, chain] of all) {
      const via = [...chain, file].map(rel);
      if (file === resolve(opts.adapter)) findings.push({ rule: "tool-reaches-adapter", file: rel(file), line: 1, detail: `${rel(tool)} reaches the Firestore adapter`, via });
      for (const { edge, target } of edgesOf(file)) {
        if (target.kind === "unresolved") {
          findings.push({ rule: "unresolved-import", file: rel(file), line: edge.line, detail: `cannot resolve ${edge.specifier}`, via });
        } else if (target.kind === "package") {
          const pkg = packageRoot(edge.specifier, false);
          if (/^(firebase-admin|firebase-functions|firebase|@google-cloud\/|@firebase\/|googleapis|google-gax)/.test(pkg)) {
            findings.push({ rule: "tool-reaches-firebase", file: rel(file), line: edge.line, detail: `${rel(tool)} reaches an import of ${edge.specifier}`, via });
          } else if (!opts.allowedPackages.has(pkg)) {
            findings.push({ rule: "tool-reaches-unlisted-package", file: rel(file), line: edge.line, detail: `${rel(tool)} reaches an import of ${edge.specifier}, not on the allow-list`, via });
          }
        }
      }
    }
    // 3. Value edges: what the tool's code runs.
    const values = walk(tool, edgesOf, true);
    valueReach.set(rel(tool), [...values.keys()].map(rel).sort());
    for (const file of values.keys()) {
      if (checkedFiles.has(file)) continue;
      checkedFiles.add(file);
      findings.push(...checkCode(program.getSourceFile(file)!, program, checker).map((f) => ({ ...f, file: rel(file) })));
    }
  }

  return { findings: dedupe(findings), reach, valueReach };
}

/** Breadth-first over internal files; each file keeps the chain it was first reached by. */
function walk(entry: string, edgesOf: (f: string) => { edge: Edge; target: Target }[], valueOnly: boolean): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, []]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { edge, target } of edgesOf(file)) {
      if (target.kind !== "file" || (valueOnly && edge.typeOnly) || seen.has(target.path)) continue;
      seen.set(target.path, [...seen.get(file)!, file]);
      queue.push(target.path);
    }
  }
  return seen;
}

/** Every module a file names: imports, re-exports, import-equals, require/import() calls, import types. */
function moduleEdges(sf: ts.SourceFile): Edge[] {
  const edges: Edge[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly, line: line(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, line: line(node) });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      edges.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly, line: line(node) });
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) {
        edges.push({ specifier: (node.arguments[0] as ts.StringLiteralLike).text, typeOnly: false, line: line(node) });
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      edges.push({ specifier: node.argument.literal.text, typeOnly: true, line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

function resolveTarget(specifier: string, from: string): Target {
  const bare = !specifier.startsWith(".") && !specifier.startsWith("/");
  if (bare && (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]!))) return { kind: "package", name: specifier };
  const resolved = ts.resolveModuleName(specifier, from, ANALYSIS_OPTIONS, ts.sys).resolvedModule;
  if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith(".d.ts")) {
    // A relative import leaving the source root is still code the tool runs: it is followed too.
    return { kind: "file", path: resolve(resolved.resolvedFileName) };
  }
  if (bare) return { kind: "package", name: specifier };
  if (resolved) return { kind: "file", path: resolve(resolved.resolvedFileName) };
  return { kind: "unresolved" };
}

/**
 * A specifier's package: `zod`, `@scope/name`, `node:crypto` (a bare builtin gets the prefix).
 * With `keepSubpath`, the first subpath stays (`firebase-admin/firestore`).
 */
function packageRoot(specifier: string, keepSubpath: boolean): string {
  if (!specifier.startsWith("node:") && builtinModules.includes(specifier.split("/")[0]!)) return `node:${specifier}`;
  const parts = specifier.split("/");
  const n = (specifier.startsWith("@") ? 2 : 1) + (keepSubpath ? 1 : 0);
  return parts.slice(0, n).join("/");
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (/\.(ts|tsx|mts|cts)$/.test(name) && !/\.d\.[mc]?ts$/.test(name)) out.push(path);
  }
  return out.sort();
}

/** The code checks on one value-reachable file. */
export function checkCode(sf: ts.SourceFile, program: ts.Program, checker: ts.TypeChecker): Omit<Finding, "file">[] {
  const out: Omit<Finding, "file">[] = [];
  const at = (node: ts.Node, rule: Rule, detail: string) => out.push({ rule, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, detail });

  const isStdLib = (node: ts.Node) => {
    const sym = checker.getSymbolAtLocation(node);
    return !!sym?.declarations?.length && sym.declarations.every((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()));
  };
  const isNewCollection = (expr: ts.Expression | undefined): boolean => {
    while (expr && ts.isParenthesizedExpression(expr)) expr = expr.expression;
    return !!expr && ts.isNewExpression(expr) && ts.isIdentifier(expr.expression) && COLLECTION_TYPES.has(expr.expression.text) && isStdLib(expr.expression);
  };
  // A receiver that is provably a standard Map/Set made right here: a const or readonly field
  // initialised with `new Map(...)` (or such an expression itself). Nothing else may use these names.
  const isLocalCollection = (receiver: ts.Expression): boolean => {
    if (isNewCollection(receiver)) return true;
    const sym = checker.getSymbolAtLocation(receiver);
    const decl = sym?.valueDeclaration;
    if (!decl) return false;
    if (ts.isVariableDeclaration(decl)) {
      const list = decl.parent;
      return ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0 && isNewCollection(decl.initializer);
    }
    if (ts.isPropertyDeclaration(decl)) {
      const readonly = ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly;
      return readonly !== 0 && isNewCollection(decl.initializer);
    }
    return false;
  };
  // A computed call is as explicit as a named one when the key's type is a union of literals none
  // of which names a write method (e.g. `evidence[basis]()` with basis: "current" | "comparison").
  const pinnedKeys = (key: ts.Expression): boolean => {
    const type = checker.getTypeAtLocation(key);
    const parts = type.isUnion() ? type.types : [type];
    return parts.every((t) => (t.isStringLiteral() && !WRITE.has(t.value)) || t.isNumberLiteral());
  };
  const isAny = (expr: ts.Expression) => (checker.getTypeAtLocation(expr).flags & ts.TypeFlags.Any) !== 0;

  // Comments that switch the type checker off.
  for (const match of sf.text.matchAll(/@ts-(ignore|expect-error|nocheck)/g)) {
    out.push({ rule: "type-escape", line: sf.getLineAndCharacterOfPosition(match.index).line + 1, detail: `@ts-${match[1]} switches type checking off` });
  }

  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      if (WRITE.has(name) && !(COLLECTION_METHODS.has(name) && isLocalCollection(node.expression))) at(node.name, "write-member", `.${name} names a write method`);
      if (name === "constructor") at(node.name, "dynamic-code", ".constructor reaches the Function constructor");
      if (isAny(node.expression)) at(node, "type-escape", `.${name} on a value of type any`);
    } else if (ts.isElementAccessExpression(node)) {
      const key = node.argumentExpression;
      if (isAny(node.expression)) at(node, "type-escape", "indexing a value of type any");
      if (ts.isCallExpression(node.parent) && node.parent.expression === node && !pinnedKeys(key)) {
        at(node, "dynamic-code", "a computed method call whose key's type does not pin which method runs");
      }
    } else if (ts.isStringLiteralLike(node) && WRITE.has(node.text) && !isTypePosition(node) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      at(node, "write-name-string", `the string "${node.text}" names a write method`);
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      const text = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
      if (text && WRITE.has(text)) at(node, "write-member", `destructures ${text}, a write method`);
    } else if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && isValueReference(node)) {
      at(node, "dynamic-code", `${node.text} loads, runs or reaches code outside the import graph`);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      at(node, "dynamic-code", "import() loads a module outside the static graph");
    } else if (node.kind === ts.SyntaxKind.AnyKeyword) {
      at(node, "type-escape", "the any type switches type checking off");
    } else if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      let inner = node.expression;
      while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
      if ((ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) {
        at(node, "type-escape", "a cast through unknown converts between unrelated types");
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** An identifier used as a value, not a declaration name, property name, label or type. */
function isValueReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) && p.name === id) || (ts.isQualifiedName(p) && p.right === id)) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodSignature(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p) || ts.isBindingElement(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return false;
  return !isTypePosition(id);
}

/** Inside a type (a literal type, an interface, `typeof x`): erased, never run. */
function isTypePosition(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
    // `class A extends B<T>`: B is a runtime expression although the node kind is a type node's.
    if (ts.isExpressionWithTypeArguments(n)) continue;
    if (ts.isTypeNode(n) || ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) return true;
  }
  return false;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule}|${f.file}|${f.line}|${f.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function formatFinding(f: Finding): string {
  return `${f.rule}: ${f.file}:${f.line}: ${f.detail}${f.via && f.via.length > 1 ? ` (via ${f.via.join(" -> ")})` : ""}`;
}

