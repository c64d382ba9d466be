/**
 * What the real Gemini API documents as refused, checked on every request the plugins send. Each
 * check cites its documentation; a refusal is answered as the API answers (HTTP 400,
 * INVALID_ARGUMENT) and recorded, and the tests fail on any recorded refusal.
 */

export type Family = "2.5" | "3";

export interface Refusal {
  rule: string;
  detail: string;
  doc: string;
}

const REQUEST_DOC = "https://ai.google.dev/api/generate-content#request-body";
const VERTEX_REQUEST_DOC =
  "https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1beta1/projects.locations.endpoints/generateContent";
const GENERATION_CONFIG_DOC = "https://ai.google.dev/api/generate-content#generationconfig";
const SCHEMA_DOC = "https://ai.google.dev/api/caching#Schema";
const FUNCTION_DECLARATION_DOC = "https://ai.google.dev/api/caching#FunctionDeclaration";
const JSON_SCHEMA_DOC = "https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support";
const TOOLS_WITH_JSON_DOC = "https://ai.google.dev/gemini-api/docs/structured-output#structured-outputs-with-tools";
const CONTENT_DOC = "https://ai.google.dev/api/caching#Content";
const FUNCTION_CALLING_DOC = "https://ai.google.dev/gemini-api/docs/function-calling#multi-turn";
const THOUGHT_SIGNATURES_DOC = "https://ai.google.dev/gemini-api/docs/thought-signatures";

// GenerateContentRequest's fields (REQUEST_DOC; Vertex's body has the same ones plus labels, VERTEX_REQUEST_DOC).
const REQUEST_FIELDS = new Set([
  "contents",
  "tools",
  "toolConfig",
  "safetySettings",
  "systemInstruction",
  "generationConfig",
  "cachedContent",
  "serviceTier",
  "labels",
]);

// GenerationConfig's fields (GENERATION_CONFIG_DOC).
const GENERATION_CONFIG_FIELDS = new Set([
  "stopSequences",
  "responseMimeType",
  "responseSchema",
  "responseJsonSchema",
  "responseModalities",
  "candidateCount",
  "maxOutputTokens",
  "temperature",
  "topP",
  "topK",
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "responseLogprobs",
  "logprobs",
  "enableEnhancedCivicAnswers",
  "speechConfig",
  "thinkingConfig",
  "imageConfig",
  "mediaResolution",
]);

