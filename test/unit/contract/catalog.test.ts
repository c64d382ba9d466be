import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ERROR_CATALOG,
  ERROR_CODES,
  ErrorCategorySchema,
  UNIVERSAL_ERROR_CODES,
  isSkillName,
  SKILL_NAMES,
  SKILLS,
  skillAllows,
  skillsFor,
} from "nova-contract";
import { loadCatalog, requireSource } from "../../support/catalog";
import { sourceToolNames } from "../../../scripts/contracts/catalog";
import { defineTool } from "../../../functions/src/runtime/declaration";

// SPEC section 4, copied by hand: code -> [category, retryable].
const SPEC_ERRORS: Record<string, [string, boolean]> = {
  INVALID_ARGUMENT: ["validation", false],
  INVALID_QUERY: ["validation", false],
  INVALID_ID: ["validation", false],
  UNAUTHENTICATED: ["authorization", false],
  PERMISSION_DENIED: ["authorization", false],
  NOT_FOUND: ["not_found", false],
  INSUFFICIENT_HISTORY: ["precondition", false],
  DEPENDENCY_UNAVAILABLE: ["dependency", true],
  INTERNAL: ["internal", false],
};

// SPEC section 6, for the tools the SPEC names. A tool added later is granted in SKILLS alone.
const SPEC_SKILLS: Record<string, string[]> = {
  trend_scan: ["fetch_trend_signals", "search_trend_signals"],
  signal_watch: ["fetch_trend_signals", "search_trend_signals", "get_operator_feed"],
  engagement_insights: ["get_engagement_insights"],
  posting_schedule: ["get_engagement_insights", "get_operator_feed", "suggest_posting_windows"],
  job_status: ["get_job_status"],
};

