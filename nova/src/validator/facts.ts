import type { Envelope } from "nova-contract";
import type { Ledger, LedgerCall } from "../schemas";
import { requestKey } from "./canonical";
import type { ErrorFields, EvidenceSource, LedgerFacts, Request } from "./types";

/** Derives the per-request and per-tool views every rule reads. Pure. */
export function ledgerFacts(ledger: Ledger): LedgerFacts {
  const evidence = new Map<string, EvidenceSource[]>();
  const requests = new Map<string, Request>();
  const callsByTool = new Map<string, LedgerCall[]>();
  const finalByTool = new Map<string, LedgerCall>();
  const requestKeys: string[] = [];
  // get, then set only what is new: this loop runs over every evidence item of every ledger
  for (const call of ledger.calls) {
    if (call.envelope.status === "success") {
      for (const item of call.envelope.evidence) {
        const source = { evidence: item, seq: call.seq, tool: call.tool };
        const sources = evidence.get(item.evidenceId);
        if (sources) sources.push(source);
        else evidence.set(item.evidenceId, [source]);
      }
    }
    const key = requestKey(call.tool, call.args);
    requestKeys.push(key);
    const request = requests.get(key);
    if (request) {
      request.calls.push(call);
      request.final = call;
    } else requests.set(key, { tool: call.tool, key, calls: [call], final: call });
    const byTool = callsByTool.get(call.tool);
    if (byTool) byTool.push(call);
    else callsByTool.set(call.tool, [call]);
    finalByTool.set(call.tool, call);
  }
  return { ledger, evidence, requests: [...requests.values()], callsByTool, finalByTool, requestKeys };
}

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

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
  if (candidates.length > 1) candidates.sort(bySeq); // sort() allocates even for one item
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
  return out.length > 1 ? out.sort(bySeq) : out;
}

/**
 * Whether a success envelope returned records (SPEC section 6): a record (record evidence, e.g. a job)
 * or a non-empty list of records in data. Aggregate fields (a basis, a count, a window) do not count,
 * so a success is "without records" when every list in its data is empty.
 */
export function returnedRecords(envelope: Envelope): boolean {
  if (envelope.status !== "success") return false;
  if (envelope.evidence.some((e) => e.kind === "record")) return true;
  return Object.values(envelope.data).some((v) => Array.isArray(v) && v.length > 0);
}
