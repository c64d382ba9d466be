import { describe, expect, it } from "vitest";
import type { PostRecord } from "../../../functions/src/compute/engagement";
import { computeInsights, insightsWindows, MAX_LISTED_POSTS } from "../../../functions/src/compute/insights";

const NOW = new Date("2026-11-30T10:00:00Z");

/** A measured post with `engaged` engagements spread over the four counters. */
function post(
  postId: string,
  channel: string,
  publishedAt: string,
  impressions: number,
  engaged: number,
  over: Partial<PostRecord> = {},
): PostRecord {
  const likes = Math.floor(engaged / 2);
  const comments = Math.floor(engaged / 4);
  const shares = Math.floor(engaged / 8);
  return {
    postId,
    channel,
    status: "published",
    publishedAt: Date.parse(publishedAt),
    metrics: {
      impressions,
      likes,
      comments,
      shares,
      clicks: engaged - likes - comments - shares,
      measuredAt: Date.parse(publishedAt),
    },
    ...over,
  };
}

// Current window [2026-11-02, 2026-11-30): instagram 160/4000 = 4%, tiktok 200/4000 = 5%, x one rated post.
const current = [
  post("p1", "instagram", "2026-11-20T10:00:00.000Z", 1000, 50),
  post("p2", "instagram", "2026-11-21T10:00:00.000Z", 1000, 30),
  post("p3", "instagram", "2026-11-22T10:00:00.000Z", 2000, 80),
  post("p4", "tiktok", "2026-11-23T10:00:00.000Z", 1000, 100),
  post("p5", "tiktok", "2026-11-24T10:00:00.000Z", 1000, 60),
  post("p6", "tiktok", "2026-11-25T10:00:00.000Z", 2000, 40),
  post("p7", "x", "2026-11-26T10:00:00.000Z", 0, 0),
  post("p8", "x", "2026-11-27T10:00:00.000Z", 500, 10),
];
const noise: PostRecord[] = [
  post("draft", "tiktok", "2026-11-28T10:00:00.000Z", 100, 90, { status: "draft" }),
  {
    postId: "unmeasured",
    channel: "tiktok",
    status: "published",
    publishedAt: Date.parse("2026-11-28T11:00:00.000Z"),
    metrics: null,
  },
  post("today", "tiktok", "2026-11-30T05:00:00.000Z", 100, 90),
  { postId: "never", channel: "x", status: "scheduled", publishedAt: null, metrics: null },
];
// Previous window [2026-10-05, 2026-11-02): 120/3000 = 4%.
const previous = [
  post("q1", "instagram", "2026-10-10T10:00:00.000Z", 1000, 40),
  post("q2", "tiktok", "2026-10-20T10:00:00.000Z", 1000, 40),
  post("q3", "x", "2026-11-01T23:59:59.999Z", 1000, 40),
  post("old", "x", "2026-10-04T23:59:59.999Z", 1000, 900),
];

const kinds = (i: ReturnType<typeof computeInsights>) => i.takeaways.map((t) => t.kind);
const takeaway = (i: ReturnType<typeof computeInsights>, kind: string) => i.takeaways.find((t) => t.kind === kind);

