import type { Envelope } from "nova-functions/lib/contract";
import type { Ledger, LedgerCall } from "../schemas";
import { requestKey } from "./canonical";
import type { ErrorFields, EvidenceSource, LedgerFacts, Request } from "./types";

/** Derives the per-request and per-tool views every rule reads. Pure. */
export function ledgerFacts(ledger: Ledger): LedgerFacts {
  const evidence = new Map<string, EvidenceSource[]>();
  const requests = new Map<string, Request>();
  const callsByTool = new Map<string, LedgerCall[]>();
  const finalByTool = new Map<string, LedgerCall>();
  for (const call of ledger.calls) {
    if (call.envelope.status === "success") {
      for (const item of call.envelope.evidence) {
        const sources = evidence.get(item.evidenceId) ?? [];
        sources.push({ evidence: item, seq: call.seq, tool: call.tool });
        evidence.set(item.evidenceId, sources);
      }
    }
    const key = requestKey(call.tool, call.args);
    const request = requests.get(key);
    if (request) {
      request.calls.push(call);
      request.final = call;
    } else requests.set(key, { tool: call.tool, key, calls: [call], final: call });
    const byTool = callsByTool.get(call.tool) ?? [];
    byTool.push(call);
    callsByTool.set(call.tool, byTool);
    finalByTool.set(call.tool, call);
  }
  return { ledger, evidence, requests: [...requests.values()], callsByTool, finalByTool };
}

export function errorFields(envelope: Envelope): ErrorFields | null {
  if (envelope.status !== "error") return null;
  const { code, category, message, retryable } = envelope.error;
  return { code, category, message, retryable };
}

export function sameError(a: ErrorFields, b: ErrorFields): boolean {
  return a.code === b.code && a.category === b.category && a.message === b.message && a.retryable === b.retryable;
}

/**
 * The errors a tool leaves standing, which a tool_error claim must report (see docs/validator.md):
 *  - the tool's final envelope (its last call), when that is an error (SPEC's literal rule);
 *  - the final envelope of any other request of the tool that ended in an error, unless that error
 *    is a validation error (INVALID_ARGUMENT/QUERY/ID: Nova's own malformed request) and the tool
 *    was called again later, i.e. the request was corrected (the later call's outcome stands for it).
 * Distinct by error value, in order of the call that returned them.
 */
export function outstandingErrors(facts: LedgerFacts, tool: string): { error: ErrorFields; seq: number }[] {
  const final = facts.finalByTool.get(tool);
  if (!final) return [];
  const out: { error: ErrorFields; seq: number }[] = [];
  const candidates = facts.requests.filter((r) => r.tool === tool).map((r) => r.final);
  candidates.sort((a, b) => a.seq - b.seq);
  for (const call of candidates) {
    const error = errorFields(call.envelope);
    if (!error) continue;
    // A validation error of Nova's own request, followed by another call of the tool: corrected.
    const corrected = error.category === "validation" && call.seq < final.seq;
    if (corrected) continue;
    if (!out.some((o) => sameError(o.error, error))) out.push({ error, seq: call.seq });
  }
  return out;
}

/** Every error a tool_error claim may quote: the final envelope of any of the tool's requests. */
export function reportableErrors(facts: LedgerFacts, tool: string): { error: ErrorFields; seq: number }[] {
  const out: { error: ErrorFields; seq: number }[] = [];
  for (const r of facts.requests) {
    if (r.tool !== tool) continue;
    const error = errorFields(r.final.envelope);
    if (error) out.push({ error, seq: r.final.seq });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/**
 * Whether a success envelope returned records: any record-kind evidence, any non-empty array
 * anywhere in data, or a numeric `count` above 0.
 */
export function returnedRecords(envelope: Envelope): boolean {
  if (envelope.status !== "success") return false;
  if (envelope.evidence.some((e) => e.kind === "record")) return true;
  return hasNonEmptyArrayOrCount(envelope.data);
}

function hasNonEmptyArrayOrCount(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value === null || typeof value !== "object") return false;
  for (const [key, v] of Object.entries(value)) {
    if (key === "count" && typeof v === "number" && v > 0) return true;
    if (hasNonEmptyArrayOrCount(v)) return true;
  }
  return false;
}
