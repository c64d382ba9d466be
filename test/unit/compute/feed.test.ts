import { describe, expect, it } from "vitest";
import {
  goalProgress,
  jobHealth,
  jobWindow,
  MAX_RECENT_FAILURES,
  type JobRecord,
} from "../../../functions/src/compute/feed";

const NOW = new Date("2026-11-30T12:00:00.000Z");
const job = (jobId: string, state: JobRecord["state"], updatedAt: string): JobRecord => ({
  jobId,
  state,
  updatedAt: Date.parse(updatedAt),
});

describe("jobWindow", () => {
  it("is the 7 days up to now (not whole days: the feed is about now)", () => {
    const w = jobWindow(NOW);
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual([
      "2026-11-23T12:00:00.000Z",
      "2026-11-30T12:00:00.000Z",
    ]);
  });
});

describe("jobHealth", () => {
  const w = jobWindow(NOW);

  it("counts every state, zeros included, and only jobs updated inside the window", () => {
    const h = jobHealth(
      [
        job("a", "running", "2026-11-30T11:00:00.000Z"),
        job("b", "running", "2026-11-29T11:00:00.000Z"),
        job("c", "succeeded", "2026-11-23T12:00:00.000Z"), // on the lower edge: inside
        job("d", "failed", "2026-11-23T11:59:59.999Z"), // just before: outside
        job("e", "failed", "2026-11-30T12:00:00.001Z"), // after now: outside
      ],
      w,
    );
    expect(h.counts).toEqual({ queued: 0, running: 2, succeeded: 1, failed: 0, cancelled: 0 });
    expect(h.total).toBe(3);
    expect(h.recentFailures).toEqual([]);
  });

  it("lists failures most recently updated first, ties by id, at most 5", () => {
    const failures = [
      job("f1", "failed", "2026-11-25T00:00:00.000Z"),
      job("f3", "failed", "2026-11-29T00:00:00.000Z"),
      job("f2", "failed", "2026-11-29T00:00:00.000Z"),
      job("f4", "failed", "2026-11-26T00:00:00.000Z"),
      job("f5", "failed", "2026-11-27T00:00:00.000Z"),
      job("f6", "failed", "2026-11-28T00:00:00.000Z"),
      job("q", "queued", "2026-11-30T00:00:00.000Z"),
    ];
    const h = jobHealth(failures, w);
    expect(h.counts.failed).toBe(6);
    expect(h.recentFailures.map((j) => j.jobId)).toEqual(["f2", "f3", "f6", "f5", "f4"]);
    expect(h.recentFailures).toHaveLength(MAX_RECENT_FAILURES);
  });

  it("no jobs: all counts zero", () => {
    expect(jobHealth([], w)).toEqual({
      counts: { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
      total: 0,
      recentFailures: [],
    });
  });
});

describe("goalProgress", () => {
  it.each([
    [3, 5, 0.6],
    [118400, 150000, 0.7893],
    [12, 10, 1.2],
    [0, 10, 0],
    [0.043, 0.05, 0.86],
  ])("%d of %d is %d", (current, target, expected) => {
    expect(goalProgress(current, target)).toBe(expected);
  });

  it("is null for a zero target", () => {
    expect(goalProgress(3, 0)).toBeNull();
  });
});
