import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { EnvelopeSchema, type Envelope } from "nova-contract";
import { rawCall } from "../emulator/support/client";

/**
 * A callable-protocol call that can be found again in the functions' log: the invocation id travels
 * in the `x-nova-invocation` header and the runtime copies it into the call's trace entry.
 */
export interface TracedCall {
  readonly tool: string;
  readonly invocationId: string;
  readonly httpStatus: number;
  /** The envelope, or null when the answer was not one (which every check treats as a failure). */
  readonly envelope: Envelope | null;
  readonly body: unknown;
  readonly ms: number;
}

export function newInvocationId(prefix: string): string {
  return `${prefix}-${randomUUID().replace(/-/g, "").slice(0, 20)}`.slice(0, 64);
}

export async function tracedCall(
  tool: string,
  data: unknown,
  idToken: string | null,
  invocationId = newInvocationId("call"),
): Promise<TracedCall> {
  const headers: Record<string, string> = { "x-nova-invocation": invocationId };
  if (idToken) headers["authorization"] = `Bearer ${idToken}`;
  const t0 = performance.now();
  // The callable protocol needs a `data` field; a no-argument call sends null.
  const res = await rawCall(tool, { data: data === undefined ? null : data }, headers);
  const ms = performance.now() - t0;
  const result = (res.body as { result?: unknown } | null)?.result;
  const parsed = EnvelopeSchema.safeParse(result);
  return {
    tool,
    invocationId,
    httpStatus: res.status,
    envelope: parsed.success ? (result as Envelope) : null,
    body: res.body,
    ms,
  };
}

/** A trace entry as the functions print it (one JSON object per line of the emulator's log). */
export interface LoggedTrace {
  callId: string;
  tool: string;
  invocationId: string | null;
  attempts: { attempt: number; outcome: string; durationMs: number }[];
  status: "success" | "error";
  resultCode: string;
  totalDurationMs: number;
  [key: string]: unknown;
}

/** Every call trace in a Functions emulator log (lines `>  {...}` with a callId and a tool). */
export function readTraces(logFile: string): LoggedTrace[] {
  const out: LoggedTrace[] = [];
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    const at = line.indexOf("{");
    if (at < 0 || !line.includes('"callId"')) continue;
    try {
      const entry = JSON.parse(line.slice(at)) as Partial<LoggedTrace>;
      if (typeof entry.callId === "string" && typeof entry.tool === "string") out.push(entry as LoggedTrace);
    } catch {
      // Not a trace line (the emulator's own output): skip it.
    }
  }
  return out;
}

/** Waits until the log holds the traces of these invocations (the emulator writes them asynchronously). */
export async function waitForTraces(
  logFile: string,
  invocationIds: readonly string[],
  timeoutMs = 20_000,
): Promise<Map<string, LoggedTrace[]>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const byId = new Map<string, LoggedTrace[]>();
    for (const t of readTraces(logFile)) {
      if (t.invocationId && invocationIds.includes(t.invocationId))
        byId.set(t.invocationId, [...(byId.get(t.invocationId) ?? []), t]);
    }
    if (invocationIds.every((id) => byId.has(id)) || Date.now() > deadline) return byId;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs tasks with at most `limit` in flight, keeping results in task order. */
export async function pool<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
