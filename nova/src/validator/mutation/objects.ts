/**
 * The mutation detector's objects: what a noun phrase is and what it names. Where one starts, which verb
 * forms inside one only describe ("the retry queue", "the archived posts"), the object after a verb, and
 * whether a word names a pipeline object, one of Nova's reads, or people (docs/validator.md).
 */
import { CLOCK, CURRENCY, isIng, isNominal, isPast, type Token } from "./clauses";
import type { Sets } from "./lexicon";

/** The first word of the noun phrase that ends at j ("the Friday recap"). */
export function nounPhraseStart(tokens: Token[], j: number, s: Sets): number {
  let k = j;
  while (
    k > 0 &&
    // ("get that budget cut done": the tagger may call a demonstrative a conjunction)
    (["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(tokens[k - 1]!.pos) ||
      (s.demonstratives.has(tokens[k - 1]!.norm) && k - 1 < j)) &&
    // "those two drafts": a demonstrative before a number or a noun opens the phrase
    (!s.objectPronouns.has(tokens[k - 1]!.norm) || (s.demonstratives.has(tokens[k - 1]!.norm) && k - 1 < j))
  )
    k--;
  return k;
}

/** A verb's base form between a determiner or adjective and a noun names a kind of thing ("the retry queue", "the stuck render job"). */
export function isModifier(tokens: Token[], v: number, s: Sets): boolean {
  const before = tokens[v - 1];
  const t = tokens[v]!;
  const after = tokens[v + 1];
  if (!before || !after || t.pos !== "VERB" || isPast(t) || isIng(t) || t.norm !== t.lemma) return false;
  const describes =
    (before.pos === "DET" && !s.objectPronouns.has(before.norm)) ||
    before.pos === "ADJ" ||
    s.possessives.has(before.norm) ||
    (before.pos === "VERB" && isPast(before) && tokens[v - 2]?.pos === "DET"); // "the stuck render job"
  return describes && (after.pos === "NOUN" || after.pos === "PROPN" || s.pipeline.has(after.norm));
}

/**
 * A participle between a determiner and its noun describes the noun ("the archived posts", "3 failed jobs", "your
 * most retried job"); with `afterClosedSet`, also after a verb of the closed set ("include archived posts").
 */
export function isAttributive(tokens: Token[], v: number, s: Sets, afterClosedSet = true): boolean {
  const before = tokens[v - 1];
  const after = tokens[v + 1];
  if (!before || !after || !(isPast(tokens[v]!) || isIng(tokens[v]!))) return false;
  const describes =
    before.pos === "DET" ||
    // "look for related signals", "include archived posts": after a preposition or a verb of the closed set
    (isPast(tokens[v]!) &&
      ((before.pos === "ADP" && before.norm !== "to") ||
        (before.pos === "SCONJ" && before.norm === "for") ||
        (afterClosedSet && before.pos === "VERB" && s.notActing.has(before.lemma)))) ||
    // (not a log line's time: "11:31 requeued jb-medal-tracker")
    (before.pos === "NUM" && !(v === 1 && CLOCK.test(before.norm))) ||
    before.pos === "ADJ" || // "the three best posting windows"
    s.possessives.has(before.norm) ||
    ["most", "least", "newly", "recently"].includes(before.norm) ||
    // "an expired or replaced credential": the second of two describing words after a determiner
    ((before.norm === "or" || before.norm === "and") &&
      tokens[v - 3]?.pos === "DET" &&
      (tokens[v - 2]!.pos === "ADJ" || isPast(tokens[v - 2]!)));
  // ("looked up both failed jobs", "read these publishing settings": "both" or a demonstrative before a noun phrase is
  // its determiner, not an object)
  return (
    describes &&
    (!s.objectPronouns.has(before.norm) || before.norm === "both" || s.demonstratives.has(before.norm)) &&
    (after.pos === "NOUN" ||
      after.pos === "PROPN" ||
      // "the failed resize job": a noun the tagger read as a verb, before the noun it heads with
      (after.pos === "VERB" && !isPast(after) && !isIng(after) && tokens[v + 2]?.pos === "NOUN"))
  );
}

/** A verb's base form after a determiner and describing words names an action ("checked the last retry", "a quick restart"). */
export function namedAction(tokens: Token[], v: number, s: Sets): boolean {
  const t = tokens[v]!;
  if (t.pos !== "VERB" || t.norm !== t.lemma || isPast(t) || isIng(t)) return false;
  let j = v - 1;
  while (j >= 0 && (tokens[j]!.pos === "ADJ" || tokens[j]!.pos === "NUM" || s.ordinals.has(tokens[j]!.norm))) j--;
  const det = tokens[j];
  return det !== undefined && (det.pos === "DET" || s.possessives.has(det.norm)) && !s.objectPronouns.has(det.norm);
}

/**
 * "for the weekend push", "in the spring refresh": a verb's base form ending a preposition's noun phrase (a
 * determiner and nouns or adjectives before it, nothing but a preposition after it) is a noun.
 */
export function endsPrepositionalPhrase(tokens: Token[], v: number): boolean {
  const t = tokens[v]!;
  const next = tokens[v + 1];
  if (t.pos !== "VERB" || t.norm !== t.lemma || isPast(t) || isIng(t)) return false;
  if (next !== undefined && next.pos !== "ADP" && next.pos !== "PUNCT") return false;
  let j = v - 1;
  while (j >= 0 && v - j <= 3 && ["NOUN", "PROPN", "ADJ", "NUM"].includes(tokens[j]!.pos)) j--;
  return j < v - 1 && tokens[j]?.pos === "DET" && tokens[j - 1]?.pos === "ADP";
}

/** The nouns of the first noun phrase after the verb, within the clause ("the Q4 goal" -> Q4, goal). */
export function objectAfter(tokens: Token[], v: number, s: Sets): Token[] | null {
  for (let j = v + 1; j < tokens.length && j <= v + 7; j++) {
    const t = tokens[j]!;
    const next = tokens[j + 1];
    if (j === v + 1 && s.objectParticles.has(t.norm) && next !== undefined) continue; // "tidied up the queue"
    if (isModifier(tokens, j, s)) continue; // "the retry queue"
    // a pipeline noun the tagger read as an adjective or a verb, last in its phrase ("the leaked token", "the ad spend")
    const pipelineWord = (x: Token) =>
      (s.pipeline.has(x.lemma) || s.pipeline.has(x.norm)) && x.pos !== "PRON" && x.pos !== "DET";
    if (
      (t.pos === "ADJ" || t.pos === "VERB") &&
      pipelineWord(t) &&
      !(next && (isNominal(next, s) || pipelineWord(next)))
    )
      return [t];
    if (
      (t.pos === "DET" || t.pos === "SCONJ") &&
      s.objectPronouns.has(t.norm) &&
      (next === undefined ||
        !(
          isNominal(next, s) ||
          // "retried that same search": a demonstrative before its adjective and noun
          (next.pos === "ADJ" && tokens[j + 2] !== undefined && isNominal(tokens[j + 2]!, s))
        ))
    )
      return [t]; // "update that"
    // "knock that campaign on the head": a demonstrative before its noun, whatever the tagger called it
    if (s.demonstratives.has(t.norm) && next !== undefined && ["NOUN", "PROPN", "ADJ", "NUM"].includes(next.pos))
      continue;
    // "the 08:00 one", "moved one to Friday": "one" heads its noun phrase
    if ((t.norm === "one" || t.norm === "ones") && !(next && (next.pos === "NOUN" || next.pos === "PROPN"))) return [t];
    // "disabled auto-posting for the channel", "paused publishing": a gerund of an effect names the pipeline's activity
    if (j === v + 1 && isIng(t) && t.pos === "VERB" && effectLemma(t, s)) return [t];
    // "Pick one and I'll move the other to Saturday": "the other" or "the rest" stands alone for things named before
    if (
      j === v + 2 &&
      tokens[v + 1]!.norm === "the" &&
      ["other", "others", "rest"].includes(t.norm) &&
      (next === undefined || !isNominal(next, s))
    )
      return [t];
    if (
      s.possessives.has(t.norm) ||
      ((isPast(t) || isIng(t)) &&
        next !== undefined &&
        (next.pos === "NOUN" ||
          next.pos === "PROPN" ||
          next.pos === "ADJ" || // "the 5 stuck pending items"
          (isPipelineObject(next, s) && next.pos !== "PRON"))) || // "the failed job", "the leaked token"
      // "moved 2 of them", "archived three of the drafts": a partitive's whole is the object
      (t.norm === "of" && j > v + 1 && tokens[j - 1]!.pos === "NUM") ||
      // "before I cleared two", "I'll move all three", "shift those four": a count standing alone is the object (the
      // things counted were named before)
      (t.pos === "NUM" &&
        !(
          (j === v + 1 ||
            (j === v + 2 &&
              ["all", "those", "these", "the"].includes(tokens[v + 1]!.norm) &&
              ["ADP", "ADV", "PUNCT", "CCONJ", undefined].includes(next?.pos))) &&
          (next === undefined || (!isNominal(next, s) && next.norm !== "of")) &&
          /^(?:two|three|four|five|six|seven|eight|nine|ten|both|\d+)$/.test(t.norm)
        )) ||
      t.pos === "DET" ||
      t.pos === "ADJ" ||
      t.pos === "ADV" ||
      t.pos === "PART" ||
      // "a $75 boost": an amount's currency before its number
      (CURRENCY.test(t.norm) && next?.pos === "NUM")
    )
      continue;
    if (!isNominal(t, s)) return null;
    const run = [t];
    // "Monday's numbers": the possessor names whose; the object is what follows
    if (tokens[j + 1]?.norm === "'s" && tokens[j + 2] !== undefined && isNominal(tokens[j + 2]!, s)) {
      j += 1;
      continue;
    }
    while (
      !s.objectPronouns.has(t.norm) &&
      j + run.length < tokens.length &&
      isNominal(tokens[j + run.length]!, s) &&
      tokens[j + run.length]!.pos !== "PRON"
    )
      run.push(tokens[j + run.length]!);
    // "the boost spend", "the ad spend": a pipeline noun the tagger read as a verb ends the phrase
    const last = tokens[j + run.length];
    if (
      last !== undefined &&
      !s.objectPronouns.has(t.norm) &&
      (last.pos === "VERB" || last.pos === "ADJ") &&
      pipelineWord(last) &&
      !(tokens[j + run.length + 1] && isNominal(tokens[j + run.length + 1]!, s))
    )
      run.push(last);
    return run;
  }
  return null;
}

/** The words after the verb up to the first preposition or verb: its object, whatever the tagger called each word ("the API key"). */
export function phraseAfter(tokens: Token[], v: number, s: Sets): Token[] {
  const phrase: Token[] = [];
  for (let j = v + 1; j < tokens.length && phrase.length < 6; j++) {
    const o = tokens[j]!;
    const attributive = o.pos === "VERB" && (isPast(o) || isIng(o)) && tokens[j + 1]?.pos === "NOUN"; // "the failed job"
    if ((j === v + 1 && s.objectParticles.has(o.norm)) || isModifier(tokens, j, s)) continue; // "swapped out the key", "the retry queue"
    if ((["ADP", "VERB", "AUX", "SCONJ", "CCONJ"].includes(o.pos) && !attributive) || o.norm === "to") break;
    phrase.push(o);
  }
  return phrase;
}

/** A verb form whose lemma is an effect of the lexicon ("posting", "auto-publishing"). */
function effectLemma(t: Token, s: Sets): boolean {
  const lemma = t.lemma.replace(/^auto-/, "");
  return s.strong.has(lemma) || s.object.has(lemma);
}

/** A pipeline object: a lexicon noun, a day it is scheduled for, a quoted title, or an id ("job-42", "p1"). */
export const isPipelineObject = (t: Token, s: Sets) =>
  /^auto-\p{L}/u.test(t.norm) || // "auto-publish", "auto-retry": an automation's setting
  s.pipeline.has(t.lemma) ||
  s.pipeline.has(t.norm) ||
  s.times.has(t.norm) ||
  t.quote !== undefined ||
  (/\d/.test(t.norm) && /[a-z]/.test(t.norm)) ||
  isWordId(t, s);

/**
 * "goal-ctr", "goal-ig-followers", "goal_newsletter_ctr": a record's id made of words after its kind; not a compound that describes
 * ("goal-setting", "job-related": a participle's ending), a phrase ("signal-to-noise") nor an adjective.
 */
export const isWordId = (t: Token, s: Sets) =>
  (t.pos === "NOUN" || t.pos === "PROPN") &&
  /^[a-z]+(?:[-_][a-z][a-z0-9]*)+$/.test(t.norm) &&
  s.recordKinds.has(t.norm.split(/[-_]/)[0]!) &&
  !/(?:ing|ed)$/.test(t.norm) &&
  !/-(?:to|by|of|and|or|for|in|on|at|vs)(?:-|$)/.test(t.norm); // "signal-to-noise", "goal-by-goal"

export const isReadObject = (t: Token, s: Sets) =>
  s.read.has(t.lemma) ||
  s.read.has(t.norm) ||
  // "I retried `fetch_trend_signals` once": a tool's name in a code span or quotes is still the read
  (t.quote !== undefined && s.read.has(t.quote.replace(/^[`"'“‘«]+|(?<![`"'”’»])[`"'”’»]+$/gu, "").toLowerCase()));

/** An object that names people: "them" only when the last thing named is not a pipeline object ("found 3 drafts and cleared them out"). */
export const namesPeople = (object: Token[], antecedent: Token | null, s: Sets, tokens: Token[] = []) =>
  s.people.has(object.at(-1)!.norm) && // "the team", not "the team photo"
  !givesRole(object, tokens) &&
  // "moved 2 of them": a count of things
  !(
    object[0]!.norm === "them" &&
    tokens[tokens.indexOf(object[0]!) - 1]?.norm === "of" &&
    tokens[tokens.indexOf(object[0]!) - 2]?.pos === "NUM"
  ) &&
  !(object[0]!.norm === "them" && antecedent !== null && isPipelineObject(antecedent, s)) &&
  // "which looks like a double submit. I merged them": "them" names people only after people (a name, or a
  // plural of doers: "I pinged the reviewers and thanked them")
  !(
    object[0]!.norm === "them" &&
    antecedent !== null &&
    !s.people.has(antecedent.norm) &&
    antecedent.pos !== "PROPN" &&
    !/[^aeiou](?:er|or)s$/.test(antecedent.norm) &&
    !isReadObject(antecedent, s)
  );

/** A workspace's roles (SPEC 5's memberships): a person made one of them has a membership changed. */
const ROLES = new Set(["owner", "operator", "viewer", "liaison", "admin", "editor", "member", "approver"]);
/** The verbs that give a person a role. */
const ROLE_CHANGES =
  /^(?:re-?)?(?:add|make|set|promote|demote|upgrade|downgrade|assign|switch|change|move|invite|instate|store)$/;

/** "I've re-added you as an operator", "made her an owner": a person given a role, a membership changed. */
export function givesRole(object: Token[], tokens: Token[]): boolean {
  const k = tokens.indexOf(object.at(-1)!);
  const verb = tokens.slice(0, tokens.indexOf(object[0]!)).findLast((t) => t.pos === "VERB");
  if (!verb || !ROLE_CHANGES.test(verb.lemma)) return false; // not "I thanked you as an operator"
  const as = ["as", "to"].includes(tokens[k + 1]?.norm ?? "") ? k + 2 : k + 1; // "upgraded you to operator"
  const role = tokens[["a", "an"].includes(tokens[as]?.norm ?? "") ? as + 1 : as];
  return (
    role !== undefined &&
    ROLES.has(role.lemma) &&
    (as === k + 2 || tokens[as]?.norm === "an" || tokens[as]?.norm === "a")
  );
}

/** A pronoun object ("ran it again") whose antecedent, the last thing named before it, is a read ("The search timed out"). */
export const refersToRead = (object: Token[], antecedent: Token | null, s: Sets, lemma = "") =>
  !s.neverOnReads.has(lemma) &&
  object.length === 1 &&
  s.objectPronouns.has(object[0]!.norm) &&
  antecedent !== null &&
  (isReadObject(antecedent, s) || s.readParameters.has(antecedent.lemma)); // "widened the date range and ran it again"

/**
 * "I hit the feed one more time", "Refreshed the job status", "The feed timed out, so I hit it again": a verb that
 * reads again, on what Nova reads from (not "I refreshed the token", "I cleared the feed").
 */
export function rereadsSource(object: Token[], antecedent: Token | null, s: Sets, lemma: string): boolean {
  if (!s.rereadVerbs.has(lemma)) return false;
  const count = object.findIndex((o) => o.pos === "NUM"); // "the feed one more time": a count closes the phrase
  const head = object[count > 0 ? count - 1 : object.length - 1]!;
  if (s.readSources.has(head.norm)) return true;
  // a pronoun only after a verb that cannot be an effect: "I checked the feed and retried it" may retry a job
  return (
    object.length === 1 &&
    s.objectPronouns.has(head.norm) &&
    antecedent !== null &&
    s.readSources.has(antecedent.norm) &&
    !s.strong.has(lemma) &&
    !s.object.has(lemma)
  );
}

export const isApprovalRequest = (object: Token[], s: Sets) =>
  object.length > 1 && object.at(-1)!.lemma === "request" && s.approvalRequestKinds.has(object.at(-2)!.lemma);

/**
 * The object is a list the pipeline keeps, not the answer's: a state or a pipeline noun before "list" ("the
 * pending approvals list", "your pending list", "the failed-jobs list"; not "the list below", "the top-five list").
 */
export function pipelineList(tokens: Token[], v: number, object: Token[], s: Sets): boolean {
  // "the pending list this morning", "the pending list today": a time after the list ends its phrase
  const head = object.find((o) => o.lemma === "list") ?? object.at(-1)!;
  if (!isReadObject(head, s) || head.lemma !== "list") return false;
  return tokens
    .slice(v + 1, tokens.indexOf(head))
    .some(
      (x) => s.pipelineLists.has(x.norm) || s.pipelineLists.has(x.norm.split("-")[0]!) || s.pipelineLists.has(x.lemma),
    );
}

/** The pipeline's own machinery, which acts rather than being acted on ("the scheduler", "the system"). */
export const MACHINES = new Set(["pipeline", "scheduler", "system", "platform", "integration"]);