// SPEC section 3: scope, budget (whole call) and the domain errors of each tool the SPEC names. The
// tests over the catalog below use rules only, so that a tool added later is tested with no edit here.
const SPEC_TOOLS: Record<string, { scope: "public" | "workspace"; budgetMs: number; errors: string[] }> = {
  fetch_trend_signals: { scope: "public", budgetMs: 20_000, errors: ["DEPENDENCY_UNAVAILABLE"] },
  search_trend_signals: { scope: "public", budgetMs: 20_000, errors: ["INVALID_QUERY", "DEPENDENCY_UNAVAILABLE"] },
  get_engagement_insights: {
    scope: "workspace",
    budgetMs: 30_000,
    errors: ["PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  },
  get_operator_feed: { scope: "workspace", budgetMs: 30_000, errors: ["PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"] },
  get_job_status: {
    scope: "workspace",
    budgetMs: 30_000,
    errors: ["INVALID_ID", "NOT_FOUND", "PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  },
  suggest_posting_windows: {
    scope: "workspace",
    budgetMs: 30_000,
    errors: ["INSUFFICIENT_HISTORY", "PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE"],
  },
};

const tools = loadCatalog();
const byName = new Map(tools.map((t) => [t.name, t]));
const specTools = new Set(Object.keys(SPEC_TOOLS));

describe("error catalog", () => {
  it("equals SPEC section 4: the same codes, categories and retryable flags", () => {
    const actual = Object.fromEntries(
      Object.entries(ERROR_CATALOG).map(([code, e]) => [code, [e.category, e.retryable]]),
    );
    expect(actual).toEqual(SPEC_ERRORS);
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(SPEC_ERRORS).sort());
    expect([...ErrorCategorySchema.options].sort()).toEqual(
      [...new Set(Object.values(SPEC_ERRORS).map(([c]) => c))].sort(),
    );
  });

  it("universal codes are INVALID_ARGUMENT, UNAUTHENTICATED and INTERNAL", () => {
    expect([...UNIVERSAL_ERROR_CODES].sort()).toEqual(["INTERNAL", "INVALID_ARGUMENT", "UNAUTHENTICATED"]);
  });

  it.each(ERROR_CODES)("%s has a short, safe, product-written sentence", (code) => {
    const { message } = ERROR_CATALOG[code];
    expect(message.length).toBeGreaterThanOrEqual(10);
    expect(message.length).toBeLessThanOrEqual(120);
    expect(message).toMatch(/^[A-Z][^\n\r]*[.]$/);
    expect(message).not.toMatch(/\bat \S+:\d+|stack|exception|token=|Bearer|password|secret|\{|\}|undefined|null/i);
    expect(message).not.toContain(code);
  });

  it("INSUFFICIENT_HISTORY's catalog message does not pretend to a number (a tool must say how many are needed)", () => {
    expect(ERROR_CATALOG.INSUFFICIENT_HISTORY.message).not.toMatch(/\d/);
  });
});

describe("skills", () => {
  it("SKILLS grants the SPEC's tools exactly as SPEC section 6 does (later tools may be granted too)", () => {
    const specGrants = Object.fromEntries(SKILL_NAMES.map((k) => [k, SKILLS[k].filter((n) => specTools.has(n))]));
    expect(specGrants).toEqual(Object.fromEntries(SKILL_NAMES.map((k) => [k, SPEC_SKILLS[k] ?? []])));
    expect(SKILL_NAMES).toEqual(expect.arrayContaining(Object.keys(SPEC_SKILLS)));
  });

  it("skill helpers agree with the table", () => {
    expect(isSkillName("trend_scan")).toBe(true);
    expect(isSkillName("toString")).toBe(false);
    expect(isSkillName("__proto__")).toBe(false);
    expect(skillAllows("job_status", "get_job_status")).toBe(true);
    expect(skillAllows("job_status", "fetch_trend_signals")).toBe(false);
    expect(skillsFor("get_operator_feed").sort()).toEqual(["posting_schedule", "signal_watch"]);
  });

  it.each(SKILL_NAMES.flatMap((skill) => SKILLS[skill].map((n) => [skill, n] as const)))(
    "%s names %s, which exists in the tool catalog",
    (_skill, name) => {
      expect(byName.has(name), `tools/${name}.ts is missing`).toBe(true);
    },
  );

  it("every tool in the catalog is allow-listed by at least one skill, and its declaration says which", () => {
    for (const t of tools) {
      expect(t.skills.length, t.name).toBeGreaterThan(0);
      expect([...t.skills].sort(), t.name).toEqual(SKILL_NAMES.filter((s) => skillAllows(s, t.name)).sort());
    }
  });
});

describe("tool declarations", () => {
  it("the catalog lists at least the tools on disk, in name order, each named as its file", () => {
    expect(tools.map((t) => t.name)).toEqual(sourceToolNames());
    expect(tools.map((t) => t.name)).toEqual([...tools.map((t) => t.name)].sort());
    expect(tools.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(SPEC_TOOLS))(
    "%s, named by SPEC section 3, is in the catalog with the SPEC's scope, budget and errors",
    (name, spec) => {
      const t = byName.get(name);
      expect(t, `tools/${name}.ts is missing`).toBeDefined();
      expect({ scope: t?.scope, budgetMs: t?.budgetMs, errors: [...(t?.errors ?? [])].sort() }).toEqual({
        ...spec,
        errors: [...spec.errors].sort(),
      });
    },
  );

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s declares the runtime's own codes and one transient retry, the policy the runtime runs",
    (_name, t) => {
      expect(t.errors).toContain("DEPENDENCY_UNAVAILABLE");
      if (t.scope === "workspace") expect(t.errors).toContain("PERMISSION_DENIED");
      expect(new Set(t.errors).size).toBe(t.errors.length);
      expect([...t.allErrors].sort()).toEqual([...new Set([...t.errors, ...UNIVERSAL_ERROR_CODES])].sort());
      expect(t.retry).toBe(
        requireSource<typeof import("../../../functions/src/runtime/declaration")>("runtime/declaration")
          .ONE_TRANSIENT_RETRY,
      );
      expect(t.retry).toEqual({ transientRetries: 1, on: ["unavailable", "timeout"] });
      expect(Object.isFrozen(t)).toBe(true);
      expect(t.description.length).toBeGreaterThan(20);
    },
  );

  it.each(tools.map((t) => [t.name, t] as const))(
    "%s: its input schema refuses identity arguments (workspaceId, uid, role)",
    (_name, t) => {
      const valid = t.examples.valid.find((v) => v !== null && typeof v === "object") ?? {};
      expect(t.input.safeParse(valid).success).toBe(true);
      for (const key of ["workspaceId", "uid", "role"]) {
        for (const value of ["acme", "uid_1", "owner", 1, null]) {
          expect(t.input.safeParse({ ...(valid as object), [key]: value }).success, `${key}=${String(value)}`).toBe(
            false,
          );
        }
      }
    },
  );
});

describe("defineTool refuses malformed declarations", () => {
  const base = {
    name: "test_tool",
    description: "A test tool.",
    input: z.strictObject({ id: z.string() }),
    output: z.strictObject({}),
    scope: "workspace" as const,
    budgetMs: 300,
    errors: ["PERMISSION_DENIED", "DEPENDENCY_UNAVAILABLE", "INVALID_ID"] as const,
    examples: {
      valid: [{ id: "a" }] as [{ id: string }],
      invalid: [{ input: { id: 5 }, code: "INVALID_ARGUMENT" as const }],
    },
    run: async () => ({}),
  };

  it("accepts the well-formed base", () => {
    expect(defineTool({ ...base, errors: [...base.errors], argumentErrors: { id: "INVALID_ID" } }).name).toBe(
      "test_tool",
    );
  });

  it.each([
    ["a workspace tool without PERMISSION_DENIED", { errors: ["DEPENDENCY_UNAVAILABLE"] }],
    ["a workspace tool without DEPENDENCY_UNAVAILABLE", { errors: ["PERMISSION_DENIED"] }],
    ["a public tool without DEPENDENCY_UNAVAILABLE", { scope: "public", errors: [] }],
    ["a camelCase name", { name: "getJobStatus" }],
    ["a kebab-case name", { name: "get-job-status" }],
    ["a name starting with a digit", { name: "1tool" }],
    ["an empty name", { name: "" }],
    ["an argumentErrors mapping to an undeclared code", { argumentErrors: { id: "INVALID_QUERY" } }],
    ["an argumentErrors mapping to a declared non-validation code", { argumentErrors: { id: "PERMISSION_DENIED" } }],
    [
      "an argumentErrors mapping to NOT_FOUND",
      { errors: [...base.errors, "NOT_FOUND"], argumentErrors: { id: "NOT_FOUND" } },
    ],
    ["a valid example its own input schema refuses", { examples: { valid: [{ id: 5 }], invalid: [] } }],
    [
      "an invalid example answering an undeclared code",
      { examples: { valid: [{ id: "a" }], invalid: [{ input: {}, code: "NOT_FOUND" }] } },
    ],
    ["a zero maxReads", { maxReads: 0 }],
    ["a fractional maxReads", { maxReads: 1.5 }],
    ["a zero budget", { budgetMs: 0 }],
    ["a NaN budget", { budgetMs: Number.NaN }],
  ])("%s", (_name, override) => {
    let error: unknown;
    try {
      defineTool({ ...base, ...(override as object) } as never);
    } catch (e) {
      error = e;
    }
    // Refused on purpose (a plain Error with a message naming the tool), not by a crash.
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(TypeError);
  });

  it("a public tool needs no PERMISSION_DENIED", () => {
    expect(defineTool({ ...base, scope: "public", errors: ["DEPENDENCY_UNAVAILABLE"] }).allErrors).not.toContain(
      "PERMISSION_DENIED",
    );
  });
});
