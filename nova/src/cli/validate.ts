import { readFileSync } from "node:fs";
import { NotJson, validate } from "../validator";
import { formatJson } from "./json";
import { VALIDATE_USAGE } from "./usage";
import { parseCommand, purposeOption, UsageError, type Io } from "./io";

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read the ${what} file ${file}${code ? ` (${code})` : ""}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    // a file that reads but is not JSON is an answer (or ledger) that fails: a verdict, exit 1
    return new NotJson(`${file}: ${(err as Error).message}`);
  }
}

export function validateCommand(argv: string[], io: Io): number {
  const parsed = parseCommand(argv, ["ledger", "answer", "purpose"], VALIDATE_USAGE, io, false);
  if (!parsed) return 0;
  const { values } = parsed;
  if (!values.ledger) throw new UsageError("missing --ledger FILE", VALIDATE_USAGE);
  if (!values.answer) throw new UsageError("missing --answer FILE", VALIDATE_USAGE);
  const purpose = purposeOption(values.purpose, VALIDATE_USAGE);
  const ledger = readJson(values.ledger, "ledger");
  const answer = readJson(values.answer, "answer");
  const result = validate(ledger, answer, purpose);
  io.stdout(formatJson({ valid: result.valid, violations: result.violations }) + "\n");
  return result.valid ? 0 : 1;
}
