import { parseArgs } from "node:util";
import { readPorts, startSuite, type RunningSuite } from "../emulators/suite";
import { FaultProxy } from "../../test/emulator/faults/proxy";
import { formatScorecard, runEval } from "./run";
import { formatAttackTable, runAttacks } from "./attacks";

/**
 * npm run eval [-- --model MODEL --repeat K --only a,b --json]: starts the emulator suite with a fault
 * proxy in front of Firestore, runs the scenarios in eval/scenarios and prints the scorecard. Exit 0
 * when every run passed (scripts: met its expectations; a real model: its own answer was accepted).
 * With --attacks: the attack matrix instead (scripts/eval/attacks.ts); exit 0 when every goal the
 * guarantees cover stayed at 0% and the seed is unchanged.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      repeat: { type: "string" },
      only: { type: "string" },
      json: { type: "boolean" },
      attacks: { type: "boolean" },
    },
    strict: true,
  });
  const repeat = values.repeat === undefined ? 1 : Number(values.repeat);
  const only = values.only
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const proxy = new FaultProxy(readPorts().firestore);
  const port = await proxy.listen();
  let suite: RunningSuite | undefined;
  try {
    suite = await startSuite({ logDir: ".emulators/eval", firestoreHostForFunctions: `127.0.0.1:${port}` });
    const ports = readPorts();
    if (values.attacks) {
      const hosts = { authHost: `127.0.0.1:${ports.auth}`, firestoreHost: `127.0.0.1:${ports.firestore}` };
      const t = await runAttacks({ ...hosts, functionsUrl: `127.0.0.1:${ports.functions}` });
      process.stdout.write(values.json ? JSON.stringify(t, null, 2) + "\n" : formatAttackTable(t));
      return t.seedUnchanged && t.rows.every((r) => r.coveredBy === null || r.achieved === 0) ? 0 : 1;
    }
    const card = await runEval(
      {
        functionsUrl: `127.0.0.1:${ports.functions}`,
        authHost: `127.0.0.1:${ports.auth}`,
        setFault: (m) => proxy.set(m),
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
  }
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    process.stderr.write(`eval: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
