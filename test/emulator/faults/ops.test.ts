import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOG, EnvelopeSchema } from "nova-contract";
import { REPORTED_ERROR_EVENT } from "../../../functions/src/trace/cloud-logging";
import { PROJECT_ID, readPorts, startSuite, type RunningSuite } from "../../../scripts/emulators/suite";
import { loadCatalog } from "../../support/catalog";
import { newInvocationId, waitForTraces } from "../../support/emulator-calls";
import { loggingFilters, opsResources } from "../../support/google-resources";
import {
  extractedPath,
  logEntryOf,
  matchesLogQuery,
  parseLogQuery,
  pathsOf,
  valuesAt,
} from "../../support/logging-query";
import { violations, type MetricSpec, type ThresholdCondition } from "../../support/monitoring-query";
import { callerAs, closeCallers, rawCall } from "../support/client";
import { FaultProxy } from "./proxy";

/**
 * ops/ against the entries the functions really write: a suite of its own (Firestore behind the
 * fault proxy, so that DEPENDENCY_UNAVAILABLE and a retried success happen for real), calls with
 * every kind of outcome over the callable protocol, then every line the Functions emulator printed
 * (firebase-functions' own entries included), turned into the LogEntry Cloud Logging stores. Every
 * field a filter or extractor names must be there, and each filter must select exactly the entries
 * it is meant to. The INTERNAL comes from a malformed job document, as a bad write would cause.
 */

const decls = loadCatalog();
const MALFORMED_JOB = "job-ops-malformed";

interface Made {
  readonly label: string;
  readonly tool: string;
  readonly invocationId: string;
  readonly code: string;
  readonly retried: boolean;
}

let suite: RunningSuite | undefined;
let proxy: FaultProxy | undefined;
let admin: App | undefined;
let db: Firestore | undefined;
const made: Made[] = [];
/** Every JSON line the functions printed, as Cloud Logging would store it. */
let entries: Record<string, unknown>[] = [];
let calls: Record<string, unknown>[] = [];
let outside: Record<string, unknown>[] = [];

