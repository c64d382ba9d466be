/**
 * Writes nova/schemas/*.schema.json from the zod schemas, or with --check exits 1 when the
 * committed files differ from freshly generated ones.
 *   npx tsx nova/src/schemas/generate.ts [--check]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { renderJsonSchemas } from "./index";

/** nova/schemas, from nova/src/schemas (tsx) or nova/lib/schemas (compiled). */
export const SCHEMAS_DIR = path.resolve(__dirname, "..", "..", "schemas");

export function staleSchemaFiles(dir = SCHEMAS_DIR): string[] {
  const stale: string[] = [];
  for (const [file, text] of Object.entries(renderJsonSchemas())) {
    const target = path.join(dir, file);
    if (!existsSync(target) || readFileSync(target, "utf8") !== text) stale.push(file);
  }
  return stale;
}

export function writeSchemaFiles(dir = SCHEMAS_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [file, text] of Object.entries(renderJsonSchemas())) {
    writeFileSync(path.join(dir, file), text);
    written.push(path.join(dir, file));
  }
  return written;
}

function main(argv: string[]): number {
  const unknown = argv.filter((a) => a !== "--check");
  if (unknown.length > 0) {
    process.stderr.write(`usage: generate.ts [--check] (unknown argument: ${unknown[0]})\n`);
    return 2;
  }
  if (argv.includes("--check")) {
    const stale = staleSchemaFiles();
    if (stale.length > 0) {
      process.stderr.write(
        `stale JSON Schema files in ${SCHEMAS_DIR}: ${stale.join(", ")}; run npx tsx nova/src/schemas/generate.ts\n`,
      );
      return 1;
    }
    process.stdout.write("JSON Schema files are up to date\n");
    return 0;
  }
  for (const file of writeSchemaFiles()) process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