// Schema (OpenAPI 3.0 subset) fields of function parameters (SCHEMA_DOC) and its Type enum.
const SCHEMA_FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
const SCHEMA_TYPES = new Set(["TYPE_UNSPECIFIED", "STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);

// The JSON Schema keywords structured output supports (JSON_SCHEMA_DOC). `oneOf` is not listed
// (only read as anyOf) and `const` is not listed: a schema relying on either is not enforced.
const JSON_SCHEMA_FIELDS = new Set([
  "$id",
  "$defs",
  "$ref",
  "$anchor",
  "type",
  "format",
  "title",
  "description",
  "enum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "anyOf",
  "properties",
  "additionalProperties",
  "required",
  "propertyOrdering",
]);

// Part's data fields: exactly one per part (CONTENT_DOC), plus the metadata beside it.
const PART_DATA = [
  "text",
  "inlineData",
  "functionCall",
  "functionResponse",
  "fileData",
  "executableCode",
  "codeExecutionResult",
];
const PART_META = new Set(["thought", "thoughtSignature", "videoMetadata", "partMetadata", "mediaResolution"]);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

function schemaRefusals(schema: unknown, at: string, out: Refusal[]): void {
  if (!isObject(schema)) return;
  for (const k of Object.keys(schema))
    if (!SCHEMA_FIELDS.has(k))
      out.push({ rule: "schema_keyword", detail: `${at}: "${k}" is not a Schema field`, doc: SCHEMA_DOC });
  if (schema.type !== undefined && !SCHEMA_TYPES.has(String(schema.type)))
    out.push({ rule: "schema_type", detail: `${at}: type "${String(schema.type)}" is not a Type`, doc: SCHEMA_DOC });
  // Judged refused: an OBJECT with empty `properties` was answered HTTP 400 ("properties: should be
  // non-empty for OBJECT type") in 2024-25 reports; the Schema reference gives no empty case. A tool
  // without arguments declares no parameters (FUNCTION_DECLARATION_DOC: parameters is optional).
  if (schema.type === "OBJECT" && isObject(schema.properties) && Object.keys(schema.properties).length === 0)
    out.push({ rule: "empty_object", detail: `${at}: OBJECT with empty properties`, doc: FUNCTION_DECLARATION_DOC });
  if (isObject(schema.properties))
    for (const [k, v] of Object.entries(schema.properties)) schemaRefusals(v, `${at}.properties.${k}`, out);
  if (schema.items !== undefined) schemaRefusals(schema.items, `${at}.items`, out);
  if (Array.isArray(schema.anyOf)) schema.anyOf.forEach((s, i) => schemaRefusals(s, `${at}.anyOf[${i}]`, out));
}

function jsonSchemaRefusals(schema: unknown, at: string, out: Refusal[]): void {
  if (!isObject(schema)) return;
  for (const k of Object.keys(schema))
    if (!JSON_SCHEMA_FIELDS.has(k))
      out.push({
        rule: "json_schema_keyword",
        detail: `${at}: "${k}" is not a structured-output keyword`,
        doc: JSON_SCHEMA_DOC,
      });
  for (const key of ["properties", "$defs"])
    if (isObject(schema[key]))
      for (const [k, v] of Object.entries(schema[key] as Json)) jsonSchemaRefusals(v, `${at}.${key}.${k}`, out);
  if (schema.items !== undefined) jsonSchemaRefusals(schema.items, `${at}.items`, out);
  if (isObject(schema.additionalProperties))
    jsonSchemaRefusals(schema.additionalProperties, `${at}.additionalProperties`, out);
  for (const key of ["anyOf", "oneOf", "prefixItems"])
    if (Array.isArray(schema[key]))
      (schema[key] as unknown[]).forEach((s, i) => jsonSchemaRefusals(s, `${at}.${key}[${i}]`, out));
}

/**
 * Every refusal the API documents for this request body. `signatures`: the thought signatures the
 * double handed out (Gemini 3 requires each function call turn to come back with its signature).
 */
export function requestRefusals(
  body: unknown,
  family: Family,
  provider: "googleai" | "vertexai",
  signatures: ReadonlySet<string>,
): Refusal[] {
  const out: Refusal[] = [];
  if (!isObject(body)) return [{ rule: "body", detail: "the body is not a JSON object", doc: REQUEST_DOC }];
  const requestDoc = provider === "vertexai" ? VERTEX_REQUEST_DOC : REQUEST_DOC;
  for (const k of Object.keys(body))
    if (!REQUEST_FIELDS.has(k) || (k === "labels" && provider !== "vertexai"))
      out.push({ rule: "unknown_field", detail: `unknown field "${k}"`, doc: requestDoc });
  const gc = isObject(body.generationConfig) ? body.generationConfig : {};
  for (const k of Object.keys(gc))
    if (!GENERATION_CONFIG_FIELDS.has(k))
      out.push({ rule: "unknown_field", detail: `unknown field "generationConfig.${k}"`, doc: GENERATION_CONFIG_DOC });
  if (gc.responseJsonSchema !== undefined) jsonSchemaRefusals(gc.responseJsonSchema, "responseJsonSchema", out);
  if (gc.responseSchema !== undefined) schemaRefusals(gc.responseSchema, "responseSchema", out);

  const tools = Array.isArray(body.tools) ? body.tools : [];
  const declarations = tools.flatMap((t) =>
    isObject(t) && Array.isArray(t.functionDeclarations) ? t.functionDeclarations : [],
  );
  for (const d of declarations) {
    if (!isObject(d) || typeof d.name !== "string" || !/^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(d.name)) {
      out.push({
        rule: "function_name",
        detail: `invalid function name ${JSON.stringify(d)}`,
        doc: FUNCTION_DECLARATION_DOC,
      });
      continue;
    }
    for (const k of Object.keys(d))
      if (
        ![
          "name",
          "description",
          "parameters",
          "parametersJsonSchema",
          "response",
          "responseJsonSchema",
          "behavior",
        ].includes(k)
      )
        out.push({ rule: "unknown_field", detail: `${d.name}: unknown field "${k}"`, doc: FUNCTION_DECLARATION_DOC });
    if (d.parameters !== undefined) schemaRefusals(d.parameters, `${d.name}.parameters`, out);
  }
  // Before Gemini 3, function calling with a JSON response mime type is refused ("Function calling
  // with a response mime type: 'application/json' is unsupported"); structured output together with
  // tools is documented for the Gemini 3 series only.
  if (family === "2.5" && declarations.length > 0 && gc.responseMimeType === "application/json")
    out.push({
      rule: "tools_with_json",
      detail: "Function calling with a response mime type: 'application/json' is unsupported",
      doc: TOOLS_WITH_JSON_DOC,
    });

  const contents = Array.isArray(body.contents) ? body.contents : [];
  if (contents.length === 0) out.push({ rule: "contents", detail: "contents is empty", doc: REQUEST_DOC });
  contents.forEach((c, i) => {
    if (!isObject(c) || (c.role !== "user" && c.role !== "model") || !Array.isArray(c.parts) || c.parts.length === 0) {
      out.push({ rule: "content", detail: `contents[${i}]: needs role user|model and parts`, doc: CONTENT_DOC });
      return;
    }
    c.parts.forEach((p, j) => {
      const keys = isObject(p) ? Object.keys(p) : [];
      const data = keys.filter((k) => PART_DATA.includes(k));
      const other = keys.filter((k) => !PART_DATA.includes(k) && !PART_META.has(k));
      if (data.length !== 1 || other.length > 0)
        out.push({ rule: "part", detail: `contents[${i}].parts[${j}]: fields ${keys.join(", ")}`, doc: CONTENT_DOC });
    });
    // A function call turn is answered by the next turn with one functionResponse per functionCall.
    const calls = (c.parts as Json[]).filter((p) => isObject(p) && p.functionCall);
    if (c.role === "model" && calls.length > 0) {
      const next = contents[i + 1] as Json | undefined;
      const responses =
        next && Array.isArray(next.parts)
          ? (next.parts as Json[]).filter((p) => isObject(p) && p.functionResponse)
          : [];
      if (next && responses.length !== calls.length)
        out.push({
          rule: "function_responses",
          detail: `contents[${i + 1}]: ${responses.length} function response part(s) for ${calls.length} function call part(s)`,
          doc: FUNCTION_CALLING_DOC,
        });
      // Gemini 3 validates thought signatures on function calls strictly: the first functionCall
      // part of each model turn must carry the signature it was given, or the request is a 400.
      const signature = calls[0]!.thoughtSignature;
      if (family === "3" && (typeof signature !== "string" || !signatures.has(signature)))
        out.push({
          rule: "thought_signature",
          detail: `contents[${i}]: function call without its thought signature`,
          doc: THOUGHT_SIGNATURES_DOC,
        });
    }
  });
  return out;
}
