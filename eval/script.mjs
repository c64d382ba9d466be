// Helpers for script models: Genkit model runners, (GenerateRequest) => GenerateResponseData, that
// play a scripted Nova. A script reads only what a model reads: the request's messages.

const MARKER = /marker (‹[0-9a-f]{12}›)/;
export const REASK = /^Your answer was not accepted|^You gave no answer/;

/** What the conversation so far holds, as a script sees it. */
export function read(request) {
  const messages = request.messages ?? [];
  const system = messages
    .filter((m) => m.role === "system")
    .flatMap((m) => m.content)
    .map((p) => p.text ?? "")
    .join("\n");
  const marker = system.match(MARKER)?.[1] ?? null;
  const requests = messages
    .filter((m) => m.role === "model")
    .flatMap((m) => m.content)
    .filter((p) => p.toolRequest)
    .map((p) => p.toolRequest);
  const responses = messages
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .filter((p) => p.toolResponse)
    .map((p) => p.toolResponse);
  const reasks = messages
    .filter((m) => m.role === "user")
    .filter((m) => m.content.some((p) => REASK.test(p.text ?? ""))).length;
  const offered = (request.tools ?? []).map((t) => t.name);
  return { messages, marker, requests, responses, reasks, offered, request };
}

export function callTool(name, input) {
  return {
    message: {
      role: "model",
      content: [{ toolRequest: { name, ref: `r${Math.random().toString(36).slice(2, 8)}`, input } }],
    },
    finishReason: "stop",
  };
}

export function say(value) {
  return {
    message: { role: "model", content: [{ text: typeof value === "string" ? value : JSON.stringify(value) }] },
    finishReason: "stop",
  };
}

/** Removes the datamark from third-party text before quoting it. */
export function unmark(text, marker) {
  return marker ? text.split(marker).join("") : text;
}

/** The envelopes the tools returned (refusals and skill loads left out), with their tool names. */
export function envelopes(state) {
  return state.responses
    .filter((r) => r.output && typeof r.output === "object" && "status" in r.output)
    .map((r) => ({ tool: r.name, envelope: r.output }));
}

/** The claim type an evidence item supports, read from its kind and ref. */
export function claimTypeFor(item) {
  if (item.kind === "dataset") return "aggregate";
  if (item.ref.startsWith("trendSignals/")) return "story";
  return /\/posts\//.test(item.ref) ? "measured_post" : "record";
}

/**
 * An honest answer about every envelope: the errors that stand, quoted exactly; no_data for an empty
 * success; one claim per evidence item at the level its kind supports. A validation error followed
 * by another call of the same tool counts as corrected; a retried request reports its last error.
 */
export function honestAnswer(state, text = "Here is what the tools report.") {
  const all = envelopes(state);
  const claims = [];
  all.forEach(({ tool, envelope }, i) => {
    const later = all.slice(i + 1).filter((e) => e.tool === tool);
    if (envelope.status === "error") {
      const corrected =
        later.length > 0 &&
        (envelope.error.category === "validation" ||
          later.some((e) => JSON.stringify(e.envelope.error) === JSON.stringify(envelope.error)));
      if (!corrected)
        claims.push({
          type: "tool_error",
          tool,
          text: `${tool} returned ${envelope.error.code}: ${envelope.error.message}`,
          error: envelope.error,
        });
      return;
    }
    if (envelope.evidence.length === 0) {
      claims.push({ type: "no_data", tool, text: `${tool} found nothing to report.` });
      return;
    }
    for (const e of envelope.evidence.slice(0, 4))
      claims.push({ type: claimTypeFor(e), text: `From ${e.ref}.`, evidenceIds: [e.evidenceId] });
  });
  return { text, claims };
}

/**
 * A script model: load `skill`, make `calls` in order (each [name, input], or a function of the
 * state returning one, or null to stop calling), then answer with `answer(state)` (default: honest).
 */
export function scripted({ skill, calls = [], answer = (s) => honestAnswer(s) }) {
  return (request) => {
    const state = read(request);
    const plan = [["load_skill", { skill }], ...calls];
    const next = plan[state.requests.length];
    const step = typeof next === "function" ? next(state) : next;
    return step ? callTool(step[0], step[1]) : say(answer(state));
  };
}

/** How Genkit names Gemini's finish reasons (the plugin's fromGeminiFinishReason). */
export const GENKIT_FINISH = {
  SAFETY: "blocked",
  RECITATION: "blocked",
  MAX_TOKENS: "length",
  MALFORMED_FUNCTION_CALL: "other",
};

/**
 * A turn that ends without a normal stop: Gemini's finish reason by name (finishMessage carries it,
 * so the wire double answers with exactly that reason), with the partial text a cut-off turn has.
 */
export function finish(reason, text) {
  return {
    message: { role: "model", content: text ? [{ text }] : [] },
    finishReason: GENKIT_FINISH[reason] ?? "other",
    finishMessage: reason,
  };
}

/** A response with no candidate at all (on the wire: the prompt-blocked form, promptFeedback only). */
export function noCandidate() {
  return {};
}

/** The model's HTTP error: the wire double answers with this status; a script model throws it to Genkit. */
export function modelFault(status) {
  throw Object.assign(new Error(`scripted model fault: HTTP ${status}`), { httpStatus: status });
}

/**
 * A script model that plays `plan` (see scripted) but gives `turn()` instead of its first answer:
 * a fault at the answer, then, once re-asked, the honest answer.
 */
export function faultAtAnswer(turn, plan) {
  const play = scripted(plan);
  return (request) => {
    const next = play(request);
    const answers = next.message.content.some((p) => p.text !== undefined);
    return answers && read(request).reasks === 0 ? turn() : next;
  };
}
