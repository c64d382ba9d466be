import { performance } from "node:perf_hooks";
import { GenkitError, type Genkit, type MessageData, type ModelArgument, type Part } from "genkit";
import type { Answer, Ledger } from "../schemas";
import { validateAnswer, type Purpose, type Violation } from "../validator";
import type { CallOptions } from "../client";
import { fallbackAnswer } from "./fallback";
import { ANSWER_JSON_SCHEMA, systemPrompt } from "./instructions";
import { declareNovaTools, novaMiddleware, type ModelExchange } from "./middleware";
import { markerViolations, reaskMessage, type ReaskViolation } from "./reask";
import { NovaSession, type InvocationStats } from "./session";
import { mintMarker } from "./spotlight";

export const DEFAULT_MAX_REASKS = 2;
/** Model turns per answer: load, a few calls, a retry, the answer. */
export const DEFAULT_MAX_TURNS = 12;

export interface NovaOptions extends Omit<CallOptions, "headers"> {
  question: string;
  /** A Genkit model: a name ("googleai/gemini-2.5-flash"), a reference or an action. */
  model: ModelArgument;
  purpose?: Purpose;
  maxReasks?: number;
  maxTurns?: number;
  invocationId?: string;
  now?: () => Date;
  /** Called once at the end with where the time went and what was refused (bench, eval). */
  onFinish?: (report: InvocationReport) => void;
}

/** One invocation's result, as `nova-tools ask` prints it (SPEC section 6). */
export interface NovaResult {
  invocationId: string;
  answer: Answer;
  ledger: Ledger;
  validation: { valid: boolean; violations: Violation[] };
  attempts: number;
  fallback: boolean;
}

export interface InvocationReport {
  stats: InvocationStats;
  marker: string;
  refusals: NovaSession["refusals"];
  /** Every rejected answer's violations, in order. */
  rejected: (Violation | ReaskViolation)[][];
  totalMs: number;
}

type Outcome =
  { answer: unknown; history: MessageData[] } | { answer?: undefined; history: MessageData[]; reason: string };

/**
 * One Nova invocation on Genkit (SPEC section 9): the model loads one skill, calls its tools through
 * the ledger-recording client with the caller's token, and answers with the structured answer,
 * which is validated against the ledger and sent back with its violations at most `maxReasks`
 * times; then the fixed fallback. Errors from the tools are data for the model; only a failure to
 * run at all (model unreachable, functions unreachable, a protocol error) throws.
 */
export async function runNova(ai: Genkit, opts: NovaOptions): Promise<NovaResult> {
  const started = performance.now();
  const purpose = opts.purpose ?? "chat";
  const maxReasks = opts.maxReasks ?? DEFAULT_MAX_REASKS;
  if (!Number.isInteger(maxReasks) || maxReasks < 0)
    throw new RangeError(`maxReasks must be a non-negative integer, got ${maxReasks}`);
  const maxTurns = opts.maxTurns ?? DEFAULT_MAX_TURNS;
  const session = new NovaSession({ ...opts, marker: mintMarker() });
  const exchange: { last?: ModelExchange } = {};
  const t0 = performance.now();
  const tools = declareNovaTools(ai);
  const use = [novaMiddleware(session, exchange)];
  const system = systemPrompt(session.marker);
  session.stats.runtimeMs += performance.now() - t0;

  const rejected: (Violation | ReaskViolation)[][] = [];
  const rounds = maxReasks + 1;
  let attempts = 0;
  let messages: MessageData[] | undefined;
  let result: NovaResult | undefined;
  for (let round = 1; round <= rounds && !result; round++) {
    const outcome = await attempt(ai, session, exchange, {
      model: opts.model,
      tools,
      use,
      maxTurns,
      ...(messages ? { messages } : { system, prompt: opts.question }),
    });
    const v0 = performance.now();
    if (outcome.answer === undefined) {
      const note = `You gave no answer: ${"reason" in outcome ? outcome.reason : "no output"}. Give your final answer now as the JSON object {text, claims}.`;
      messages = [...outcome.history, { role: "user", content: [{ text: note }] }];
      rejected.push([{ rule: "no_answer", detail: "reason" in outcome ? outcome.reason : "no output" }]);
    } else {
      attempts++;
      const t1 = performance.now();
      const verdict = validateAnswer(session.invocation.ledger(), outcome.answer, purpose, session.detector);
      session.stats.validationMs += performance.now() - t1;
      const violations = [...verdict.violations, ...markerViolations(outcome.answer, session.marker)];
      if (violations.length === 0) {
        result = {
          invocationId: session.invocationId,
          answer: outcome.answer as Answer,
          ledger: session.invocation.ledger(),
          validation: verdict,
          attempts,
          fallback: false,
        };
      } else {
        rejected.push(violations);
        messages = [
          ...outcome.history,
          { role: "user", content: [{ text: reaskMessage(violations, attempts, rounds) }] },
        ];
      }
    }
    session.stats.runtimeMs += performance.now() - v0;
  }
  if (!result) {
    const f0 = performance.now();
    const ledger = session.invocation.ledger();
    // the session's detector: the fallback's own check and its final validation read its text once
    const answer = fallbackAnswer(ledger, purpose, session.detector);
    result = {
      invocationId: session.invocationId,
      answer,
      ledger,
      validation: validateAnswer(ledger, answer, purpose, session.detector),
      attempts,
      fallback: true,
    };
    session.stats.runtimeMs += performance.now() - f0;
  }
  opts.onFinish?.({
    stats: session.stats,
    marker: session.marker,
    refusals: session.refusals,
    rejected,
    totalMs: performance.now() - started,
  });
  return result;
}

