import { describe, expect, it } from "vitest";
import { EvidenceRecorder, newEvidenceId } from "../../../functions/src/runtime/evidence";

describe("newEvidenceId", () => {
  it("is ev_ and 96 bits in url-safe base64, unique across many pool refills", () => {
    // 10,000 ids span about 40 refills of the random pool: no id, and no pool block, comes back.
    const ids = Array.from({ length: 10_000 }, newEvidenceId);
    for (const id of ids) expect(id).toMatch(/^ev_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const decoded = ids.map((id) => Buffer.from(id.slice(3), "base64url"));
    expect(decoded.every((b) => b.length === 12)).toBe(true);
  });

  it("spreads its bits: every base64 position takes many values", () => {
    const ids = Array.from({ length: 2_000 }, newEvidenceId);
    for (let pos = 3; pos < 19; pos++) expect(new Set(ids.map((id) => id[pos])).size).toBeGreaterThan(40);
  });
});

describe("EvidenceRecorder", () => {
  it("mints one item per record or dataset, with the recorder's provenance", () => {
    const at = new Date("2026-11-30T09:00:00.000Z");
    const rec = new EvidenceRecorder("mock", () => at);
    const a = rec.record("workspaces/acme/jobs/j1");
    const b = rec.dataset("workspaces/acme/posts:28d");
    expect(a).not.toBe(b);
    expect(rec.list()).toEqual([
      {
        evidenceId: a,
        kind: "record",
        ref: "workspaces/acme/jobs/j1",
        provenance: "mock",
        observedAt: at.toISOString(),
      },
      {
        evidenceId: b,
        kind: "dataset",
        ref: "workspaces/acme/posts:28d",
        provenance: "mock",
        observedAt: at.toISOString(),
      },
    ]);
  });

  it("stamps each item with its own clock reading", () => {
    const times = [0, 0, 1, 1, 86_400_000].map((ms) => new Date(Date.UTC(2026, 10, 30) + ms));
    let i = 0;
    const rec = new EvidenceRecorder("mock", () => times[i++]!);
    for (let n = 0; n < times.length; n++) rec.record(`trendSignals/s${n}`);
    expect(rec.list().map((e) => e.observedAt)).toEqual(times.map((t) => t.toISOString()));
  });
});
