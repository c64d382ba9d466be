import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callersAs, closeCallers, type Caller } from "../support/client";
import {
  docsOf,
  expectDataset,
  expectError,
  expectLinkedSuccess,
  expectOnlyWorkspace,
  expectRecord,
  measuredPostsIn,
  refParams,
} from "./support";

interface Post {
  postId: string;
  evidenceId: string;
  channel: string;
  publishedAt: string;
  metrics: {
    impressions: number;
    likes: number;
    comments: number;
    shares: number;
    clicks: number;
    measuredAt: string;
  } | null;
  engagementRate: number | null;
  untrusted: { title: string };
}
interface Takeaway {
  kind: string;
  text: string;
  evidenceId: string;
  postId: string | null;
}
type Data = { posts: Post[]; takeaways: Takeaway[] };

let operator: Caller,
  owner: Caller,
  multi: Caller,
  initech: Caller,
  noClaim: Caller,
  outsider: Caller,
  disabled: Caller,
  anonymous: Caller;
beforeAll(async () => {
  [operator, owner, multi, initech, noClaim, outsider, disabled, anonymous] = await callersAs([
    "operator@acme.test",
    "owner@acme.test",
    "multi@nova.test",
    "owner@initech.test",
    "noclaim@nova.test",
    "outsider@nova.test",
    "disabled@acme.test",
    null,
  ]);
});
afterAll(closeCallers);

