import { ToolError } from "./errors";
import { TransientDependencyError } from "../store/store";
import type { AttemptRecord } from "../trace/entry";
import { ONE_TRANSIENT_RETRY, type RetryPolicy } from "./declaration";

export type AttemptsResult<T> =
  | { readonly ok: true; readonly value: T; readonly attempts: AttemptRecord[] }
  | { readonly ok: false; readonly error: unknown; readonly attempts: AttemptRecord[] };

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const BACKOFF_MS = 100;

/**
 * Runs a call under its budget with the declared transient retries (SPEC section 3: one). The first
 * attempt gets half the budget so that a retry always has time; the retry gets what is left, less a
 * margin for answering. The budget is enforced here, not by the SDK: an attempt still pending underneath is
 * abandoned, its late result ignored. Only the outcomes the policy names (an unavailable dependency,
 * a timed-out attempt) are retried; a ToolError (validation, authorization, not found) or a bug ends
 * the call at once.
 */
export async function runAttempts<T>(
  budgetMs: number,
  attempt: (n: number) => Promise<T>,
  clock: Clock = realClock,
  retry: RetryPolicy = ONE_TRANSIENT_RETRY,
): Promise<AttemptsResult<T>> {
  const start = clock.now();
  const margin = Math.min(250, budgetMs * 0.05);
  const attempts: AttemptRecord[] = [];
  const last = 1 + retry.transientRetries;
  for (let n = 1; n <= last; n++) {
    const remaining = budgetMs - (clock.now() - start) - margin;
    if (remaining <= 0) break;
    const timeoutMs = n === 1 ? Math.min(remaining, (budgetMs - margin) / 2) : remaining;
    const began = clock.now();
    const result = await raceTimeout(() => attempt(n), timeoutMs);
    const durationMs = Math.round(clock.now() - began);
    if (result.kind === "value") {
      attempts.push({ attempt: n, outcome: "ok", durationMs });
      return { ok: true, value: result.value, attempts };
    }
    const transient =
      result.kind === "timeout" ? "timeout" : result.error instanceof TransientDependencyError ? "unavailable" : null;
    if (transient === null) {
      const code = result.kind === "error" && result.error instanceof ToolError ? result.error.code : undefined;
      attempts.push({ attempt: n, outcome: "failed", durationMs, ...(code ? { code } : {}) });
      return { ok: false, error: result.kind === "error" ? result.error : undefined, attempts };
    }
    attempts.push({ attempt: n, outcome: transient, durationMs });
    // A transient outcome the policy does not retry ends the call as the budget running out does.
    if (!retry.on.includes(transient)) break;
    if (n < last) {
      const left = budgetMs - (clock.now() - start) - margin;
      await clock.sleep(Math.max(0, Math.min(BACKOFF_MS, left - 1)));
    }
  }
  return { ok: false, error: new ToolError("DEPENDENCY_UNAVAILABLE"), attempts };
}

type Raced<T> = { kind: "value"; value: T } | { kind: "error"; error: unknown } | { kind: "timeout" };

async function raceTimeout<T>(run: () => Promise<T>, timeoutMs: number): Promise<Raced<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work: Promise<Raced<T>> = (async () => run())().then(
    (value) => ({ kind: "value", value }),
    (error: unknown) => ({ kind: "error", error }),
  );
  const timeout = new Promise<Raced<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), Math.max(0, timeoutMs));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
