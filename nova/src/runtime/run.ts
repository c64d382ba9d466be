import { performance } from "node:perf_hooks";
import type { Genkit, MessageData, ModelArgument, Part } from "genkit";
import type { Answer, Ledger } from "../schemas";
import { validateAnswer, type Purpose, type ValidationResult, type Violation } from "../validator";
import { NovaClientError, type CallOptions } from "../client";
import { NovaModelError, genkitStatus, httpStatusOf } from "./errors";
import { fallbackAnswer } from "./fallback";
import { geminiSchema } from "./gemini";
import { ANSWER_JSON_SCHEMA, systemPrompt } from "./instructions";
import { declareNovaTools, novaMiddleware, providerReason, turnOf, type ModelExchange } from "./middleware";
import { modelFamily, type ModelFamily } from "./models";
import { progressEmitter, type ProgressHook } from "./progress";
import { markerViolations, reaskMessage, type ReaskViolation } from "./reask";
import { NovaSession, type InvocationStats, type TokenUsage } from "./session";
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
  /** Called once on every exit path (accepted, fallback, model error) with what happened (bench, eval, serving). */
  onFinish?: (report: InvocationReport) => void;
  /**
   * Told of each step as it happens (a streaming caller's progress): the skill loaded, each call
   * sent with its result code, each rejected answer's rules, the fallback. Never awaited; a hook
   * that throws or rejects loses that event only (progressEmitter).
   */
  onProgress?: ProgressHook;
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

export type InvocationOutcome = "accepted_first" | "accepted_after_reask" | "fallback" | "error";

/** What one invocation did, for the caller's records (docs/nova-runtime.md, "The report"). */
export interface InvocationReport {
  invocationId: string;
  outcome: InvocationOutcome;
  /** The model's name as Genkit resolves it. */
  model: string;
  /** Tokens summed over every model turn; null when the provider reported none. */
  usage: TokenUsage | null;
  stats: InvocationStats;
  marker: string;
  refusals: NovaSession["refusals"];
  /** Every rejected round's violations, in order (no_answer for a round without an answer). */
  rejected: (Violation | ReaskViolation)[][];
  attempts: number;
  totalMs: number;
}

/** One round: the model's answer, or why there was none; either way the conversation so far. */
type Round = { answer: unknown; history: MessageData[] } | { reason: string; history: MessageData[] };

/**
 * One Nova invocation on Genkit (SPEC section 9): the model loads one skill, calls its tools through
 * the ledger-recording client with the caller's token, and answers with the structured answer,
 * which is validated against the ledger and sent back with its violations at most `maxReasks`
 * times; then the fixed fallback. Errors from the tools are data for the model, and so is every
 * model-side fault that still leaves a conversation. Only a failure to run at all throws: a
 * NovaModelError (the model could not be used), or the client's error (functions unreachable, a
 * protocol error).
 */
