import { performance } from "node:perf_hooks";
import {
  dynamicTool,
  generateMiddleware,
  type GenerateRequest,
  type GenerateResponseData,
  type ToolAction,
} from "genkit";
import { TOOL_NAMES } from "../tools";
import type { NovaSession } from "./session";
import { loadSkillDeclaration } from "./skills";

/** The last model turn, as the model hook saw it: what the runtime continues from when a turn throws. */
export interface ModelExchange {
  request: GenerateRequest;
  response?: GenerateResponseData;
}

/**
 * Nova's Genkit middleware for one invocation.
 * - tools: load_skill and the six contract tools, each declared with its published input schema.
 * - model hook: offers the model only what the session offers now (load_skill, then the skill's tools).
 * - tool hook: answers every request itself through the session (refusal, or the ledger-recording
 *   call with the caller's token), and never passes it on. Genkit's own input check runs inside
 *   the tool action; skipping the action is what lets the server's check answer the arguments as
 *   the model wrote them (INVALID_ARGUMENT, INVALID_ID, INVALID_QUERY), in an envelope.
 */
export function novaMiddleware(session: NovaSession, exchange: { last?: ModelExchange }) {
  const load = loadSkillDeclaration();
  const declared = [
    { name: load.name, description: load.description, inputJsonSchema: load.inputSchema },
    ...TOOL_NAMES.map((name) => {
      const decl = session.declarations().get(name)!;
      return { name, description: decl.description, inputJsonSchema: decl.input_schema };
    }),
  ];
  // Genkit instantiates a middleware for each generate call and registers its dynamic tools in that
  // call's registry, so each instance gets its own tool actions (one action is registered once).
  const tools = (): ToolAction[] => {
    const t0 = performance.now();
    const actions = declared.map(
      (d) => dynamicTool(d, (input: unknown) => session.answer(d.name, input)) as ToolAction,
    );
    session.stats.runtimeMs += performance.now() - t0;
    return actions;
  };
  const middleware = generateMiddleware(
    { name: `nova/${session.invocationId}`, description: "Nova: skills, ledger, spotlighting" },
    () => ({
      tools: tools(),
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
