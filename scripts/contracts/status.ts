import { REPO_ROOT } from "../emulators/locate";
import { loadCatalog } from "./catalog";
import { contractHash } from "./declarations";
import { bindingsOf, ENVIRONMENTS, readVerification, short, stateOf } from "./states";

/** `npm run contracts`: each tool's contract hash and verification state per environment. */
function main(): void {
  const decls = loadCatalog();
  const bindings = bindingsOf(REPO_ROOT);
  const { records } = readVerification(REPO_ROOT);
  const rows = decls.map((d) => {
    const hash = contractHash(d);
    return {
      tool: d.name,
      hash,
      states: ENVIRONMENTS.map((env) => ({ env, ...stateOf(d.name, hash, env, bindings[env], records) })),
    };
  });
  const header = ["TOOL", "CONTRACT", ...ENVIRONMENTS.map((e) => e.toUpperCase())];
  const cells = rows.map((r) => [r.tool, short(r.hash), ...r.states.map((s) => s.state)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const out = [line(header), ...cells.map(line), ""];
  for (const r of rows) for (const s of r.states) out.push(`${r.tool} @ ${s.env}: ${s.state} (${s.reason})`);
  out.push("", ...ENVIRONMENTS.map((e) => `${e} binding: ${bindings[e] ?? "none"}`));
  process.stdout.write(`${out.join("\n")}\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
}
