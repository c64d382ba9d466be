import { describe, expect, it } from "vitest";
import { toWaves, type TimedOp } from "../../../bench/replay";
import {
  bootstrapDifferenceInterval,
  bootstrapRatioInterval,
  check,
  checkRatio,
  fmtInterval,
  fmtRatio,
  formatTable,
  interleave,
  median,
  misses,
  pairedMedianRatio,
  percentile,
  ratio,
  row,
  summarize,
} from "../../../bench/stats";

describe("percentile (linear interpolation between closest ranks)", () => {
  it("matches hand-computed values", () => {
    const v = [15, 20, 35, 40, 50];
    expect(percentile(v, 0)).toBe(15);
    expect(percentile(v, 100)).toBe(50);
    expect(percentile(v, 50)).toBe(35);
    // rank 0.4 * 4 = 1.6: 20 + 0.6 * (35 - 20)
    expect(percentile(v, 40)).toBeCloseTo(29, 10);
    // rank 0.95 * 4 = 3.8: 40 + 0.8 * 10
    expect(percentile(v, 95)).toBeCloseTo(48, 10);
  });

  it("does not depend on input order and does not sort the caller's array", () => {
    const v = [50, 15, 40, 20, 35];
    expect(percentile(v, 40)).toBeCloseTo(29, 10);
    expect(v).toEqual([50, 15, 40, 20, 35]);
  });

  it("is the middle value, or the mean of the two middle values, at 50", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("p95 and p99 of 1..100", () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 95)).toBeCloseTo(95.05, 10);
    expect(percentile(v, 99)).toBeCloseTo(99.01, 10);
  });

  it("refuses an empty sample and a percentile outside 0-100", () => {
    expect(() => percentile([], 50)).toThrow();
    expect(() => percentile([1], 101)).toThrow();
    expect(() => percentile([1], -1)).toThrow();
  });
});

describe("summaries and ratios", () => {
  it("summarize leaves failed calls (NaN) out of the figures", () => {
    const s = summarize([10, Number.NaN, 20, 30]);
    expect(s).toEqual({ n: 3, p50: 20, p95: 29, p99: 29.8, max: 30 });
  });

  it("ratio is not a number when there is nothing to divide by", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(Number.isNaN(ratio(3, 0))).toBe(true);
    expect(Number.isNaN(ratio(Number.NaN, 2))).toBe(true);
    expect(fmtRatio(Number.NaN)).toBe("n/a");
  });

  it("paired ratio is the median of per-pair ratios, not the ratio of medians", () => {
    // Drift: pair 3 is slow on both sides; per-pair ratios are 1.1, 1.2, 1.1.
    expect(pairedMedianRatio([11, 12, 110], [10, 10, 100])).toBeCloseTo(1.1, 10);
    expect(() => pairedMedianRatio([1], [1, 2])).toThrow();
  });

  it("interleave alternates which side goes first", () => {
    expect(interleave(4, "a", "b")).toEqual([
      ["a", "b"],
      ["b", "a"],
      ["a", "b"],
      ["b", "a"],
    ]);
  });
});