describe("get_engagement_insights", () => {
  it("answers measured posts with record evidence and takeaways with dataset evidence naming the window", async () => {
    const env = await operator.call("get_engagement_insights", {});
    const evidence = expectLinkedSuccess(env);
    const { posts, takeaways } = env.data as Data;

    expect(posts.length).toBeGreaterThanOrEqual(20);
    expect(posts.length).toBeLessThanOrEqual(22);
    for (const p of posts) {
      expectRecord(evidence, p.evidenceId, `workspaces/acme/posts/${p.postId}`);
      expect(p.metrics).not.toBeNull();
      expect(Object.keys(p).sort()).toEqual([
        "channel",
        "engagementRate",
        "evidenceId",
        "metrics",
        "postId",
        "publishedAt",
        "untrusted",
      ]);
      const m = p.metrics!;
      if (m.impressions === 0) expect(p.engagementRate).toBeNull();
      else expect(p.engagementRate).toBeCloseTo((m.likes + m.comments + m.shares + m.clicks) / m.impressions, 4);
    }
    const times = posts.map((p) => p.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect(takeaways.map((t) => t.kind)).toEqual(["coverage", "best_channel", "best_post", "worst_post", "trend"]);
    for (const t of takeaways) expectDataset(evidence, t.evidenceId, "workspaces/acme/posts?measured&");
    // Only the posts cite record evidence; only the takeaways cite dataset evidence.
    expect(env.evidence.filter((e) => e.kind === "record")).toHaveLength(posts.length);
  });

  it("the current-window ref names the window and exactly the seeded measured posts inside it", async () => {
    const env = await owner.call("get_engagement_insights", null);
    const evidence = expectLinkedSuccess(env);
    const { posts, takeaways } = env.data as Data;
    const coverage = takeaways.find((t) => t.kind === "coverage")!;
    const ref = evidence.get(coverage.evidenceId)!.ref;
    const { from, to, n } = refParams(ref);
    expect(Date.parse(to!) - Date.parse(from!)).toBe(28 * 24 * 3600 * 1000);
    expect(to).toMatch(/T00:00:00Z$/);
    const expected = measuredPostsIn("acme", from!, to!);
    expect(Number(n)).toBe(expected.length);
    expect(coverage.text).toContain(`${expected.length} measured posts`);
    const zero = expected.filter((d) => (d.data.metrics as { impressions: number }).impressions === 0).length;
    expect(coverage.text).toContain(zero === 0 ? "Every one had impressions" : `${zero} had zero impressions`);
    // The 20 newest measured posts of the window are listed (plus best/worst when older).
    const newest = expected
      .map((d) => ({ id: d.path.split("/")[3]!, at: (d.data.publishedAt as Date).getTime() }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1))
      .slice(0, 20)
      .map((p) => p.id);
    expect(posts.map((p) => p.postId).filter((id) => newest.includes(id))).toEqual(newest);
    for (const p of posts)
      expect(p.publishedAt >= new Date(from!).toISOString() && p.publishedAt < new Date(to!).toISOString()).toBe(true);
  });

  it("the best and worst posts are listed with their own record evidence", async () => {
    const env = await operator.call("get_engagement_insights", null);
    const { posts, takeaways } = env.data as Data;
    for (const kind of ["best_post", "worst_post"]) {
      const t = takeaways.find((x) => x.kind === kind)!;
      const post = posts.find((p) => p.postId === t.postId);
      expect(post, kind).toBeDefined();
      expect(t.text).toContain(t.postId!);
    }
    const rated = posts.filter((p) => p.engagementRate !== null).map((p) => p.engagementRate!);
    expect(posts.find((p) => p.postId === takeaways.find((x) => x.kind === "best_post")!.postId)!.engagementRate).toBe(
      Math.max(...rated),
    );
  });

  it("the trend cites a dataset naming both periods and their post counts", async () => {
    const env = await operator.call("get_engagement_insights", null);
    const evidence = expectLinkedSuccess(env);
    const trend = (env.data as Data).takeaways.find((t) => t.kind === "trend")!;
    const { from, to, split, nBefore, nAfter } = refParams(evidence.get(trend.evidenceId)!.ref);
    expect(Number(nBefore)).toBe(measuredPostsIn("acme", from!, split!).length);
    expect(Number(nAfter)).toBe(measuredPostsIn("acme", split!, to!).length);
  });

  it("keeps post titles under untrusted and out of takeaway text", async () => {
    const env = await operator.call("get_engagement_insights", null);
    const { posts, takeaways } = env.data as Data;
    const titles = new Set(docsOf("acme", "posts").map((d) => String(d.data.title)));
    for (const p of posts) expect(titles.has(p.untrusted.title)).toBe(true);
    for (const t of takeaways) for (const title of titles) expect(t.text).not.toContain(title);
  });

  it("answers a thin workspace too (initech: 3 measured posts, no channel comparison or trend)", async () => {
    const env = await initech.call("get_engagement_insights", null);
    expectLinkedSuccess(env);
    expectOnlyWorkspace(env, "initech");
    const { posts, takeaways } = env.data as Data;
    expect(posts).toHaveLength(3);
    expect(takeaways.map((t) => t.kind)).toEqual(["coverage", "best_post", "worst_post"]);
  });

  it("multi@nova.test (claim globex, member of both) sees globex data only", async () => {
    const env = await multi.call("get_engagement_insights", null);
    expectLinkedSuccess(env);
    expectOnlyWorkspace(env, "globex");
    for (const p of (env.data as Data).posts) expect(p.postId.startsWith("globex-")).toBe(true);
  });

  it.each([
    ["a token without the workspace claim", () => noClaim],
    ["a non-member", () => outsider],
    ["a disabled member", () => disabled],
  ])("answers PERMISSION_DENIED for %s", async (_label, who) => {
    expectError(await who().call("get_engagement_insights", null), "PERMISSION_DENIED");
  });

  it("answers UNAUTHENTICATED without a token", async () => {
    expectError(await anonymous.call("get_engagement_insights", null), "UNAUTHENTICATED");
  });

  it.each([[{ days: 7 }], [{ workspaceId: "globex" }], ["acme"], [[]]])(
    "answers INVALID_ARGUMENT for %j",
    async (data) => {
      expectError(await operator.call("get_engagement_insights", data), "INVALID_ARGUMENT");
    },
  );
});
