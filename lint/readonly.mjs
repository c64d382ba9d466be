// The code half of "tools cannot write" (docs/security.md, layer 1), as ESLint rules. lint/layers.mjs
// proves what a tool's code can import; these rules apply to every module a tool loads (its value
// imports, followed transitively: toolValueReach below) and forbid naming a write method or leaving the
// type system or the static import graph, the ways a write could be reached without naming one.
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import { OPTIONS, RESOLVE_OPTIONS } from "./layers.mjs";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Method names of firebase-admin / @google-cloud/firestore that write, on any object. */
export const WRITE_NAMES = [
  "set",
  "update",
  "delete",
  "add",
  "create",
  "commit",
  "batch",
  "runTransaction",
  "bulkWriter",
  "recursiveDelete",
];
const WRITE = new Set(WRITE_NAMES);
/** The three a standard Map/Set also has: allowed only on one provably made right there. */
const COLLECTION_METHODS = new Set(["set", "add", "delete"]);
const COLLECTION_TYPES = new Set(["Map", "Set", "WeakMap", "WeakSet"]);

/** The variable a name refers to from `node`'s scope (undefined for an undeclared global such as require). */
function resolveName(context, node, name) {
  for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
    const found = scope.set.get(name);
    if (found) return found;
  }
  return undefined;
}

/** `new Map()` (Set, WeakMap, WeakSet) of the standard library's class, not a local one of that name. */
function isNewCollection(context, expr) {
  if (expr?.type !== "NewExpression" || expr.callee.type !== "Identifier" || !COLLECTION_TYPES.has(expr.callee.name))
    return false;
  const variable = resolveName(context, expr.callee, expr.callee.name);
  // The library's globals are implicit variables without a declaration in the file.
  return variable !== undefined && variable.defs.length === 0;
}

/** A receiver that is a standard collection made here: `new Map()` itself, a const or a readonly field initialised so. */
function isLocalCollection(context, receiver) {
  if (isNewCollection(context, receiver)) return true;
  if (receiver.type === "Identifier") {
    const defs = resolveName(context, receiver, receiver.name)?.defs ?? [];
    return (
      defs.length === 1 &&
      defs[0].type === "Variable" &&
      defs[0].parent.kind === "const" &&
      isNewCollection(context, defs[0].node.init)
    );
  }
  if (receiver.type === "MemberExpression" && receiver.object.type === "ThisExpression" && !receiver.computed) {
    let owner = receiver.parent;
    while (owner && owner.type !== "ClassBody") owner = owner.parent;
    const field = owner?.body.find(
      (m) => m.type === "PropertyDefinition" && !m.computed && m.key.name === receiver.property.name,
    );
    return field?.readonly === true && isNewCollection(context, field.value);
  }
  return false;
}

/** Inside a type (a literal type, an interface, a type alias): erased, never run. */
function inType(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (
      n.type === "TSInterfaceBody" ||
      n.type === "TSTypeAliasDeclaration" ||
      n.type === "TSTypeAnnotation" ||
      n.type === "TSLiteralType"
    )
      return true;
  }
  return false;
}

const noWriteMember = {
  meta: {
    type: "problem",
    docs: {
      description: "Tool-reachable code names no Firestore write method (member access, string key or destructuring).",
    },
    messages: { write: "`{{name}}` names a write method: tool code is read-only (docs/security.md)." },
    schema: [],
  },
  create(context) {
    const report = (node, name) => context.report({ node, messageId: "write", data: { name } });
    return {
      MemberExpression(node) {
        const name = !node.computed
          ? node.property.name
          : node.property.type === "Literal"
            ? node.property.value
            : undefined;
        if (typeof name !== "string" || !WRITE.has(name)) return;
        if (COLLECTION_METHODS.has(name) && isLocalCollection(context, node.object)) return;
        report(node.property, name);
      },
      "ObjectPattern > Property"(node) {
        const name =
          node.key.type === "Identifier" ? node.key.name : node.key.type === "Literal" ? node.key.value : undefined;
        if (typeof name === "string" && WRITE.has(name)) report(node.key, name);
      },
    };
  },
};

const noWriteName = {
  meta: {
    type: "problem",
    docs: {
      description: "Tool-reachable code holds no string that names a write method (the key of a later computed call).",
    },
    messages: { write: 'The string "{{name}}" names a write method: tool code is read-only (docs/security.md).' },
    schema: [],
  },
  create(context) {
    const check = (node, value) => {
      if (!WRITE.has(value) || inType(node)) return;
      const p = node.parent;
      if (p.type === "ImportDeclaration" || p.type === "ExportNamedDeclaration" || p.type === "ExportAllDeclaration")
        return;
      // A computed `x["delete"]` is no-write-member's finding already.
      if (p.type === "MemberExpression" && p.property === node) return;
      context.report({ node, messageId: "write", data: { name: value } });
    };
    return {
      Literal(node) {
        if (typeof node.value === "string") check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0) check(node, node.quasis[0].value.cooked);
      },
    };
  },
};

