import { performance } from "node:perf_hooks";
import { generateMiddleware, type GenerateRequest, type GenerateResponseData, type Genkit } from "genkit";
import { publishedDeclarations } from "nova-contract/published";
import { TOOL_NAMES } from "../tools";
import type { NovaSession } from "./session";
import { loadSkillDeclaration } from "./skills";

/** The last model turn, as the model hook saw it: what the runtime continues from when a turn throws. */
export interface ModelExchange {
  request: GenerateRequest;
  response?: GenerateResponseData;
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
 * - model hook: offers the model only what the session offers now (load_skill, then the skill's tools).
 * - tool hook: answers every request itself through the session (refusal, or the ledger-recording
 *   call with the caller's token), and never passes it on. Genkit's own input check runs inside
 *   the tool action; skipping the action is what lets the server's check answer the arguments as
 *   the model wrote them (INVALID_ARGUMENT, INVALID_ID, INVALID_QUERY), in an envelope.
 */
export function novaMiddleware(session: NovaSession, exchange: { last?: ModelExchange }) {
  const middleware = generateMiddleware(
    { name: `nova/${session.invocationId}`, description: "Nova: skills, ledger, spotlighting" },
    () => ({
      model: async (req, ctx, next) => {
        const offered = session.offered();
        const request = { ...req, tools: (req.tools ?? []).filter((t) => offered.includes(t.name)) };
        exchange.last = { request };
        const t0 = performance.now();
        const response = await next(request, ctx);
        session.stats.modelMs += performance.now() - t0;
        session.stats.modelCalls++;
        exchange.last.response = response;
        return response;
      },
      tool: async (req) => {
        const output = await session.answer(req.toolRequest.name, req.toolRequest.input);
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