describe("the results table", () => {
  const rows = [
    row("1 overhead", "fetch_trend_signals", "p50 product/bare", "1.020", "<= 1.05", check(1.02 <= 1.05)),
    row("6 validator", "validate()", "answers/s", "4000", "> 5000/s", check(4000 > 5000)),
  ];

  it("has a header, a rule and one padded line per row, every line the same width", () => {
    const lines = formatTable(rows).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| section\s+\| subject\s+\| metric\s+\| value\s+\| target\s+\| verdict \|$/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|-+\|-+\|-+\|-+\|$/);
    expect(lines[2]).toContain("| PASS    |");
    expect(lines[3]).toContain("| MISS    |");
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it("escapes a pipe inside a cell so the Markdown columns hold", () => {
    const table = formatTable([row("5 load", "a|b", "m", "v")]);
    expect(table.split("\n")[2]).toContain("a\\|b");
    expect(table.split("\n")[2]!.split(/(?<!\\)\|/)).toHaveLength(8);
  });

  it("counts the missed targets", () => {
    expect(misses(rows).map((r) => r.subject)).toEqual(["validate()"]);
    expect(check(false)).toBe("MISS");
  });

  it("calls a ratio over its target noise when its interval straddles the target, a miss when the whole interval is over", () => {
    expect(checkRatio(1.04, [1.01, 1.07], 1.05)).toBe("PASS");
    expect(checkRatio(1.05, [1.05, 1.05], 1.05)).toBe("PASS");
    expect(checkRatio(1.113, [1.021, 1.221], 1.1)).toBe("NOISE");
    expect(checkRatio(1.2, [1.15, 1.25], 1.1)).toBe("MISS");
    expect(checkRatio(Number.NaN, [Number.NaN, Number.NaN], 1.1)).toBe("MISS");
  });
});

describe("toWaves (the bare twin's read order)", () => {
  const get = (path: string, start: number, end: number): TimedOp => ({ op: { kind: "get", path }, start, end });

  it("keeps sequential reads in separate waves and parallel reads together", () => {
    // member get, then two reads issued together, then one that waited for them
    const waves = toWaves([get("m/1", 0, 5), get("a/1", 6, 12), get("b/1", 6.1, 9), get("c/1", 13, 15)]);
    expect(waves.map((w) => w.map((o) => (o.kind === "get" ? o.path : "")))).toEqual([
      ["m/1"],
      ["a/1", "b/1"],
      ["c/1"],
    ]);
  });

  it("orders by start time whatever order the reads finished in", () => {
    const waves = toWaves([get("late/1", 10, 11), get("early/1", 0, 3)]);
    expect(waves).toEqual([[{ kind: "get", path: "early/1" }], [{ kind: "get", path: "late/1" }]]);
  });
});

describe("bootstrapRatioInterval (how far a ratio of percentiles could move on a rerun)", () => {
  // A fixed, spread-out sample: 200 latencies between 10 and 30 ms.
  const base = Array.from({ length: 200 }, (_, i) => 10 + ((i * 37) % 200) / 10);

  it("is exactly the ratio when one side is the other scaled", () => {
    const [lo, hi] = bootstrapRatioInterval(
      base.map((x) => x * 1.25),
      base,
      50,
    );
    expect(lo).toBeCloseTo(1.25, 10);
    expect(hi).toBeCloseTo(1.25, 10);
  });

  it("brackets the observed ratio, and is the same for the same samples and seed", () => {
    const a = base.map((x, i) => x * (1 + ((i * 13) % 11) / 100));
    const observed = percentile(a, 50) / percentile(base, 50);
    const ci = bootstrapRatioInterval(a, base, 50);
    expect(ci[0]).toBeLessThan(observed);
    expect(ci[1]).toBeGreaterThan(observed);
    expect(bootstrapRatioInterval(a, base, 50)).toEqual(ci);
    expect(bootstrapRatioInterval(a, base, 50, { seed: 2 })).not.toEqual(ci);
  });

  it("narrows as the sample grows", () => {
    const noisy = (n: number) => Array.from({ length: n }, (_, i) => 10 + ((i * 7919) % 1000) / 50);
    const other = (n: number) => Array.from({ length: n }, (_, i) => 10 + ((i * 104729 + 3) % 1000) / 50);
    const width = (n: number) => {
      const [lo, hi] = bootstrapRatioInterval(noisy(n), other(n), 50);
      return hi - lo;
    };
    expect(width(2000)).toBeLessThan(width(100) / 2);
  });

  it("leaves out pairs with a failed call, and refuses samples of different lengths", () => {
    const a = [...base, Number.NaN];
    const b = [...base, 5];
    expect(bootstrapRatioInterval(a, b, 50)).toEqual([1, 1]);
    expect(() => bootstrapRatioInterval([1, 2], [1], 50)).toThrow();
    expect(fmtInterval([1.0312, 1.0789])).toBe("95% CI 1.031-1.079");
    expect(fmtInterval([Number.NaN, 1])).toBe("95% CI n/a");
  });
});

describe("bootstrapDifferenceInterval (how far a cost over the twin could move on a rerun)", () => {
  const base = Array.from({ length: 200 }, (_, i) => 4 + ((i * 37) % 200) / 100);

  it("is exactly the difference when one side is the other shifted, and brackets a noisy one", () => {
    const [lo, hi] = bootstrapDifferenceInterval(
      base.map((x) => x + 0.8),
      base,
    );
    expect(lo).toBeCloseTo(0.8, 10);
    expect(hi).toBeCloseTo(0.8, 10);
    const a = base.map((x, i) => x + ((i * 13) % 11) / 10);
    const observed = median(a) - median(base);
    const ci = bootstrapDifferenceInterval(a, base);
    expect(ci[0]).toBeLessThan(observed);
    expect(ci[1]).toBeGreaterThan(observed);
    expect(bootstrapDifferenceInterval(a, base)).toEqual(ci);
  });

  it("decides a cost target as a ratio's: over it but reaching it is NOISE, wholly over is a MISS", () => {
    expect(checkRatio(0.9, [0.7, 1.1], 1.0)).toBe("PASS");
    expect(checkRatio(1.2, [0.9, 1.4], 1.0)).toBe("NOISE");
    expect(checkRatio(1.4, [1.1, 1.7], 1.0)).toBe("MISS");
    expect(checkRatio(Number.NaN, [Number.NaN, Number.NaN], 1.0)).toBe("MISS");
  });
});
