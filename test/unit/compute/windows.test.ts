import { describe, expect, it } from "vitest";
import type { PostRecord } from "../../../functions/src/compute/engagement";
import {
  lookbackWindow,
  MIN_MEASURED_POSTS,
  MIN_SAMPLES_PER_WINDOW,
  suggestWindows,
  TOP_WINDOWS,
} from "../../../functions/src/compute/windows";

const NOW = new Date("2026-11-30T10:00:00Z");
const LOOKBACK = lookbackWindow(NOW);

/** 2026-11-02 is a Monday; `week` counts back from it so every post is inside the lookback. */
function at(
  weekday: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday",
  hour: number,
  week: number,
  minute = 10,
): string {
  const offset = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].indexOf(weekday);
  return new Date(Date.UTC(2026, 10, 2 + offset - 7 * week, hour, minute)).toISOString();
}

let n = 0;
function post(publishedAt: string, impressions: number, engaged: number, over: Partial<PostRecord> = {}): PostRecord {
  return {
    postId: `p${++n}`,
    channel: "x",
    status: "published",
    publishedAt: Date.parse(publishedAt),
    metrics: { impressions, likes: engaged, comments: 0, shares: 0, clicks: 0, measuredAt: Date.parse(publishedAt) },
    ...over,
  };
}

const bucketA = [10, 20, 3].map((e, w) => post(at("tuesday", 14, w), 100, e)); // median 0.10, n 3
const bucketB = [5, 7, 9, 11].map((e, w) => post(at("thursday", 15, w, 59), 100, e)); // median 0.08, n 4
const bucketC = [50, 50].map((e, w) => post(at("monday", 9, w), 100, e)); // n 2: below the minimum
const bucketD = [10, 10, 10].map((e, w) => post(at("friday", 10, w), 100, e)); // median 0.10, n 3
const bucketE = [10, 10, 10, 10].map((e, w) => post(at("wednesday", 12, w), 100, e)); // median 0.10, n 4
const zeroes = Array.from({ length: 14 }, (_, k) => post(at("sunday", 3, k % 8), 0, 0));
const thirty = [...bucketA, ...bucketB, ...bucketC, ...bucketD, ...bucketE, ...zeroes];

describe("lookbackWindow", () => {
  it("is the 84 whole UTC days before today", () => {
    expect(LOOKBACK.from.toISOString()).toBe("2026-09-07T00:00:00.000Z");
    expect(LOOKBACK.to.toISOString()).toBe("2026-11-30T00:00:00.000Z");
  });
});

describe("suggestWindows", () => {
  it(`needs ${MIN_MEASURED_POSTS} measured posts, and says how many there are`, () => {
    expect(thirty).toHaveLength(MIN_MEASURED_POSTS);
    expect(suggestWindows(thirty.slice(1), LOOKBACK)).toEqual({
      kind: "insufficient",
      measuredPosts: 29,
      minimumMeasuredPosts: 30,
    });
    expect(suggestWindows([], LOOKBACK)).toEqual({ kind: "insufficient", measuredPosts: 0, minimumMeasuredPosts: 30 });
  });

  it("counts only measured posts inside the lookback toward the minimum", () => {
    const noise = [
      { ...post(at("tuesday", 14, 0), 100, 10), metrics: null },
      post(at("tuesday", 14, 0), 100, 10, { status: "scheduled" }),
      post("2026-09-06T23:59:59.999Z", 100, 10),
      post("2026-11-30T01:00:00.000Z", 100, 10),
    ];
    expect(suggestWindows([...thirty.slice(1), ...noise], LOOKBACK)).toMatchObject({
      kind: "insufficient",
      measuredPosts: 29,
    });
  });

  it("ranks UTC weekday-hour buckets by median rate, then sample size, then Monday-first weekday", () => {
    const r = suggestWindows(thirty, LOOKBACK);
    if (r.kind !== "ok") throw new Error("expected ok");
    expect(r.measuredPosts).toBe(30);
    expect(r.ratedPosts).toBe(16); // zero-impression posts count as measured but have no rate
    expect(r.windows.map((w) => [w.weekday, w.startHourUtc, w.endHourUtc, w.sampleSize])).toEqual([
      ["wednesday", 12, 13, 4],
      ["tuesday", 14, 15, 3],
      ["friday", 10, 11, 3],
      ["thursday", 15, 16, 4],
    ]);
    expect(r.windows[0]!.medianEngagementRate).toBeCloseTo(0.1, 12);
    expect(r.windows[1]!.medianEngagementRate).toBeCloseTo(0.1, 12); // median of 0.20, 0.10, 0.03
    expect(r.windows[3]!.medianEngagementRate).toBeCloseTo(0.08, 12); // even count: mean of the middle two
  });

  it(`leaves out buckets under ${MIN_SAMPLES_PER_WINDOW} samples however high their median (monday 9 UTC at 50%)`, () => {
    const r = suggestWindows(thirty, LOOKBACK);
    expect(r.kind === "ok" && r.windows.some((w) => w.weekday === "monday")).toBe(false);
  });

  it("answers no windows when no bucket has enough samples", () => {
    const spread = Array.from({ length: 40 }, (_, k) => post(at("monday", k % 24, Math.floor(k / 24)), 100, 5));
    expect(suggestWindows(spread, LOOKBACK)).toMatchObject({ kind: "ok", measuredPosts: 40, windows: [] });
  });

  it(`returns at most ${TOP_WINDOWS}`, () => {
    const many = Array.from({ length: 8 }, (_, h) =>
      [0, 1, 2].map((w) => post(at("saturday", h, w), 100, 10 + h)),
    ).flat();
    const r = suggestWindows([...thirty, ...many], LOOKBACK);
    expect(r.kind === "ok" && r.windows.length).toBe(TOP_WINDOWS);
    expect(r.kind === "ok" && r.windows.map((w) => w.startHourUtc)).toEqual([7, 6, 5, 4, 3]);
  });

  it("buckets by UTC, not by any local time: 23:59 UTC Tuesday stays Tuesday 23", () => {
    const late = [0, 1, 2].map((w) => post(at("tuesday", 23, w, 59), 100, 90));
    const r = suggestWindows([...thirty, ...late], LOOKBACK);
    expect(r.kind === "ok" && r.windows[0]).toMatchObject({
      weekday: "tuesday",
      startHourUtc: 23,
      endHourUtc: 24,
      sampleSize: 3,
    });
  });
});
