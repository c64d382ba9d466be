import { parseArgs } from "node:util";
import { readPorts, startSuite, type RunningSuite } from "../emulators/suite";
import { FaultProxy } from "../../test/emulator/faults/proxy";
import { GeminiWire, type WireProvider } from "../../test/support/gemini-wire/server";
import { quietGenkitLogs } from "../../nova/src/runtime";
import { formatScorecard, runEval } from "./run";
import { formatAttackTable, runAttacks } from "./attacks";
import type { Transport } from "./scenarios";

/**
 * npm run eval [-- --model MODEL --repeat K --only a,b --json --transport script|gemini-wire --wire-model
 * googleai/gemini-2.5-flash]: starts the emulator suite with a fault
 * proxy in front of Firestore, runs the scenarios in eval/scenarios and prints the scorecard. Exit 0
 * when every run passed (scripts: met its expectations; a real model: its own answer was accepted).
 * With --attacks: the attack matrix instead (scripts/eval/attacks.ts); exit 0 when every goal the
 * guarantees cover stayed at 0% and the seed is unchanged.
 */
async function main(): Promise<number> {
  quietGenkitLogs();
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      repeat: { type: "string" },
      only: { type: "string" },
      json: { type: "boolean" },
      attacks: { type: "boolean" },
      transport: { type: "string" },
      "wire-model": { type: "string" },
    },
    strict: true,
  });
  const repeat = values.repeat === undefined ? 1 : Number(values.repeat);
  const only = values.only
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const transportKind = values.transport ?? "script";
  if (transportKind !== "script" && transportKind !== "gemini-wire")
    throw new Error(`--transport must be script or gemini-wire, got "${transportKind}"`);
  const [provider, wireModel] = (values["wire-model"] ?? "googleai/gemini-2.5-flash").split(/\/(.*)/s);
  if ((provider !== "googleai" && provider !== "vertexai") || !wireModel)
    throw new Error(`--wire-model must be googleai/MODEL or vertexai/MODEL, got "${values["wire-model"]}"`);
  // Started first: a taken port fails before the emulators start; stopped on every exit.
  const wire = transportKind === "gemini-wire" ? await new GeminiWire().start() : undefined;
  const transport: Transport = wire
    ? { kind: "gemini-wire", wire, provider: provider as WireProvider, model: wireModel }
    : { kind: "script" };
  const proxy = new FaultProxy(readPorts().firestore);
  let suite: RunningSuite | undefined;
  try {
    const port = await proxy.listen();
    suite = await startSuite({ logDir: ".emulators/eval", firestoreHostForFunctions: `127.0.0.1:${port}` });
    const ports = readPorts();
    if (values.attacks) {
      const hosts = { authHost: `127.0.0.1:${ports.auth}`, firestoreHost: `127.0.0.1:${ports.firestore}` };
      const t = await runAttacks({ ...hosts, functionsUrl: `127.0.0.1:${ports.functions}` }, { transport });
      process.stdout.write(values.json ? JSON.stringify(t, null, 2) + "\n" : formatAttackTable(t));
      const refused = wire?.takeRefusals() ?? [];
      for (const r of refused) process.stderr.write(`the wire double refused a request (${r.rule}: ${r.detail})\n`);
      return refused.length === 0 && t.seedUnchanged && t.rows.every((r) => r.coveredBy === null || r.achieved === 0)
        ? 0
        : 1;
    }
    const card = await runEval(
      {
        functionsUrl: `127.0.0.1:${ports.functions}`,
        authHost: `127.0.0.1:${ports.auth}`,
        setFault: (m) => proxy.set(m),
        transport,
      },
      { ...(values.model ? { model: values.model } : {}), repeat, ...(only ? { only } : {}) },
    );
    process.stdout.write(
      values.json ? JSON.stringify(card, (k, v) => (k === "runs" ? undefined : v), 2) + "\n" : formatScorecard(card),
    );
    return card.scenarios.every((s) => s.passes === s.runs.length) ? 0 : 1;
  } finally {
    await suite?.stop();
    await proxy.close();
    await wire?.stop();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    process.stderr.write(`eval: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
