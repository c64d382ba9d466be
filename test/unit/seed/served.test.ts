import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Envelope } from "nova-contract";
import { loadCatalog, requireSource } from "../../support/catalog";
import { seededAuth, seededStore } from "../../support/seeded-store";
import { generateSeed, SEED_NOW } from "../../../scripts/seed/generate";
import { dayStart, SEED_NOW_ENV, servedSeedNow } from "../../../scripts/seed/served";

/**
 * Demo data that stays true (SPEC section 8): the seed generated for a day 90 days after the
 * exported one, served on that day, gives every window the tools count back from the real clock
 * what the README promises, exactly as the export did on its own day.
 */
const DAY = 86_400_000;
const AHEAD = dayStart(Date.parse(SEED_NOW) + 90 * DAY);
const tools = new Map(loadCatalog().map((t) => [t.name, t]));
// The runtime from the same module copies as the tools (ToolError is told apart by instanceof).
const { invokeTool } = requireSource<typeof import("../../../functions/src/runtime/invoke")>("runtime/invoke");
const { MemoryTraceSink } = requireSource<typeof import("../../../functions/src/trace/entry")>("trace/entry");

/** Every tool call of the README's promises, as the seeded user who makes it, at `at` (real Date faked). */
async function callsAt(reference: string, hoursIntoTheDay: number) {
  const seed = generateSeed(undefined, reference);
  const store = seededStore(seed);
  const auth = seededAuth(seed);
  vi.setSystemTime(Date.parse(reference) + hoursIntoTheDay * 3_600_000);
  const call = async (tool: string, email: string, data: unknown): Promise<Envelope> =>
    invokeTool(tools.get(tool)!, { auth: auth.get(email)!, data }, { store, sink: new MemoryTraceSink() });
  return {
    feed: await call("get_operator_feed", "owner@acme.test", null),
    insights: await call("get_engagement_insights", "owner@acme.test", null),
    windows: await call("suggest_posting_windows", "owner@acme.test", null),
    initech: await call("suggest_posting_windows", "owner@initech.test", null),
    job: await call("get_job_status", "operator@acme.test", { jobId: "job-failed-1" }),
    search: await call("search_trend_signals", "owner@acme.test", { query: "AI video", limit: 10 }),
    latest: await call("fetch_trend_signals", "owner@acme.test", { limit: 10 }),
  };
}

type Calls = Awaited<ReturnType<typeof callsAt>>;
const data = (env: Envelope) => {
  expect(env.status, JSON.stringify(env.error)).toBe("success");
  return env.data as unknown;
};

/** What the README says each window finds on the seeded data. */
function expectWhatTheReadmeSays(c: Calls) {
  const feed = data(c.feed) as {
    jobHealth: { total: number; recentFailures: unknown[] };
    pendingItems: unknown[];
    recentPosts: unknown[];
    goals: unknown[];
  };
  expect(feed.jobHealth.total).toBeGreaterThan(0);
  expect(feed.jobHealth.recentFailures.length).toBeGreaterThan(0);
  expect(feed.pendingItems.length).toBeGreaterThan(0);
  expect(feed.recentPosts.length).toBeGreaterThan(0);
  expect(feed.goals.length).toBeGreaterThan(0);
  const insights = data(c.insights) as { posts: unknown[]; takeaways: unknown[] };
  expect(insights.posts.length).toBeGreaterThan(0);
  expect(insights.takeaways.length).toBeGreaterThan(0);
  // The weekly rhythm: acme's best window is a Tuesday or Thursday afternoon (UTC).
  const windows = data(c.windows) as {
    windows: { weekday: string; startHourUtc: number }[];
    basis: { measuredPosts: number };
  };
  expect(windows.basis.measuredPosts).toBeGreaterThan(250);
  expect(["tuesday", "thursday"]).toContain(windows.windows[0]!.weekday.toLowerCase());
  expect(windows.windows[0]!.startHourUtc).toBeGreaterThanOrEqual(13);
  expect(windows.windows[0]!.startHourUtc).toBeLessThan(17);
  expect(c.initech.error?.code).toBe("INSUFFICIENT_HISTORY");
  expect((data(c.job) as { job: { state: string } }).job.state).toBe("failed");
  expect((data(c.search) as { count: number }).count).toBeGreaterThan(0);
  expect((data(c.latest) as { count: number }).count).toBe(10);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the seed served for the day it is loaded", () => {
  it("on its own day, the exported seed finds what the README says", async () => {
    expectWhatTheReadmeSays(await callsAt(SEED_NOW, 10));
  });

  it("90 days later, the seed generated for that day finds the same, late in the day too", async () => {
    for (const hours of [0.5, 23.5]) expectWhatTheReadmeSays(await callsAt(AHEAD, hours));
  });

  it("finds the same signals and jobs as the exported seed did on its day (times shifted by whole days)", async () => {
    const [then, ahead] = [await callsAt(SEED_NOW, 10), await callsAt(AHEAD, 10)];
    const counts = (c: Calls) => ({
      search: (data(c.search) as { count: number }).count,
      failures: (data(c.feed) as { jobHealth: { counts: unknown } }).jobHealth.counts,
      job: (data(c.job) as { job: { state: string } }).job.state,
    });
    expect(counts(ahead)).toEqual(counts(then));
  });

  it("the exported seed, 90 days on, no longer would: the reason the suite regenerates it", async () => {
    const seed = generateSeed();
    const store = seededStore(seed);
    vi.setSystemTime(Date.parse(AHEAD) + 10 * 3_600_000);
    const feed = await invokeTool(
      tools.get("get_operator_feed")!,
      { auth: seededAuth(seed).get("owner@acme.test")!, data: null },
      { store, sink: new MemoryTraceSink() },
    );
    expect((data(feed) as { jobHealth: { total: number } }).jobHealth.total).toBe(0);
  });

  it("servedSeedNow: the suite's day when it set one, else the UTC midnight of today", () => {
    expect(servedSeedNow({ [SEED_NOW_ENV]: AHEAD }, 0)).toBe(AHEAD);
    expect(servedSeedNow({}, Date.parse("2027-03-04T23:59:59.999Z"))).toBe("2027-03-04T00:00:00.000Z");
    expect(() => generateSeed(undefined, "2027-03-04T10:00:00.000Z")).toThrow(/UTC midnight/);
  });
});
