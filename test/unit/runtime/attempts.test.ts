import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToolError } from "../../../functions/src/runtime/errors";
import { TransientDependencyError } from "../../../functions/src/store/store";
import { realClock, runAttempts, type Clock } from "../../../functions/src/runtime/attempts";
import { FAKED, onFakeTime } from "../../support/fake-time";

// Fake time (test/support/fake-time.ts): every budget, timeout and backoff below is exact.
const never = <T>() => new Promise<T>(() => {});
const later = <T>(ms: number, fn: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(fn());
      } catch (e) {
        reject(e);
      }
    }, ms),
  );
/** Fires every timer still queued (abandoned attempts' late answers), then lets Node report unhandled rejections. */
const drain = async () => {
  await vi.runAllTimersAsync();
  await new Promise((r) => setImmediate(r));
};

/** Real time, but records the backoff it was asked for and skips it. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, now: () => performance.now(), sleep: async (ms) => void sleeps.push(ms) };
}

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", onUnhandled);
  vi.useFakeTimers(FAKED);
});
afterEach(() => {
  vi.useRealTimers();
  process.off("unhandledRejection", onUnhandled);
});

describe("runAttempts: the budget", () => {
  it("attempt 1 gets half the budget, the retry what is left, and the whole call stays inside it", async () => {
    const budget = 1_000;
    const starts: number[] = [];
    const t0 = performance.now();
    const result = await onFakeTime(
      runAttempts(budget, (n) => {
        starts[n - 1] = performance.now() - t0;
        return never();
      }),
    );
    const elapsed = performance.now() - t0;
    expect(result.ok).toBe(false);
    // 50 ms (5% of the budget) is kept for answering. Attempt 1: half of the other 950 ms; then the
    // 100 ms backoff; the retry gets the 375 ms left.
    expect(result.attempts.map((a) => [a.outcome, a.durationMs])).toEqual([
      ["timeout", 475],
      ["timeout", 375],
    ]);
    // The retry starts only after attempt 1 timed out and the backoff.
    expect(starts).toEqual([0, 575]);
    expect(elapsed).toBe(950);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(ToolError);
      expect((result.error as ToolError).code).toBe("DEPENDENCY_UNAVAILABLE");
    }
  });

  it("a fast attempt is not cut to half the budget's timer: it just answers", async () => {
    const result = await runAttempts(200, async () => 7);
    expect(result).toMatchObject({ ok: true, value: 7 });
    expect(result.attempts).toEqual([{ attempt: 1, outcome: "ok", durationMs: 0 }]);
  });

  it("an attempt slower than half the budget times out even though it would finish inside the whole budget", async () => {
    let runs = 0;
    const result = await onFakeTime(
      runAttempts(400, (n) => {
        runs++;
        return n === 1 ? later(250, () => "slow") : Promise.resolve("retry");
      }),
    );
    expect(result).toMatchObject({ ok: true, value: "retry" });
    expect(runs).toBe(2);
    // Attempt 1 is cut at 190 ms, half of the budget less its 20 ms margin: well before its 250 ms.
    expect(result.attempts.map((a) => [a.outcome, a.durationMs])).toEqual([
      ["timeout", 190],
      ["ok", 0],
    ]);
  });

  it("a zero budget makes no attempt and answers DEPENDENCY_UNAVAILABLE", async () => {
    let runs = 0;
    const result = await runAttempts(0, async () => void runs++);
    expect(runs).toBe(0);
    expect(result.ok).toBe(false);
    if (!result.ok) expect((result.error as ToolError).code).toBe("DEPENDENCY_UNAVAILABLE");
  });
});

describe("runAttempts: which failures are retried", () => {
  it.each([
    ["unavailable", () => new TransientDependencyError("unavailable")],
    ["timeout", () => new TransientDependencyError("timeout")],
  ])("a TransientDependencyError (%s) is retried exactly once, with a bounded backoff", async (_n, make) => {
    const clock = recordingClock();
    let runs = 0;
    const result = await runAttempts(
      300,
      async () => {
        runs++;
        throw make();
      },
      clock,
    );
    expect(runs).toBe(2);
    expect(result.attempts.map((a) => a.outcome)).toEqual(["unavailable", "unavailable"]);
    // The backoff is 100 ms whenever the budget leaves that much.
    expect(clock.sleeps).toEqual([100]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect((result.error as ToolError).code).toBe("DEPENDENCY_UNAVAILABLE");
  });

  it("a transient failure then success answers the second attempt's value", async () => {
    const result = await runAttempts(
      300,
      async (n) => {
        if (n === 1) throw new TransientDependencyError("unavailable");
        return "second";
      },
      recordingClock(),
    );
    expect(result).toMatchObject({ ok: true, value: "second" });
    expect(result.attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, "unavailable"],
      [2, "ok"],
    ]);
  });

  it.each([
    ["a plain Error", () => new Error("boom"), undefined],
    ["a TypeError", () => new TypeError("x is undefined"), undefined],
    ["a thrown string", () => "boom", undefined],
    ["ToolError NOT_FOUND", () => new ToolError("NOT_FOUND"), "NOT_FOUND"],
    ["ToolError PERMISSION_DENIED", () => new ToolError("PERMISSION_DENIED"), "PERMISSION_DENIED"],
    ["ToolError INVALID_ID", () => new ToolError("INVALID_ID"), "INVALID_ID"],
    ["ToolError DEPENDENCY_UNAVAILABLE", () => new ToolError("DEPENDENCY_UNAVAILABLE"), "DEPENDENCY_UNAVAILABLE"],
  ])("%s is not retried and is handed back as is", async (_n, make, code) => {
    const clock = recordingClock();
    const thrown = make();
    let runs = 0;
    const result = await runAttempts(
      300,
      async () => {
        runs++;
        throw thrown;
      },
      clock,
    );
    expect(runs).toBe(1);
    expect(clock.sleeps).toEqual([]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe(thrown);
    expect(result.attempts).toHaveLength(1);
    expect(result.attempts[0]).toMatchObject({ attempt: 1, outcome: "failed" });
    expect(result.attempts[0]!.code).toBe(code);
  });

  it("a synchronous throw from the attempt function is caught, not thrown out of runAttempts", async () => {
    const result = await runAttempts(300, (() => {
      throw new Error("sync");
    }) as () => Promise<never>);
    expect(result.ok).toBe(false);
    expect(result.attempts).toEqual([expect.objectContaining({ outcome: "failed" })]);
  });
});

describe("runAttempts: abandoned attempts", () => {
  it("a late resolution of an abandoned attempt does not change the result", async () => {
    let lateRan = false;
    const late = () => later(250, () => ((lateRan = true), "late"));
    const result = await onFakeTime(
      runAttempts(400, (n) => (n === 1 ? late() : Promise.resolve("fresh")), recordingClock()),
    );
    const snapshot = JSON.stringify(result);
    expect(result).toMatchObject({ ok: true, value: "fresh" });
    expect(lateRan).toBe(false);
    await drain();
    expect(lateRan).toBe(true);
    expect(JSON.stringify(result)).toBe(snapshot);
    expect(result.attempts).toHaveLength(2);
  });

  it("a late rejection of abandoned attempts causes no unhandled rejection", async () => {
    let lateFailures = 0;
    const result = await onFakeTime(
      runAttempts(400, () =>
        later(300, () => {
          lateFailures++;
          throw new Error("late failure");
        }),
      ),
    );
    expect(result.ok).toBe(false);
    expect(result.attempts.map((a) => a.outcome)).toEqual(["timeout", "timeout"]);
    // Attempt 1 (cut at 190 ms) fails late at 300 ms, during the retry (290 to 380 ms); attempt 2's comes after.
    expect(lateFailures).toBe(1);
    await drain();
    expect(lateFailures).toBe(2);
    expect(unhandled).toEqual([]);
    if (!result.ok) expect((result.error as ToolError).code).toBe("DEPENDENCY_UNAVAILABLE");
  });

  it("a late TransientDependencyError after a timeout is ignored, the retry still runs", async () => {
    let runs = 0;
    const result = await onFakeTime(
      runAttempts(
        400,
        (n) => {
          runs++;
          return n === 1
            ? later(250, () => {
                throw new TransientDependencyError("unavailable");
              })
            : Promise.resolve("ok");
        },
        recordingClock(),
      ),
    );
    await drain();
    expect(runs).toBe(2);
    expect(result).toMatchObject({ ok: true, value: "ok" });
    expect(unhandled).toEqual([]);
  });

  it("leaves no timer behind once an attempt answers (the default clock)", async () => {
    expect(vi.getTimerCount()).toBe(0);
    const result = await runAttempts(60_000, async () => 1, realClock);
    expect(result.ok).toBe(true);
    // The 29.5 s attempt timer was armed and cleared, not left to fire.
    expect(vi.getTimerCount()).toBe(0);
  });
});
