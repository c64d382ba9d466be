import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * Verification states per tool and environment (docs/verification.md). A state is computed, never
 * stored: from the tool's current contract hash, the environment's binding, and the last
 * verification record for that tool and environment in contracts/verification.json.
 */

export const ENVIRONMENTS = ["emulator", "production"] as const;
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof EnvironmentSchema>;

export const VERIFICATION_STATES = ["mock", "connected_unverified", "verified", "blocked"] as const;
export const VerificationStateSchema = z.enum(VERIFICATION_STATES);
export type VerificationState = z.infer<typeof VerificationStateSchema>;

export const SCENARIOS = ["success", "empty", "validation", "authorization", "dependency"] as const;
export const ScenarioNameSchema = z.enum(SCENARIOS);

export const ScenarioResultSchema = z.strictObject({
  name: ScenarioNameSchema,
  /** `callable`: over the callable protocol against the binding; `in_process`: invokeTool with a fixture store. */
  via: z.enum(["callable", "in_process"]),
  /** not_applicable: the tool has nothing to exercise (e.g. no input that finds nothing); not_exercised: it has, but the run could not. */
  status: z.enum(["pass", "fail", "not_applicable", "not_exercised"]),
  /** Calls made (each also checked against its one trace entry when via is callable). */
  calls: z.number().int().min(0),
  detail: z.string(),
});
export type ScenarioResult = z.infer<typeof ScenarioResultSchema>;

export const VerificationRecordSchema = z.strictObject({
  tool: z.string(),
  contractHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  environment: EnvironmentSchema,
  binding: z.string(),
  result: z.enum(["pass", "fail"]),
  at: z.iso.datetime({ offset: false }),
  scenarios: z.array(ScenarioResultSchema),
});
export type VerificationRecord = z.infer<typeof VerificationRecordSchema>;

export const VerificationFileSchema = z.strictObject({
  $comment: z.string(),
  /** The last run per tool and environment; a new run replaces its tool's record for that environment. */
  records: z.array(VerificationRecordSchema),
});
export type VerificationFile = z.infer<typeof VerificationFileSchema>;

export const VERIFICATION_FILE = "contracts/verification.json";

export const VERIFICATION_COMMENT =
  "Recorded by `npm run verify -- --env emulator`: the last run per tool and environment. States are computed from it by `npm run contracts` (docs/verification.md); a record counts only for its own environment, binding and contract hash.";

/** A record passes when every scenario passed or had nothing to exercise. */
export function resultOf(scenarios: readonly ScenarioResult[]): "pass" | "fail" {
  return scenarios.every((s) => s.status === "pass" || s.status === "not_applicable") ? "pass" : "fail";
}

/**
 * What a tool is bound to in each environment, or null where it has no binding (only in-process
 * fixtures exercise it there). The emulator binding serves every catalog tool; production exists
 * only once a real (non demo-) Firebase project is configured in .firebaserc.
 */
export const EMULATOR_BINDING =
  "callable protocol on the Functions emulator; Firestore emulator seeded from emulator-data/ (project demo-nova, provenance mock)";

export function productionBinding(root: string): string | null {
  const rc = join(root, ".firebaserc");
  if (!existsSync(rc)) return null;
  try {
    const projects = (JSON.parse(readFileSync(rc, "utf8")) as { projects?: Record<string, string> }).projects ?? {};
    const real = Object.values(projects).filter((p) => typeof p === "string" && !p.startsWith("demo-"));
    return real.length
      ? `callable protocol on Cloud Functions; production Firestore (project ${real[0]}, provenance live)`
      : null;
  } catch {
    return null;
  }
}

export function bindingsOf(root: string): Record<Environment, string | null> {
  return { emulator: EMULATOR_BINDING, production: productionBinding(root) };
}

export interface ToolState {
  readonly state: VerificationState;
  readonly reason: string;
  readonly record: VerificationRecord | null;
}

/**
 * The state of one tool in one environment:
 * - mock: the environment has no binding for it;
 * - connected_unverified: a binding exists, but the environment's last record is missing, or was
 *   made for another contract hash or another binding;
 * - verified: the last record has the current hash and binding, and passed;
 * - blocked: the last record has the current hash and binding, and a scenario failed or could not
 *   be exercised.
 * Only records of the same environment are looked at: an emulator run never counts for production.
 */
export function stateOf(
  tool: string,
  currentHash: string,
  environment: Environment,
  binding: string | null,
  records: readonly VerificationRecord[],
): ToolState {
  if (binding === null) {
    const why = environment === "production" ? "no non-demo project in .firebaserc" : "not served";
    return {
      state: "mock",
      reason: `no ${environment} binding (${why}): there it stands on in-process fixtures only`,
      record: null,
    };
  }
  const mine = records
    .filter((r) => r.tool === tool && r.environment === environment)
    .sort((a, b) => a.at.localeCompare(b.at));
  const last = mine.at(-1) ?? null;
  if (!last) return { state: "connected_unverified", reason: `never verified on ${environment}`, record: null };
  if (last.contractHash !== currentHash) {
    return {
      state: "connected_unverified",
      reason: `last verified for ${short(last.contractHash)}; the contract is now ${short(currentHash)}`,
      record: last,
    };
  }
  if (last.binding !== binding)
    return { state: "connected_unverified", reason: "last verified on another binding", record: last };
  if (last.result === "pass") return { state: "verified", reason: `verified ${last.at}`, record: last };
  const bad = last.scenarios
    .filter((s) => s.status === "fail" || s.status === "not_exercised")
    .map((s) => `${s.name} ${s.status}`);
  return { state: "blocked", reason: `run of ${last.at}: ${bad.join(", ") || "failed"}`, record: last };
}

export function short(hash: string): string {
  return hash.replace(/^sha256:/, "").slice(0, 12);
}

export function readVerification(root: string): VerificationFile {
  const path = join(root, VERIFICATION_FILE);
  if (!existsSync(path)) return { $comment: VERIFICATION_COMMENT, records: [] };
  return VerificationFileSchema.parse(JSON.parse(readFileSync(path, "utf8")));
}

/** Replaces the records of the same tool and environment; keeps a stable order for diffs. */
export function mergeRecords(file: VerificationFile, fresh: readonly VerificationRecord[]): VerificationFile {
  const key = (r: VerificationRecord) => `${r.tool}\u0000${r.environment}`;
  const replaced = new Set(fresh.map(key));
  const records = [...file.records.filter((r) => !replaced.has(key(r))), ...fresh].sort((a, b) =>
    key(a).localeCompare(key(b)),
  );
  return { $comment: VERIFICATION_COMMENT, records };
}
