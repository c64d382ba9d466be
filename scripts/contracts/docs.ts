import { ERROR_CATALOG, UNIVERSAL_ERROR_CODES, type ErrorCode } from "nova-contract";
import type { ToolDeclaration } from "../../functions/src/runtime/declaration";
import { contractHash, inputSchema, outputSchema, type JsonSchema } from "./declarations";

/**
 * docs/contracts.md, generated with the declarations and checked for staleness with them. Every
 * answer below is read from the declaration (or the catalog and runtime it plugs into), never
 * written per tool, so the page cannot describe a tool other than the one that runs.
 */

/** When each code is answered (SPEC section 4), in the words operators and model authors read. */
const WHEN: Record<ErrorCode, string> = {
  INVALID_ARGUMENT: "the input fails the schema (an unknown key included)",
  INVALID_QUERY: "the search query is empty or blank after trimming, or longer than 200 characters",
  INVALID_ID: "the id is not 1-128 letters, digits, `_` or `-`",
  UNAUTHENTICATED: "no valid Firebase ID token",
  PERMISSION_DENIED: "no active workspace claim, not a member, or the membership is disabled",
  NOT_FOUND: "no such record in the active workspace (another workspace's record is indistinguishable)",
  INSUFFICIENT_HISTORY:
    "too few measured posts for the computation; the message says how many exist and how many are needed",
  DEPENDENCY_UNAVAILABLE: "Firestore unavailable or the budget ran out, after the one transient retry",
  INTERNAL: "anything unexpected; the trace keeps a product-chosen reason, never the exception text",
};

function typeText(s: JsonSchema): string {
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map(typeText).join(" or ");
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return `one of ${(s.enum as unknown[]).map((v) => `\`${String(v)}\``).join(", ")}`;
  const type = Array.isArray(s.type) ? (s.type as string[]).join(" or ") : String(s.type ?? "any");
  const bounds: string[] = [];
  if (typeof s.minimum === "number" && typeof s.maximum === "number" && s.maximum < Number.MAX_SAFE_INTEGER)
    bounds.push(`${s.minimum}-${s.maximum}`);
  else if (typeof s.minimum === "number") bounds.push(`≥ ${s.minimum}`);
  else if (typeof s.maximum === "number") bounds.push(`≤ ${s.maximum}`);
  if (typeof s.exclusiveMinimum === "number") bounds.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.minLength === "number" || typeof s.maxLength === "number")
    bounds.push(`length ${s.minLength ?? 0}-${s.maxLength ?? "∞"}`);
  if (typeof s.pattern === "string") bounds.push(`matching \`${s.pattern}\``);
  if (typeof s.format === "string") bounds.push(s.format);
  if (type === "array" && s.items) return `array of ${typeText(s.items as JsonSchema)}`;
  if (type === "object" && s.properties) return `object {${Object.keys(s.properties as object).join(", ")}}`;
  return bounds.length ? `${type} (${bounds.join(", ")})` : type;
}