export async function runNova(ai: Genkit, opts: NovaOptions): Promise<NovaResult> {
  const started = performance.now();
  const purpose = opts.purpose ?? "chat";
  const maxReasks = opts.maxReasks ?? DEFAULT_MAX_REASKS;
  if (!Number.isInteger(maxReasks) || maxReasks < 0)
    throw new RangeError(`maxReasks must be a non-negative integer, got ${maxReasks}`);
  const maxTurns = opts.maxTurns ?? DEFAULT_MAX_TURNS;
  const family = modelFamily(opts.model);
  const progress = progressEmitter(opts.onProgress);
  const session = new NovaSession({ ...opts, marker: mintMarker(), progress });
  const exchange: { last?: ModelExchange } = {};
  const rejected: (Violation | ReaskViolation)[][] = [];
  let attempts = 0;
  const finish = (outcome: InvocationOutcome) =>
    opts.onFinish?.({
      invocationId: session.invocationId,
      outcome,
      model: family.name,
      usage: session.usage,
      stats: session.stats,
      marker: session.marker,
      refusals: session.refusals,
      rejected,
      attempts,
      totalMs: performance.now() - started,
    });

  const base = session.time("runtimeMs", () => ({
    model: opts.model,
    tools: declareNovaTools(ai),
    use: [novaMiddleware(session, exchange, family)],
    maxTurns,
    family,
  }));
  const rounds = maxReasks + 1;
  let request: AttemptInput = { ...base, system: systemPrompt(session.marker), prompt: opts.question };
  try {
    for (let round = 1; round <= rounds; round++) {
      const got = await attempt(ai, session, exchange, request);
      const next = session.time("runtimeMs", () => judge(got));
      if ("accepted" in next) {
        finish(rejected.length === 0 ? "accepted_first" : "accepted_after_reask");
        return next.accepted;
      }
      request = { ...base, messages: next.messages };
    }
  } catch (err) {
    finish("error");
    throw modelError(err, family);
  }
  progress({ type: "fallback" });
  const ledger = session.invocation.ledger();
  // the session's detector: the fallback's own check and its final validation read its text once
  const fallback = session.time("runtimeMs", () =>
    session.time("validationMs", () => fallbackAnswer(ledger, purpose, session.detector)),
  );
  finish("fallback");
  return { invocationId: session.invocationId, ...fallback, ledger, attempts, fallback: true };

  /** Records a rejected answer and tells the caller, before the model is asked again. */
  function reject(violations: (Violation | ReaskViolation)[]): void {
    rejected.push(violations);
    progress({ type: "answer_rejected", round: rejected.length, rules: [...new Set(violations.map((v) => v.rule))] });
  }

  /** A round's verdict: the accepted result, or the conversation that asks again. */
  function judge(got: Round): { accepted: NovaResult } | { messages: MessageData[] } {
    if ("reason" in got) {
      reject([{ rule: "no_answer", detail: got.reason }]);
      const note = `You gave no answer: ${got.reason}. Give your final answer now as the JSON object {text, claims}.`;
      return { messages: [...got.history, { role: "user", content: [{ text: note }] }] };
    }
    attempts++;
    const ledger = session.invocation.ledger();
    const verdict: ValidationResult = session.time("validationMs", () =>
      validateAnswer(ledger, got.answer, purpose, session.detector),
    );
    const violations = [...verdict.violations, ...markerViolations(got.answer, session.marker)];
    if (violations.length === 0) {
      const answer = got.answer as Answer;
      return {
        accepted: {
          invocationId: session.invocationId,
          answer,
          ledger,
          validation: verdict,
          attempts,
          fallback: false,
        },
      };
    }
    reject(violations);
    const text = reaskMessage(violations, attempts, rounds);
    return { messages: [...got.history, { role: "user", content: [{ text }] }] };
  }
}

/** The error runNova throws: the client's own (the CLI names them), else ours without the provider's text. */
function modelError(err: unknown, family: ModelFamily): Error {
  if (err instanceof NovaClientError || err instanceof NovaModelError || err instanceof RangeError) return err;
  return new NovaModelError(family.name, genkitStatus(err), httpStatusOf(err));
}

interface AttemptInput {
  model: ModelArgument;
  family: ModelFamily;
  tools: string[];
  use: ReturnType<typeof novaMiddleware>[];
  maxTurns: number;
  system?: string;
  prompt?: string;
  messages?: MessageData[];
}

/**
 * How the answer is asked for (docs/nova-runtime.md, "The answer"): structured output with the full
 * schema for script models, with the schema in Gemini's documented keywords for Gemini 3, and no
 * response format at all for Gemini before 3 (the answer is JSON text; the instructions describe it).
 */
function answerOutput(family: ModelFamily): { output?: { jsonSchema: Record<string, unknown> } } {
  if (family.answer === "json-text") return {};
  return { output: { jsonSchema: family.provider === "gemini" ? GEMINI_ANSWER_JSON_SCHEMA : ANSWER_JSON_SCHEMA } };
}

/** The answer schema Gemini is sent: the same shapes in its documented keywords. */
export const GEMINI_ANSWER_JSON_SCHEMA = geminiSchema(ANSWER_JSON_SCHEMA) as Record<string, unknown>;

