"use strict";
/**
 * The bare twin of a tool: a plain onCall handler that does the tool's Firestore reads with
 * firebase-admin directly, and nothing else: no input schema, no membership logic, no budget or
 * retry, no evidence, no envelope, no output check, no trace. The reads are not re-typed by hand:
 * they are the reads the tool itself made on the seeded data (recorded by bench/reads.ts through a
 * recording store around the product's FirestoreStore), replayed in the same order and with the
 * same parallelism. So the twin's queries are the tool's queries by construction, and a tool that
 * lands later gets its twin without anyone writing one. Plain JavaScript so the cold-start child
 * loads it without a TypeScript loader.
 *
 * A read op is JSON: {kind:"get", path} or {kind:"query", collection, where?, orderBy?, limit};
 * `waves` is a list of op lists, each wave issued together (Promise.all) after the previous one.
 */

/** Query values travel as JSON; dates are tagged so the replay sends a Date, as the tool did. */
function revive(value) {
  if (value && typeof value === "object" && !Array.isArray(value) && typeof value.$date === "string")
    return new Date(value.$date);
  if (Array.isArray(value)) return value.map(revive);
  return value;
}

function read(db, op) {
  if (op.kind === "get") {
    return db
      .doc(op.path)
      .get()
      .then((snap) => (snap.exists ? snap.data() : null));
  }
  let query = db.collection(op.collection);
  for (const [field, cmp, value] of op.where || []) query = query.where(field, cmp, revive(value));
  for (const [field, dir] of op.orderBy || []) query = query.orderBy(field, dir);
  return query
    .limit(op.limit)
    .get()
    .then((snap) => snap.docs.map((d) => d.data()));
}

/** Reads counted the way the product's CountingStore counts them (a query reads at least one). */
function countReads(results, waves) {
  const ops = waves.flat();
  return results.reduce((n, r, i) => n + (ops[i].kind === "get" ? 1 : Math.max(1, r.length)), 0);
}

/**
 * onCall: firebase-functions/v2/https onCall; getDb: () => Firestore, called on the first request
 * (as the product creates its client on first use). The answer is the raw documents read.
 */
function bareHandler(onCall, getDb, waves) {
  let db;
  return onCall(async (request) => {
    if (!request.auth) return null;
    db ??= getDb();
    const results = [];
    for (const wave of waves) results.push(...(await Promise.all(wave.map((op) => read(db, op)))));
    return { docs: results, reads: countReads(results, waves) };
  });
}

module.exports = { bareHandler, read, revive, countReads };
