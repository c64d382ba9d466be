import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { contractHash, geminiDeclaration, JSON_SCHEMA_DIALECT, strictDeclaration } from "./declarations";
import { contractsMarkdown } from "./docs";

/** Generated files, relative to the repo root. contracts/verification.json is recorded, not generated. */
export const CONTRACTS_DIR = "contracts";
export const DOCS_FILE = "docs/contracts.md";
/** Folders whose every file is generated: a file there that the generator no longer makes is stale. */
const OWNED_DIRS = ["contracts/strict", "contracts/gemini"];

export interface Manifest {
  readonly hashAlgorithm: string;
  readonly dialects: { readonly strict: string; readonly gemini: string };
  readonly tools: Record<string, { readonly contractHash: string; readonly strict: string; readonly gemini: string }>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function manifestOf(decls: readonly ToolDeclaration[]): Manifest {
  return {
    hashAlgorithm:
      "sha256 over canonical JSON (object keys sorted at every level, no whitespace, arrays in order) of {input, output (JSON Schemas as in contracts/strict), errors (sorted), argumentErrors, scope, budgetMs, retry, effect, memory}",
    dialects: {
      strict: `JSON Schema ${JSON_SCHEMA_DIALECT}, additionalProperties false on every object`,
      gemini: "Gemini function declaration (OpenAPI 3 Schema subset: type, description, properties, required, enum, items, format, nullable, minimum, maximum, minLength, maxLength, pattern)",
    },
    tools: Object.fromEntries(
      decls.map((d) => [d.name, { contractHash: contractHash(d), strict: `strict/${d.name}.json`, gemini: `gemini/${d.name}.json` }]),
    ),
  };
}

/** Every generated file and its exact content, from the declarations alone (no clock, no machine). */
export function expectedFiles(decls: readonly ToolDeclaration[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const d of decls) {
    files.set(`${CONTRACTS_DIR}/strict/${d.name}.json`, json(strictDeclaration(d)));
    files.set(`${CONTRACTS_DIR}/gemini/${d.name}.json`, json(geminiDeclaration(d)));
  }
  files.set(`${CONTRACTS_DIR}/manifest.json`, json(manifestOf(decls)));
  files.set(DOCS_FILE, contractsMarkdown(decls));
  return files;
}

export interface Staleness {
  readonly missing: string[];
  readonly changed: string[];
  /** Files in a generated folder that no tool produces any more (a tool was renamed or removed). */
  readonly extra: string[];
}

export function staleness(root: string, expected: Map<string, string>): Staleness {
  const missing: string[] = [];
  const changed: string[] = [];
  for (const [rel, content] of expected) {
    const path = join(root, rel);
    if (!existsSync(path)) missing.push(rel);
    else if (readFileSync(path, "utf8") !== content) changed.push(rel);
  }
  const extra = OWNED_DIRS.flatMap((dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((f) => `${dir}/${f}`) : [])).filter((rel) => !expected.has(rel));
  return { missing, changed, extra };
}

export function isFresh(s: Staleness): boolean {
  return s.missing.length + s.changed.length + s.extra.length === 0;
}

export function writeFiles(root: string, expected: Map<string, string>): Staleness {
  const before = staleness(root, expected);
  for (const rel of before.extra) rmSync(join(root, rel));
  for (const [rel, content] of expected) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return before;
}
