import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callersAs, closeCallers, type Caller } from "../support/client";
import {
  docsOf,
  expectDataset,
  expectError,
  expectLinkedSuccess,
  expectOnlyWorkspace,
  expectRecord,
  refParams,
  seed,
} from "./support";

// A type alias, not an interface: the wire's Record<string, unknown> converts to it.
type Feed = {
  pendingItems: {
    itemId: string;
    evidenceId: string;
    kind: string;
    createdAt: string;
    postId: string | null;
    untrusted: { title: string };
  }[];
  jobHealth: {
    from: string;
    to: string;
    total: number;
    counts: Record<string, number>;
    evidenceId: string;
    recentFailures: { jobId: string; evidenceId: string; state: string; updatedAt: string }[];
  };
  goals: {
    goalId: string;
    evidenceId: string;
    target: number;
    current: number;
    progress: number | null;
    untrusted: { title: string };
  }[];
  recentPosts: { postId: string; evidenceId: string; publishedAt: string; untrusted: { title: string } }[];
};

let operator: Caller,
  viewer: Caller,
  multi: Caller,
  noClaim: Caller,
  outsider: Caller,
  disabled: Caller,
  anonymous: Caller;
beforeAll(async () => {
  [operator, viewer, multi, noClaim, outsider, disabled, anonymous] = await callersAs([
    "operator@acme.test",
    "viewer@acme.test",
    "multi@nova.test",
    "noclaim@nova.test",
    "outsider@nova.test",
    "disabled@acme.test",
    null,
  ]);
});
afterAll(closeCallers);

const newestFirst = (times: string[]) => expect([...times].sort().reverse()).toEqual(times);

describe("get_operator_feed", () => {
  it("answers pending items, job health, goals and recent posts, every record with record evidence", async () => {
    const env = await operator.call("get_operator_feed", null);
    const evidence = expectLinkedSuccess(env);
    const feed = env.data as Feed;
    expect(Object.keys(feed).sort()).toEqual(["goals", "jobHealth", "pendingItems", "recentPosts"]);

    expect(feed.pendingItems).toHaveLength(docsOf("acme", "pendingItems").length);
    newestFirst(feed.pendingItems.map((i) => i.createdAt));
    for (const i of feed.pendingItems) expectRecord(evidence, i.evidenceId, `workspaces/acme/pendingItems/${i.itemId}`);

    expect(feed.goals).toHaveLength(docsOf("acme", "goals").length);
    for (const g of feed.goals) {
      expectRecord(evidence, g.evidenceId, `workspaces/acme/goals/${g.goalId}`);
      expect(g.progress).toBeCloseTo(g.current / g.target, 4);
    }

    expect(feed.recentPosts).toHaveLength(10);
    newestFirst(feed.recentPosts.map((p) => p.publishedAt));
    for (const p of feed.recentPosts) expectRecord(evidence, p.evidenceId, `workspaces/acme/posts/${p.postId}`);
    const newestPublished = docsOf("acme", "posts")
      .filter((d) => d.data.status === "published")
      .sort((a, b) => (b.data.publishedAt as Date).getTime() - (a.data.publishedAt as Date).getTime())
      .slice(0, 10)
      .map((d) => d.path.split("/")[3]);
    expect(feed.recentPosts.map((p) => p.postId)).toEqual(newestPublished);
  });

  it("job health counts the seeded jobs updated in the stated window, backed by dataset evidence", async () => {
    const env = await operator.call("get_operator_feed", {});
    const evidence = expectLinkedSuccess(env);
    const { jobHealth } = env.data as Feed;
    const ref = expectDataset(evidence, jobHealth.evidenceId, "workspaces/acme/jobs?").ref;
    expect(refParams(ref)).toMatchObject({ from: jobHealth.from, to: jobHealth.to, n: String(jobHealth.total) });
    expect(Date.parse(jobHealth.to) - Date.parse(jobHealth.from)).toBe(7 * 24 * 3600 * 1000);

    const inWindow = docsOf("acme", "jobs").filter((d) => {
      const t = (d.data.updatedAt as Date).getTime();
      return t >= Date.parse(jobHealth.from) && t <= Date.parse(jobHealth.to);
    });
    const expected: Record<string, number> = { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
    for (const d of inWindow) expected[String(d.data.state)]! += 1;
    expect(jobHealth.counts).toEqual(expected);
    expect(jobHealth.total).toBe(inWindow.length);

    const failed = inWindow.filter((d) => d.data.state === "failed").map((d) => d.path.split("/")[3]);
    expect(jobHealth.recentFailures.map((j) => j.jobId).sort()).toEqual(failed.sort());
    for (const j of jobHealth.recentFailures) {
      expectRecord(evidence, j.evidenceId, `workspaces/acme/jobs/${j.jobId}`);
      expect(Object.keys(j).sort()).toEqual([
        "attempts",
        "createdAt",
        "evidenceId",
        "jobId",
        "kind",
        "progress",
        "state",
        "updatedAt",
      ]);
    }
    newestFirst(jobHealth.recentFailures.map((j) => j.updatedAt));
  });

  it("never carries job internals (canaries, provider bodies, prompts, drafts, credentials)", async () => {
    const text = JSON.stringify(await viewer.call("get_operator_feed", null));
    for (const canary of seed.canaries) expect(text).not.toContain(canary);
    expect(text).not.toMatch(/providerBody|stack|prompt|draft copy|credentialsRef|secret:\/\//);
  });

  it("titles (free text) travel under untrusted only", async () => {
    const feed = (await operator.call("get_operator_feed", null)).data as Feed;
    const titled = [...feed.pendingItems, ...feed.goals, ...feed.recentPosts];
    for (const r of titled) {
      expect(typeof r.untrusted.title).toBe("string");
      expect(Object.keys(r)).not.toContain("title");
    }
    expect(feed.pendingItems.some((i) => i.untrusted.title.includes('"'))).toBe(true);
  });

  it("multi@nova.test (claim globex, member of both) sees globex data only", async () => {
    const env = await multi.call("get_operator_feed", null);
    expectLinkedSuccess(env);
    expectOnlyWorkspace(env, "globex");
    const feed = env.data as Feed;
    expect(feed.pendingItems).toHaveLength(docsOf("globex", "pendingItems").length);
    expect(feed.goals).toHaveLength(docsOf("globex", "goals").length);
  });

  it.each([
    ["a token without the workspace claim", () => noClaim],
    ["a non-member", () => outsider],
    ["a disabled member", () => disabled],
  ])("answers PERMISSION_DENIED for %s", async (_label, who) => {
    expectError(await who().call("get_operator_feed", null), "PERMISSION_DENIED");
  });

  it("answers UNAUTHENTICATED without a token", async () => {
    expectError(await anonymous.call("get_operator_feed", null), "UNAUTHENTICATED");
  });

  it.each([[{ limit: 5 }], [{ workspaceId: "globex" }], [{ role: "owner" }], [true]])(
    "answers INVALID_ARGUMENT for %j",
    async (data) => {
      expectError(await operator.call("get_operator_feed", data), "INVALID_ARGUMENT");
    },
  );
});