/** Finish reasons of a turn that ended normally (`unknown`: the provider did not say). */
const NORMAL_FINISH = new Set(["stop", "unknown"]);

/**
 * One answer from the model: Genkit's tool loop until the model stops calling tools. Whatever form
 * the model's response took (`message`, or the plugin's `candidates`), the last turn the middleware
 * saw decides what happened when Genkit throws:
 * - an answer that fails Genkit's structured-output check is still the model's answer (the
 *   validator names what is wrong with it: malformed_answer);
 * - a request for a tool Genkit does not know is refused like any tool outside the skill;
 * - the turn limit, a finish other than a normal stop (safety, recitation, max tokens, a malformed
 *   function call) and a turn with no candidate end the attempt without an answer;
 * - anything else (no turn at all: the provider's HTTP error, an unreachable model) throws.
 */
async function attempt(
  ai: Genkit,
  session: NovaSession,
  exchange: { last?: ModelExchange },
  input: AttemptInput,
): Promise<Round> {
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
        ...answerOutput(request.family),
      });
      const cut = unfinished(res.finishReason, providerReason(res.custom) ?? res.finishMessage);
      if (cut)
        return { history: withTurn(res.messages.slice(0, -1), res.messages[res.messages.length - 1]), reason: cut };
      return { answer: res.output ?? parseAnswer(res.text), history: res.messages };
    } catch (err) {
      if (err instanceof NovaClientError) throw err;
      const last = exchange.last as ModelExchange | undefined;
      const turn = turnOf(last?.response);
      if (!last?.response) {
        // The plugin's "No valid candidates returned." is a turn without a candidate; the rest is an error.
        const noCandidate =
          genkitStatus(err) === "FAILED_PRECONDITION" && /candidate/i.test(err instanceof Error ? err.message : "");
        if (last && noCandidate)
          return { history: [...last.request.messages], reason: "the model returned no candidate" };
        throw err;
      }
      const history: MessageData[] = [...last.request.messages];
      if (!turn.message) return { history, reason: "the model returned no candidate" };
      const cut = unfinished(turn.finishReason, turn.providerReason ?? turn.finishMessage);
      if (cut) return { history: withTurn(history, turn.message), reason: cut };
      history.push(turn.message);
      const toolRequests = turn.message.content.filter((p) => p.toolRequest);
      if (toolRequests.length === 0) return { answer: parseAnswer(textOf(turn.message.content)), history };
      const status = genkitStatus(err);
      const turnLimit = status === "ABORTED";
      if (!turnLimit && status !== "NOT_FOUND") throw err;
      // Answer every request of that turn so the conversation stays well-formed, then go on.
      const limit = `the limit of ${request.maxTurns} model turns for one answer was reached`;
      const content: Part[] = [];
      for (const part of toolRequests) {
        const { name, ref, input: args } = part.toolRequest!;
        const output = turnLimit ? { refused: `not run: ${limit}` } : await session.answerToolRequest(name, args);
        content.push({ toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output } });
      }
      history.push({ role: "tool", content });
      if (turnLimit) return { history, reason: limit };
      const { system: _s, prompt: _p, ...rest } = request;
      request = { ...rest, messages: history };
    }
  }
}

/** Why a turn that did not end normally gave no answer, or null for a normal stop. */
function unfinished(finishReason: string | undefined, finishMessage: string | undefined): string | null {
  if (finishReason === undefined || NORMAL_FINISH.has(finishReason)) return null;
  // Only our own words and the provider's reason name reach the model, never its free text.
  const named = finishMessage && /^[A-Z_]{2,40}$/.test(finishMessage) ? ` (${finishMessage})` : "";
  return `your turn ended with finish reason ${finishReason}${named}`;
}

/** The history with the model's last turn, unless that turn is empty (the API refuses a turn without parts). */
function withTurn(history: MessageData[], turn: MessageData | undefined): MessageData[] {
  return turn && turn.content.length > 0 ? [...history, turn] : history;
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
