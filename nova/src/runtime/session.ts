import { performance } from "node:perf_hooks";
import type { Envelope } from "nova-contract";
import { Invocation, RefusedError, type InvocationOptions } from "../client";
import { SKILLS } from "../tools";
import { rememberingDetector } from "../validator";
import { retryRefusal } from "./guard";
import { LOAD_SKILL } from "./skills";
import { datamark } from "./spotlight";

/** What the model gets back for a request Nova refuses: no request was made, nothing was recorded. */
export interface Refusal {
  refused: string;
}

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

export interface SessionOptions extends Omit<InvocationOptions, "headers"> {
  marker: string;
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

  /** Answers one tool request, after the ones before it. */
  answer(tool: string, input: unknown): Promise<Envelope | Refusal | { loaded: string; tools: readonly string[] }> {
    const run = this.queue.then(() => this.answerNow(tool, input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async answerNow(
    tool: string,
    input: unknown,
  ): Promise<Envelope | Refusal | { loaded: string; tools: readonly string[] }> {
    const t0 = performance.now();
    if (tool === LOAD_SKILL) {
      const skill = (input as { skill?: unknown } | null)?.skill;
      try {
        if (this.invocation.loadedSkill !== null)
          throw new RefusedError(
            `skill "${this.invocation.loadedSkill}" is already loaded; an invocation loads exactly one skill`,
          );
        if (typeof skill !== "string") throw new RefusedError('load_skill takes {"skill": NAME}');
        this.invocation.loadSkill(skill);
      } catch (err) {
        return this.refuse(tool, input, err, t0);
      }
      this.stats.runtimeMs += performance.now() - t0;
      return { loaded: skill, tools: SKILLS[this.invocation.loadedSkill!] };
    }
    let args: Record<string, unknown> | null;
    try {
      this.invocation.checkAllowed(tool);
      if (input !== undefined && input !== null && (typeof input !== "object" || Array.isArray(input))) {
        throw new RefusedError(`the arguments of ${tool} must be a JSON object`);
      }
      args = (input ?? null) as Record<string, unknown> | null;
      const retry = retryRefusal(this.invocation.ledger(), tool, args);
      if (retry) throw new RefusedError(retry);
    } catch (err) {
      return this.refuse(tool, input, err, t0);
    }
    const t1 = performance.now();
    this.stats.runtimeMs += t1 - t0;
    // As the model wrote them: the server's own check answers bad arguments, in an envelope.
    const envelope = await this.invocation.call(tool, args);
    const t2 = performance.now();
    this.stats.toolMs += t2 - t1;
    this.stats.toolCalls++;
    // The model reads a marked copy; the ledger keeps the envelope as the server sent it.
    const seen = datamark(envelope, this.marker);
    this.stats.runtimeMs += performance.now() - t2;
    return seen;
  }

  private refuse(tool: string, input: unknown, err: unknown, t0: number): Refusal {
    if (!(err instanceof RefusedError)) throw err;
    const reason = `${err.message}. Nothing was sent to the server.`;
    this.refusals.push({ tool, input, reason });
    this.stats.refusedCalls++;
    this.stats.runtimeMs += performance.now() - t0;
    return { refused: reason };
  }
}
