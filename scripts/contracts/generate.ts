import { relative } from "node:path";
import { REPO_ROOT } from "../emulators/locate";
import { loadCatalog } from "./catalog";
import { expectedFiles, isFresh, staleness, writeFiles } from "./files";

/**
 * `npm run contracts:generate` writes contracts/ and docs/contracts.md from the declarations;
 * `npm run contracts:check` (this file with --check) exits 1 when the committed files differ.
 */
function main(): void {
  const check = process.argv.includes("--check");
  const expected = expectedFiles(loadCatalog());
  if (check) {
    const s = staleness(REPO_ROOT, expected);
    if (isFresh(s)) {
      process.stdout.write(`contracts are up to date (${expected.size} files)\n`);
      return;
    }
    const lines = [
      ...s.missing.map((f) => `  missing  ${f}`),
      ...s.changed.map((f) => `  changed  ${f}`),
      ...s.extra.map((f) => `  extra    ${f}`),
    ];
    process.stderr.write(
      `contracts are stale: the declarations no longer produce the committed files.\n${lines.join("\n")}\nRun \`npm run contracts:generate\` and commit the result.\n`,
    );
    process.exit(1);
  }
  const before = writeFiles(REPO_ROOT, expected);
  const touched = [...before.missing, ...before.changed, ...before.extra];
  process.stdout.write(
    `${touched.length ? `updated ${touched.length} file(s):\n${touched.map((f) => `  ${f}`).join("\n")}` : "nothing changed"} (${expected.size} files under ${relative(process.cwd(), REPO_ROOT) || "."})\n`,
  );
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
}
