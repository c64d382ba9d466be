import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { NotJson, validate, type Purpose } from "../validator";
import { formatJson } from "./json";
import { VALIDATE_USAGE } from "./usage";
import { UsageError, type Io } from "./io";

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
  let values: { ledger?: string; answer?: string; purpose?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ledger: { type: "string" },
        answer: { type: "string" },
        purpose: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message, VALIDATE_USAGE);
  }
  if (values.help) {
    io.stdout(VALIDATE_USAGE);
    return 0;
  }
  if (!values.ledger) throw new UsageError("missing --ledger FILE", VALIDATE_USAGE);
  if (!values.answer) throw new UsageError("missing --answer FILE", VALIDATE_USAGE);
  const purpose = values.purpose ?? "chat";
  if (purpose !== "chat" && purpose !== "submission")
    throw new UsageError(`--purpose must be chat or submission, got "${purpose}"`, VALIDATE_USAGE);
  const ledger = readJson(values.ledger, "ledger");
  const answer = readJson(values.answer, "answer");
  const result = validate(ledger, answer, purpose as Purpose);
  io.stdout(formatJson({ valid: result.valid, violations: result.violations }) + "\n");
  return result.valid ? 0 : 1;
}
