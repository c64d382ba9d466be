import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engagementRate, median, pooledRate, roundRate } from "../../../functions/src/compute/engagement";

const m = (impressions: number, likes: number, comments = 0, shares = 0, clicks = 0) => ({
  impressions,
  likes,
  comments,
  shares,
  clicks,
  measuredAt: Date.parse("2026-11-01T00:00:00.000Z"),
});

describe("engagement arithmetic", () => {
  it("rate = (likes + comments + shares + clicks) / impressions", () => {
    expect(engagementRate(m(200, 5, 2, 1, 2))).toBe(0.05);
  });

  it("zero impressions has no rate (null), not 0", () => {
    expect(engagementRate(m(0, 0))).toBeNull();
    expect(engagementRate(m(0, 3))).toBeNull();
  });

  it("pooled rate weighs by impressions and skips zero-impression posts", () => {
    expect(pooledRate([m(100, 10), m(900, 9), m(0, 50)])).toBeCloseTo(19 / 1000, 12);
    expect(pooledRate([m(0, 1)])).toBeNull();
    expect(pooledRate([])).toBeNull();
  });

  it("median of odd and even counts, and of nothing", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it("median lies between min and max and does not depend on order", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }), (xs) => {
        const med = median(xs)!;
        expect(med).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(med).toBeLessThanOrEqual(Math.max(...xs));
        expect(median([...xs].reverse())).toBe(med);
      }),
    );
  });

  it("roundRate keeps 4 decimals", () => {
    expect(roundRate(0.046149)).toBe(0.0461);
    expect(roundRate(1 / 3)).toBe(0.3333);
  });
});
