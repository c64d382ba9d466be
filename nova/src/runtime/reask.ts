import type { Violation } from "../validator";

/** What an answer carrying the invocation's marker is told: not a validator rule, the runtime's own check. */
export const MARKER_RULE = "spotlight_marker";

export interface ReaskViolation {
  rule: string;
  detail: string;
}

/** The marker check: an answer must not carry the datamark of third-party text. */
export function markerViolations(answer: unknown, marker: string): ReaskViolation[] {
  const text = typeof answer === "string" ? answer : JSON.stringify(answer ?? null);
  return text.includes(marker)
    ? [
        {
          rule: MARKER_RULE,
          detail: `the answer contains the datamark ${marker} of third-party text; quote or summarise that text without the marker`,
        },
      ]
    : [];
}

/** The message that sends an answer back: every violation by its rule and detail, then what to do. */
export function reaskMessage(
  violations: readonly (Violation | ReaskViolation)[],
  attempt: number,
  maxAttempts: number,
): string {
  const lines = violations.map((v) => `- ${v.rule}: ${v.detail}`);
  return [
    `Your answer was not accepted (answer ${attempt} of at most ${maxAttempts}). It breaks these rules:`,
    ...lines,
    "Give the whole corrected answer again as the same JSON object {text, claims}. Cite only evidence ids the tools returned in this",
    "invocation, report every tool error exactly as a tool_error claim, and do not say or imply that you changed anything.",
  ].join("\n");
}
