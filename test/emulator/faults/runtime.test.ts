import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPorts, startSuite, type RunningSuite } from "../../../scripts/emulators/suite";
import { loadScenarios, runScenario } from "../../../scripts/eval/scenarios";
import { waitForTraces } from "../../support/emulator-calls";
import { FaultProxy } from "./proxy";

/**
 * Nova's runtime under a Firestore fault, through Genkit's real loop with the dependency_unavailable
 * scenario of npm run eval: DEPENDENCY_UNAVAILABLE reaches the model as an envelope, Nova's one retry
 * of it is allowed, a second is refused before any request, and the answer reports the error.
 */
let suite: RunningSuite | undefined;
let proxy: FaultProxy | undefined;

beforeAll(async () => {
  proxy = new FaultProxy(readPorts().firestore);
  const port = await proxy.listen();
  try {
    suite = await startSuite({ logDir: ".emulators/faults-runtime", firestoreHostForFunctions: `127.0.0.1:${port}` });
  } catch (err) {
    await suite?.stop();
    await proxy.close();
    throw err;
  }
});

afterAll(async () => {
  await suite?.stop();
  await proxy?.close();
});

describe("Nova on Genkit with Firestore unreachable", () => {
  it("reports DEPENDENCY_UNAVAILABLE after its one retry; a second retry is refused", async () => {
    const ports = readPorts();
    const [s] = await loadScenarios(undefined, ["dependency_unavailable"]);
    const run = await runScenario(s!, {
      functionsUrl: `127.0.0.1:${ports.functions}`,
      authHost: `127.0.0.1:${ports.auth}`,
      setFault: (m) => proxy!.set(m),
    });
    expect(run.problems).toEqual([]);
    const result = run.result!;
    expect(result.ledger.calls.map((c) => c.envelope.error?.code)).toEqual([
      "DEPENDENCY_UNAVAILABLE",
      "DEPENDENCY_UNAVAILABLE",
    ]);
    expect(run.report.refusals.map((r) => r.reason)).toEqual([expect.stringMatching(/already retried once/)]);
    expect(result.answer.claims).toEqual([
      expect.objectContaining({ type: "tool_error", error: result.ledger.calls[1]!.envelope.error }),
    ]);
    // Each call was one tool call with the tool's own single retry inside it.
    const traces = (await waitForTraces(suite!.functionsLog, [result.invocationId])).get(result.invocationId) ?? [];
    expect(traces).toHaveLength(2);
    for (const t of traces) expect(t.attempts).toHaveLength(2);
  });
});
