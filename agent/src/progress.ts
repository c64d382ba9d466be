import type { FinishReport } from "nova-tools";
import type { Progress } from "./ask";

/**
 * Progress for a streaming caller, derived from outside the runtime (runNova has no progress hook):
 * each tool call is seen where it leaves the process, through the `fetch` the runtime is given (its
 * tool, from the URL; the skill, from the X-Nova-Skill header the client adds; the result code, from
 * the envelope), and the rejected answers and the fallback from the report at the end, before the
 * result. The hook that would stream rejections as they happen is proposed in docs/operations.md.
 */
export class ProgressRelay {
  private skillSent = false;
  private seq = 0;

  constructor(private readonly send: (chunk: Progress) => void) {}

  /** The runtime's fetch, observed: the request and response themselves are passed through untouched. */
  fetch(inner: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const res = await inner(input, init);
      const skill = new Headers(init?.headers).get("x-nova-skill");
      if (skill) this.skillLoaded(skill);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const tool = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
      const code = await res
        .clone()
        .json()
        .then((b: { result?: { status?: string; error?: { code?: string } } }) =>
          b.result?.status === "success" ? "OK" : (b.result?.error?.code ?? `HTTP_${res.status}`),
        )
        .catch(() => `HTTP_${res.status}`);
      this.send({ type: "tool_called", seq: ++this.seq, tool, code });
      return res;
    };
  }

  skillLoaded(skill: string): void {
    if (this.skillSent) return;
    this.skillSent = true;
    this.send({ type: "skill_loaded", skill });
  }

  /** At the end: a load with no call after it, every rejected answer by its rules, the fallback. */
  finished(report: FinishReport, skill: string | undefined, fallback: boolean): void {
    if (skill) this.skillLoaded(skill);
    report.rejected.forEach((violations, i) =>
      this.send({ type: "answer_rejected", round: i + 1, rules: [...new Set(violations.map((v) => v.rule))] }),
    );
    if (fallback) this.send({ type: "fallback" });
  }
}
