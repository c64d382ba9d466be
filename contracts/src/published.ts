import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolName } from "./tools";

// Its own entry point (nova-contract/lib/published), not the index: the tools' bundles inline the
// index, and they never read declarations.

/** A tool's model-facing declaration as published in contracts/strict/<tool>.json. */
export interface StrictDeclaration {
  readonly name: string;
  readonly description: string;
  readonly input_schema: Record<string, unknown>;
  readonly output_schema: Record<string, unknown>;
}

/** The package root (contracts/), from src/ under a TS loader or lib/ compiled. */
const PACKAGE_ROOT = join(__dirname, "..");

/** The published strict declaration of a registered tool, read as the files ship. */
export function publishedDeclaration(tool: ToolName): StrictDeclaration {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, "strict", `${tool}.json`), "utf8")) as StrictDeclaration;
}
