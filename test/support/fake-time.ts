import { vi } from "vitest";

/**
 * What the runtime's timing reads and arms: performance.now() (the default clock) and setTimeout (the
 * attempt timeout, the backoff). Date stays real, and so do setImmediate and microtasks, through which
 * a test lets Node report an unhandled rejection.
 */
export const FAKED: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ["setTimeout", "clearTimeout", "performance"] };

/**
 * Moves fake time forward one timer at a time until `pending` settles, and no further: timers set
 * for later (an abandoned attempt's late answer) stay queued for the test to fire when it chooses.
 */
export async function onFakeTime<T>(pending: Promise<T>): Promise<T> {
  let settled = false;
  void pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let step = 0; ; step++) {
    // No time passes here: what settles on microtasks alone settles before any timer fires.
    await vi.advanceTimersByTimeAsync(0);
    if (settled) return pending;
    if (vi.getTimerCount() === 0 || step > 1_000) throw new Error("the call neither settled nor armed a timer");
    await vi.advanceTimersToNextTimerAsync();
  }
}

/** Runs `test` on fake time and puts the real timers back, also when it fails. */
export async function withFakeTime<T>(test: () => Promise<T>): Promise<T> {
  vi.useFakeTimers(FAKED);
  try {
    return await test();
  } finally {
    vi.useRealTimers();
  }
}

/** Fires every timer still queued (an abandoned attempt's late answer), in time order. */
export async function fireQueuedTimers(): Promise<void> {
  await vi.runAllTimersAsync();
}