async function call(
  label: string,
  tool: string,
  data: unknown,
  token: string | null,
  expect: { code: string; retried?: boolean },
): Promise<void> {
  const invocationId = newInvocationId("ops");
  const headers: Record<string, string> = {
    "x-nova-invocation": invocationId,
    traceparent: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await rawCall(tool, { data }, headers);
  const envelope = EnvelopeSchema.parse((res.body as { result: unknown }).result);
  made.push({
    label: `${label}: got ${envelope.error?.code ?? "OK"}`,
    tool,
    invocationId,
    code: expect.code,
    retried: expect.retried ?? false,
  });
}

beforeAll(async () => {
  proxy = new FaultProxy(readPorts().firestore);
  const port = await proxy.listen();
  try {
    suite = await startSuite({ logDir: ".emulators/ops", firestoreHostForFunctions: `127.0.0.1:${port}` });
  } catch (err) {
    await proxy.close();
    throw err;
  }
  const [operator, outsider] = await Promise.all([callerAs("operator@acme.test"), callerAs("outsider@nova.test")]);
  const [token, outsiderToken] = await Promise.all([operator.idToken(), outsider.idToken()]);

  // A job document no valid write produces (a state outside the schema): the tool must answer INTERNAL.
  const savedHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${readPorts().firestore}`;
  admin = initializeApp({ projectId: PROJECT_ID }, `ops-admin-${process.pid}`);
  // The client binds to the emulator on its first request, so the variable can be restored after it.
  db = getFirestore(admin);
  await db.doc(`workspaces/acme/jobs/${MALFORMED_JOB}`).set({ kind: "render", state: "exploded", attempts: -1 });
  if (savedHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedHost;

  for (const d of decls) await call(`${d.name} success`, d.name, d.examples.valid[0], token, { code: "OK" });
  await call("NOT_FOUND", "get_job_status", { jobId: "no-such-job" }, token, { code: "NOT_FOUND" });
  await call("INVALID_ID", "get_job_status", { jobId: "a/b" }, token, { code: "INVALID_ID" });
  await call("INVALID_ARGUMENT", "get_job_status", { jobId: 5 }, token, { code: "INVALID_ARGUMENT" });
  await call("UNAUTHENTICATED", "get_job_status", { jobId: "job-failed-1" }, null, { code: "UNAUTHENTICATED" });
  await call("PERMISSION_DENIED", "get_job_status", { jobId: "job-failed-1" }, outsiderToken, {
    code: "PERMISSION_DENIED",
  });
  await call("INTERNAL (malformed job)", "get_job_status", { jobId: MALFORMED_JOB }, token, { code: "INTERNAL" });

  // Reads hang until the first attempt times out (half the budget); then the network heals (the
  // proxy cuts the hung connection) and the retry succeeds. Before the refusals below: a channel
  // that has just been refused for half a minute reconnects only after gRPC's backoff.
  const retried = decls.find((d) => d.name === "fetch_trend_signals")!;
  proxy.set("drop");
  const healing = new Promise((r) => setTimeout(r, retried.budgetMs / 2 + 500)).then(() => proxy!.set("pass"));
  await Promise.all([
    call("retried then OK", retried.name, retried.examples.valid[0], token, { code: "OK", retried: true }),
    healing,
  ]);

  // Firestore refuses every connection: each tool fails twice and answers DEPENDENCY_UNAVAILABLE.
  proxy.set("reset");
  try {
    await Promise.all(
      decls.map((d) =>
        call(`${d.name} under reset`, d.name, d.examples.valid[0], token, {
          code: "DEPENDENCY_UNAVAILABLE",
          retried: true,
        }),
      ),
    );
  } finally {
    proxy.set("pass");
  }
  await waitForTraces(
    suite.functionsLog,
    made.map((m) => m.invocationId),
  );
  entries = readFileSync(suite.functionsLog, "utf8")
    .split("\n")
    .map((line) => line.replace(/^>\s+/, "").trim())
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [logEntryOf(JSON.parse(line) as Record<string, unknown>)];
      } catch {
        return [];
      }
    });
  // The suite's own readiness probe is a call too (unauthenticated, no invocation id): not the scenario's.
  const mine = new Set(made.map((m) => m.invocationId));
  const isCall = (e: Record<string, unknown>) => valuesAt(e, ["jsonPayload", "callId"]).length > 0;
  outside = entries.filter((e) => isCall(e) && !mine.has(invocationOf(e)));
  entries = entries.filter((e) => !outside.includes(e));
  calls = entries.filter(isCall);
}, 240_000);

afterAll(async () => {
  await closeCallers();
  await db
    ?.doc(`workspaces/acme/jobs/${MALFORMED_JOB}`)
    .delete()
    .catch(() => undefined);
  if (admin) await deleteApp(admin);
  await suite?.stop();
  await proxy?.close();
});

const invocationOf = (e: Record<string, unknown>) => valuesAt(e, ["jsonPayload", "invocationId"])[0] as string;
const madeOf = (e: Record<string, unknown>) => made.find((m) => m.invocationId === invocationOf(e))!;
const idsOf = (list: Record<string, unknown>[]) => list.map(invocationOf).sort();

describe("the emulator wrote the entries the scenario asks for", () => {
  it("one call entry per call, each with the outcome it was made for, besides the SDK's own entries", () => {
    expect(idsOf(calls)).toEqual(made.map((m) => m.invocationId).sort());
    for (const e of outside) expect(valuesAt(e, ["jsonPayload", "invocationId"])).toEqual([]);
    for (const e of calls) {
      const m = madeOf(e);
      expect({ label: m.label, code: valuesAt(e, ["jsonPayload", "resultCode"])[0] }).toEqual({
        label: m.label,
        code: m.code,
      });
      expect({ label: m.label, attempts: valuesAt(e, ["jsonPayload", "attempts"]).length === 2 }).toEqual({
        label: m.label,
        attempts: m.retried,
      });
    }
    // firebase-functions logs its own entries too (DEBUG "Callable request verification passed"):
    // the filters below must skip them.
    expect(entries.length).toBeGreaterThan(calls.length);
    expect(new Set(made.map((m) => m.code))).toEqual(
      new Set([
        "OK",
        "NOT_FOUND",
        "INVALID_ID",
        "INVALID_ARGUMENT",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        "INTERNAL",
        "DEPENDENCY_UNAVAILABLE",
      ]),
    );
  });
});

/** Which entries each ops/ filter is for, from the scenario (not from the filter). */
const INTENDED: Record<string, (m: Made) => boolean> = {
  "ops/metrics/nova_tools_calls.json filter": () => true,
  "ops/metrics/nova_tools_duration.json filter": () => true,
  "ops/metrics/nova_tools_reads.json filter": () => true,
  "ops/metrics/nova_tools_retries.json filter": (m) => m.retried,
};
const INTENDED_BY_PREFIX: [RegExp, (m: Made) => boolean][] = [
  [/^ops\/alerts\/internal\.json /, (m) => m.code === "INTERNAL"],
  [/^ops\/dashboards\/nova-tools\.json Bugs/, (m) => m.code === "INTERNAL"],
];

describe("every Logging filter in ops/ against the emulator's entries", () => {
  const filters = loggingFilters();
  it("has an intended selection for every filter", () => {
    for (const f of filters)
      expect(f.where in INTENDED || INTENDED_BY_PREFIX.some(([re]) => re.test(f.where)), f.where).toBe(true);
  });

  it.each(filters.map((f) => [f.where, f.filter] as const))(
    "%s: names fields the entries carry, selects exactly its entries",
    (where, filter) => {
      const q = parseLogQuery(filter);
      for (const path of pathsOf(q))
        expect(
          calls.some((e) => valuesAt(e, path.split(".")).length > 0),
          `${path} in some call entry`,
        ).toBe(true);
      const intended = INTENDED[where] ?? INTENDED_BY_PREFIX.find(([re]) => re.test(where))![1];
      const selected = entries.filter((e) => matchesLogQuery(q, e));
      expect(idsOf(selected)).toEqual(
        made
          .filter(intended)
          .map((m) => m.invocationId)
          .sort(),
      );
      expect(selected.length).toBeGreaterThan(0);
    },
  );

  it("the README's filters name fields the entries carry (docs/operations.md)", () => {
    const doc = readFileSync("docs/operations.md", "utf8");
    const table = doc.slice(doc.indexOf("| what | filter |"), doc.indexOf("For example:"));
    const readme = [...table.matchAll(/\| `([^`]+)` \|$/gm)].map((m) => m[1]!);
    expect(readme.length).toBeGreaterThanOrEqual(10);
    for (const filter of readme) {
      for (const path of pathsOf(parseLogQuery(filter)))
        expect(
          calls.some((e) => valuesAt(e, path.split(".")).length > 0),
          `${filter}: ${path}`,
        ).toBe(true);
    }
    const errors = parseLogQuery('labels.tool="get_job_status" AND labels.status="error"');
    expect(idsOf(entries.filter((e) => matchesLogQuery(errors, e)))).toEqual(
      made
        .filter((m) => m.tool === "get_job_status" && m.code !== "OK")
        .map((m) => m.invocationId)
        .sort(),
    );
  });
});

