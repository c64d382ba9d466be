import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callersAs, closeCallers, type Caller } from "../support/client";
import {
  expectDataset,
  expectError,
  expectLinkedSuccess,
  expectOnlyWorkspace,
  measuredPostsIn,
  refParams,
} from "./support";

interface Window {
  weekday: string;
  startHourUtc: number;
  endHourUtc: number;
  medianEngagementRate: number;
  sampleSize: number;
  evidenceId: string;
}
// A type alias, not an interface: the wire's Record<string, unknown> converts to it.
type Data = {
  windows: Window[];
  basis: {
    lookbackDays: number;
    from: string;
    to: string;
    measuredPosts: number;
    minimumMeasuredPosts: number;
    minimumSamplesPerWindow: number;
    metric: string;
    evidenceId: string;
  };
  timezone: string;
};

let operator: Caller,
  multi: Caller,
  initech: Caller,
  noClaim: Caller,
  outsider: Caller,
  disabled: Caller,
  anonymous: Caller;
beforeAll(async () => {
  [operator, multi, initech, noClaim, outsider, disabled, anonymous] = await callersAs([
    "operator@acme.test",
    "multi@nova.test",
    "owner@initech.test",
    "noclaim@nova.test",
    "outsider@nova.test",
    "disabled@acme.test",
    null,
  ]);
});
afterAll(closeCallers);

/** The seed plants acme's audience peak at Tuesday and Thursday 14-17 UTC (scripts/seed/generate.ts). */
const inAcmePeak = (w: Window) =>
  ["tuesday", "thursday"].includes(w.weekday) && w.startHourUtc >= 14 && w.endHourUtc <= 17;

describe("suggest_posting_windows", () => {
  it("answers UTC windows ranked by median rate, each and the basis backed by dataset evidence", async () => {
    const env = await operator.call("suggest_posting_windows", null);
    const evidence = expectLinkedSuccess(env);
    const data = env.data as Data;
    expect(data.timezone).toBe("UTC");
    expect(env.evidence.every((e) => e.kind === "dataset")).toBe(true);

    expect(data.windows.length).toBeGreaterThan(0);
    expect(data.windows.length).toBeLessThanOrEqual(5);
    const medians = data.windows.map((w) => w.medianEngagementRate);
    expect([...medians].sort((a, b) => b - a)).toEqual(medians);
    for (const w of data.windows) {
      expect(w.endHourUtc - w.startHourUtc).toBe(1);
      expect(w.sampleSize).toBeGreaterThanOrEqual(data.basis.minimumSamplesPerWindow);
      const ref = expectDataset(evidence, w.evidenceId, "workspaces/acme/posts?measured&").ref;
      expect(refParams(ref)).toMatchObject({
        from: data.basis.from,
        to: data.basis.to,
        weekday: w.weekday,
        hourUtc: `${w.startHourUtc}-${w.endHourUtc}`,
        n: String(w.sampleSize),
      });
    }
  });

  it("finds the audience peak the seed planted (Tuesday/Thursday 14-17 UTC)", async () => {
    const data = (await operator.call("suggest_posting_windows", {})).data as Data;
    expect(inAcmePeak(data.windows[0]!)).toBe(true);
    expect(data.windows.filter(inAcmePeak).length).toBeGreaterThanOrEqual(3);
  });

  it("the basis states the lookback and exactly the seeded measured posts inside it", async () => {
    const env = await operator.call("suggest_posting_windows", null);
    const evidence = expectLinkedSuccess(env);
    const { basis } = env.data as Data;
    expect(basis).toMatchObject({ lookbackDays: 84, minimumMeasuredPosts: 30, metric: "median_engagement_rate" });
    expect(Date.parse(basis.to) - Date.parse(basis.from)).toBe(84 * 24 * 3600 * 1000);
    expect(basis.measuredPosts).toBe(measuredPostsIn("acme", basis.from, basis.to).length);
    const ref = expectDataset(evidence, basis.evidenceId, "workspaces/acme/posts?measured&").ref;
    expect(refParams(ref)).toEqual({ from: basis.from, to: basis.to, n: String(basis.measuredPosts) });
  });

  it("answers INSUFFICIENT_HISTORY for initech, saying how many measured posts exist and how many are needed", async () => {
    const env = await initech.call("suggest_posting_windows", null);
    expectError(env, "INSUFFICIENT_HISTORY");
    expect(env.error).toMatchObject({ category: "precondition", retryable: false });
    expect(env.error!.message).toBe(
      "Only 3 measured posts were published in the last 84 days; posting windows need at least 30.",
    );
  });

  it("multi@nova.test (claim globex, member of both) sees globex data only", async () => {
    const env = await multi.call("suggest_posting_windows", null);
    expectLinkedSuccess(env);
    expectOnlyWorkspace(env, "globex");
    const { basis } = env.data as Data;
    expect(basis.measuredPosts).toBe(measuredPostsIn("globex", basis.from, basis.to).length);
  });

  it.each([
    ["a token without the workspace claim", () => noClaim],
    ["a non-member", () => outsider],
    ["a disabled member", () => disabled],
  ])("answers PERMISSION_DENIED for %s", async (_label, who) => {
    expectError(await who().call("suggest_posting_windows", null), "PERMISSION_DENIED");
  });

  it("answers UNAUTHENTICATED without a token", async () => {
    expectError(await anonymous.call("suggest_posting_windows", null), "UNAUTHENTICATED");
  });

  it.each([[{ lookbackDays: 30 }], [{ timezone: "Europe/Berlin" }], [{ workspaceId: "initech" }], [84]])(
    "answers INVALID_ARGUMENT for %j",
    async (data) => {
      expectError(await operator.call("suggest_posting_windows", data), "INVALID_ARGUMENT");
    },
  );
});
