/**
 * Fast acceptance checks for LedgerSchema and AnswerSchema. They say true only for input the zod
 * schema accepts, so a validator may skip the zod parse on true (it uses the input as given
 * either way); on false it parses, which words the issues. Zod's own rules are mirrored: a
 * strict object rejects any key `for...in` yields beyond its shape, a record needs a plain object
 * without symbol keys, z.number() is finite. Limits, enums and patterns come from the schemas.
 */
import { ERROR_CATALOG, ERROR_CATEGORIES, ERROR_CODES, EnvelopeErrorSchema, ErrorEnvelopeSchema, EvidenceIdSchema, EvidenceKindSchema, EvidenceSchema, forEachEvidenceRef, IsoUtcSchema, ProvenanceSchema, SuccessEnvelopeSchema, type ErrorCode } from "nova-contract";
import { util } from "zod/v4/core";
import { AnswerSchema, ClaimErrorSchema, EvidenceClaimSchema, NoDataClaimSchema, ToolErrorClaimSchema, type Answer } from "./answer";
import { LedgerCallSchema, LedgerSchema, type Ledger } from "./ledger";

type Obj = Record<string, unknown>;
const isPlainObject = util.isPlainObject;

/** A strict object's keys: in declared order (inputs mostly follow it) and as a set. */
interface Shape {
  order: readonly string[];
  set: ReadonlySet<string>;
}
const keysOf = (schema: { shape: object }): Shape => {
  const order = Object.keys(schema.shape);
  return { order, set: new Set(order) };
};
const LEDGER_KEYS = keysOf(LedgerSchema);
const ANSWER_KEYS = keysOf(AnswerSchema);
const CALL_KEYS = keysOf(LedgerCallSchema);
const SUCCESS_KEYS = keysOf(SuccessEnvelopeSchema);
const FAILURE_KEYS = keysOf(ErrorEnvelopeSchema);
const ERROR_KEYS = keysOf(EnvelopeErrorSchema);
const EVIDENCE_KEYS = keysOf(EvidenceSchema);
const EVIDENCE_CLAIM_KEYS = keysOf(EvidenceClaimSchema);
const NO_DATA_CLAIM_KEYS = keysOf(NoDataClaimSchema);
const TOOL_ERROR_CLAIM_KEYS = keysOf(ToolErrorClaimSchema);
const CLAIM_ERROR_KEYS = keysOf(ClaimErrorSchema);
const EVIDENCE_CLAIM_TYPES = new Set<unknown>(EvidenceClaimSchema.shape.type.options);
const ERROR_CODE_SET = new Set<unknown>(ERROR_CODES);
const ERROR_CATEGORY_SET = new Set<unknown>(ERROR_CATEGORIES);
const KINDS = new Set<unknown>(EvidenceKindSchema.options);
const PROVENANCES = new Set<unknown>(ProvenanceSchema.options);
const ISO_UTC = IsoUtcSchema._zod.def.pattern!;
const EVIDENCE_ID = checkOf(EvidenceIdSchema, "string_format").pattern as RegExp;
const INVOCATION_ID_MIN = LedgerSchema.shape.invocationId.minLength ?? 0;
const TOOL_MIN = LedgerCallSchema.shape.tool.minLength ?? 0;
const REF_MIN = EvidenceSchema.shape.ref.minLength ?? 0;
const REF_MAX = EvidenceSchema.shape.ref.maxLength ?? Infinity;
const MESSAGE_MIN = EnvelopeErrorSchema.shape.message.minLength ?? 0;
const MESSAGE_MAX = EnvelopeErrorSchema.shape.message.maxLength ?? Infinity;
const EVIDENCE_IDS_MIN = checkOf(EvidenceClaimSchema.shape.evidenceIds, "min_length").minimum as number;

/** The settings of a schema's check (zod keeps regex patterns and array limits there). */
function checkOf(schema: { _zod: { def: { checks?: unknown[] } } }, kind: string): Record<string, unknown> {
  const found = (schema._zod.def.checks ?? []).map((c) => (c as { _zod: { def: Record<string, unknown> } })._zod.def).find((d) => d.check === kind);
  if (!found) throw new Error(`schema has no ${kind} check`);
  return found;
}

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";

/**
 * A strict object: no key beyond the shape (zod reports every other `for...in` key). A key in its
 * declared place needs no set lookup, which is most of the cost.
 */
function strict(v: unknown, shape: Shape): v is Obj {
  if (!isObject(v)) return false;
  let i = 0;
  for (const k in v) {
    if (k !== shape.order[i] && !shape.set.has(k)) return false;
    i++;
  }
  return true;
}

/**
 * z.record(z.string(), z.unknown()): a plain object; zod rejects an enumerable symbol key. An own
 * "__proto__" key, which zod's copy drops (and the evidence links are checked on the copy), is
 * left to zod.
 */
