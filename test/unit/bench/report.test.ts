import { describe, expect, it } from "vitest";
import {
  fullBlock,
  machineLine,
  replaceBlock,
  summaryBlock,
  summaryTable,
  type RunResults,
} from "../../../bench/report";
import { row } from "../../../bench/stats";

const RESULTS: RunResults = {
  generatedAt: "2026-11-30T05:01:02.000Z",
  durationS: 512,
  machine: {
    node: "v20.20.2",
    cpus: 2,
    cpuModel: "AMD EPYC",
    memoryGiB: 24,
    platform: "linux-x64",
    commit: "abc1234",
    dirty: true,
  },
  rows: [
    row("1 overhead", "tool_a", "p50 product/bare", "1.031 (16.4 ms / 15.8 ms; paired 1.02)", "<= 1.05", "PASS"),
    row("1 overhead", "tool_b", "p50 product/bare", "1.098 (27.5 ms / 25.0 ms; paired 1.07)", "<= 1.05", "MISS"),
    row("1 overhead", "tool_a", "CPU per call p50", "6.8 ms / 6.2 ms", "", "INFO"),
    row("4 reads", "tool_a", "documents read per call", "{}: 2", "<= 2", "PASS"),
    row("4 reads", "tool_b", "documents read per call", "{}: 17", "<= 50", "PASS"),
    row("6 validator", "valid answer", "answers/s (median batch)", "6120 (0.163 ms each)", "> 5000/s", "PASS"),
    row("2 cold start", "x", "memory", "no bound", "", "SKIP"),
  ],
};

describe("bench report blocks", () => {
  it("names the run, the machine and the commit, and says when the tree was not clean", () => {
    expect(machineLine(RESULTS)).toBe(
      "Run of 2026-11-30 (512 s): Node v20.20.2, 2 vCPU AMD EPYC, 24 GiB, linux-x64, commit abc1234 plus uncommitted changes.",
    );
    expect(machineLine({ ...RESULTS, machine: { ...RESULTS.machine, dirty: false } })).toContain("commit abc1234.");
  });

  it("summarises each target once, with the figure of every subject that missed it", () => {
    const lines = summaryTable(RESULTS.rows).split("\n");
    expect(lines).toEqual([
      "| section | metric | target | result |",
      "|---|---|---|---|",
      "| 1 overhead | p50 product/bare | <= 1.05 | met by 1 of 2; missed: tool_b 1.098 |",
      "| 4 reads | documents read per call | each subject's own | met by all 2 |",
      "| 6 validator | answers/s (median batch) | > 5000/s | met by all 1 |",
    ]);
  });

  it("says which subjects are over a ratio target but within the run's noise", () => {
    const rows = [
      row("1 overhead", "tool_a", "p95 product/bare", "1.08 (...)", "<= 1.10", "PASS"),
      row("1 overhead", "tool_b", "p95 product/bare", "1.113 (...; 95% CI 1.021-1.221)", "<= 1.10", "NOISE"),
      row("1 overhead", "tool_c", "p95 product/bare", "1.30 (...; 95% CI 1.20-1.40)", "<= 1.10", "MISS"),
    ];
    expect(summaryTable(rows).split("\n")[2]).toBe(
      "| 1 overhead | p95 product/bare | <= 1.10 | met by 1 of 3; missed: tool_c 1.30; over but within noise (interval straddles the target): tool_b 1.113 |",
    );
  });

  it("the full block is the machine line and every row", () => {
    const block = fullBlock(RESULTS);
    expect(block.split("\n")[0]).toBe(machineLine(RESULTS));
    for (const r of RESULTS.rows) expect(block).toContain(r.value);
    expect(summaryBlock(RESULTS)).toContain("met by 1 of 2");
  });

  it("replaces only what lies between its markers, and refuses a text without them", () => {
    const text = "intro\n<!-- bench:latest -->\nold table\n<!-- /bench:latest -->\nafter\n";
    const once = replaceBlock(text, "latest", "new table");
    expect(once).toBe("intro\n<!-- bench:latest -->\nnew table\n<!-- /bench:latest -->\nafter\n");
    expect(replaceBlock(once, "latest", "new table")).toBe(once);
    expect(() => replaceBlock("no markers", "latest", "x")).toThrow(/markers/);
    expect(() => replaceBlock("<!-- /bench:latest --> <!-- bench:latest -->", "latest", "x")).toThrow(/markers/);
  });
});
