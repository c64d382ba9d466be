import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import { readPorts, startSuite, type RunningSuite } from "../../../scripts/emulators/suite";
import { loadCatalog } from "../../support/catalog";
import {
  newInvocationId,
  tracedCall,
  waitForTraces,
  type LoggedTrace,
  type TracedCall,
} from "../../support/emulator-calls";
import { callerAs, closeCallers } from "../support/client";
import { FaultProxy, type FaultMode } from "./proxy";

/**
 * Dependency faults end to end (SPEC section 3): the Functions emulator reads Firestore through a
 * TCP proxy that passes, delays, drops or resets traffic, or Firestore is stopped outright. Every
 * tool must answer DEPENDENCY_UNAVAILABLE (retryable) inside its budget after exactly one retry, as
 * its trace in the functions' log shows; the functions must keep answering; and calls must succeed
 * again once the fault is gone. Tools run in parallel: one budget of wall time per scenario.
 */

const decls = loadCatalog();
// What the callable protocol and the emulator add around the runtime's own budget.
const TRANSPORT_SLACK_MS = 1_500;
const RECOVERY_DEADLINE_MS = 60_000;

let suite: RunningSuite | undefined;
let proxy: FaultProxy | undefined;
let token: string | null = null;

beforeAll(async () => {
  proxy = new FaultProxy(readPorts().firestore);
  const port = await proxy.listen();
  try {
    suite = await startSuite({ logDir: ".emulators/faults", firestoreHostForFunctions: `127.0.0.1:${port}` });
    token = await (await callerAs("operator@acme.test")).idToken();
  } catch (err) {
    await suite?.stop();
    await proxy.close();
    throw err;
  }
});

afterAll(async () => {
  await closeCallers();
  await suite?.stop();
  await proxy?.close();
});

interface Probe {
  decl: ToolDeclaration;
  call: TracedCall;
  trace: LoggedTrace;
}

/** Every tool once, in parallel, as the acme operator with its first valid example; with traces. */
async function probeAll(label: string): Promise<Probe[]> {
  const calls = await Promise.all(
    decls.map((decl) => tracedCall(decl.name, decl.examples.valid[0], token, newInvocationId(`fault-${label}`))),
  );
  const traces = await waitForTraces(
    suite!.functionsLog,
    calls.map((c) => c.invocationId),
  );
  return calls.map((call, i) => {
    const found = traces.get(call.invocationId) ?? [];
    expect(found, `trace of ${call.tool} ${call.invocationId}`).toHaveLength(1);
    return { decl: decls[i]!, call, trace: found[0]! };
  });
}

function expectUnavailableInBudget(probes: Probe[]): void {
  for (const { decl, call, trace } of probes) {
    const what = `${decl.name}: ${JSON.stringify(call.body)} ${JSON.stringify(trace.attempts)}`;
    expect(call.httpStatus, what).toBe(200);
    expect(call.envelope?.error, what).toMatchObject({
      code: "DEPENDENCY_UNAVAILABLE",
      category: "dependency",
      retryable: true,
    });
    // Exactly one retry, and only after a transient outcome.
    expect(trace.attempts, what).toHaveLength(2);
    for (const a of trace.attempts) expect(["timeout", "unavailable"], what).toContain(a.outcome);
    expect(trace.resultCode, what).toBe("DEPENDENCY_UNAVAILABLE");
    expect(trace.totalDurationMs, what).toBeLessThanOrEqual(decl.budgetMs);
    expect(call.ms, what).toBeLessThan(decl.budgetMs + TRANSPORT_SLACK_MS);
  }
}

/** The functions still answer while the fault lasts: a call that needs no Firestore is prompt. */
async function expectResponsive(): Promise<void> {
  const call = await tracedCall(decls[0]!.name, decls[0]!.examples.valid[0], null, newInvocationId("fault-alive"));
  expect(call.envelope?.error?.code).toBe("UNAUTHENTICATED");
  // A fresh emulator worker may have to start (the others are busy): cold start, not a hang.
  expect(call.ms).toBeLessThan(10_000);
}

