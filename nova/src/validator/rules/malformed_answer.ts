import type { z } from "zod";
import { AnswerSchema, LedgerSchema, type Answer, type Ledger } from "../../schemas";
import type { Violation } from "../types";

/** A document that is not JSON at all (the command reads files): malformed_answer with the parser's reason. */
export class NotJson {
  constructor(readonly reason: string) {}
}

function notJson(document: "answer" | "ledger", reason: string): Violation {
  return {
    rule: "malformed_answer",
    detail: `the ${document} is not JSON: ${reason}`,
    document,
    issues: [{ path: "(root)", message: reason }],
  };
}

export interface ParsedInputs {
  /** The ledger as given once zod accepted it, or null when it failed its schema. */
  ledger: Ledger | null;
  answer: Answer | null;
  violations: Violation[];
}

function issues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join(".") : "(root)",
    message: i.message,
  }));
}

function violation(document: "answer" | "ledger", list: { path: string; message: string }[]): Violation {
  const shown = list
    .slice(0, 5)
    .map((i) => `${i.path}: ${i.message}`)
    .join("; ");
  const more = list.length > 5 ? `; and ${list.length - 5} more` : "";
  return {
    rule: "malformed_answer",
    detail: `the ${document} does not match its schema: ${shown}${more}`,
    document,
    issues: list,
  };
}

/**
 * malformed_answer: the answer or the ledger does not match its schema (nova/schemas/*.schema.json: the
 * envelope schema checks the catalog's category and retryable and that data references every evidence
 * item), plus for the ledger: seq runs 1..n in order and no evidence id appears in two calls. Returns the
 * parsed documents for the other rules; a document that failed is null and the rules that need it are skipped.
 */
export function parseInputs(ledger: unknown, answer: unknown): ParsedInputs {
  const l = ledger instanceof NotJson ? null : LedgerSchema.safeParse(ledger);
  // as given: zod's copy of a record drops an own "__proto__" key, and requests compare args as sent
  if (l?.success) return parseAnswerFor(ledger as Ledger, answer);
  const failed = l ? violation("ledger", issues(l.error)) : notJson("ledger", (ledger as NotJson).reason);
  const a = parseAnswer(answer);
  return { ledger: null, answer: a.answer, violations: [failed, ...a.violations] };
}

/**
 * parseInputs for a ledger that is already typed and whose every envelope was checked on receipt
 * (Nova's runtime: its Invocation parses each envelope as it arrives), so its schema is not parsed
 * again for each answer; its integrity (seq order, evidence ids unique to one call) still is.
 */
export function parseAnswerFor(ledger: Ledger, answer: unknown): ParsedInputs {
  const violations = ledgerIntegrity(ledger);
  const a = parseAnswer(answer);
  return {
    ledger: violations.length === 0 ? ledger : null,
    answer: a.answer,
    violations: [...violations, ...a.violations],
  };
}

/** seq runs 1..n in order, and no evidence id appears in two calls. */
function ledgerIntegrity(ledger: Ledger): Violation[] {
  const problems: { path: string; message: string }[] = [];
  const firstCall = new Map<string, number>();
  ledger.calls.forEach((c, i) => {
    if (c.seq !== i + 1)
      problems.push({
        path: `calls.${i}.seq`,
        message: `seq must be ${i + 1} (calls are numbered 1, 2, 3, ... in order), got ${c.seq}`,
      });
    if (c.envelope.status !== "success") return;
    c.envelope.evidence.forEach((e, k) => {
      const earlier = firstCall.get(e.evidenceId);
      // an evidence id is unique to one call (SPEC section 4): a second call returning it is not a real ledger
      if (earlier !== undefined && earlier !== i)
        problems.push({
          path: `calls.${i}.envelope.evidence.${k}.evidenceId`,
          message: `evidence id ${e.evidenceId} was already returned by call ${earlier + 1}`,
        });
      else firstCall.set(e.evidenceId, i);
    });
  });
  return problems.length > 0 ? [violation("ledger", problems)] : [];
}

function parseAnswer(answer: unknown): { answer: Answer | null; violations: Violation[] } {
  if (answer instanceof NotJson) return { answer: null, violations: [notJson("answer", answer.reason)] };
  const a = AnswerSchema.safeParse(answer);
  if (!a.success) return { answer: null, violations: [violation("answer", issues(a.error))] };
  return { answer: answer as Answer, violations: [] };
}

export function malformedAnswer(ledger: unknown, answer: unknown): Violation[] {
  return parseInputs(ledger, answer).violations;
}
