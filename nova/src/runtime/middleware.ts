import {
  generateMiddleware,
  type GenerateRequest,
  type GenerateResponseData,
  type Genkit,
  type MessageData,
} from "genkit";
import { publishedDeclarations } from "nova-contract/published";
import { TOOL_NAMES, type ToolName } from "../tools";
import { geminiDeclarations } from "./gemini";
import type { ModelFamily } from "./models";
import type { NovaSession } from "./session";
import { loadSkillDeclaration } from "./skills";

/** The last model turn, as the model hook saw it: what the runtime continues from when a turn throws. */
export interface ModelExchange {
  request: GenerateRequest;
  response?: GenerateResponseData;
}

/** A model response's message and finish, in either form Genkit accepts (`message`, or legacy `candidates`). */
export function turnOf(response: GenerateResponseData | undefined): {
  message?: MessageData;
  finishReason?: string;
  finishMessage?: string;
  providerReason?: string;
} {
  const candidate = response?.candidates?.[0];
  const named = providerReason(response?.custom);
  const message = response?.message ?? candidate?.message;
  const finishReason = response?.finishReason ?? candidate?.finishReason;
  const finishMessage = response?.finishMessage ?? candidate?.finishMessage;
  return {
    ...(message ? { message } : {}),
    ...(finishReason ? { finishReason } : {}),
    ...(finishMessage ? { finishMessage } : {}),
    ...(named ? { providerReason: named } : {}),
  };
}

/** The provider's own finish reason name: the Gemini plugin keeps its raw response as `custom`. */
export function providerReason(custom: unknown): string | undefined {
  const reason = (custom as { candidates?: { finishReason?: unknown }[] } | undefined)?.candidates?.[0]?.finishReason;
  return typeof reason === "string" ? reason : undefined;
}

/**
 * The tools as a provider is offered them. Gemini gets the published Gemini declarations
 * (contracts/gemini/): their descriptions say in words what its schema subset cannot ("no other
 * argument is accepted"), and a tool without arguments has no parameters at all, not an OBJECT with
 * empty properties. Other models get the strict declarations the tools were defined with.
 */
function offeredTools(tools: GenerateRequest["tools"], offered: readonly string[], family: ModelFamily) {
  const kept = (tools ?? []).filter((t) => offered.includes(t.name));
  if (family.provider !== "gemini") return kept;
  const gemini = geminiDeclarations();
  return kept.map((t) => {
    const decl = gemini.get(t.name as ToolName);
    if (!decl) return t; // load_skill: ours, already in Gemini's subset but for additionalProperties (its enum says it)
    const { inputSchema: _strict, ...rest } = t;
    return { ...rest, description: decl.description, ...(decl.parameters ? { inputSchema: decl.parameters } : {}) };
  });
}

/** The tool names Nova declared on each Genkit instance. */
const declared = new WeakMap<Genkit, string[]>();

/**
 * Declares load_skill and the six contract tools on a Genkit instance, each with its published input
 * schema, once per instance: an app runs many invocations on one instance, and the declarations do
 * not change. Their actions never run: each invocation's middleware answers every request through
 * its own session, so one declaration serves concurrent invocations.
 */
export function declareNovaTools(ai: Genkit): string[] {
  const known = declared.get(ai);
  if (known) return known;
  const load = loadSkillDeclaration();
  const declarations = publishedDeclarations();
  const tools = [
    { name: load.name, description: load.description, inputJsonSchema: load.inputSchema },
    ...TOOL_NAMES.map((name) => {
      const decl = declarations.get(name)!;
      return { name, description: decl.description, inputJsonSchema: decl.input_schema };
    }),
  ];
  for (const t of tools)
    ai.defineTool(t, () => {
      throw new Error(`${t.name} is answered by Nova's middleware: call it through runNova`);
    });
  const names = tools.map((t) => t.name);
  declared.set(ai, names);
  return names;
}

/**
 * Nova's Genkit middleware for one invocation, over the tools declareNovaTools declared.
 * - model hook: offers the model only what the session offers now (load_skill, then the skill's
 *   tools), as its provider is offered them; keeps the last exchange and the token usage.
 * - tool hook: answers every request itself through the session (refusal, or the ledger-recording
 *   call with the caller's token), and never passes it on. Genkit's own input check runs inside
 *   the tool action; skipping the action is what lets the server's check answer the arguments as
 *   the model wrote them (INVALID_ARGUMENT, INVALID_ID, INVALID_QUERY), in an envelope.
 */
export function novaMiddleware(session: NovaSession, exchange: { last?: ModelExchange }, family: ModelFamily) {
  const middleware = generateMiddleware(
    { name: `nova/${session.invocationId}`, description: "Nova: skills, ledger, spotlighting" },
    () => ({
      model: async (req, ctx, next) => {
        const tools = session.time("runtimeMs", () => offeredTools(req.tools, session.offered(), family));
        const request = { ...req, tools };
        exchange.last = { request };
        const response = await session.time("modelMs", () => next(request, ctx));
        session.stats.modelCalls++;
        exchange.last.response = response;
        const { inputTokens, outputTokens } = response.usage ?? {};
        if (typeof inputTokens === "number" || typeof outputTokens === "number") {
          const u = (session.usage ??= { inputTokens: 0, outputTokens: 0 });
          u.inputTokens += inputTokens ?? 0;
          u.outputTokens += outputTokens ?? 0;
        }
        return response;
      },
      tool: async (req) => {
        const output = await session.answerToolRequest(req.toolRequest.name, req.toolRequest.input);
        return {
          toolResponse: {
            name: req.toolRequest.name,
            ...(req.toolRequest.ref !== undefined ? { ref: req.toolRequest.ref } : {}),
            output,
          },
        };
      },
    }),
  );
  return middleware();
}
