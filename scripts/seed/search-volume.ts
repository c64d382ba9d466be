/**
 * Measures search_trend_signals on a large generated volume of trend signals (docs/tools.md,
 * "search_trend_signals"): documents read per search and time per search, for the tool as built and
 * for other candidate caps, and how many of the window's matching signals each cap finds.
 *
 *   flock /tmp/nova-emulators.lock npx tsx scripts/seed/search-volume.ts [perDay=200] [days=30]
 *
 * It starts the emulator suite, writes the volume into a project of its own (demo-nova-volume, so
 * the seeded demo-nova is untouched), runs the real tool through invokeTool on the product's
 * FirestoreStore, prints a table, and stops the suite.
 */
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { rankSignals, queryTokens, searchWindowStart, CANDIDATE_LIMIT } from "../../functions/src/compute/search";
import { invokeTool } from "../../functions/src/runtime/invoke";
import { FirestoreStore } from "../../functions/src/store/firestore";
import { TrendSignalDoc } from "../../functions/src/store/documents";
import { MemoryTraceSink } from "../../functions/src/trace/entry";
import search from "../../functions/src/tools/search_trend_signals";
import { startSuite } from "../emulators/suite";
import { generateSignalVolume, SEED_NOW_MS } from "./generate";
import { BATCH_SIZE, toFirestoreValue } from "./load";

const VOLUME_PROJECT = "demo-nova-volume";
const QUERIES = ["AI video", "sustainability regulation", "TikTok search", "café", "quantum submarine"];
const CAPS = [50, 100, 200, 500];
const ROUNDS = 5;

async function main(): Promise<void> {
  const perDay = Number(process.argv[2] ?? 200);
  const days = Number(process.argv[3] ?? 30);
  const suite = await startSuite();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${suite.ports.firestore}`;
  const app = initializeApp({ projectId: VOLUME_PROJECT }, "search-volume");
  try {
    const db = getFirestore(app);
    const docs = generateSignalVolume(perDay * days, days);
    for (let i = 0; i < docs.length; i += BATCH_SIZE) {
      const batch = db.batch();
      for (const d of docs.slice(i, i + BATCH_SIZE))
        batch.set(db.doc(d.path), toFirestoreValue(d.data) as Record<string, unknown>);
      await batch.commit();
    }
    // The clock of the data: the tool's window counts back from the call, here SEED_NOW.
    const now = new Date(SEED_NOW_MS);
    const since = searchWindowStart(now).getTime();
    const store = new FirestoreStore(db);
    const all = docs.map((d) => ({
      ...TrendSignalDoc.parse(d.data),
      id: d.path.split("/")[1]!,
    }));
    console.log(`${docs.length} signals over ${days} days (${perDay}/day) in ${VOLUME_PROJECT}`);

    // The tool as built, through the runtime: reads from its trace, time per call.
    const auth = { uid: "volume-reader", claims: {} };
    for (const query of QUERIES) {
      const sink = new MemoryTraceSink();
      const t0 = performance.now();
      for (let r = 0; r < ROUNDS; r++) {
        await invokeTool(search, { auth, data: { query, limit: 10 } }, { store, sink });
      }
      const ms = (performance.now() - t0) / ROUNDS;
      const reads = sink.entries.map((e) => e.trace.reads);
      console.log(
        `tool (cap ${CANDIDATE_LIMIT}) ${JSON.stringify(query)}: reads ${Math.max(...reads)}, ${ms.toFixed(1)} ms per search`,
      );
    }

    // Candidate caps: the same newest-first read and ranking at other limits, against the window's matches.
    const windowMatches = QUERIES.map(
      (q) =>
        rankSignals(
          queryTokens(q),
          all.filter((s) => s.observedAt >= since),
        ).length,
    );
    console.log("cap | hours covered | ms per read+rank | found of the window's matches (per query)");
    for (const cap of CAPS) {
      const t0 = performance.now();
      let found: string[] = [];
      let oldest = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const read = await store.query({ collection: "trendSignals", orderBy: [["observedAt", "desc"]], limit: cap });
        const candidates = read
          .map((d) => ({ ...TrendSignalDoc.parse(d.data), id: d.id }))
          .filter((c) => c.observedAt >= since);
        oldest = candidates[candidates.length - 1]?.observedAt ?? since;
        found = QUERIES.map((q, i) => `${rankSignals(queryTokens(q), candidates).length}/${windowMatches[i]}`);
      }
      const ms = (performance.now() - t0) / ROUNDS;
      console.log(
        `${cap} | ${((SEED_NOW_MS - oldest) / 3_600_000).toFixed(1)} | ${ms.toFixed(1)} | ${found.join(" ")}`,
      );
    }
  } finally {
    await deleteApp(app);
    await suite.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