describe("extractors against the emulator's entries", () => {
  const { metrics, alerts } = opsResources();
  const toolNames = decls.map((d) => d.name);
  const allowed: Record<string, readonly string[]> = {
    tool: toolNames,
    status: ["success", "error"],
    result_code: ["OK", ...Object.keys(ERROR_CATALOG)],
  };

  it.each(metrics.map((m) => [m.file, m.json] as const))(
    "%s: every selected entry yields each label, of a closed set, and a numeric value",
    (_f, m) => {
      const selected = entries.filter((e) => matchesLogQuery(parseLogQuery(m.filter), e));
      expect(selected.length).toBeGreaterThan(0);
      for (const e of selected) {
        for (const [label, extractor] of Object.entries(m.labelExtractors as Record<string, string>)) {
          const values = valuesAt(e, extractedPath(extractor));
          expect(values, `${label} of ${madeOf(e).label}`).toHaveLength(1);
          expect(allowed[label]).toContain(values[0]);
        }
        if (m.valueExtractor) {
          const values = valuesAt(e, extractedPath(m.valueExtractor));
          expect(values).toHaveLength(1);
          expect(typeof values[0]).toBe("number");
        }
      }
    },
  );

  it("the INTERNAL alert's labels: the tool and the product's reason", () => {
    const condition = alerts.find((a) => a.file.endsWith("internal.json"))!.json.conditions[0].conditionMatchedLog;
    const [entry, ...more] = entries.filter((e) => matchesLogQuery(parseLogQuery(condition.filter), e));
    expect(more).toEqual([]);
    const labels = Object.fromEntries(
      Object.entries(condition.labelExtractors as Record<string, string>).map(([k, x]) => [
        k,
        valuesAt(entry, extractedPath(x)),
      ]),
    );
    expect(labels).toEqual({ tool: ["get_job_status"], reason: ["exception"] });
  });
});

