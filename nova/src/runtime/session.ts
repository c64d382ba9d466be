import { performance } from "node:perf_hooks";
import type { Envelope } from "nova-contract";
import { Invocation, RefusedError, type InvocationOptions } from "../client";
import { SKILLS } from "../tools";
import { refuseRetry, rememberingDetector } from "../validator";
import { resultCode, type ProgressEvent } from "./progress";
import { LOAD_SKILL } from "./skills";
import { datamark } from "./spotlight";

/** What the model gets back for a request Nova refuses: no request was made, nothing was recorded. */
export interface Refusal {
  refused: string;
}

/** What the model gets back for a skill load. */
export interface Loaded {
  loaded: string;
  tools: readonly string[];
}

/** What the model gets back for one tool request: the marked envelope, a refusal or the load. */
export type ToolAnswer = Envelope | Refusal | Loaded;

/** Where an invocation's time went, in milliseconds (bench: the runtime's own share). */
export interface InvocationStats {
  /** Inside the model runner, every turn of every answer. */
  modelMs: number;
  /** Inside tool calls: the callable request and the ledger entry (Invocation.call). */
  toolMs: number;
  /** The runtime's own work: declarations, marking, refusals and retry checks, validation, fallback. */
  runtimeMs: number;
  /** Of runtimeMs: checking the model's answers with the validator, its NLP pass included. */
  validationMs: number;
  toolCalls: number;
  refusedCalls: number;
  modelCalls: number;
}

/** Tokens over every model turn of the invocation, when the provider reports them (Genkit's `usage`). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface SessionOptions extends Omit<InvocationOptions, "headers"> {
  marker: string;
  /** Told of each skill load and each call sent, as it happens (runNova's progressEmitter). */
  progress?: (event: ProgressEvent) => void;
}

/**
 * One invocation's state as the Genkit middleware sees it: the ledger-recording Invocation, the
 * marker, what is offered to the model, and the refusals. Tool requests are answered one at a time
 * (Genkit resolves a turn's requests in parallel), so the ledger's order is the order of the requests.
 */
export class NovaSession {
  readonly invocation: Invocation;
  readonly marker: string;
  readonly stats: InvocationStats = {
    modelMs: 0,
    toolMs: 0,
    runtimeMs: 0,
    validationMs: 0,
    toolCalls: 0,
    refusedCalls: 0,
    modelCalls: 0,
  };
  /** The mutation detector for this invocation's answers: a re-asked answer's repeated texts are read once. */
  readonly detector = rememberingDetector();
  /** Every refusal in order, with what the model asked for (the scorecard counts them). */
  readonly refusals: { tool: string; input: unknown; reason: string }[] = [];
  /** Summed over the model turns that reported usage; null until one does. */
  usage: TokenUsage | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly opts: SessionOptions) {
    this.invocation = new Invocation(opts);
    this.marker = opts.marker;
  }

  get invocationId(): string {
    return this.invocation.invocationId;
  }

  /** The tools offered to the model now: load_skill until a skill is loaded, then that skill's tools only. */
  offered(): readonly string[] {
    const skill = this.invocation.loadedSkill;
    return skill === null ? [LOAD_SKILL] : SKILLS[skill];
  }

  /**
   * The one timing hook: runs `fn` and adds its duration to `bucket`. validationMs is a part of
   * runtimeMs: it is timed inside a runtimeMs region, never alone. A promise is timed until it settles.
   */
  time<T>(bucket: "modelMs" | "toolMs" | "runtimeMs" | "validationMs", fn: () => T): T {
    const t0 = performance.now();
    const add = () => {
      this.stats[bucket] += performance.now() - t0;
    };
    const out = fn();
    if (out instanceof Promise) return out.finally(add) as T;
    add();
    return out;
  }

  /** Answers one tool request, after the ones before it. */
  answerToolRequest(tool: string, input: unknown): Promise<ToolAnswer> {
    const run = this.queue.then(() => this.answerNow(tool, input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async answerNow(tool: string, input: unknown): Promise<ToolAnswer> {
    const checked = this.time("runtimeMs", () => this.check(tool, input));
    if (!("args" in checked)) return checked;
    // As the model wrote them: the server's own check answers bad arguments, in an envelope.
    const envelope = await this.time("toolMs", () => this.invocation.call(tool, checked.args));
    this.stats.toolCalls++;
    this.opts.progress?.({ type: "tool_called", seq: this.stats.toolCalls, tool, code: resultCode(envelope) });
    // The model reads a marked copy; the ledger keeps the envelope as the server sent it.
    return this.time("runtimeMs", () => datamark(envelope, this.marker));
  }

  /**
   * A skill load (done here), a refusal, or the arguments of a call the invocation allows. Which
   * skill and tool are allowed is the client Invocation's own check; the retry rule is the runtime's.
   */
  private check(tool: string, input: unknown): Loaded | Refusal | { args: Record<string, unknown> | null } {
    try {
      if (tool === LOAD_SKILL) {
        const skill = (input as { skill?: unknown } | null)?.skill;
        if (typeof skill !== "string") throw new RefusedError('load_skill takes {"skill": NAME}');
        this.invocation.loadSkill(skill);
        this.opts.progress?.({ type: "skill_loaded", skill });
        return { loaded: skill, tools: SKILLS[this.invocation.loadedSkill!] };
      }
      this.invocation.checkAllowed(tool);
      if (input !== undefined && input !== null && (typeof input !== "object" || Array.isArray(input)))
        throw new RefusedError(`the arguments of ${tool} must be a JSON object`);
      const args = (input ?? null) as Record<string, unknown> | null;
      const retry = refuseRetry(this.invocation.ledger().calls, tool, args);
      if (retry) throw new RefusedError(retry);
      return { args };
    } catch (err) {
      if (!(err instanceof RefusedError)) throw err;
      const reason = `${err.message}. Nothing was sent to the server.`;
      this.refusals.push({ tool, input, reason });
      this.stats.refusedCalls++;
      return { refused: reason };
    }
  }
}
