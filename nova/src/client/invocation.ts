import { randomBytes } from "node:crypto";
import type { Envelope } from "nova-contract";
import type { Ledger, LedgerCall } from "../schemas";
import { SKILLS, isSkillName, isToolName, type SkillName } from "../tools";
import { RefusedError } from "./errors";
import { callTool, type CallOptions } from "./http";

export interface InvocationOptions extends Omit<CallOptions, "headers"> {
  /** Defaults to a fresh random id (`inv_` + 16 random bytes, base64url). */
  invocationId?: string;
  /** The clock for `at`; defaults to the system clock. */
  now?: () => Date;
}

/** The raw response of one recorded call, for byte-identity checks and debugging. */
export interface RecordedResponse {
  seq: number;
  status: number;
  url: string;
  rawBody: string;
}

export function newInvocationId(): string {
  return `inv_${randomBytes(16).toString("base64url")}`;
}

/**
 * One Nova invocation: loads exactly one skill, then calls only that skill's tools, recording every
 * call that returned an envelope in the ledger (SPEC section 6). Refusals (no skill loaded, a second
 * load, an unknown skill or tool, a tool outside the skill) throw a RefusedError before any request.
 * Calls that get no envelope (protocol errors, unreachable server) throw and are not in the ledger.
 */
export class Invocation {
  readonly invocationId: string;
  private skill: SkillName | null = null;
  private readonly skillLoads: string[] = [];
  private readonly calls: LedgerCall[] = [];
  private readonly responses: RecordedResponse[] = [];
  private readonly now: () => Date;

  constructor(private readonly opts: InvocationOptions) {
    this.invocationId = opts.invocationId ?? newInvocationId();
    this.now = opts.now ?? (() => new Date());
  }

  get loadedSkill(): SkillName | null {
    return this.skill;
  }

  /** Loads the invocation's one skill. */
  loadSkill(skill: string): void {
    if (this.skill !== null)
      throw new RefusedError(`skill "${this.skill}" is already loaded; an invocation loads exactly one skill`);
    if (!isSkillName(skill))
      throw new RefusedError(`unknown skill "${skill}"; skills: ${Object.keys(SKILLS).join(", ")}`);
    this.skill = skill;
    this.skillLoads.push(skill);
  }

  /** The tools the loaded skill allows (empty before the load). */
  allowedTools(): readonly string[] {
    return this.skill ? SKILLS[this.skill] : [];
  }

  /** Throws the refusal a call of `tool` would get, without calling anything. */
  checkAllowed(tool: string): void {
    if (this.skill === null) throw new RefusedError(`no skill is loaded; load one skill before calling ${tool}`);
    if (!isToolName(tool)) throw new RefusedError(`unknown tool "${tool}"`);
    if (!this.allowedTools().includes(tool)) {
      throw new RefusedError(
        `tool ${tool} is outside skill "${this.skill}" (allowed: ${this.allowedTools().join(", ")})`,
      );
    }
  }

  /** Calls a tool of the loaded skill and records the call. Args omitted means null. */
  async call(tool: string, args: Record<string, unknown> | null = null): Promise<Envelope> {
    this.checkAllowed(tool);
    const at = this.now().toISOString();
    const recordedArgs = args === null ? null : (JSON.parse(JSON.stringify(args)) as Record<string, unknown>);
    const res = await callTool(tool, recordedArgs, {
      ...this.opts,
      headers: { "X-Nova-Skill": this.skill!, "X-Nova-Invocation": this.invocationId },
    });
    const seq = this.calls.length + 1;
    this.calls.push({ seq, tool, args: recordedArgs, at, envelope: res.envelope });
    this.responses.push({ seq, status: res.status, url: res.url, rawBody: res.rawBody });
    return res.envelope;
  }

  /** The ledger so far (the recorded objects themselves: treat as read-only). */
  ledger(): Ledger {
    return { invocationId: this.invocationId, skillLoads: [...this.skillLoads], calls: [...this.calls] };
  }

  /** The raw response of every recorded call, by seq. */
  rawResponses(): readonly RecordedResponse[] {
    return [...this.responses];
  }
}
