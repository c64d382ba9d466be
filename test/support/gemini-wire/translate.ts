import type { GenerateRequest, GenerateResponseData, MessageData, Part } from "genkit";

/**
 * The wire double's two translations, so one scenario script answers both transports: the REST
 * request the plugin sent, as the Genkit GenerateRequest a script model reads; and the script's
 * GenerateResponseData, as the REST response the API would send (candidates, functionCall parts,
 * finishReason, usageMetadata). Formats: https://ai.google.dev/api/generate-content.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

function fromRestPart(p: Json): Part {
  if (typeof p.text === "string") return { text: p.text };
  if (isObject(p.functionCall)) {
    const fc = p.functionCall;
    return { toolRequest: { name: String(fc.name), ...(fc.id ? { ref: String(fc.id) } : {}), input: fc.args } };
  }
  if (isObject(p.functionResponse)) {
    const fr = p.functionResponse;
    const response = isObject(fr.response) ? fr.response : {};
    return {
      toolResponse: {
        name: String(fr.name),
        ...(fr.id ? { ref: String(fr.id) } : {}),
        output: "content" in response ? response.content : response,
      },
    };
  }
  return { text: "" };
}

/** The REST request body as the GenerateRequest a script model reads. */
export function toGenkitRequest(body: Json): GenerateRequest {
  const messages: MessageData[] = [];
  const system = isObject(body.systemInstruction) ? body.systemInstruction : null;
  if (system && Array.isArray(system.parts))
    messages.push({ role: "system", content: (system.parts as Json[]).map(fromRestPart) });
  for (const c of (Array.isArray(body.contents) ? body.contents : []) as Json[]) {
    const parts = (Array.isArray(c.parts) ? c.parts : []) as Json[];
    const role = c.role === "model" ? "model" : parts.some((p) => isObject(p.functionResponse)) ? "tool" : "user";
    messages.push({ role, content: parts.map(fromRestPart) });
  }
  const tools = ((Array.isArray(body.tools) ? body.tools : []) as Json[]).flatMap((t) =>
    (Array.isArray(t.functionDeclarations) ? t.functionDeclarations : []).map((d: Json) => ({
      name: String(d.name),
      description: String(d.description ?? ""),
      ...(d.parameters ? { inputSchema: d.parameters as Json } : {}),
    })),
  );
  const gc = isObject(body.generationConfig) ? body.generationConfig : {};
  return {
    messages,
    tools,
    ...(gc.responseMimeType === "application/json"
      ? { output: { format: "json", ...(gc.responseJsonSchema ? { schema: gc.responseJsonSchema as Json } : {}) } }
      : {}),
  };
}

// The Gemini finish reasons a script may name in finishMessage (https://ai.google.dev/api/generate-content#FinishReason).
const GEMINI_FINISH = new Set([
  "STOP",
  "MAX_TOKENS",
  "SAFETY",
  "RECITATION",
  "LANGUAGE",
  "OTHER",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "MALFORMED_FUNCTION_CALL",
]);
const FROM_GENKIT: Record<string, string> = { stop: "STOP", length: "MAX_TOKENS", blocked: "SAFETY", other: "OTHER" };

function toRestPart(p: Part, signature: string | undefined): Json {
  if (p.toolRequest) {
    // The API always sends args, an object ({} for a call without arguments).
    const call: Json = { functionCall: { name: p.toolRequest.name, args: p.toolRequest.input ?? {} } };
    if (signature) call.thoughtSignature = signature;
    return call;
  }
  return { text: p.text ?? "" };
}

/**
 * The script's response as the API's JSON. No message at all is a response without candidates
 * (the documented prompt-blocked form, promptFeedback.blockReason). `sign` gives the thought
 * signature for a Gemini 3 function call turn.
 */
export function toRestResponse(res: GenerateResponseData, promptChars: number, sign: () => string | undefined): Json {
  const candidate = res.candidates?.[0];
  const message = res.message ?? candidate?.message;
  const finishReason = res.finishReason ?? candidate?.finishReason ?? "stop";
  const finishMessage = res.finishMessage ?? candidate?.finishMessage;
  const out = JSON.stringify(message?.content ?? []).length;
  const usageMetadata = {
    promptTokenCount: res.usage?.inputTokens ?? Math.ceil(promptChars / 4),
    candidatesTokenCount: res.usage?.outputTokens ?? Math.ceil(out / 4),
    totalTokenCount:
      (res.usage?.inputTokens ?? Math.ceil(promptChars / 4)) + (res.usage?.outputTokens ?? Math.ceil(out / 4)),
  };
  if (!message) return { promptFeedback: { blockReason: "OTHER" }, usageMetadata };
  const signature = message.content.some((p) => p.toolRequest) ? sign() : undefined;
  let signed = false;
  const parts = message.content.map((p) => {
    const rest = toRestPart(p, p.toolRequest && !signed ? signature : undefined);
    if (p.toolRequest) signed = true;
    return rest;
  });
  const reason =
    finishMessage && GEMINI_FINISH.has(finishMessage) ? finishMessage : (FROM_GENKIT[finishReason] ?? "OTHER");
  return {
    candidates: [{ index: 0, content: { role: "model", parts }, finishReason: reason }],
    usageMetadata,
  };
}