interface AttemptInput {
  model: ModelArgument;
  tools: string[];
  use: ReturnType<typeof novaMiddleware>[];
  maxTurns: number;
  system?: string;
  prompt?: string;
  messages?: MessageData[];
}

/**
 * One answer from the model: Genkit's tool loop until the model stops calling tools. Two outcomes
 * of Genkit's loop throw rather than return, and both stay inside the invocation: an answer that
 * fails Genkit's structured-output check is still the model's answer (the validator names what is
 * wrong with it: malformed_answer), and a request for a tool Genkit does not know is refused like
 * any tool outside the skill. Running out of turns ends the attempt without an answer.
 */
async function attempt(
  ai: Genkit,
  session: NovaSession,
  exchange: { last?: ModelExchange },
  input: AttemptInput,
): Promise<Outcome> {
  let request: AttemptInput = input;
  for (;;) {
    exchange.last = undefined;
    try {
      const res = await ai.generate({
        model: request.model,
        tools: request.tools,
        ...(request.system !== undefined ? { system: request.system } : {}),
        ...(request.prompt !== undefined ? { prompt: request.prompt } : {}),
        ...(request.messages ? { messages: request.messages } : {}),
        use: request.use,
        maxTurns: request.maxTurns,
        output: { jsonSchema: ANSWER_JSON_SCHEMA },
      });
      return { answer: res.output ?? parseAnswer(res.text), history: res.messages };
    } catch (err) {
      const last = exchange.last as ModelExchange | undefined;
      if (!last?.response?.message || !(err instanceof GenkitError)) throw err;
      const message = last.response.message as MessageData;
      const history: MessageData[] = [...last.request.messages, message];
      const toolRequests = message.content.filter((p) => p.toolRequest);
      if (toolRequests.length === 0) return { answer: parseAnswer(textOf(message.content)), history };
      const turnLimit = err.status === "ABORTED";
      if (!turnLimit && err.status !== "NOT_FOUND") throw err;
      // Answer every request of that turn so the conversation stays well-formed, then go on.
      const content: Part[] = [];
      for (const part of toolRequests) {
        const { name, ref, input: args } = part.toolRequest!;
        const output = turnLimit
          ? { refused: `not run: the limit of ${request.maxTurns} model turns for one answer was reached` }
          : await session.answer(name, args);
        content.push({ toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output } });
      }
      history.push({ role: "tool", content });
      if (turnLimit)
        return { history, reason: `the limit of ${request.maxTurns} model turns for one answer was reached` };
      const { model, tools, use, maxTurns } = request;
      request = { model, tools, use, maxTurns, messages: history };
    }
  }
}

function textOf(content: Part[]): string {
  return content.map((p) => p.text ?? "").join("");
}

/** The model's text as JSON when it is JSON; otherwise the text itself (the validator calls it malformed). */
function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
