import { EnvelopeSchema } from "nova-contract";
import { TransientDependencyError } from "../../functions/src/store/store";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { invokeTool } from "../../functions/src/runtime/invoke";
import type { BoundedQuery, ReadOnlyStore, StoredDoc } from "../../functions/src/store/store";
import { MemoryTraceSink } from "../../functions/src/trace/entry";
import type { ScenarioResult } from "../contracts/states";

const UID = "verify-member";
const WORKSPACE = "acme";
const MEMBER_PATH = `workspaces/${WORKSPACE}/members/${UID}`;

/**
 * Firestore gone: every read rejects as unavailable, except the caller's membership document, so
 * that workspace tools get past authorization and their own reads meet the fault.
 */
export class UnavailableStore implements ReadOnlyStore {
  readonly provenance = "mock" as const;
  reads = 0;
  async get(path: string): Promise<StoredDoc | null> {
    this.reads += 1;
    if (path === MEMBER_PATH) return { id: UID, path, data: { role: "operator" } };
    throw new TransientDependencyError("unavailable");
  }
  async query(_q: BoundedQuery): Promise<StoredDoc[]> {
    this.reads += 1;
    throw new TransientDependencyError("unavailable");
  }
}

/**
 * The dependency-failure scenario, in process: the real runtime (invokeTool) and the tool's real
 * code with a store that fails. The emulator cannot take Firestore away mid-suite without
 * disturbing other users of the shared ports, so the record says `in_process`.
 */
export async function dependencyScenario(decl: ToolDeclaration): Promise<ScenarioResult> {
  const sink = new MemoryTraceSink();
  const store = new UnavailableStore();
  const input = decl.examples.valid[0];
  const envelope = await invokeTool(
    decl,
    { auth: { uid: UID, claims: { workspaceId: WORKSPACE } }, data: input },
    { store, sink },
  );
  const problems: string[] = [];
  if (!EnvelopeSchema.safeParse(envelope).success) problems.push("the answer is not a valid envelope");
  if (envelope.status !== "error" || envelope.error.code !== "DEPENDENCY_UNAVAILABLE") {
    problems.push(
      `expected DEPENDENCY_UNAVAILABLE, got ${envelope.status === "error" ? envelope.error.code : "success"}`,
    );
  } else if (!envelope.error.retryable) problems.push("DEPENDENCY_UNAVAILABLE not retryable");
  const traces = sink.entries.map((e) => e.trace);
  if (traces.length !== 1) problems.push(`${traces.length} traces (expected exactly 1)`);
  const attempts = traces[0]?.attempts ?? [];
  if (attempts.length !== 2 || attempts.some((a) => a.outcome !== "unavailable")) {
    problems.push(
      `attempts ${attempts.map((a) => a.outcome).join(",") || "none"} (expected exactly two unavailable: one transient retry)`,
    );
  }
  if (store.reads === 0) problems.push("the tool never reached the store");
  const detail = problems.length
    ? problems.join("; ")
    : `invokeTool with a store whose reads reject as unavailable: DEPENDENCY_UNAVAILABLE (retryable) after exactly one retry, ${store.reads} read attempt(s), one trace`;
  return { name: "dependency", via: "in_process", status: problems.length ? "fail" : "pass", calls: 1, detail };
}