function isRecord(v: unknown): v is Obj {
  return isPlainObject(v) && Object.getOwnPropertySymbols(v).length === 0 && !Object.hasOwn(v, "__proto__");
}

function every(v: unknown, item: (x: unknown) => boolean): v is unknown[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
  return true;
}

const isLength = (v: unknown, min: number, max = Infinity): v is string => isString(v) && v.length >= min && v.length <= max;

/** The last two datetimes accepted (a call's `at`, its evidence's `observedAt`): they repeat. */
let lastIso: string | null = null;
let otherIso: string | null = null;
function isIsoUtc(v: unknown): boolean {
  if (!isString(v)) return false;
  if (v === lastIso) return true;
  if (v !== otherIso) {
    ISO_UTC.lastIndex = 0; // as zod does before each test
    if (!ISO_UTC.test(v)) return false;
  }
  otherIso = lastIso;
  lastIso = v;
  return true;
}

function isEvidence(v: unknown): boolean {
  if (!strict(v, EVIDENCE_KEYS)) return false;
  EVIDENCE_ID.lastIndex = 0;
  return isString(v.evidenceId) && EVIDENCE_ID.test(v.evidenceId) && KINDS.has(v.kind) && isLength(v.ref, REF_MIN, REF_MAX) && PROVENANCES.has(v.provenance) && isIsoUtc(v.observedAt);
}

/**
 * EnvelopeSchema's evidence links: ids unique, and exactly the ids referenced from data. Each id
 * claims its reference (an id that finds none, or finds it claimed, fails) and every reference
 * must be claimed. A map of flags, not deletes from a set: deleting shrinks and reallocates it.
 */
function linksHold(data: Obj, evidence: unknown[]): boolean {
  const claimed = new Map<unknown, boolean>();
  forEachEvidenceRef(data, (id) => claimed.set(id, false));
  for (const e of evidence) {
    const id = (e as Obj).evidenceId;
    if (claimed.get(id) !== false) return false;
    claimed.set(id, true);
  }
  return claimed.size === evidence.length;
}

function isEnvelope(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (v.status === "success") return strict(v, SUCCESS_KEYS) && isRecord(v.data) && v.error === null && every(v.evidence, isEvidence) && linksHold(v.data, v.evidence);
  if (v.status !== "error" || !strict(v, FAILURE_KEYS) || v.data !== null || !Array.isArray(v.evidence) || v.evidence.length !== 0) return false;
  const e = v.error;
  if (!strict(e, ERROR_KEYS) || !ERROR_CODE_SET.has(e.code) || !ERROR_CATEGORY_SET.has(e.category) || typeof e.retryable !== "boolean" || !isLength(e.message, MESSAGE_MIN, MESSAGE_MAX)) return false;
  const entry = ERROR_CATALOG[e.code as ErrorCode];
  return entry.category === e.category && entry.retryable === e.retryable;
}

function isCall(v: unknown): boolean {
  return (
    strict(v, CALL_KEYS) &&
    typeof v.seq === "number" &&
    Number.isSafeInteger(v.seq) &&
    v.seq >= 1 &&
    isLength(v.tool, TOOL_MIN) &&
    (v.args === null || isRecord(v.args)) &&
    isIsoUtc(v.at) &&
    isEnvelope(v.envelope)
  );
}

/**
 * True only if LedgerSchema accepts `v`. An input that makes the check throw (an array without
 * its iterator, a throwing getter) is left to zod, which then behaves as it always did.
 */
export function isLedger(v: unknown): v is Ledger {
  try {
    return strict(v, LEDGER_KEYS) && isLength(v.invocationId, INVOCATION_ID_MIN) && every(v.skillLoads, isString) && every(v.calls, isCall);
  } catch {
    return false;
  }
}

function isClaim(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (EVIDENCE_CLAIM_TYPES.has(v.type)) return strict(v, EVIDENCE_CLAIM_KEYS) && isString(v.text) && every(v.evidenceIds, isString) && v.evidenceIds.length >= EVIDENCE_IDS_MIN;
  if (v.type === "no_data") return strict(v, NO_DATA_CLAIM_KEYS) && isString(v.tool) && isString(v.text);
  if (v.type !== "tool_error" || !strict(v, TOOL_ERROR_CLAIM_KEYS) || !isString(v.tool) || !isString(v.text)) return false;
  const e = v.error;
  return strict(e, CLAIM_ERROR_KEYS) && isString(e.code) && isString(e.category) && isString(e.message) && typeof e.retryable === "boolean";
}

/** True only if AnswerSchema accepts `v` (and, as isLedger, false where the check throws). */
export function isAnswer(v: unknown): v is Answer {
  try {
    return strict(v, ANSWER_KEYS) && isString(v.text) && every(v.claims, isClaim);
  } catch {
    return false;
  }
}
