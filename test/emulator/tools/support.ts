import { expect } from "vitest";
import { collectEvidenceRefs, type Envelope, type Evidence } from "nova-contract";
import type { SeedDoc } from "../../../scripts/seed/generate";
import { servedSeed } from "../../../scripts/seed/served";

/** The seeded data set the suite serves, straight from the generator: an independent source of expected counts. */
export const seed = servedSeed();

export function expectError(env: Envelope, code: string): void {
  expect(env.status).toBe("error");
  expect(env.error?.code).toBe(code);
  expect(env.data).toBeNull();
  expect(env.evidence).toEqual([]);
}

/** Success whose evidence and data references are the same set, all of it mock (emulator binding). */
export function expectLinkedSuccess(env: Envelope): Map<string, Evidence> {
  expect(env.status).toBe("success");
  expect(new Set(env.evidence.map((e) => e.evidenceId))).toEqual(collectEvidenceRefs(env.data));
  for (const e of env.evidence) expect(e.provenance).toBe("mock");
  return new Map(env.evidence.map((e) => [e.evidenceId, e]));
}

/** The evidence item a record cites: record kind, ref = that document's path. */
export function expectRecord(evidence: Map<string, Evidence>, evidenceId: string, path: string): void {
  expect(evidence.get(evidenceId)).toMatchObject({ kind: "record", ref: path });
}

/** The evidence item an aggregate cites: dataset kind, ref starting with the collection it covers. */
export function expectDataset(evidence: Map<string, Evidence>, evidenceId: string, refPrefix: string): Evidence {
  const e = evidence.get(evidenceId);
  expect(e?.kind).toBe("dataset");
  expect(e?.ref.startsWith(refPrefix), `${e?.ref} starts with ${refPrefix}`).toBe(true);
  return e!;
}

/** Reads `key=value` pairs from a dataset ref such as `...posts?measured&from=...&to=...&n=84`. */
export function refParams(ref: string): Record<string, string> {
  const query = ref.slice(ref.indexOf("?") + 1);
  return Object.fromEntries(
    query
      .split("&")
      .filter((p) => p.includes("="))
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]),
  );
}

export function docsOf(workspaceId: string, collection: string): SeedDoc[] {
  const prefix = `workspaces/${workspaceId}/${collection}/`;
  return seed.docs.filter((d) => d.path.startsWith(prefix) && d.path.split("/").length === 4);
}

/** Measured posts (published, with metrics) of a workspace published in [from, to). */
export function measuredPostsIn(workspaceId: string, from: string, to: string): SeedDoc[] {
  const [f, t] = [Date.parse(from), Date.parse(to)];
  return docsOf(workspaceId, "posts").filter((d) => {
    const at = d.data.publishedAt instanceof Date ? d.data.publishedAt.getTime() : NaN;
    return d.data.status === "published" && d.data.metrics != null && at >= f && at < t;
  });
}

/** Every evidence ref of a success envelope belongs to the one workspace. */
export function expectOnlyWorkspace(env: Envelope, workspaceId: string): void {
  expect(env.evidence.length).toBeGreaterThan(0);
  for (const e of env.evidence) expect(e.ref.startsWith(`workspaces/${workspaceId}/`), e.ref).toBe(true);
}
