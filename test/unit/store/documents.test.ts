import { Timestamp } from "firebase-admin/firestore";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toIso } from "../../../functions/src/compute/time";
import { JobDoc, PostDoc, TrendSignalDoc } from "../../../functions/src/store/documents";

describe("the data contract's one parse reads stored times as instants", () => {
  const at = Date.UTC(2026, 10, 30, 9, 8, 7, 6);
  const iso = new Date(at).toISOString();

  it("reads a Firestore Timestamp, a Date and an ISO-8601 UTC string (a fixture's) as epoch milliseconds", () => {
    const signal = { title: "t", summary: "s", source: "x", url: "u", topics: [], score: 0.5 };
    expect(TrendSignalDoc.parse({ ...signal, observedAt: Timestamp.fromMillis(at) }).observedAt).toBe(at);
    expect(TrendSignalDoc.parse({ ...signal, observedAt: new Date(at) }).observedAt).toBe(at);
    expect(TrendSignalDoc.parse({ ...signal, observedAt: iso }).observedAt).toBe(at);
  });

  it("rounds a Timestamp's nanoseconds as its own toDate() does, so the view writes the SDK's time", () => {
    const seconds = fc.integer({ min: -62_135_596_800, max: 253_402_300_799 });
    const nanos = fc.integer({ min: 0, max: 999_999_999 });
    const signal = { title: "t", summary: "s", source: "x", url: "u", topics: [], score: 0.5 };
    fc.assert(
      fc.property(seconds, nanos, (s, n) => {
        const ts = new Timestamp(s, n);
        const read = TrendSignalDoc.parse({ ...signal, observedAt: ts }).observedAt;
        expect(toIso(read)).toBe(ts.toDate().toISOString());
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads nested and optional times too (a post's publication and its metrics)", () => {
    const post = PostDoc.parse({
      channel: "x",
      title: "t",
      status: "published",
      publishedAt: Timestamp.fromMillis(at),
      metrics: {
        impressions: 1,
        likes: 0,
        comments: 0,
        shares: 0,
        clicks: 0,
        measuredAt: Timestamp.fromMillis(at + 1),
      },
    });
    expect(post.publishedAt).toBe(at);
    expect(post.metrics?.measuredAt).toBe(at + 1);
  });

  it("refuses a time that is neither an ISO-8601 UTC string, a valid Date nor a Timestamp", () => {
    const job = { kind: "k", state: "queued", attempts: 0, createdAt: 5, updatedAt: iso };
    expect(JobDoc.safeParse(job).success).toBe(false);
    expect(JobDoc.safeParse({ ...job, createdAt: { seconds: 1 } }).success).toBe(false);
    expect(JobDoc.safeParse({ ...job, createdAt: "yesterday" }).success).toBe(false);
    expect(JobDoc.safeParse({ ...job, createdAt: "2026-11-30" }).success).toBe(false);
    expect(JobDoc.safeParse({ ...job, createdAt: new Date(Number.NaN) }).success).toBe(false);
    expect(JobDoc.safeParse({ ...job, createdAt: iso }).success).toBe(true);
  });
});