const noUnpinnedComputedCall = {
  meta: {
    type: "problem",
    docs: { description: "A computed method call is allowed only when the key's type pins which methods can run." },
    messages: {
      computed: "A computed call whose key's type does not pin the method (it could name a write): name the method.",
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    // `evidence[basis]()` with basis: "current" | "comparison" is as explicit as a named call.
    const pinned = (key) => {
      const type = services.getTypeAtLocation(key);
      return (type.isUnion() ? type.types : [type]).every(
        (t) => (t.isStringLiteral() && !WRITE.has(t.value)) || t.isNumberLiteral(),
      );
    };
    return {
      CallExpression(node) {
        let callee = node.callee;
        if (callee.type === "ChainExpression") callee = callee.expression;
        if (callee.type === "TSNonNullExpression") callee = callee.expression;
        if (callee.type === "MemberExpression" && callee.computed && !pinned(callee.property))
          context.report({ node: callee, messageId: "computed" });
      },
    };
  },
};

export const readonlyPlugin = {
  meta: { name: "nova-readonly" },
  rules: {
    "no-write-member": noWriteMember,
    "no-write-name": noWriteName,
    "no-unpinned-computed-call": noUnpinnedComputedCall,
  },
};

/** Globals through which code is loaded, run or reached outside the import graph. */
const FORBIDDEN_GLOBALS = [
  "eval",
  "Function",
  "require",
  "module",
  "exports",
  "process",
  "global",
  "globalThis",
  "Reflect",
  "Proxy",
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
];

/** The rules for tool-reachable code; the type-aware ones need typescript-eslint's parser with a project. */
export const READONLY_RULES = {
  "readonly/no-write-member": "error",
  "readonly/no-write-name": "error",
  "readonly/no-unpinned-computed-call": "error",
  // Leaving the type system: with it the store's type no longer says what the code can call.
  "@typescript-eslint/no-explicit-any": "error",
  "@typescript-eslint/no-unsafe-member-access": "error",
  "@typescript-eslint/no-unsafe-call": "error",
  "@typescript-eslint/ban-ts-comment": [
    "error",
    { "ts-ignore": true, "ts-expect-error": true, "ts-nocheck": true, "ts-check": false },
  ],
  // Leaving the static import graph, or running code the graph does not show.
  "no-restricted-globals": [
    "error",
    ...FORBIDDEN_GLOBALS.map((name) => ({ name, message: "loads, runs or reaches code outside the import graph." })),
  ],
  "no-restricted-syntax": [
    "error",
    { selector: "ImportExpression", message: "import() loads a module outside the static graph." },
    {
      selector: "MemberExpression[property.name='constructor']",
      message: ".constructor reaches the Function constructor.",
    },
    {
      selector:
        ":matches(TSAsExpression, TSTypeAssertion) > :matches(TSAsExpression, TSTypeAssertion)[typeAnnotation.type='TSUnknownKeyword']",
      message: "A cast through unknown converts between unrelated types.",
    },
  ],
};

/**
 * The local modules reachable from `roots` in a dependency-cruiser module list, roots included, sorted.
 * With `valuesOnly`, type-only imports are not followed (erased, never run).
 */
export function reach(modules, roots, valuesOnly) {
  const bySource = new Map(modules.map((m) => [m.source, m]));
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length > 0) {
    for (const dep of bySource.get(queue.shift())?.dependencies ?? []) {
      const typeOnly = dep.dependencyTypes.some((t) => t === "type-only" || t === "type-import");
      // Our own code, wherever it resolves (a workspace package's link resolves to its real path): not a
      // package from node_modules, a builtin or an unresolved name.
      const ours = !dep.coreModule && !dep.couldNotResolve && !/(^|\/)node_modules\//.test(dep.resolved);
      if (ours && !(valuesOnly && typeOnly) && !seen.has(dep.resolved)) {
        seen.add(dep.resolved);
        queue.push(dep.resolved);
      }
    }
  }
  // The contract package resolves to its compiled lib/: the rules apply to the source it is built from.
  return [...new Set([...seen].map((m) => m.replace(/^contracts\/lib\/(.*)\.js$/, "contracts/src/$1.ts")))].sort();
}

/** Every module of ours a tool loads: the modules of `toolsDir` and what their value imports reach. */
export async function toolValueReach(toolsDir = "functions/src/tools", baseDir = REPO_ROOT) {
  const { output } = await cruise([toolsDir], { ...OPTIONS, baseDir }, RESOLVE_OPTIONS);
  const tools = output.modules.map((m) => m.source).filter((s) => s.startsWith(`${toolsDir}/`));
  if (tools.length === 0) throw new Error(`no tool modules under ${toolsDir}: the read-only rules would cover nothing`);
  return reach(output.modules, tools, true);
}
