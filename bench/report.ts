import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatTable, type Row } from "./stats";

/**
 * The latest run, written into the READMEs by `npm run bench` (a complete run only), so the table
 * and the machine the docs show are always the ones in bench/results.json. All but writeDocs are
 * pure: text in, text out.
 */

export interface Machine {
  readonly node: string;
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly platform: string;
  readonly commit: string | null;
  /** Uncommitted changes when the run started: the figures are of the commit plus those. */
  readonly dirty?: boolean;
}

export interface RunResults {
  readonly generatedAt: string;
  readonly durationS: number;
  readonly machine: Machine;
  readonly rows: readonly Row[];
}

export function machineLine(r: RunResults): string {
  const m = r.machine;
  const commit = m.commit ? `commit ${m.commit}${m.dirty ? " plus uncommitted changes" : ""}` : "commit unknown";
  return `Run of ${r.generatedAt.slice(0, 10)} (${r.durationS} s): Node ${m.node}, ${m.cpus} vCPU ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.platform}, ${commit}.`;
}

/** The leading figure of a value ("1.049 (16.9 ms / ...)" -> "1.049"), for the summary's ranges. */
function figure(value: string): string {
  return /^[^\s;(]+/.exec(value)?.[0] ?? value;
}

/**
 * One line per section and metric that has a target: how many subjects met it, and the figure of
 * each subject that missed. INFO and SKIP rows stay in the full table.
 */
export function summaryTable(rows: readonly Row[]): string {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.verdict !== "PASS" && r.verdict !== "MISS" && r.verdict !== "NOISE") continue;
    const key = `${r.section}\u0000${r.metric}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const lines = [...groups.values()].map((g) => {
    const missed = g.filter((r) => r.verdict === "MISS");
    const noise = g.filter((r) => r.verdict === "NOISE");
    const met = g.length - missed.length - noise.length;
    const list = (rs: Row[]) => rs.map((r) => `${r.subject} ${figure(r.value)}`).join(", ");
    const result =
      met === g.length
        ? `met by all ${g.length}`
        : [
            `met by ${met} of ${g.length}`,
            missed.length ? `missed: ${list(missed)}` : "",
            noise.length ? `over but within noise (interval straddles the target): ${list(noise)}` : "",
          ]
            .filter(Boolean)
            .join("; ");
    // Read bounds differ by tool: then the target column says so instead of showing the first one.
    const target = g.every((r) => r.target === g[0]!.target) ? g[0]!.target : "each subject's own";
    return `| ${g[0]!.section} | ${g[0]!.metric} | ${target} | ${result.replace(/\|/g, "\\|")} |`;
  });
  return ["| section | metric | target | result |", "|---|---|---|---|", ...lines].join("\n");
}

/** Replaces what lies between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`; the markers must exist. */
export function replaceBlock(text: string, name: string, content: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`markers ${open} ... ${close} not found`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

/** bench/README.md: the machine and the whole table. */
export function fullBlock(r: RunResults): string {
  return `${machineLine(r)}\n\n${formatTable(r.rows)}`;
}

/** README.md: the machine and one line per measured target. */
export function summaryBlock(r: RunResults): string {
  return `${machineLine(r)}\n\n${summaryTable(r.rows)}`;
}

/** `npx tsx bench/report.ts`: rewrites both README blocks from bench/results.json (no new run). */
export function writeDocs(repo: string, results: RunResults): void {
  for (const [file, block] of [
    ["bench/README.md", fullBlock(results)],
    ["README.md", summaryBlock(results)],
  ] as const) {
    const path = join(repo, file);
    writeFileSync(path, replaceBlock(readFileSync(path, "utf8"), "latest", block));
  }
}

if (require.main === module) {
  const repo = join(__dirname, "..");
  writeDocs(repo, JSON.parse(readFileSync(join(repo, "bench", "results.json"), "utf8")) as RunResults);
}
