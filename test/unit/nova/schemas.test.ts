import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { SKILLS } from "nova-contract";
import { AnswerSchema, LedgerSchema, renderJsonSchemas } from "../../../nova/src/schemas";
import { staleSchemaFiles, SCHEMAS_DIR } from "../../../nova/src/schemas/generate";
import { TOOL_NAMES } from "../../../nova/src/tools";
import { answer, errorEnvelope, ledger, signals, story, toolError } from "./fixtures";

const ROOT = path.resolve(__dirname, "../../..");

describe("JSON Schemas", () => {
  it("the committed nova/schemas files equal freshly generated ones", () => {
    const fresh = renderJsonSchemas();
    for (const [file, text] of Object.entries(fresh)) {
      expect(
        readFileSync(path.join(ROOT, "nova/schemas", file), "utf8"),
        `${file} is stale: run npx tsx nova/src/schemas/generate.ts`,
      ).toBe(text);
    }
    expect(path.resolve(SCHEMAS_DIR)).toBe(path.join(ROOT, "nova/schemas"));
    expect(staleSchemaFiles()).toEqual([]);
  });

  it("generate.ts --check exits 0 on the committed files and 1 on stale ones", () => {
    const tsx = path.join(ROOT, "node_modules/.bin/tsx");
    const ok = spawnSync(tsx, ["nova/src/schemas/generate.ts", "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(ok.status, ok.stderr).toBe(0);
    const dir = mkdtempSync(path.join(tmpdir(), "nova-schemas-"));
    writeFileSync(path.join(dir, "ledger.schema.json"), "{}\n");
    expect(staleSchemaFiles(dir).sort()).toEqual(["answer.schema.json", "ledger.schema.json"]);
  }, 30_000);

  it("the JSON Schemas are strict objects, as the zod schemas", () => {
    const ledgerJson = JSON.parse(renderJsonSchemas()["ledger.schema.json"]);
    const answerJson = JSON.parse(renderJsonSchemas()["answer.schema.json"]);
    expect(ledgerJson.additionalProperties).toBe(false);
    expect(ledgerJson.required).toEqual(["invocationId", "skillLoads", "calls"]);
    expect(ledgerJson.properties.calls.items.additionalProperties).toBe(false);
    expect(ledgerJson.properties.calls.items.required).toEqual(["seq", "tool", "args", "at", "envelope"]);
    expect(answerJson.additionalProperties).toBe(false);
    expect(answerJson.required).toEqual(["text", "claims"]);
    for (const claim of answerJson.properties.claims.items.oneOf) expect(claim.additionalProperties).toBe(false);
  });
});

describe("zod schemas", () => {
  const s = signals(1);
  const l = ledger("trend_scan", [["fetch_trend_signals", { limit: 1 }, s.envelope]]);
  it("accept the SPEC shapes", () => {
    expect(LedgerSchema.safeParse(l).success).toBe(true);
    expect(
      AnswerSchema.safeParse(
        answer("x", [
          story("y", s.records[0]!),
          toolError("fetch_trend_signals", errorEnvelope("INTERNAL")),
          { type: "no_data", tool: "t", text: "z" },
          { type: "aggregate", text: "a", evidenceIds: ["b"] },
        ]),
      ).success,
    ).toBe(true);
  });
  it("reject unknown keys at every level", () => {
    expect(LedgerSchema.safeParse({ ...l, extra: 1 }).success).toBe(false);
    expect(LedgerSchema.safeParse({ ...l, calls: [{ ...l.calls[0], extra: 1 }] }).success).toBe(false);
    expect(
      LedgerSchema.safeParse({ ...l, calls: [{ ...l.calls[0], envelope: { ...s.envelope, extra: 1 } }] }).success,
    ).toBe(false);
    expect(AnswerSchema.safeParse({ text: "x", claims: [], extra: 1 }).success).toBe(false);
    expect(
      AnswerSchema.safeParse({ text: "x", claims: [{ type: "no_data", tool: "t", text: "z", extra: 1 }] }).success,
    ).toBe(false);
    expect(
      AnswerSchema.safeParse({
        text: "x",
        claims: [
          {
            type: "tool_error",
            tool: "t",
            text: "z",
            error: { code: "INTERNAL", category: "internal", message: "m", retryable: false, extra: 1 },
          },
        ],
      }).success,
    ).toBe(false);
  });
});

describe("tools and skills", () => {
  it("every tool the server's skill registry grants is one of the six SPEC tools, and every SPEC tool is granted", () => {
    const granted = new Set<string>(Object.values(SKILLS).flat());
    for (const tool of granted) expect(TOOL_NAMES).toContain(tool);
    for (const tool of TOOL_NAMES) expect(granted.has(tool)).toBe(true);
  });
});
