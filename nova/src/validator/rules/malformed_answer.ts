import type { z } from "zod";
import { AnswerSchema, LedgerSchema, type Answer, type Ledger } from "../../schemas";
import { isAnswer, isLedger } from "../../schemas/guards";
import type { Violation } from "../types";

export interface ParsedInputs {
  /** The ledger as given (not zod's output copy), or null when it failed its schema. */
  ledger: Ledger | null;
  answer: Answer | null;
  violations: Violation[];
}

function issues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.length ? i.path.map(String).join(".") : "(root)", message: i.message }));
}

function violation(document: "answer" | "ledger", list: { path: string; message: string }[]): Violation {
  const shown = list.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join("; ");
  const more = list.length > 5 ? `; and ${list.length - 5} more` : "";
  return { rule: "malformed_answer", detail: `the ${document} does not match its schema: ${shown}${more}`, document, issues: list };
}

/**
 * malformed_answer: the answer or the ledger does not match its schema (nova/schemas/*.schema.json,
 * plus for the ledger: seq runs 1, 2, 3, ... in order). Returns the parsed documents for the
 * other rules; a document that failed is null and the rules that need it are skipped.
 */
export function parseInputs(ledger: unknown, answer: unknown): ParsedInputs {
  const violations: Violation[] = [];
  let parsedLedger: Ledger | null = null;
  // The guards accept only what the schemas accept, and far faster; zod words the issues.
  const l = isLedger(ledger) ? { success: true as const, data: ledger } : LedgerSchema.safeParse(ledger);
  if (!l.success) violations.push(violation("ledger", issues(l.error)));
  else {
    const outOfOrder: { path: string; message: string }[] = [];
    l.data.calls.forEach((c, i) => {
      if (c.seq !== i + 1) outOfOrder.push({ path: `calls.${i}.seq`, message: `seq must be ${i + 1} (calls are numbered 1, 2, 3, ... in order), got ${c.seq}` });
    });
    if (outOfOrder.length > 0) violations.push(violation("ledger", outOfOrder));
    else parsedLedger = ledger as Ledger;
  }
  const a = isAnswer(answer) ? { success: true as const } : AnswerSchema.safeParse(answer);
  if (!a.success) violations.push(violation("answer", issues(a.error)));
  return { ledger: parsedLedger, answer: a.success ? (answer as Answer) : null, violations };
}

export function malformedAnswer(ledger: unknown, answer: unknown): Violation[] {
  return parseInputs(ledger, answer).violations;
}
