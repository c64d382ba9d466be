import { z } from "zod";
import { AnswerSchema } from "./answer";
import { LedgerSchema } from "./ledger";

export * from "./answer";
export * from "./ledger";

/** The committed JSON Schema files (nova/schemas/), generated from the zod schemas. */
export const JSON_SCHEMA_FILES = {
  "ledger.schema.json": LedgerSchema,
  "answer.schema.json": AnswerSchema,
} as const;

/** The exact text of each committed JSON Schema file. */
export function renderJsonSchemas(): Record<keyof typeof JSON_SCHEMA_FILES, string> {
  const out = {} as Record<keyof typeof JSON_SCHEMA_FILES, string>;
  for (const [file, schema] of Object.entries(JSON_SCHEMA_FILES) as [keyof typeof JSON_SCHEMA_FILES, z.ZodType][]) {
    out[file] = JSON.stringify(z.toJSONSchema(schema, { target: "draft-2020-12" }), null, 2) + "\n";
  }
  return out;
}
