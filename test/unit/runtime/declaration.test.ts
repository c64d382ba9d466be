import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ONE_TRANSIENT_RETRY } from "../../../functions/src/runtime/declaration";

// A valid public tool; each case below breaks one thing about it.
const spec = {
  name: "sample_tool",
  description: "A test-only tool.",
  input: z.strictObject({ q: z.string() }),
  output: z.strictObject({ n: z.number() }),
  scope: "public" as const,
  budgetMs: 1000,
  errors: ["DEPENDENCY_UNAVAILABLE", "NOT_FOUND"] as const,
  examples: { valid: [{ q: "x" }], invalid: [{ input: {}, code: "INVALID_ARGUMENT" as const }] },
  run: async () => ({ n: 1 }),
};

describe("defineTool refuses at load time what would fail at call time", () => {
  it("accepts the valid declaration and fills in what the runtime decides", () => {
    const decl = defineTool(spec as never);
    expect(decl.retry).toBe(ONE_TRANSIENT_RETRY);
    expect(decl.memory).toBe("256MiB");
    expect(decl.allErrors).toEqual(
      expect.arrayContaining([
        "DEPENDENCY_UNAVAILABLE",
        "NOT_FOUND",
        "INVALID_ARGUMENT",
        "UNAUTHENTICATED",
        "INTERNAL",
      ]),
    );
  });

  it.each([
    ["a name that is not snake_case", { name: "SampleTool" }, /snake_case/],
    ["a workspace tool without PERMISSION_DENIED", { scope: "workspace" }, /must declare PERMISSION_DENIED/],
    ["no DEPENDENCY_UNAVAILABLE", { errors: ["NOT_FOUND"] }, /must declare DEPENDENCY_UNAVAILABLE/],
    ["an argument mapped to an undeclared code", { argumentErrors: { q: "INVALID_ID" } }, /undeclared INVALID_ID/],
    ["an argument mapped to a non-validation code", { argumentErrors: { q: "NOT_FOUND" } }, /non-validation NOT_FOUND/],
    ["a zero budget", { budgetMs: 0 }, /positive budget/],
    ["a fractional read bound", { maxReads: 1.5 }, /positive integer maxReads/],
    [
      "a valid example its input refuses",
      { examples: { valid: [{ q: 1 }], invalid: [] } },
      /fails its own input schema/,
    ],
    ["an output that is not an object", { output: z.array(z.number()) }, /output must be an object schema/],
    ["an output that is a bare value", { output: z.string() }, /output must be an object schema/],
    [
      "an invalid example answering an undeclared code",
      { examples: { valid: [{ q: "x" }], invalid: [{ input: {}, code: "INSUFFICIENT_HISTORY" }] } },
      /undeclared INSUFFICIENT_HISTORY/,
    ],
  ])("%s", (_name, change, message) => {
    expect(() => defineTool({ ...spec, ...change } as never)).toThrow(message);
  });
});
