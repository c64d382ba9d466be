import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import { loadCatalog } from "../../../scripts/contracts/catalog";
import { contractHash } from "../../../scripts/contracts/declarations";
import {
  EMULATOR_BINDING,
  mergeRecords,
  productionBinding,
  readVerification,
  resultOf,
  SCENARIOS,
  stateOf,
  VerificationFileSchema,
  type ScenarioResult,
  type VerificationRecord,
} from "../../../scripts/contracts/states";

const ROOT = resolve(__dirname, "..", "..", "..");
const tools = loadCatalog();

const passing = (): ScenarioResult[] =>
  SCENARIOS.map((name) => ({
    name,
    via: name === "dependency" ? "in_process" : "callable",
    status: "pass",
    calls: 1,
    detail: "ok",
  }));

function record(tool: string, hash: string, over: Partial<VerificationRecord> = {}): VerificationRecord {
  return {
    tool,
    contractHash: hash,
    environment: "emulator",
    binding: EMULATOR_BINDING,
    result: "pass",
    at: "2026-11-30T10:00:00Z",
    scenarios: passing(),
    ...over,
  };
}

const statesOf = (decls: readonly ToolDeclaration[], records: VerificationRecord[]) =>
  Object.fromEntries(
    decls.map((d) => [d.name, stateOf(d.name, contractHash(d), "emulator", EMULATOR_BINDING, records).state]),
  );

describe("verification states", () => {
  it("editing one tool's schema drops that tool, and only that tool, from verified to connected_unverified", () => {
    // Every catalog tool verified for its current hash...
    const records = tools.map((d) => record(d.name, contractHash(d)));
    expect(Object.values(statesOf(tools, records))).toEqual(tools.map(() => "verified"));
    // ...then one tool's input schema is edited (a wider bound on its first field, or a new field).
    const target = tools[Math.floor(tools.length / 2)]!;
    const edited: ToolDeclaration = { ...target, input: z.strictObject({ addedByTheEdit: z.string().max(7) }) };
    expect(contractHash(edited)).not.toBe(contractHash(target));
    const after = statesOf(
      tools.map((d) => (d.name === target.name ? edited : d)),
      records,
    );
    expect(after[target.name]).toBe("connected_unverified");
    for (const d of tools) if (d.name !== target.name) expect(after[d.name]).toBe("verified");
    expect(stateOf(target.name, contractHash(edited), "emulator", EMULATOR_BINDING, records).reason).toMatch(
      /last verified for .* the contract is now/,
    );
  });

  it("an output schema edit counts too", () => {
    const target = tools[0]!;
    const edited: ToolDeclaration = { ...target, output: z.strictObject({ somethingElse: z.number() }) };
    const records = [record(target.name, contractHash(target))];
    expect(stateOf(target.name, contractHash(edited), "emulator", EMULATOR_BINDING, records).state).toBe(
      "connected_unverified",
    );
  });

  it("is mock without a binding, connected_unverified without a record, blocked when the current hash's run failed", () => {
    const d = tools[0]!;
    const h = contractHash(d);
    expect(stateOf(d.name, h, "production", null, []).state).toBe("mock");
    expect(stateOf(d.name, h, "emulator", EMULATOR_BINDING, []).state).toBe("connected_unverified");
    const failed = record(d.name, h, {
      result: "fail",
      scenarios: passing().map((s) => (s.name === "authorization" ? { ...s, status: "fail" as const } : s)),
    });
    const blocked = stateOf(d.name, h, "emulator", EMULATOR_BINDING, [failed]);
    expect(blocked.state).toBe("blocked");
    expect(blocked.reason).toContain("authorization fail");
    const unexercised = record(d.name, h, {
      result: "fail",
      scenarios: passing().map((s) => (s.name === "dependency" ? { ...s, status: "not_exercised" as const } : s)),
    });
    expect(stateOf(d.name, h, "emulator", EMULATOR_BINDING, [unexercised]).state).toBe("blocked");
    // A failed run for an older hash says nothing about the current contract.
    expect(
      stateOf(d.name, h, "emulator", EMULATOR_BINDING, [{ ...failed, contractHash: `sha256:${"0".repeat(64)}` }]).state,
    ).toBe("connected_unverified");
  });

  it("only the last record of the environment counts, and an emulator record never counts for production", () => {
    const d = tools[0]!;
    const h = contractHash(d);
    const older = record(d.name, h, { at: "2026-11-01T00:00:00Z" });
    const newerFail = record(d.name, h, { at: "2026-11-02T00:00:00Z", result: "fail" });
    expect(stateOf(d.name, h, "emulator", EMULATOR_BINDING, [newerFail, older]).state).toBe("blocked");
    const prodBinding = "callable protocol on Cloud Functions; production Firestore (project p, provenance live)";
    expect(stateOf(d.name, h, "production", prodBinding, [older]).state).toBe("connected_unverified");
    expect(
      stateOf(d.name, h, "production", prodBinding, [{ ...older, environment: "production", binding: prodBinding }])
        .state,
    ).toBe("verified");
    // A record made on another binding of the same environment does not carry over.
    expect(stateOf(d.name, h, "emulator", EMULATOR_BINDING, [{ ...older, binding: "something else" }]).state).toBe(
      "connected_unverified",
    );
  });

  it("a run passes only when every scenario passed or had nothing to exercise", () => {
    expect(resultOf(passing())).toBe("pass");
    expect(resultOf(passing().map((s) => (s.name === "empty" ? { ...s, status: "not_applicable" as const } : s)))).toBe(
      "pass",
    );
    expect(resultOf(passing().map((s) => (s.name === "empty" ? { ...s, status: "not_exercised" as const } : s)))).toBe(
      "fail",
    );
    expect(resultOf(passing().map((s) => (s.name === "success" ? { ...s, status: "fail" as const } : s)))).toBe("fail");
  });

  it("merging replaces a tool's record for that environment only", () => {
    const a = record("a_tool", `sha256:${"a".repeat(64)}`);
    const b = record("b_tool", `sha256:${"b".repeat(64)}`);
    const aProd = { ...a, environment: "production" as const };
    const a2 = { ...a, at: "2026-12-01T00:00:00Z" };
    const merged = mergeRecords({ $comment: "", records: [a, b, aProd] }, [a2]);
    expect(merged.records).toEqual([a2, aProd, b]);
    expect(VerificationFileSchema.safeParse(merged).success).toBe(true);
  });
});

describe("bindings", () => {
  it("production exists only with a real (non demo-) project in .firebaserc", () => {
    const dir = mkdtempSync(join(tmpdir(), "nova-rc-"));
    try {
      expect(productionBinding(dir)).toBeNull();
      writeFileSync(join(dir, ".firebaserc"), JSON.stringify({ projects: { default: "demo-nova" } }));
      expect(productionBinding(dir)).toBeNull();
      writeFileSync(
        join(dir, ".firebaserc"),
        JSON.stringify({ projects: { default: "demo-nova", prod: "nova-prod-123" } }),
      );
      expect(productionBinding(dir)).toContain("nova-prod-123");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the committed verification.json is well-formed, and each record names a catalog tool and the emulator", () => {
    const file = readVerification(ROOT);
    for (const r of file.records) {
      expect(tools.map((t) => t.name)).toContain(r.tool);
      expect(r.environment).toBe("emulator");
      expect(r.scenarios.map((s) => s.name).sort()).toEqual([...SCENARIOS].sort());
      expect(r.scenarios.find((s) => s.name === "dependency")?.via).toBe("in_process");
      expect(r.result).toBe(resultOf(r.scenarios));
    }
  });
});