function fieldRows(schema: JsonSchema): string[] {
  const options = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  const object = options.find((o) => o.type === "object");
  const props = (object?.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((object?.required as string[] | undefined) ?? []);
  return Object.entries(props).map(
    ([name, s]) =>
      `| \`${name}\` | ${typeText(s).replace(/\|/g, "\\|")} | ${required.has(name) ? "yes" : "no"} | ${String(s.description ?? "").replace(/\|/g, "\\|")} |`,
  );
}

function inputSection(decl: ToolDeclaration): string[] {
  const schema = inputSchema(decl);
  const rows = fieldRows(schema);
  const lines = [
    `**Input schema** ([strict](../contracts/strict/${decl.name}.json), [Gemini](../contracts/gemini/${decl.name}.json)).`,
    "",
  ];
  if (rows.length === 0) {
    lines.push(
      "None: the declaration is an object with no properties and no additional ones, so a model sends `{}` (the server also accepts `null`); any key is INVALID_ARGUMENT. " +
        "(The Gemini declaration has no `parameters`; its description says that the tool takes no arguments.)",
    );
  } else {
    lines.push(
      "Strict: a key not listed here is INVALID_ARGUMENT.",
      "",
      "| field | type | required | description |",
      "|---|---|---|---|",
      ...rows,
    );
  }
  const argErrors = Object.entries(decl.argumentErrors ?? {});
  if (argErrors.length)
    lines.push(
      "",
      ...argErrors.map(
        ([field, code]) =>
          `A string \`${field}\` of the wrong form answers ${code}; any other bad input answers INVALID_ARGUMENT.`,
      ),
    );
  lines.push("", `Examples: ${decl.examples.valid.map((v) => `\`${JSON.stringify(v)}\``).join(", ")}.`);
  return lines;
}

export function toolSection(decl: ToolDeclaration): string {
  const output = outputSchema(decl);
  const codes = decl.allErrors;
  const budget = `${decl.budgetMs / 1000} s`;
  const lines = [
    `## \`${decl.name}\``,
    "",
    decl.description,
    "",
    `Contract hash \`${contractHash(decl)}\` · scope ${decl.scope} · budget ${budget} · memory ${decl.memory}${decl.maxReads ? ` · at most ${decl.maxReads} documents read per call` : ""}.`,
    "",
    ...inputSection(decl),
    "",
    "**Preconditions.** " +
      (decl.scope === "public"
        ? "A signed-in caller (a valid Firebase ID token); no workspace membership is needed."
        : "A signed-in caller whose ID token carries the `workspaceId` claim, and an active member document `workspaces/{workspaceId}/members/{uid}` (role owner, operator, viewer or liaison; not disabled), read on every call.") +
      (codes.includes("INSUFFICIENT_HISTORY")
        ? " Enough measured history in the workspace, else INSUFFICIENT_HISTORY."
        : ""),
    "",
    "**Authority.** Who is calling and which workspace come from Firebase Auth alone; the input cannot name a workspace, user or role (such a key is INVALID_ARGUMENT). " +
      `Skills that allow-list it: ${decl.skills.length ? decl.skills.map((s) => `\`${s}\``).join(", ") : "none (Nova cannot call it)"}.`,
    "",
    "**Side effect.** None: it reads Firestore through the read-only store, which has no write operation, and writes nothing. " +
      "Its only output besides the envelope is one trace entry.",
    "",
    `**Repeat behaviour.** A read: calling again with the same input answers the data as it then is, with new evidence ids (never reused). ` +
      `Inside the call it retries once, only after an unavailable dependency or a timed-out attempt, all within the ${budget} budget; ` +
      "a validation, authorization or not-found outcome is never retried. A caller may repeat only a retryable error (DEPENDENCY_UNAVAILABLE), once; repeating a success is an `invalid_retry` for Nova's validator.",
    "",
    '**Result.** `{status: "success", data, error: null, evidence}` where data is:',
    "",
    "| field | type |",
    "|---|---|",
    ...Object.entries((output.properties as Record<string, JsonSchema>) ?? {}).map(
      ([k, s]) => `| \`${k}\` | ${typeText(s).replace(/\|/g, "\\|")} |`,
    ),
    "",
    "Every record in data carries the `evidenceId` of its evidence item; every evidence item is cited from data.",
    "",
    '**Errors** (`{status: "error", data: null, error: {code, category, message, retryable}, evidence: []}`):',
    "",
    "| code | category | retryable | when |",
    "|---|---|---|---|",
    ...codes.map(
      (c) =>
        `| ${c} | ${ERROR_CATALOG[c].category} | ${ERROR_CATALOG[c].retryable} | ${WHEN[c]}${(UNIVERSAL_ERROR_CODES as readonly string[]).includes(c) ? " (every tool)" : ""} |`,
    ),
    "",
    `**Trace.** One Cloud Logging entry per call, labels \`tool=${decl.name}\`, \`callId\`, \`status\`, \`resultCode\`: caller and workspace pseudonyms, normalized arguments, the authorization decision, each attempt, evidence ids, provenance, reads and total duration (docs/operations.md). ` +
      `Find its errors with \`labels.tool="${decl.name}" AND labels.status="error"\`.`,
  ];
  return lines.join("\n");
}

export function contractsMarkdown(decls: readonly ToolDeclaration[]): string {
  return [
    "# Tool contracts",
    "",
    "<!-- Generated by `npm run contracts:generate` from the tool declarations (functions/src/tools/*.ts). Do not edit: `npm run contracts:check` and the unit tests fail when this file is stale. -->",
    "",
    "Each tool answers the same questions: its input schema, preconditions, authority, side effect, repeat behaviour, result and errors, and trace. " +
      "The model-facing declarations are in `contracts/strict/` (JSON Schema 2020-12, `additionalProperties: false` everywhere) and `contracts/gemini/` (the Gemini function-declaration subset); " +
      "`contracts/manifest.json` holds each contract hash, and `npm run contracts` shows each tool's verification state (docs/verification.md).",
    "",
    ...decls.map((d) => `- [\`${d.name}\`](#${d.name})`),
    "",
    ...decls.map(toolSection).flatMap((s) => [s, ""]),
  ].join("\n");
}
