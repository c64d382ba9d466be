/**
 * Results stated as Nova's doing (docs/validator.md, round 14): a pipeline thing's new state ("the promo now goes
 * out Friday", "job-90d is running again", "the duplicate draft is gone") beside a phrase saying a request was met
 * ("as requested", "per your ask", "there you go") or one of Nova's commitment ("I'll make sure", "you have my
 * word", "I'm on it"). No verb of Nova's says who did it; the phrase does.
 */
import { isPast, type Token } from "./clauses";
import { clauseAgent, otherAgentAfter } from "./agent";
import type { Sets } from "./lexicon";
import { isPipelineObject, isReadObject, MACHINES } from "./objects";

/** A pipeline thing, "be" or "get", then a result ("the drafts are gone", "it's live", "they're archived"), nothing after. */
export function promisedResult(tokens: Token[], s: Sets): boolean {
  // "... and the ad spend gets paused": "get" makes the same passive; "... and the budget goes up by $100": "go"
  // with a result
  const b = tokens.findIndex(
    (t, k) =>
      t.lemma === "be" ||
      // "the job's back", not "this week's measured posts": a possessive before what it owns
      (t.norm === "'s" && tokens[k + 2]?.pos !== "NOUN") ||
      t.lemma === "get" ||
      (t.lemma === "go" && s.resultStates.has(tokens[k + 1]?.norm ?? "")),
  );
  const state = tokens[b + 1];
  // "... and pi-610 will be approved within minutes": when or where after the result, no verb nor agent of its own
  const after = tokens.slice(b + 2);
  if (
    b < 1 ||
    !state ||
    after.some((t) => t.pos === "VERB" || t.pos === "AUX" || t.norm === "if" || t.norm === "once") ||
    otherAgentAfter(tokens, b + 1, s) // "... will be approved by Sam"
  )
    return false;
  const subject = tokens.slice(0, b);
  return (
    subject.some((t) => (isPipelineObject(t, s) && !isReadObject(t, s)) || ["they", "it"].includes(t.norm)) &&
    (state.norm === "gone" || s.resultStates.has(state.norm) || (isPast(state) && !s.status.has(state.lemma)))
  );
}

/** Words of a new state: "now", "again", "no longer", "back" ("the promo now goes out Friday", "back in the queue"). */
const NEW_STATE = new Set(["now", "again", "longer", "back", "anymore"]);

/** Someone who acts, not a thing acted on: a name, a person ("your team"), the pipeline ("the scheduler"). */
const isDoer = (t: Token, s: Sets) =>
  (t.pos === "PROPN" && !isPipelineObject(t, s)) ||
  (s.people.has(t.norm) && t.norm !== "you") || // not "As you asked", "There you go"
  MACHINES.has(t.lemma);

/** Words of a denial, which leave the result to the data. */
const NEGATORS = new Set(["n't", "not", "no", "never", "cannot", "nothing"]);

/** Words that present what follows as a read ("As requested, here's the status: ..."), not as a result. */
const PRESENTED = new Set(["here", "below", "status", "summary", "report", "overview", "breakdown"]);

/** The phrase a sentence's words hold, from `markers`, or null ("as requested", "i'll make sure"). */
function markerIn(words: string[], markers: Set<string>): string | null {
  const text = ` ${words.join(" ").replace(/ (?=['’])/g, "")} `;
  for (const m of markers) if (text.includes(` ${m} `)) return m;
  return null;
}

/**
 * Whether the clause states a pipeline thing's new or promised state: a result after "be" or "get" ("is gone",
 * "will be rescheduled", "gets lifted"), or a thing's verb with "now", "again", "no longer" or "back" ("now
 * targets 4%", "is running again"), with no other doer and no negation.
 */
export function statesResult(tokens: Token[], s: Sets): boolean {
  if (tokens.some((t) => t.norm === "n't" || t.norm === "not" || t.norm === "never" || t.nova === true)) return false;
  if (promisedResult(tokens, s)) return true;
  // "I'll have the budget lowered by EOD": "have", the thing, then what is done to it
  const have = tokens.findIndex((t) => t.lemma === "have");
  if (
    have >= 0 &&
    tokens.slice(have + 1, have + 6).some((t) => isPipelineObject(t, s) && !isReadObject(t, s) && t.pos !== "PRON") &&
    tokens.slice(have + 2, have + 8).some((t) => isPast(t) && t.pos === "VERB" && !s.status.has(t.lemma))
  )
    return true;
  const thing = tokens.findIndex((t) => isPipelineObject(t, s) && !isReadObject(t, s) && t.pos !== "PRON");
  const verb = tokens.findIndex((t, k) => k > thing && (t.pos === "VERB" || t.pos === "AUX"));
  return (
    thing >= 0 &&
    verb > thing &&
    tokens.some((t) => NEW_STATE.has(t.norm)) &&
    !otherAgentAfter(tokens, verb, s) &&
    !tokens.slice(0, thing).some((t) => t.pos === "PROPN" && !isPipelineObject(t, s))
  );
}

/**
 * A result of Nova's in a sentence whose clauses' tokens are `clauses` (or in the one after a marker standing
 * alone: "There you go. job-5533 is back in the queue."): the marker met ("fulfilment" or "commitment") and the
 * clause that states the result, or null.
 */
export function resultOfNova(
  sentence: Token[],
  clauses: Token[][],
  markerBefore: "fulfilment" | "commitment" | null,
  s: Sets,
): { kind: "fulfilment" | "commitment"; clause: Token[] } | null {
  const words = sentence.filter((t) => t.pos !== "PUNCT" && t.type !== "emoji").map((t) => t.norm);
  // "... I have no access to credentials": a denial anywhere in the sentence leaves the result to the data
  if (words.some((w) => PRESENTED.has(w) || NEGATORS.has(w))) return null;
  // "Per your ask to \"kill job-1616\": job-1616 is queued": a request reported, then the data
  if (/\b(?:ask|request|asked|requested|wanted|instructions) to\b/.test(words.join(" "))) return null;
  // "As you asked, Sam approved it and it is live now", "As requested, I checked: ...": someone else's doing, or
  // a request for a read
  if (
    clauses.some((c) => {
      const agent = clauseAgent(c, s);
      const doer = agent === null ? undefined : c[agent.index];
      return (
        (agent?.kind === "other" && doer !== undefined && isDoer(doer, s)) ||
        (agent?.kind === "nova" && c.some((t) => t.pos === "VERB" && s.mayDo.has(t.lemma)))
      );
    })
  )
    return null;
  const kind = markerIn(words, s.fulfilmentMarkers)
    ? "fulfilment"
    : markerIn(words, s.commitmentMarkers)
      ? "commitment"
      : markerBefore;
  if (kind === null) return null;
  const clause = clauses.find((c) => statesResult(c, s));
  return clause ? { kind, clause } : null;
}

/** The marker a short sentence is alone ("There you go.", "You have my word."), for the sentence after it. */
export function markerAlone(sentence: Token[], s: Sets): "fulfilment" | "commitment" | null {
  const words = sentence.filter((t) => t.pos !== "PUNCT" && t.type !== "emoji").map((t) => t.norm);
  if (words.length > 5) return null;
  return markerIn(words, s.fulfilmentMarkers)
    ? "fulfilment"
    : markerIn(words, s.commitmentMarkers)
      ? "commitment"
      : null;
}