describe("insightsWindows", () => {
  it("is the 28 whole UTC days before today, and the 28 before that", () => {
    const w = insightsWindows(NOW);
    expect(w.current.from.toISOString()).toBe("2026-11-02T00:00:00.000Z");
    expect(w.current.to.toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(w.previous.from.toISOString()).toBe("2026-10-05T00:00:00.000Z");
    expect(w.previous.to.toISOString()).toBe("2026-11-02T00:00:00.000Z");
  });
});

describe("computeInsights on a hand-made workspace", () => {
  const i = computeInsights([...current, ...noise, ...previous], NOW);

  it("counts measured posts per period, and zero-impression posts as measured without a rate", () => {
    expect(i.current).toMatchObject({ measured: 8, rated: 7, zeroImpressions: 1 });
    expect(i.current.rate).toBeCloseTo(370 / 8500, 12);
    expect(i.previous).toMatchObject({ measured: 3, rated: 3, zeroImpressions: 0 });
    expect(i.previous.rate).toBeCloseTo(0.04, 12);
  });

  it("lists the window's measured posts newest first, ignoring drafts, unmeasured, today's and older posts", () => {
    expect(i.listed.map((p) => p.post.postId)).toEqual(["p8", "p7", "p6", "p5", "p4", "p3", "p2", "p1"]);
    expect(i.listed.find((p) => p.post.postId === "p7")?.rate).toBeNull();
    expect(i.listed.find((p) => p.post.postId === "p4")?.rate).toBeCloseTo(0.1, 12);
  });

  it("states coverage, best channel, best and worst post, and the trend", () => {
    expect(kinds(i)).toEqual(["coverage", "best_channel", "best_post", "worst_post", "trend"]);
    expect(takeaway(i, "coverage")?.text).toBe(
      "8 measured posts were published from 2026-11-02T00:00:00Z to 2026-11-30T00:00:00Z. 1 had zero impressions: listed, but left out of every rate.",
    );
  });

  it("best channel is pooled over channels with at least 3 rated posts (x, with one, is not compared)", () => {
    expect(takeaway(i, "best_channel")?.text).toBe(
      "tiktok had the highest engagement rate, 5.0% over 3 posts; next was instagram at 4.0% over 3 (channels with at least 3 rated posts compared).",
    );
  });

  it("best post is the highest rate; worst breaks the 2% tie (p6, p8) by more impressions", () => {
    expect(takeaway(i, "best_post")).toMatchObject({ postId: "p4", basis: "current" });
    expect(takeaway(i, "best_post")?.text).toContain("10.0% of 1000 impressions");
    expect(takeaway(i, "worst_post")).toMatchObject({ postId: "p6", basis: "current" });
  });

  it("the trend compares pooled rates with the previous equal period", () => {
    expect(takeaway(i, "trend")).toMatchObject({ basis: "comparison", postId: null });
    expect(takeaway(i, "trend")?.text).toBe(
      "Engagement rate was 4.4% over 7 rated posts, up (+9% relative) from 4.0% over 3 in the previous 28 days.",
    );
  });

  it("never puts anything but numbers, ids, channels and dates into takeaway text", () => {
    for (const t of i.takeaways) expect(t.text).not.toMatch(/draft|unmeasured|today|never/);
  });
});

describe("computeInsights edge cases", () => {
  it("no posts at all: nothing listed and no takeaway (so a no_data answer is honest)", () => {
    const i = computeInsights([], NOW);
    expect(i.listed).toEqual([]);
    expect(i.takeaways).toEqual([]);
    expect(i.current).toMatchObject({ measured: 0, rated: 0, rate: null });
  });

  it("only posts without metrics: nothing listed, no takeaway", () => {
    const i = computeInsights(
      [
        {
          postId: "u",
          channel: "x",
          status: "published",
          publishedAt: Date.parse("2026-11-20T00:00:00.000Z"),
          metrics: null,
        },
      ],
      NOW,
    );
    expect(i.listed).toEqual([]);
    expect(i.takeaways).toEqual([]);
  });

  it("only zero-impression posts: listed, coverage says so, no rate-based takeaway", () => {
    const i = computeInsights(
      [post("z1", "x", "2026-11-20T00:00:00.000Z", 0, 0), post("z2", "x", "2026-11-21T00:00:00.000Z", 0, 0)],
      NOW,
    );
    expect(i.listed.map((p) => p.post.postId)).toEqual(["z2", "z1"]);
    expect(kinds(i)).toEqual(["coverage"]);
    expect(i.current.rate).toBeNull();
  });

  it("one rated post: a best post but no worst, no channel comparison, no trend", () => {
    const i = computeInsights([post("solo", "x", "2026-11-20T00:00:00.000Z", 100, 5)], NOW);
    expect(kinds(i)).toEqual(["coverage", "best_post"]);
  });

  it("fewer than 3 rated posts in the previous period: no trend", () => {
    const i = computeInsights([...current, ...previous.slice(0, 2)], NOW);
    expect(kinds(i)).not.toContain("trend");
  });

  it("a change within 5% reads as about flat; a fall reads as down", () => {
    const prev = [0, 1, 2].map((k) => post(`q${k}`, "x", `2026-10-1${k}T00:00:00.000Z`, 1000, 42));
    const flat = computeInsights([...current.slice(0, 3), ...prev], NOW); // 4.0% vs 4.2%
    expect(takeaway(flat, "trend")?.text).toContain("about flat (-5% relative)");
    const high = [0, 1, 2].map((k) => post(`h${k}`, "x", `2026-10-1${k}T00:00:00.000Z`, 1000, 80));
    expect(takeaway(computeInsights([...current.slice(0, 3), ...high], NOW), "trend")?.text).toContain(
      "down (-50% relative)",
    );
  });

  it("a tie on the best rate is broken by impressions, then the newer post, then the id", () => {
    const a = post("a", "x", "2026-11-10T00:00:00.000Z", 1000, 50);
    const b = post("b", "x", "2026-11-11T00:00:00.000Z", 1000, 50);
    const c = post("c", "x", "2026-11-09T00:00:00.000Z", 2000, 100);
    expect(takeaway(computeInsights([a, b, c], NOW), "best_post")?.postId).toBe("c");
    expect(takeaway(computeInsights([a, b], NOW), "best_post")?.postId).toBe("b");
    const a2 = post("a2", "x", "2026-11-10T00:00:00.000Z", 1000, 50);
    expect(takeaway(computeInsights([a2, a], NOW), "best_post")?.postId).toBe("a");
  });

  it(`lists the ${MAX_LISTED_POSTS} newest, plus the best and worst when they are older`, () => {
    const many = Array.from({ length: 25 }, (_, k) =>
      post(`m${String(k).padStart(2, "0")}`, "x", new Date(Date.UTC(2026, 10, 3 + k)).toISOString(), 1000, 30),
    );
    many[0] = post("m00", "x", new Date(many[0]!.publishedAt!).toISOString(), 1000, 90); // oldest is the best
    many[1] = post("m01", "x", new Date(many[1]!.publishedAt!).toISOString(), 1000, 5); // second oldest is the worst
    const i = computeInsights(many, NOW);
    expect(i.listed).toHaveLength(MAX_LISTED_POSTS + 2);
    const ids = i.listed.map((p) => p.post.postId);
    expect(ids.slice(0, MAX_LISTED_POSTS)).toEqual(
      many
        .slice(5)
        .map((p) => p.postId)
        .reverse(),
    );
    expect(ids.slice(-2)).toEqual(["m01", "m00"]);
  });

  it("uses the windows it is given (a capped read narrows them)", () => {
    const w = insightsWindows(NOW);
    const narrowed = { current: { from: new Date("2026-11-24T00:00:00Z"), to: w.current.to }, previous: w.previous };
    const i = computeInsights(current, NOW, narrowed);
    expect(i.listed.map((p) => p.post.postId)).toEqual(["p8", "p7", "p6", "p5"]);
    expect(takeaway(i, "coverage")?.text).toContain("from 2026-11-24T00:00:00Z");
  });
});
