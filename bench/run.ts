import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSuite, type RunningSuite } from "../scripts/emulators/suite";
import {
  BENCH_USER,
  emulatorEnv,
  LOAD_USERS,
  loadCatalog,
  machine,
  REPO,
  signIn,
  type BenchContext,
  type SectionResult,
} from "./context";
import { runColdStart } from "./coldstart";
import { runLoad } from "./load";
import { runOverhead } from "./overhead";
import { runReads } from "./reads";
import { runRuntime } from "./runtime";
import { runTransport } from "./transport";
import { runValidator } from "./validator";
import { writeDocs } from "./report";
import { formatTable, misses, row, type Row } from "./stats";

/**
 * `npm run bench`: every section in one go, one table, bench/results.json. Starts the emulator
 * suite itself (run it under the shared lock: `flock /tmp/nova-emu.lock npm run bench`) and stops
 * it on every exit path. `--quick` runs small samples (a smoke run, not figures to quote);
 * `--only 1,4` runs some sections.
 */
async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const onlyArg = args[args.indexOf("--only") + 1];
  const only = args.includes("--only") && onlyArg ? new Set(onlyArg.split(",")) : null;
  const want = (n: number) => !only || only.has(String(n));
  const began = Date.now();
  const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

  // The project's own build (tsc, then the tools' bundles): the Functions emulator and the
  // cold-start children serve the bundles.
  log(
    "npm run build: functions and nova, and the tools' bundles (the Functions emulator and the cold-start children load functions/lib)",
  );
  execFileSync("npm", ["run", "--silent", "build"], { cwd: REPO, stdio: "inherit" });

  // Before any section: the commit and working tree that are measured.
  const host = machine();
  const sections: Record<string, SectionResult> = {};
  const rows: Row[] = [];
  const record = (name: string, result: SectionResult) => {
    sections[name] = result;
    rows.push(...result.rows);
  };
  const guarded = async (name: string, label: string, run: () => Promise<SectionResult>) => {
    log(`section ${label}`);
    const t = Date.now();
    try {
      record(name, await run());
    } catch (err) {
      // One broken section must not hide the others' figures; its failure is a row of its own.
      log(`section ${label} failed: ${err instanceof Error ? err.stack : String(err)}`);
      record(name, {
        rows: [
          row(label, "-", "section failed", err instanceof Error ? err.message.slice(0, 160) : "failed", "", "MISS"),
        ],
        details: null,
      });
    }
    log(`section ${label} took ${((Date.now() - t) / 1000).toFixed(0)} s`);
  };

  // Pure CPU, no emulators: first, while the machine is quietest.
  if (want(6)) await guarded("validator", "6 validator", () => runValidator({ quick }));

  // BENCH_TOOLS=a,b: only those tools (a partial run, like --only).
  const pick = process.env.BENCH_TOOLS?.split(",");
  const tools = loadCatalog().filter((t) => !pick || pick.includes(t.name));
  log(`catalog: ${tools.map((t) => t.name).join(", ")}`);
  let suite: RunningSuite | undefined;
  const needsSuite = [1, 2, 3, 4, 5, 7].some(want);
  try {
    if (needsSuite) {
      suite = await startSuite({ logDir: join(REPO, ".emulators", "bench") });
      const env = emulatorEnv(suite.ports);
      // In-process sections (4, 5) use the emulators from this process as well.
      for (const k of ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "GCLOUD_PROJECT", "FIREBASE_CONFIG"])
        process.env[k] = env[k];
      const ctx: BenchContext = {
        ports: suite.ports,
        env,
        tools,
        user: await signIn(suite.ports.auth, BENCH_USER),
        loadUsers: await Promise.all(LOAD_USERS.map((e) => signIn(suite!.ports.auth, e))),
        quick,
      };
      // Section 4 runs first whenever a later section needs it: it records the reads the twins replay.
      const reads = want(4) || want(1) || want(2) ? await runReads(ctx) : null;
      if (reads && want(4)) record("reads", reads);
      const productReads = new Map<string, number>();
      for (const d of (reads?.details ?? []) as { tool: string; reads: number }[])
        if (!productReads.has(d.tool)) productReads.set(d.tool, d.reads);
      if (want(1)) await guarded("overhead", "1 overhead", () => runOverhead(ctx, reads!.twins, productReads));
      if (want(2)) await guarded("coldStart", "2 cold start", () => runColdStart(ctx, reads!.twins));
      if (want(3)) await guarded("transport", "3 transport", () => runTransport(ctx));
      if (want(5)) await guarded("load", "5 load", () => runLoad(ctx));
      if (want(7)) await guarded("runtime", "7 nova runtime", () => runRuntime(ctx));
    }
  } finally {
    await suite?.stop();
  }

  const order = ["1", "2", "3", "4", "5", "6", "7"];
  rows.sort((a, b) => order.indexOf(a.section[0]!) - order.indexOf(b.section[0]!));
  const table = formatTable(rows);
  const durationS = Math.round((Date.now() - began) / 1000);
  const results = {
    generatedAt: new Date().toISOString(),
    durationS,
    quick,
    machine: host,
    tools: tools.map((t) => t.name),
    rows,
    sections,
  };
  const complete = !only && !quick && !pick;
  if (complete) {
    writeFileSync(join(REPO, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
    // The docs show this run: the whole table in bench/README.md, one line per target in README.md.
    writeDocs(REPO, results);
  }
  process.stdout.write(`\n${table}\n\n`);
  const missed = misses(rows);
  process.stdout.write(
    `${rows.length} rows, ${missed.length} missed targets, ${durationS} s${complete ? " -> bench/results.json, bench/README.md, README.md" : " (partial or quick run: results.json not written)"}\n`,
  );
}

// Exit explicitly: the Firestore clients and keep-alive sockets of the in-process sections would
// otherwise keep this process (and the emulator lock held by its caller) alive.
main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`[bench] ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