/** After the fault: every tool succeeds again. Returns how long the slowest took to come back. */
async function expectRecovered(label: string): Promise<{ worstMs: number; firstTry: number }> {
  const t0 = Date.now();
  let pending = [...decls];
  let firstTry = 0;
  for (let round = 0; pending.length > 0; round++) {
    const calls = await Promise.all(
      pending.map((d) => tracedCall(d.name, d.examples.valid[0], token, newInvocationId(`recover-${label}`))),
    );
    for (const c of calls) expect(c.httpStatus).toBe(200);
    if (round === 0) {
      firstTry = calls.filter((c) => c.envelope?.status === "success").length;
      // How the first call after the fault got through: at once, or on the runtime's one retry.
      const traces = await waitForTraces(
        suite!.functionsLog,
        calls.map((c) => c.invocationId),
      );
      const how = calls.map(
        (c) =>
          `${c.tool} ${c.envelope?.error?.code ?? "success"} ${Math.round(c.ms)} ms [${(traces.get(c.invocationId)?.[0]?.attempts ?? []).map((a) => a.outcome).join(",")}]`,
      );
      console.log(`[faults] ${label}, first calls after the fault: ${how.join("; ")}`);
    }
    pending = pending.filter((_, i) => calls[i]!.envelope?.status !== "success");
    if (pending.length && Date.now() - t0 > RECOVERY_DEADLINE_MS) {
      throw new Error(
        `${pending.map((d) => d.name).join(", ")} still failing ${RECOVERY_DEADLINE_MS / 1000} s after the fault ended: ${JSON.stringify(calls.map((c) => c.envelope?.error))}`,
      );
    }
    if (pending.length) await new Promise((r) => setTimeout(r, 1_000));
  }
  const result = { worstMs: Date.now() - t0, firstTry };
  console.log(
    `[faults] ${label}: all ${decls.length} tools succeed again after ${result.worstMs} ms (${firstTry} on the first call)`,
  );
  return result;
}

async function underFault(mode: FaultMode, delayMs = 0): Promise<Probe[]> {
  proxy!.set(mode, delayMs);
  try {
    const [probes] = await Promise.all([
      probeAll(mode),
      new Promise((r) => setTimeout(r, 2_000)).then(expectResponsive),
    ]);
    return probes;
  } finally {
    proxy!.set("pass");
  }
}

function report(label: string, probes: Probe[]): void {
  for (const p of probes) {
    console.log(
      `[faults] ${label} ${p.decl.name}: ${p.call.envelope?.error?.code ?? "success"} in ${Math.round(p.call.ms)} ms (budget ${p.decl.budgetMs}), attempts ${p.trace.attempts.map((a) => `${a.outcome}/${a.durationMs}ms`).join(", ")}`,
    );
  }
}

describe("with Firestore behind a faulty network", () => {
  it("reads through the proxy when nothing is wrong", async () => {
    const before = proxy!.forwarded;
    const probes = await probeAll("baseline");
    for (const p of probes) {
      expect(p.call.envelope?.status, JSON.stringify(p.call.body)).toBe("success");
      expect(p.trace.attempts).toHaveLength(1);
    }
    expect(proxy!.forwarded).toBeGreaterThan(before);
  });

  it("still succeeds in one attempt when every packet is 300 ms late", async () => {
    proxy!.set("delay", 300);
    try {
      const probes = await probeAll("slow");
      report("slow", probes);
      for (const p of probes) {
        expect(p.call.envelope?.status, JSON.stringify(p.call.body)).toBe("success");
        expect(p.trace.attempts).toHaveLength(1);
      }
    } finally {
      proxy!.set("pass");
    }
  });

  it.each([
    ["drop", "every byte is dropped (reads hang)", 0],
    ["delay", "every packet is 16 s late (longer than any attempt)", 16_000],
    ["reset", "every connection is reset", 0],
  ] as const)(
    "answers DEPENDENCY_UNAVAILABLE in budget after one retry when %s: %s, and recovers",
    async (mode, _label, delayMs) => {
      const probes = await underFault(mode, delayMs);
      report(mode, probes);
      expectUnavailableInBudget(probes);
      await expectRecovered(mode);
    },
  );
});

describe("with the Firestore emulator stopped", () => {
  it("answers DEPENDENCY_UNAVAILABLE in budget after one retry, and recovers once it is back", async () => {
    await suite!.stopFirestore();
    let probes: Probe[];
    try {
      [probes] = await Promise.all([
        probeAll("stopped"),
        new Promise((r) => setTimeout(r, 2_000)).then(expectResponsive),
      ]);
    } finally {
      await suite!.startFirestore();
    }
    report("stopped", probes);
    expectUnavailableInBudget(probes);
    await expectRecovered("stopped");
  });
});
