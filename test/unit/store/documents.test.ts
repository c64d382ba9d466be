import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { JobDoc, PostDoc, TrendSignalDoc } from "../../../functions/src/store/documents";

describe("the data contract's one parse reads stored times", () => {
  const at = Date.UTC(2026, 10, 30, 9, 8, 7, 6);
  const iso = new Date(at).toISOString();

  it("turns a Firestore Timestamp and a Date into ISO-8601 UTC, and keeps an ISO string as it is", () => {
    const signal = { title: "t", summary: "s", source: "x", url: "u", topics: [], score: 0.5 };
    expect(TrendSignalDoc.parse({ ...signal, observedAt: Timestamp.fromMillis(at) }).observedAt).toBe(iso);
    expect(TrendSignalDoc.parse({ ...signal, observedAt: new Date(at) }).observedAt).toBe(iso);
    expect(TrendSignalDoc.parse({ ...signal, observedAt: iso }).observedAt).toBe(iso);
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
    expect(post.publishedAt).toBe(iso);
    expect(post.metrics?.measuredAt).toBe(new Date(at + 1).toISOString());
  });

  it("refuses a time that is neither a string, a Date nor a Timestamp", () => {
    const job = { kind: "k", state: "queued", attempts: 0, createdAt: 5, updatedAt: iso };
    expect(JobDoc.safeParse(job).success).toBe(false);
    expect(JobDoc.safeParse({ ...job, createdAt: { seconds: 1 } }).success).toBe(false);
  });
});