describe("Error Reporting on the emulator's entries", () => {
  it("the INTERNAL entry is an error event with a safe message; no other entry is", () => {
    const reported = entries.filter((e) => valuesAt(e, ["jsonPayload", "@type"]).includes(REPORTED_ERROR_EVENT));
    expect(reported.map((e) => madeOf(e).code)).toEqual(["INTERNAL"]);
    const e = reported[0]!;
    expect(e.severity).toBe("ERROR");
    const payload = e.jsonPayload as Record<string, unknown>;
    expect(payload.serviceContext).toMatchObject({ service: "get_job_status" });
    expect(payload.message).toBe("get_job_status error INTERNAL (exception)");
    // No stack, no exception text: nothing of the ZodError the malformed document caused.
    const text = JSON.stringify(e);
    expect(text).not.toMatch(/\n\s+at |node_modules|\.js:\d+|ZodError|exploded|invalid_value/i);
    for (const other of calls.filter((c) => c !== e)) expect(other.jsonPayload).not.toHaveProperty("serviceContext");
  });
});

describe("the alert conditions over this run, taken as one window", () => {
  const { metrics, alerts } = opsResources();
  const specs = metrics.map((m) => m.json as unknown as MetricSpec);
  const policy = (file: string) => alerts.find((a) => a.file.endsWith(file))!.json;
  const threshold = (file: string, i = 0) => policy(file).conditions[i].conditionThreshold as ThresholdCondition;
  const serverSide = Object.entries(ERROR_CATALOG)
    .filter(([, e]) => e.category === "internal" || e.category === "dependency")
    .map(([c]) => c);

  it("error rate: fires for exactly the tools whose server-side failures exceed 5% of their calls", () => {
    const expected = decls
      .map((d) => d.name)
      .filter((tool) => {
        const mine = made.filter((m) => m.tool === tool);
        return mine.filter((m) => serverSide.includes(m.code)).length / mine.length > 0.05;
      });
    expect(expected.length).toBeGreaterThan(0);
    expect([...violations(threshold("error-rate.json"), specs, entries).keys()].sort()).toEqual(expected.sort());
  });

  it("DEPENDENCY_UNAVAILABLE burst: the six refused calls are more than 5", () => {
    const count = made.filter((m) => m.code === "DEPENDENCY_UNAVAILABLE").length;
    expect(count).toBe(decls.length);
    expect([...violations(threshold("dependency-burst.json"), specs, entries)]).toEqual([["", count]]);
  });

  it("p95 over half the budget: fires for the tools with a successful call that slow (the retried one), not the others", () => {
    const conditions = policy("latency.json").conditions.map(
      (c: { conditionThreshold: ThresholdCondition }) => c.conditionThreshold,
    );
    const fired = conditions.flatMap((c: ThresholdCondition) => [...violations(c, specs, entries).keys()]).sort();
    const slow = decls
      .filter((d) =>
        calls.some(
          (e) =>
            madeOf(e).tool === d.name &&
            madeOf(e).code === "OK" &&
            (valuesAt(e, ["jsonPayload", "totalDurationMs"])[0] as number) > d.budgetMs / 2,
        ),
      )
      .map((d) => d.name);
    expect(slow).toContain("fetch_trend_signals");
    expect(fired).toEqual(slow.sort());
  });
});
