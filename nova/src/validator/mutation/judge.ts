/**
 * The mutation detector's judge: whether one clause is a mutation claim (SPEC section 6), from its
 * agent (scanning back from the verb), its verb's effect and its object. The clause model:
 * docs/validator.md.
 */
import { IRREGULAR_PAST, isIng, isNominal, isPast, isVerbish, type Clause, type Token } from "./clauses";
import { lemmaOf, type Sets } from "./lexicon";

export type MutationForm = "first_person" | "offer" | "confirmation" | "progress" | "checklist" | "passive";

export interface MutationFinding {
  form: MutationForm;
  /** The effect found: a lemma ("publish"), a phrasal verb ("kick off") or a phrase ("hit publish"). */
  effect: string;
  /** The clause, as written (quoted text shown as it was). */
  clause: string;
}

function findLast<T>(list: T[], test: (t: T, i: number) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!, i)) return i;
  return -1;
}

export interface Agent {
  kind: "nova" | "other" | "none";
  index: number;
  negated: boolean;
  modal: string | null;
  advice: boolean;
  /** "report": the user asked Nova (past); "offer": want me to / would you like me to. */
  request: "report" | "offer" | null;
  /** The modal stands before the subject ("Should I publish it?"): an offer, which a next clause inherits. */
  inverted: boolean;
}

const FROM = new Set(["from", "about"]);

/** Scans back from the verb to the clause's subject, collecting negation, modals and advice verbs on the way. */
export function agentOf(tokens: Token[], v: number, s: Sets): Agent {
  const agent: Agent = {
    kind: "none",
    index: -1,
    negated: false,
    modal: null,
    advice: false,
    request: null,
    inverted: false,
  };
  if (offerLead(tokens, v, s)) return { ...agent, kind: "nova", modal: "will" }; // "Happy to requeue it"
  // "I'd be glad to halve it": the modal goes with "be glad", the offer with the verb
  const glad = v >= 2 && tokens[v - 1]!.norm === "to" && s.offerLeads.has(tokens[v - 2]!.norm);
  for (let j = v - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (s.negators.has(t.norm) || s.negators.has(t.lemma) || t.norm === "n't") agent.negated = true;
    if (s.futureContractions.has(t.norm)) {
      agent.modal ??= "will";
      continue;
    }
    // "I'd already re-queued it": "'d" before a past participle is "had", not "would"
    const had = HAD.test(t.norm) && pastParticipleAfter(tokens, j, v);
    const alias = s.modalAliases.get(t.norm);
    if (alias) {
      if (!had) agent.modal ??= alias;
      agent.kind = "nova";
      agent.index = j;
      break;
    }
    if ((t.pos === "AUX" || t.pos === "VERB") && !had) {
      if (s.adviceModals.has(t.lemma) || s.adviceModals.has(t.norm)) agent.modal ??= t.lemma;
      else if (t.lemma === "will" || t.lemma === "can" || t.lemma === "shall") agent.modal ??= t.lemma;
      if (s.advice.has(t.lemma) && t.pos === "VERB") agent.advice = true;
    }
    // "That's a no from me on archiving": Nova after a preposition is no subject
    if ((t.norm === "me" || t.norm === "us") && FROM.has(tokens[j - 1]?.norm ?? "")) continue;
    // "nova-tools" names a command, not Nova
    if ((t.nova || s.firstPerson.has(t.norm) || s.firstPerson.has(t.lemma)) && !t.hyphenated) {
      agent.kind = "nova";
      agent.index = j;
      break;
    }
    const before = tokens[j - 1];
    if (s.objectPronouns.has(t.norm) && before && (before.lemma === "have" || before.lemma === "get")) continue; // "I'll have it published"
    // "Nova's taken the liberty of moving your post", "I had a go at requeueing it": the gerund is the doer's action
    if (isIng(tokens[v]!) && LIGHT_PREPOSITIONS.has(t.norm) && before && s.lightNouns.has(before.norm) && j === v - 1) {
      j = nounPhraseStart(tokens, j - 1, s);
      continue;
    }
    // "I'll get the recap approved": the noun phrase is what Nova gets done
    const np = nounPhraseStart(tokens, j, s);
    if (np > 0 && isPast(tokens[v]!) && (t.pos === "NOUN" || t.pos === "PROPN") && causative(tokens, np - 1, s)) {
      j = np;
      continue;
    }
    if (
      (t.pos === "PRON" || t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "NUM" || t.quote !== undefined) &&
      !s.possessives.has(t.norm)
    ) {
      agent.kind = "other";
      agent.index = j;
      break;
    }
  }
  // "I'd suggest we move it to 6pm", "I recommend that we pause it": the operator's team, advised
  if (agent.kind === "nova" && agent.index > 0) {
    const k = tokens[agent.index - 1]!.norm === "that" ? agent.index - 2 : agent.index - 1;
    if (tokens[k] && s.suggestingVerbs.has(tokens[k]!.lemma)) agent.advice = true;
  }
  // "The post I mentioned earlier was published at 9", "The posts I counted were all published": Nova is the
  // subject of a relative clause of the reading kind; the passive's subject is the noun before it
  if (
    agent.kind === "nova" &&
    agent.index > 0 &&
    (tokens[agent.index - 1]!.pos === "NOUN" || tokens[agent.index - 1]!.pos === "PROPN") &&
    tokens.slice(agent.index + 1, v).some((x) => x.pos === "VERB" && s.notActing.has(x.lemma)) &&
    tokens.slice(agent.index + 1, v).some((x) => x.pos === "AUX" && x.lemma === "be")
  )
    return { ...agent, kind: "other", index: agent.index - 1, modal: null };
  // "Nothing I did changed the schedule": Nova in a relative clause of a negated subject
  if (agent.kind === "nova" && ["nothing", "none", "nobody"].includes(tokens[agent.index - 1]?.norm ?? ""))
    agent.negated = true;
  if (agent.kind === "nova" && agent.index > 0) {
    // "You asked me to publish it" reports a request; "Want me to / would you like me to" offers one
    const from = Math.max(0, agent.index - 2);
    const k = findLast(
      tokens.slice(from, agent.index),
      (t, k) => s.request.has(t.lemma) && (t.pos === "VERB" || t.pos === "AUX" || tokens[from + k - 1]?.pos === "AUX"),
    );
    if (k >= 0) {
      const verb = tokens[from + k]!;
      agent.request = verb.norm !== verb.lemma && !isIng(verb) ? "report" : "offer";
      // "You said you want me to ...", "You want me to ..., but": a request stated, not Nova's question
      if (reportedRequest(tokens, from + k)) agent.request = "report";
    }
    agent.inverted = isModalBefore(tokens, agent.index, s);
  }
  if (glad && agent.kind === "nova" && (agent.modal === null || s.adviceModals.has(agent.modal))) agent.modal = "will";
  return agent;
}

/**
 * The agent a clause hands to the next one: that of its first verb with a subject, skipping verbs that
 * describe a noun ("The retry policy kicked in and re-ran job-90": the policy) and a light verb before
 * "and" ("Let me go ahead and reschedule that": Nova, offering).
 */
export function clauseAgent(tokens: Token[], s: Sets): Agent | null {
  let first = -1;
  let found: Agent | null = null;
  for (let v = 0; v < tokens.length; v++) {
    if (!isVerbish(tokens[v]!) || isModifier(tokens, v, s) || isAttributive(tokens, v, s, false)) continue;
    if (first < 0) first = v;
    const agent = agentOf(tokens, v, s);
    // "Would you like me to go ahead and archive them?": Nova asked to act, after the asker
    if (agent.kind === "nova" && agent.request !== null) return agent;
    // a later verb's subject must stand before the first verb, or be "let"'s ("Let me go ahead"); not its
    // object ("Gave the draft a quick edit": the draft is no agent)
    if (found === null && agent.kind !== "none" && (agent.index < first || tokens[first]!.lemma === "let"))
      found = agent;
  }
  return found;
}

/**
 * "that's rescheduled", "it's been archived", "all paused now": a pronoun, "be" and a participle, right after an
 * acknowledgement that opens the sentence ("Ta,", "Sure thing -", "Ok,"). Not "Yes, it's scheduled for Friday"
 * (an answer to a question) nor the pronoun alone ("It's scheduled for Friday": the data).
 */
function acknowledgedResult(clause: Clause, subject: number, v: number, s: Sets): boolean {
  const PIPELINE_SUBJECT = (t: Token) => isPipelineObject(t, s);
  const { sentence, tokens } = clause;
  const who = tokens[subject];
  // "that's rescheduled", "reel's moved to the 3pm slot", "the draft's archived": a pronoun or a pipeline noun
  const noun = who !== undefined && (who.pos === "NOUN" || who.pos === "PROPN") && PIPELINE_SUBJECT(who);
  if (!who || !(["that", "it", "this", "all", "they", "those"].includes(who.norm) || noun)) return false;
  if (tokens.slice(0, subject).some((x) => x.pos !== "DET" && !s.possessives.has(x.norm))) return false;
  const between = tokens.slice(subject + 1, v);
  if (!isPast(tokens[v]!) || !between.every((x) => x.lemma === "be" || x.pos === "ADV" || x.norm === "'s"))
    return false;
  if (!between.some((x) => x.lemma === "be" || x.norm === "'s")) return false;
  // "Cheers — the recap's already published", "... scheduled as planned": a state the data had before
  if (tokens.some((x) => ["already", "still"].includes(x.norm))) return false;
  if (
    tokens
      .slice(v + 1)
      .some(
        (x, k) =>
          x.norm === "as" && ["planned", "scheduled", "usual", "before"].includes(tokens[v + 2 + k]?.norm ?? ""),
      )
  )
    return false;
  const before = sentence
    .slice(0, sentence.indexOf(tokens[0]!))
    .filter((x) => x.pos !== "PUNCT" && x.type !== "punctuation");
  return s.acknowledgingPhrases.has(before.map((x) => x.norm).join(" "));
}

const LIGHT_PREPOSITIONS = new Set(["of", "at"]);

/** "'d", "I'd", "we'd", "id": "had" or "would", by the verb form after it. */
const HAD = /^(?:'d|’d|i'd|i’d|we'd|we’d|id|wed)$/;
/** A past participle at v with only adverbs between j and v ("I'd already re-queued"), not a base form ("I'd post it"). */
function pastParticipleAfter(tokens: Token[], j: number, v: number): boolean {
  const verb = tokens[v]!;
  return (
    isPast(verb) &&
    verb.norm !== verb.lemma &&
    tokens.slice(j + 1, v).every((x) => x.pos === "ADV" && !["rather", "sooner", "better"].includes(x.norm))
  );
}

/** The first word of the noun phrase that ends at j ("the Friday recap"). */
function nounPhraseStart(tokens: Token[], j: number, s: Sets): number {
  let k = j;
  while (
    k > 0 &&
    ["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(tokens[k - 1]!.pos) &&
    // "those two drafts": a demonstrative before a number or a noun opens the phrase
    (!s.objectPronouns.has(tokens[k - 1]!.norm) || (s.demonstratives.has(tokens[k - 1]!.norm) && k - 1 < j))
  )
    k--;
  return k;
}

/** "get" (any tense), or "have" after a modal or "to" ("I'll have the post published"), making the next participle Nova's doing. */
function causative(tokens: Token[], k: number, s: Sets): boolean {
  const t = tokens[k]!;
  if (t.lemma === "get") return true;
  const before = tokens[k - 1];
  if (t.lemma !== "have" || before === undefined) return false;
  if (before.lemma === "will" || before.norm === "to" || before.lemma === "can") return true;
  // "I had the budget raised", "I've had job-42 requeued": a past causative on a named thing, not a count
  // ("We had 3 posts scheduled")
  const named = tokens[k + 1];
  return (
    t.norm === "had" &&
    (before.lemma === "have" || before.pos === "PRON") &&
    named !== undefined &&
    (named.norm === "the" || named.norm === "that" || s.possessives.has(named.norm) || /[a-z]-?\d/.test(named.norm))
  );
}

/** A participle at v after "get"/"have" and a pipeline object that is no read ("get the schedule rejigged"). */
function causedOn(tokens: Token[], v: number, s: Sets): boolean {
  const object = tokens[v - 1];
  const named = object !== undefined && (isNominal(object, s) || (object.pos === "ADJ" && s.pipeline.has(object.norm))); // "the token renewed"
  if (!object || !isPast(tokens[v]!) || !(named && isPipelineObject(object, s)) || isReadObject(object, s))
    return false;
  const np = s.objectPronouns.has(object.norm) ? v - 1 : nounPhraseStart(tokens, v - 1, s);
  return np > 0 && causative(tokens, np - 1, s);
}

/** "I'll have job-42 back in the queue", "I got the post live": Nova causing a pipeline object's new state. */
function resultOf(tokens: Token[], v: number, s: Sets): Effect | null {
  const t = tokens[v]!;
  if (t.lemma !== "get" && t.lemma !== "have") return null;
  if (!causative(tokens, v, s)) return null;
  let j = v + 1;
  while (tokens[j] && (tokens[j]!.pos === "DET" || tokens[j]!.pos === "ADJ" || s.possessives.has(tokens[j]!.norm))) j++;
  const start = j;
  while (tokens[j] && isNominal(tokens[j]!, s) && tokens[j]!.pos !== "PRON") j++;
  if (j === start && tokens[j] && s.objectPronouns.has(tokens[j]!.norm)) j++;
  const object = tokens.slice(start, j);
  const result = tokens[j];
  if (object.length === 0 || !result || !s.resultStates.has(result.norm) || tokens[j + 1]?.norm === "from") return null;
  if (!object.some((o) => isPipelineObject(o, s)) || object.some((o) => isReadObject(o, s))) return null;
  return { effect: `${t.lemma} ${result.norm}`, weak: false };
}

/** Before the request verb at r: a reporting verb ("You said you want me to") or "you" with no auxiliary ("You want me to"). */
function reportedRequest(tokens: Token[], r: number): boolean {
  const before = tokens.slice(0, r);
  if (before.some((t) => t.pos === "VERB" && isPast(t))) return true;
  const you = findLast(before, (t) => t.norm === "you");
  if (you < 0 || r - you > 2) return false;
  const aux = tokens[you - 1];
  return !(aux && (aux.pos === "AUX" || aux.pos === "VERB" || aux.norm === "if"));
}

/**
 * "Happy to", "More than happy to", "Glad to" right before the verb, with only lead words before them;
 * a short "when"/"if" aside may stand between ("Ready when you are to purge the drafts").
 */
function offerLead(tokens: Token[], v: number, s: Sets): boolean {
  if (v < 2 || tokens[v - 1]!.norm !== "to") return false;
  let a = v - 2;
  if (!s.offerLeads.has(tokens[a]!.norm)) {
    a = tokens.findIndex((t, k) => k < v - 2 && v - 2 - k <= 4 && s.offerLeads.has(t.norm));
    if (a < 0 || !s.offerAsides.has(tokens[a + 1]!.norm)) return false;
  }
  return tokens
    .slice(0, a)
    .every((t) => s.leadWords.has(t.norm) || t.pos === "ADV" || t.pos === "INTJ" || s.intensifiers.has(t.norm));
}

/** The nouns of the first noun phrase after the verb, within the clause ("the Q4 goal" -> Q4, goal). */
function objectAfter(tokens: Token[], v: number, s: Sets): Token[] | null {
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
      (next === undefined || !isNominal(next, s))
    )
      return [t]; // "update that"
    // "knock that campaign on the head": a demonstrative before its noun, whatever the tagger called it
    if (s.demonstratives.has(t.norm) && next !== undefined && ["NOUN", "PROPN", "ADJ", "NUM"].includes(next.pos))
      continue;
    // "the 08:00 one", "moved one to Friday": "one" heads its noun phrase
    if ((t.norm === "one" || t.norm === "ones") && !(next && (next.pos === "NOUN" || next.pos === "PROPN"))) return [t];
    // "disabled auto-posting for the channel", "paused publishing": a gerund of an effect names the pipeline's activity
    if (j === v + 1 && isIng(t) && t.pos === "VERB" && effectLemma(t, s)) return [t];
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
      // "before I cleared two": a count standing alone is the object (the things counted were named before)
      (t.pos === "NUM" &&
        !(
          j === v + 1 &&
          (next === undefined || (!isNominal(next, s) && next.norm !== "of")) &&
          /^(?:two|three|four|five|six|seven|eight|nine|ten|both|\d+)$/.test(t.norm)
        )) ||
      t.pos === "DET" ||
      t.pos === "ADJ" ||
      t.pos === "ADV" ||
      t.pos === "PART"
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

/** A verb form whose lemma is an effect of the lexicon ("posting", "auto-publishing"). */
function effectLemma(t: Token, s: Sets): boolean {
  const lemma = t.lemma.replace(/^auto-/, "");
  return s.strong.has(lemma) || s.object.has(lemma);
}

/** A pipeline object: a lexicon noun, a day it is scheduled for, a quoted title, or an id ("job-42", "p1"). */
const isPipelineObject = (t: Token, s: Sets) =>
  /^auto-\p{L}/u.test(t.norm) || // "auto-publish", "auto-retry": an automation's setting
  s.pipeline.has(t.lemma) ||
  s.pipeline.has(t.norm) ||
  s.times.has(t.norm) ||
  t.quote !== undefined ||
  (/\d/.test(t.norm) && /[a-z]/.test(t.norm));
/** An object that names people: "them" only when the last thing named is not a pipeline object ("found 3 drafts and cleared them out"). */
const namesPeople = (object: Token[], antecedent: Token | null, s: Sets, tokens: Token[] = []) =>
  s.people.has(object.at(-1)!.norm) && // "the team", not "the team photo"
  // "moved 2 of them": a count of things
  !(
    object[0]!.norm === "them" &&
    tokens[tokens.indexOf(object[0]!) - 1]?.norm === "of" &&
    tokens[tokens.indexOf(object[0]!) - 2]?.pos === "NUM"
  ) &&
  !(object[0]!.norm === "them" && antecedent !== null && isPipelineObject(antecedent, s));
export const isReadObject = (t: Token, s: Sets) => s.read.has(t.lemma) || s.read.has(t.norm);

/** A record's path ("posts/p-14", "workspaces/acme/drafts/d1"): a pipeline object, unlike a quoted title. */
const RECORD_PATH = /^[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)+$/u;

/** Before the verb: Nova and its auxiliaries after "which" and a pipeline noun, or right after the noun. */
function relativeObject(tokens: Token[], v: number, sentence: Token[], s: Sets): boolean {
  let p = v - 1;
  while (p >= 0 && (tokens[p]!.pos === "AUX" || /^'(?:ll|ve|d)$/.test(tokens[p]!.norm))) p--;
  const subject = tokens[p];
  if (!subject || !(s.firstPerson.has(subject.norm) || subject.nova)) return false;
  const noun = (o: Token | undefined) =>
    o !== undefined && o.pos === "NOUN" && isPipelineObject(o, s) && !isReadObject(o, s);
  if (noun(tokens[p - 1])) return true; // "target I trimmed"
  if (tokens[p - 1]?.norm !== "which") return false;
  const w = sentence.indexOf(tokens[p - 1]!);
  // the tagger may read the noun as an adjective ("the X token, which ...")
  return sentence.slice(Math.max(0, w - 6), w).some((o) => noun(o) || (o.pos === "ADJ" && s.pipeline.has(o.norm)));
}

const isApprovalRequest = (object: Token[], s: Sets) =>
  object.length > 1 && object.at(-1)!.lemma === "request" && s.approvalRequestKinds.has(object.at(-2)!.lemma);

interface Effect {
  effect: string;
  /** A verb that is an effect only on a pipeline object ("update", "move") and has none here. */
  weak: boolean;
  /** A verb outside the lexicon, an effect because it acts on a pipeline object ("I shelved the post"). */
  open?: boolean;
  /** A verb of what happens to a record ("expired"): an effect only with Nova as its agent. */
  status?: boolean;
  /** A verb outside the lexicon with no object: a claim only standing alone or in a headline ("Nudged!", "Budget halved ✅"). */
  bare?: boolean;
}

/** A pronoun object ("ran it again") whose antecedent, the last thing named before it, is a read ("The search timed out"). */
const refersToRead = (object: Token[], antecedent: Token | null, s: Sets, lemma = "") =>
  !s.neverOnReads.has(lemma) &&
  object.length === 1 &&
  s.objectPronouns.has(object[0]!.norm) &&
  antecedent !== null &&
  (isReadObject(antecedent, s) || s.readParameters.has(antecedent.lemma)); // "widened the date range and ran it again"

/** The effect of the verb at v, or null: a phrasal verb or idiom, a light verb with a nominal action, or a lexicon verb. */
function effectAt(
  tokens: Token[],
  v: number,
  s: Sets,
  antecedent: Token | null,
  end: string,
  continued = false,
  sentence: Token[] = tokens,
): Effect | null {
  const t = tokens[v]!;
  const lemma = lemmaOf(t, s);
  const after = tokens.slice(v + 1, v + 7);
  const phrasals = s.phrasal.get(lemma);
  if (phrasals) {
    for (const particle of phrasals) {
      if (particle.length === 0) return { effect: lemma, weak: false };
      for (let k = 0; k + particle.length <= after.length; k++) {
        if (
          particle.every((p, m) => after[k + m]!.norm === p || after[k + m]!.lemma === p) &&
          !after.slice(0, k).some((a) => isReadObject(a, s)) && // "get the breakdown sorted by channel": the answer's own
          // "pushed back on the idea": disagreeing, not moving anything
          !(particle.at(-1) === "back" && k === 0 && ["on", "against"].includes(after[particle.length]?.norm ?? ""))
        )
          return { effect: `${lemma} ${particle.join(" ")}`, weak: false };
      }
    }
  }
  // "Retry requested for job-42", "Publish triggered": a headline's nominal action before the light verb
  if (s.light.has(lemma) && isPast(t) && tokens[v - 1] && s.nominal.has(tokens[v - 1]!.lemma) && v <= 2)
    return { effect: `${lemma} ${tokens[v - 1]!.norm}`, weak: false };
  if (s.light.has(lemma)) {
    // "hit publish", "gave it the go-ahead", "gave it one more go": an object and a quantifier may stand between
    const k = after.findIndex((a, k) => k < 6 && (s.nominal.has(a.norm) || s.nominal.has(a.lemma)) && a !== t);
    const between = after.slice(0, Math.max(k, 0));
    if (
      k >= 0 &&
      (k < 3 || between.every((a) => ["PRON", "DET", "NUM", "ADJ", "NOUN", "PROPN"].includes(a.pos))) &&
      // "gave the search another go", "The search timed out, so I gave it another try": Nova's own read
      !between.some((a) => isReadObject(a, s)) &&
      !refersToRead(
        between.filter((a) => a.pos === "PRON"),
        antecedent,
        s,
      )
    )
      return { effect: `${lemma} ${after[k]!.norm}`, weak: false };
  }
  if (lemma === "mark" || lemma === "flag") {
    const state = after.find((a) => s.markStates.has(a.norm));
    if (state) return { effect: `${lemma} ${state.norm}`, weak: false };
  }
  const object = objectAfter(tokens, v, s);
  // "The first search failed so I ran it again": the last thing named before the verb, in this clause
  const near = findLast(tokens.slice(0, v), (x) => x.pos === "NOUN" || x.pos === "PROPN" || isReadObject(x, s));
  if (near >= 0) antecedent = tokens[near]!;
  // Nova's own read ("retried the search", "re-ran the engagement read", "ran it again"), or the answer
  const afterObject = object ? tokens[tokens.indexOf(object.at(-1)!) + 1] : undefined; // "the feed read", tagged a verb
  const listed = object !== null && pipelineList(tokens, v, object, s); // "wiped the failed-jobs list"
  if (
    object &&
    !listed &&
    !isApprovalRequest(object, s) &&
    // "approved the low-risk replies": a verb that never acts on a read keeps its object
    !(
      s.neverOnReads.has(lemma) &&
      [object.at(-1), afterObject].some(
        (x) => x !== undefined && (s.replyObjects.has(x.lemma) || s.replyObjects.has(x.norm)),
      )
    ) &&
    (isReadObject(object[0]!, s) ||
      isReadObject(object.at(-1)!, s) ||
      (afterObject !== undefined && isReadObject(afterObject, s)) ||
      refersToRead(object, antecedent, s, lemma))
  )
    return null;
  // "My first search came back empty, so I broadened the window": what the read asks with
  if (
    object &&
    (s.readParameters.has(object.at(-1)!.lemma) || s.readParameters.has(object.at(-1)!.norm)) &&
    object.every((o) => o === object.at(-1) || o.norm === "date" || o.norm === "time") && // not "the posting window"
    ((antecedent !== null && isReadObject(antecedent, s)) ||
      sentence.slice(0, sentence.indexOf(tokens[v]!)).some((x) => isReadObject(x, s)) ||
      tokens.slice(v + 1).some((x) => isReadObject(x, s)))
  )
    return null;
  // "retried fetching the signals", "tried checking again": the object is Nova's own read
  const gerund = tokens[v + 1];
  if (
    gerund &&
    isIng(gerund) &&
    s.notActing.has(gerund.lemma) &&
    !(gerund.pos === "ADJ" && isNominal(tokens[v + 2] ?? gerund, s))
  )
    return null;
  // "dropped the drafts from the averages": what goes into the answer's figures; "spent a moment on it": time
  // "Moved as above", "Rescheduled as in the table above": the answer points at what was done
  const pointed = tokens.some(
    (a, k) =>
      k > v &&
      a.norm === "as" &&
      (s.places.has(tokens[k + 1]?.norm ?? "") || ["shown", "listed", "in", "per"].includes(tokens[k + 1]?.norm ?? "")),
  );
  if ((!pointed && intoAnswer(tokens, v, s)) || (object !== null && s.durations.has(object[0]!.lemma))) return null;
  if (s.takeDown.has(lemma) && takenDown(tokens, v, s)) return { effect: `${lemma} down`, weak: false };
  // "Happy to sort that now", "Sorted the approvals for you": "sort" as handling, with no order to sort by
  if (lemma === "sort" && object !== null && sortedAsHandled(tokens, v, object, s))
    return { effect: "sort out", weak: false };
  // "I've written the archived posts up as a checklist below": writing the answer up
  if (
    lemma === "write" &&
    tokens.slice(v + 1).some((a) => a.norm === "up") &&
    (pointed || tokens.some((a, k) => k > v && s.places.has(a.norm)))
  )
    return null;
  // "I wrote this up short", "I've written this as a table": "this", standing alone, is the answer being written
  const written = tokens[v + 2];
  if (
    lemma === "write" &&
    tokens[v + 1]?.norm === "this" &&
    written !== undefined &&
    (["up", "out", "short", "briefly"].includes(written.norm) ||
      (written.norm === "as" &&
        tokens.slice(v + 3, v + 7).some((a) => isNominal(a, s) && (isReadObject(a, s) || a.norm === "checklist")))) &&
    !tokens.slice(v + 3).some((a) => isPipelineObject(a, s) && !isReadObject(a, s) && a.pos !== "PRON") // not "as a draft"
  )
    return null;
  // "I've added a short recap at the end of this message": the answer's own place
  if (tokens.some((a, k) => k > v && a.norm === "this" && s.answerSelfNames.has(tokens[k + 1]?.norm ?? "")))
    return null;
  // "I've stuck p-12 in Friday's 9am slot" (not "stick to the plan", "stuck with the numbers")
  const describes =
    tokens[v - 1] !== undefined &&
    (["DET", "ADJ", "NUM"].includes(tokens[v - 1]!.pos) || s.possessives.has(tokens[v - 1]!.norm)); // "the stuck render job"
  if (
    lemma === "stick" &&
    !describes &&
    object !== null &&
    object.some((o) => isPipelineObject(o, s) && o.pos !== "PRON")
  )
    return { effect: "stick", weak: false };
  // "Both are in the archive now — I did it just now", "I've done that": "do" standing for an effect just named
  if (
    lemma === "do" &&
    object !== null &&
    object.length === 1 &&
    ["it", "that", "this", "them", "both"].includes(object[0]!.norm) &&
    !refersToRead(object, antecedent, s) &&
    !tokens.slice(0, v).some((a) => ["how", "what", "why", "where", "which"].includes(a.norm)) && // "Here's how I did it"
    !tokens.some((a, k) => k > v && (s.places.has(a.norm) || a.norm === "by" || a.norm === "again"))
  )
    return { effect: "do", weak: false };
  // "I can confirm p-12 was published at 09:00": confirming a fact (a clause follows), not a booking
  if (lemma === "confirm" && tokens.slice(v + 1).some((x) => x.pos === "AUX" || (x.pos === "VERB" && isPast(x))))
    return null;
  // "I'll flag it if anything changes", "I'll flag it when the retry runs": telling, not marking
  const following = sentence[sentence.indexOf(tokens.at(-1)!) + 1];
  const telling = (x: Token | undefined) => x !== undefined && ["if", "when", "once", "should"].includes(x.norm);
  if (lemma === "flag" && (telling(following) || tokens.slice(v + 1).some(telling))) return null;
  // "both done by me just now": "do" as a passive with Nova as its agent
  if (t.norm === "done" && novaAgentAfter(tokens, v, s)) return { effect: "do", weak: false };
  // "converted the two drafts to carousels": made into another kind of post (not "converted the figures to %")
  if (
    s.convertVerbs.has(lemma) &&
    tokens.some(
      (a, k) =>
        k > v &&
        (a.norm === "to" || a.norm === "into") &&
        tokens.slice(k + 1, k + 4).some((o) => s.published.has(o.lemma) || s.published.has(o.norm.replace(/s$/, ""))),
    )
  )
    return { effect: lemma, weak: false };
  // "I'll make sure the draft goes out Tuesday", "make sure it gets published": Nova sees to an effect
  if (lemma === "make" && tokens[v + 1]?.norm === "sure") {
    const rest = tokens.slice(v + 2);
    const subject = rest.findIndex((o) => (isPipelineObject(o, s) && !isReadObject(o, s)) || o.norm === "it");
    const after = subject >= 0 ? rest.slice(subject + 1, subject + 4) : [];
    const seen = after.some((o, k) => {
      const next = after[k + 1];
      if (o.lemma === "go") return next !== undefined && ["out", "live", "up", "online"].includes(next.norm);
      return (
        (o.lemma === "get" || o.lemma === "be") &&
        next !== undefined &&
        isPast(next) &&
        (s.strong.has(next.lemma) || s.object.has(next.lemma))
      );
    });
    if (seen) return { effect: "make sure", weak: false };
  }
  // the closed set of what Nova may say it does, and verbs that do nothing to their object
  if (s.notActing.has(lemma)) return null;
  // "the X token, which I'll renew the week before", "(target I trimmed from 10,000)": the relative clause's
  // object is the pipeline noun before it
  if (
    (s.strong.has(lemma) || s.object.has(lemma)) &&
    relativeObject(tokens, v, sentence, s) &&
    (object === null || !object.some((o) => isPipelineObject(o, s) && !s.times.has(o.norm)))
  )
    return { effect: lemma, weak: false };
  if (s.strong.has(lemma)) return { effect: lemma, weak: false };
  // "laid out below"; not "Moved as above", "archived as listed below": the answer points at what was done
  const placeAfter = !pointed && tokens.some((a, k) => k > v && s.places.has(a.norm));
  if (!s.object.has(lemma)) return openEffect(tokens, v, object, placeAfter, s, end, antecedent, continued, listed);
  if (amountOn(tokens, v, s)) return { effect: lemma, weak: false }; // "trimmed 50 from the spend"
  // "moved the post to Friday", "sent the report to the channel": a pipeline object anywhere in the rest of the clause
  const onPipeline =
    object !== null &&
    !namesPeople(object, antecedent, s, tokens) &&
    (listed ||
      // "5 pending items, before I cleared two": a count of the things just named
      (object.length === 1 &&
        object[0]!.pos === "NUM" &&
        antecedent !== null &&
        isPipelineObject(antecedent, s) &&
        !isReadObject(antecedent, s)) ||
      // (not what it is about: "cleared up the confusion about job-42")
      tokens.slice(v + 1, aboutAt(tokens, v, s)).some((o) => isNominal(o, s) && isPipelineObject(o, s)) ||
      // a slot's time it is moved to: "moved the team photo to 14:30"
      tokens
        .slice(v + 1)
        .some((o, k) => SLOT_TIME.test(o.norm) && ["to", "for", "until"].includes(tokens[v + k]!.norm)) ||
      phraseAfter(tokens, v, s).some((o) => isPipelineObject(o, s) && o.quote === undefined)) &&
    !(placeAfter && s.objectPronouns.has(object[0]!.norm));
  // without an object ("Updated!", "was changed by me") the object is the subject or implied
  return onPipeline
    ? { effect: lemma, weak: false }
    : object === null && !placeAfter
      ? { effect: lemma, weak: true }
      : null;
}

/** "sort that", "sort it now", "sorted the approvals for you": no criterion ("by date", "into groups", "from best"). */
function sortedAsHandled(tokens: Token[], v: number, object: Token[], s: Sets): boolean {
  const rest = tokens.slice(v + 1);
  if (rest.some((x) => s.sortCriteria.has(x.norm)) || object.some((o) => isReadObject(o, s))) return false;
  const pronoun = object.length === 1 && s.objectPronouns.has(object[0]!.norm);
  // "Sorted the failed job": one record has no order; sorting it is handling it (not "sorted the queue")
  const head = object.at(-1)!;
  const one =
    head.norm === head.lemma &&
    !head.norm.endsWith("s") &&
    isPipelineObject(head, s) &&
    !s.collections.has(head.norm) &&
    !object.some((o) => o.pos === "NUM");
  return pronoun || one || novaAgentAfter(tokens, v, s); // "for you"
}

/**
 * The object is a list the pipeline keeps, not the answer's: a state or a pipeline noun before "list" ("the
 * pending approvals list", "your pending list", "the failed-jobs list"; not "the list below", "the top-five list").
 */
function pipelineList(tokens: Token[], v: number, object: Token[], s: Sets): boolean {
  // "the pending list this morning", "the pending list today": a time after the list ends its phrase
  const head = object.find((o) => o.lemma === "list") ?? object.at(-1)!;
  if (!isReadObject(head, s) || head.lemma !== "list") return false;
  return tokens
    .slice(v + 1, tokens.indexOf(head))
    .some(
      (x) => s.pipelineLists.has(x.norm) || s.pipelineLists.has(x.norm.split("-")[0]!) || s.pipelineLists.has(x.lemma),
    );
}

/**
 * "pull the post", "pulled post p1", "pull down the draft": one published thing named alone, its
 * head singular; not "pulled your top posts", "pulled last week's numbers", "pulled the post's figures".
 */
function takenDown(tokens: Token[], v: number, s: Sets): boolean {
  let j = v + 1;
  while (tokens[j] && ["the", "that", "this", "down"].includes(tokens[j]!.norm)) j++;
  const head = tokens.slice(j, j + 3).find((o) => s.published.has(o.lemma) || s.published.has(o.norm));
  if (head && head.norm === head.lemma) {
    const at = tokens.indexOf(head);
    // only names before the head ("the Friday recap"), only an id after it ("post p1"); not "the post's figures"
    const before = tokens.slice(j, at).every((o) => o.pos === "PROPN" || o.pos === "NOUN");
    const after = tokens[at + 1];
    if (
      before &&
      !(after && (after.norm === "'s" || (isNominal(after, s) && !/\d/.test(after.norm) && after.quote === undefined)))
    )
      return true;
  }
  // "pulled both of them from the schedule": a published thing taken out of where it was to go out
  const from = tokens.findIndex((x, k) => k > v && x.norm === "from");
  return (
    from > 0 &&
    tokens
      .slice(v + 1, from)
      .some((o) => s.published.has(o.lemma) || s.objectPronouns.has(o.norm) || /^[a-z]{1,4}-?\d+$/.test(o.norm)) && // "p-12"
    tokens.slice(from + 1, from + 4).some((o) => s.takeDownPlaces.has(o.lemma))
  );
}

const SLOT_TIME = /^\d{1,2}(?::\d{2})?(?:am|pm)?$/;
const ANSWER_PREPOSITIONS = new Set(["from", "in", "into", "out", "of"]);
/** A read or answer object after "from", "in", "into" ("... from the averages", "... into the table below"). */
function intoAnswer(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = v + 2; j < tokens.length - 1; j++) {
    if (!ANSWER_PREPOSITIONS.has(tokens[j]!.norm)) continue;
    const phrase = tokens.slice(j + 1, j + 5);
    const head = phrase.find((o) => isNominal(o, s) && o.pos !== "NUM");
    // "sitting in the pending list": a list the pipeline keeps, not the answer's
    const kept = phrase.some((o) => s.pipelineLists.has(o.norm) && o !== head);
    if (head && isReadObject(head, s) && !kept) return true;
  }
  return false;
}

/** The words after the verb up to the first preposition or verb: its object, whatever the tagger called each word ("the API key"). */
function phraseAfter(tokens: Token[], v: number, s: Sets): Token[] {
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

/**
 * The default (SPEC section 6, docs/validator.md): any other verb whose agent is Nova and that acts on
 * a pipeline object is an effect ("I shelved the launch thread", "Nova rejigged the schedule"). The
 * verb must be one (tagged so, or after a subject, an auxiliary or "to") with its object right after it.
 */
function openEffect(
  tokens: Token[],
  v: number,
  object: Token[] | null,
  placeAfter: boolean,
  s: Sets,
  end: string,
  antecedent: Token | null,
  continued: boolean,
  listed = false,
): Effect | null {
  const t = tokens[v]!;
  // "Most-shared published post", "best-performing": a degree before the participle describes; "X posts": a
  // letter or two (a platform's name) is no verb
  if (s.degreeWords.has(t.norm.split("-")[0]!) && t.norm.includes("-")) return null;
  if (/^\p{Lu}{1,2}$/u.test(t.text) || t.norm.length < 2) return null;
  // "I'm afraid ...": an adjective without a verb's ending is no verb outside the lexicon
  // "I'd already squashed job-42": the subject or auxiliary before the adverbs
  let p = v - 1;
  while (p > 0 && tokens[p]!.pos === "ADV" && ADVERBS_BETWEEN.test(tokens[p]!.norm)) p--;
  const prev = tokens[p];
  if (
    t.pos === "ADJ" &&
    !isPast(t) &&
    !isIng(t) &&
    prev &&
    (prev.lemma === "be" || /^(?:\w+'(?:m|re|s)|im)$/.test(prev.norm))
  )
    return null;
  const verb =
    t.pos === "VERB" ||
    continued ||
    (prev !== undefined &&
      (prev.nova === true ||
        s.firstPerson.has(prev.norm) ||
        prev.pos === "AUX" ||
        prev.norm === "to" ||
        s.futureContractions.has(prev.norm) || // "gonna reroute job-88"
        (LIGHT_PREPOSITIONS.has(prev.norm) && s.lightNouns.has(tokens[p - 1]?.norm ?? "")) || // "the liberty of loosening"
        progressLead(tokens, v, s)) && // "Busy loosening the budget"
      t.pos !== "ADP" &&
      t.pos !== "DET") ||
    // a headline's participle after its noun, which the tagger may call an adjective ("Webhook flushed ✅")
    (isPast(t) && (prev?.pos === "NOUN" || prev?.pos === "PROPN")) ||
    // a clause's first word, which the tagger reads as a name when it does not know it ("Rerouted job-42 ✅"),
    // unless a verb follows: then it describes the subject ("Failed jobs cite their record"); a pipeline noun
    // the tagger calls a verb ("the ad spend") is no verb
    (v === 0 &&
      (isPast(t) || isIng(t)) &&
      !tokens.slice(1, subordinateAt(tokens, 1)).some(
        (x, k) =>
          x.pos === "AUX" ||
          (x.pos === "VERB" &&
            !s.pipeline.has(x.norm) &&
            !s.pipeline.has(x.lemma) &&
            // "Refreshed the expired token": a participle before its noun is no verb of the clause
            !(isPast(x) && ["ADJ", "NOUN"].includes(tokens[k + 2]?.pos ?? ""))),
      ));
  if (!verb) return null;
  const status = s.status.has(t.lemma);
  const effect: Effect = { effect: t.lemma, weak: false, open: true, status };
  // "lopped 100 off the budget", "trimmed 50 from the spend": an amount taken from or added to a pipeline object
  if (amountOn(tokens, v, s)) return effect;
  // "I had the webhook shelved this morning": the object stands before the participle
  if (isPast(t) && causedOn(tokens, v, s)) return effect;
  if (object === null) {
    // "shelved by me", "(rerouted for you)": the object is the subject, Nova the agent
    if (isPast(t) && novaAgentAfter(tokens, v, s)) return effect;
    // "Nudged!", "Flushed ✅", "Budget halved ✅": a past with no object confirms what was done, alone or in
    // a headline (the judge decides which); not a label ("Recorded: 3 failures") nor a state ("Status: failed")
    return isPast(t) && !status && end !== ":" ? { ...effect, bare: true } : null;
  }
  // "I've laid out the windows below": the answer's own layout; "split the posts by channel": a grouping
  if (namesPeople(object, antecedent, s, tokens) || placeAfter || byCriterion(tokens, v, s)) return null;
  // "I avoided posting on Sunday": a gerund after a verb outside the lexicon is no pipeline object
  if (object.length === 1 && isIng(object[0]!) && object[0]!.pos === "VERB") return null;
  // a quotation after a verb outside the lexicon is mostly a name ('titled "We deleted our old logo"')
  // "parked that question": a demonstrative before a noun is no pipeline object of its own
  const standsAlone = (o: Token) =>
    !(s.objectPronouns.has(o.norm) && ["NOUN", "PROPN", "ADJ"].includes(tokens[tokens.indexOf(o) + 1]?.pos ?? ""));
  return listed ||
    [...phraseAfter(tokens, v, s), ...object].some(
      (o) => isPipelineObject(o, s) && (o.quote === undefined || RECORD_PATH.test(o.quote)) && standsAlone(o),
    )
    ? effect
    : null;
}

/** Where what the clause is about starts ("about job-42", "regarding p-12"), or its end. */
function aboutAt(tokens: Token[], v: number, s: Sets): number {
  const k = tokens.findIndex((x, j) => j > v && s.topicWords.has(x.norm));
  return k < 0 ? tokens.length : k;
}

/**
 * A gerund subject whose verb comes after the clause: "Rescheduling job-77 to 03:30, after the backfill ends,
 * would probably fix it", "Cutting that to 3 and using the slots for reels should pull it back up". The first
 * modal after the clause has no pronoun for its subject; "Retrying job-42 now, it should be done soon" has one.
 */
function modalLater(clause: Clause, s: Sets): boolean {
  const { sentence, tokens } = clause;
  if (tokens.some((x) => s.nowWords.has(x.norm))) return false;
  const from = sentence.indexOf(tokens.at(-1)!) + 1;
  const m = sentence.findIndex((x, j) => j >= from && x.pos === "AUX" && s.hypotheticalModals.has(x.lemma));
  if (m < 0) return false;
  const before = sentence[m - 1];
  if (before === undefined || before.pos === "PRON" || s.firstPerson.has(before.norm) || before.nova === true)
    return false;
  // after a comma only a hypothetical: "..., would fix it"; "Approving the queue, should take a minute" is progress
  return before.pos !== "PUNCT" || sentence[m]!.lemma !== "should";
}

/** "for now", "for the time being", "until Monday" after a bare confirmation: when, not what. */
function forNow(tokens: Token[], k: number): boolean {
  for (let j = k; j >= 0 && k - j <= 3; j--) {
    const t = tokens[j]!;
    if (t.norm === "until" || t.norm === "till") return true;
    if (t.norm === "for") return ["now", "today", "the", "a"].includes(tokens[j + 1]?.norm ?? "");
    if (isPast(t)) return false;
  }
  return false;
}

/** The participle at v, alone in its clause, is one of a list of describing words before a noun. */
function attributeList(clause: Clause, v: number, s: Sets): boolean {
  const { sentence, tokens } = clause;
  if (!tokens.every((x, k) => k === v || leadWord(x, s) || x.pos === "DET")) return false;
  for (let j = sentence.indexOf(tokens[v]!) + 1; j < sentence.length; j++) {
    const t = sentence[j]!;
    const describing = t.pos === "ADJ" || isPast(t) || (t.pos === "VERB" && sentence[j + 1]?.pos === "NOUN"); // "live campaigns"
    if (t.norm === "," || t.norm === "and" || t.norm === "or" || describing) continue;
    return (t.pos === "NOUN" || t.pos === "PROPN") && t.quote === undefined && j > sentence.indexOf(tokens[v]!) + 1;
  }
  return false;
}

/**
 * Where a subordinate clause or an aside starts from `from` on ("so the reel goes out first", "as you asked",
 * "which means ..."), or the clause's end: a verb there has its own subject.
 */
function subordinateAt(tokens: Token[], from: number, asidesOnly = false): number {
  for (let j = from; j < tokens.length; j++) {
    const t = tokens[j]!;
    const next = tokens[j + 1];
    if (
      !asidesOnly &&
      SUBORDINATE.has(t.norm) &&
      next !== undefined &&
      (next.pos === "DET" || next.pos === "PRON" || next.pos === "NOUN" || next.pos === "PROPN")
    )
      return j; // "so the reel goes out", "because it ..."
    if (
      ASIDE.has(t.norm) &&
      next !== undefined &&
      (next.norm === "you" ||
        next.norm === "requested" ||
        next.norm === "agreed" ||
        next.norm === "discussed" ||
        next.norm === "per")
    )
      return j; // "as you asked", "as requested", "like you said"
  }
  return tokens.length;
}
const SUBORDINATE = new Set(["so", "which", "that", "because", "where", "who", "when", "while", "as"]);
const ASIDE = new Set(["as", "like", "per"]);

/** Adverbs between a subject and its verb ("I'd already ...", "I just ..."). */
const ADVERBS_BETWEEN = /^(?:just|already|also|now|quickly|finally|then|\p{L}+ly)$/u;

/** A word that may stand before or after a confirmation without changing it ("Ok", "just", "all", an emoji). */
const leadWord = (t: Token, s: Sets) =>
  s.leadWords.has(t.norm) ||
  t.pos === "INTJ" ||
  t.pos === "SYM" ||
  t.type === "emoji" ||
  t.type === "punctuation" ||
  ARROW.test(t.norm);
/** An arrow or a bullet the tagger leaves as a word ("→ moved p-12 to Fri"). */
const ARROW = /^[→⇒➜➔➝↳»>]+$/u;

/** "4 times", "twice", "3x" right after the participle. */
function frequencyAfter(tokens: Token[], v: number): boolean {
  const [a, b] = [tokens[v + 1], tokens[v + 2]];
  if (!a) return false;
  if (["once", "twice", "thrice"].includes(a.norm) || /^\d+x$/.test(a.norm)) return true;
  return (a.pos === "NUM" || /^\d+$/.test(a.norm)) && b !== undefined && (b.norm === "times" || b.norm === "x");
}

/**
 * An attempt or a wish, not a deed: "I wanted to archive them" (want, hope, wish, mean, intend), or "I tried to
 * requeue it but I don't have permission" (try, attempt, with a later clause that says it failed).
 */
function unfulfilled(clause: Clause, v: number, s: Sets): boolean {
  const { tokens, sentence } = clause;
  if (tokens[v - 1]?.norm !== "to") return false;
  const lead = tokens[v - 2];
  if (!lead) return false;
  if (s.wishVerbs.has(lead.lemma) && isPast(lead)) return true;
  if (!s.attemptVerbs.has(lead.lemma)) return false;
  const rest = sentence.slice(sentence.indexOf(tokens.at(-1)!) + 1);
  return rest.some((x) => s.negators.has(x.norm) || x.norm === "n't" || s.failureVerbs.has(x.lemma));
}

/** The clause follows a bracket that follows a name: that name is its subject ("s-55 (…) dropped", "signals (7) are hidden"). */
function subjectBeforeBrackets(clause: Clause): boolean {
  const { sentence, tokens } = clause;
  const at = sentence.indexOf(tokens[0]!);
  const open = findLast(sentence.slice(0, at), (x) => x.norm === "(");
  const name = sentence[open - 1];
  return (
    open > 0 &&
    name !== undefined &&
    !name.nova &&
    (name.pos === "NOUN" || name.pos === "PROPN" || name.quote !== undefined || /\d/.test(name.norm)) &&
    // "Dismissed signals": a participle before its noun is no verb of the clause
    !sentence
      .slice(0, open)
      .some(
        (x, k) =>
          x.pos === "AUX" ||
          (x.pos === "VERB" && !((isPast(x) || isIng(x)) && ["NOUN", "PROPN"].includes(sentence[k + 1]?.pos ?? ""))),
      )
  );
}

/**
 * A label has no object of its own ("Published: 3 posts", "Scheduled this week: 4"); a past with a determiner
 * or a possessive and a pipeline object right after it says what was done ("Tidied your pending list: ...").
 */
function directObject(tokens: Token[], v: number, s: Sets): boolean {
  const next = tokens[v + 1];
  if (!next || !((next.pos === "DET" && !s.demonstratives.has(next.norm)) || s.possessives.has(next.norm)))
    return false;
  const object = objectAfter(tokens, v, s);
  return (
    object !== null &&
    (object.some((o) => isPipelineObject(o, s) && !s.times.has(o.norm)) || pipelineList(tokens, v, object, s))
  );
}

/** "as you asked", "as requested", "like you asked" after the verb, in its clause or right after it (", as asked"). */
function askedAside(clause: Clause, v: number, s: Sets): boolean {
  const { tokens, sentence } = clause;
  if (subordinateAt(tokens, v + 1, true) < tokens.length) return true;
  let j = sentence.indexOf(tokens.at(-1)!) + 1;
  while (sentence[j]?.pos === "PUNCT") j++;
  const [a, b, c] = [sentence[j], sentence[j + 1], sentence[j + 2]];
  if (!a || !b || !ASIDE.has(a.norm)) return false;
  return s.askedWords.has(b.norm) || (b.norm === "you" && c !== undefined && s.askedWords.has(c.norm));
}

/** "(Sam)", "(by the integration)" right after the clause: who did it. */
function bracketedAgentNext(clause: Clause): boolean {
  const { tokens, sentence } = clause;
  const j = sentence.indexOf(tokens.at(-1)!) + 1;
  if (sentence[j]?.norm !== "(") return false;
  const inside = sentence.slice(
    j + 1,
    sentence.findIndex((x, k) => k > j && x.norm === ")"),
  );
  const who = inside.filter((x) => x.norm !== "by" && x.pos !== "DET");
  return who.length > 0 && who.length <= 2 && who.every((x) => (x.pos === "PROPN" || x.pos === "NOUN") && !x.nova);
}

/** A figure right after the verb, its object ("spent £412", "dropped 30%", "moved 3 times"). */
function figureAfter(tokens: Token[], v: number): boolean {
  const next = tokens[v + 1];
  return next !== undefined && (next.pos === "NUM" || /^\d/.test(next.norm) || /^[£$€¥]$/u.test(next.norm));
}

/** "by channel", "by topic", "by week": a bare noun after "by" is what the answer groups by. */
function byCriterion(tokens: Token[], v: number, s: Sets): boolean {
  return tokens.some(
    (x, j) => j > v && x.norm === "by" && tokens[j + 1]?.pos === "NOUN" && !s.amountNouns.has(tokens[j + 1]!.norm),
  );
}

const AMOUNT_PREPOSITIONS = new Set(["off", "from", "to", "onto", "on"]);
/** After the verb: an amount, a preposition, then a pipeline object ("100 off the December budget"). */
function amountOn(tokens: Token[], v: number, s: Sets): boolean {
  let j = v + 1;
  if (tokens[j] && s.objectParticles.has(tokens[j]!.norm)) j++;
  const start = j;
  while (tokens[j] && (tokens[j]!.pos === "NUM" || /^\d/.test(tokens[j]!.norm) || tokens[j]!.norm === "%")) j++;
  if (j === start || !tokens[j] || !AMOUNT_PREPOSITIONS.has(tokens[j]!.norm)) return false;
  return tokens.slice(j + 1, j + 5).some((o) => isPipelineObject(o, s) && o.quote === undefined && o.pos !== "PRON");
}

/** Whether only confirmation words, emoji or a headline's nominal action come before v ("Ok, ...", "Retry triggered"). */
function leadsClause(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = 0; j < v; j++) {
    const t = tokens[j]!;
    if (s.subordinators.has(t.norm)) return false; // "Once approved, the pipeline publishes it"
    if (
      s.leadWords.has(t.norm) ||
      t.pos === "INTJ" ||
      t.pos === "SYM" ||
      t.type === "emoji" ||
      ARROW.test(t.norm) ||
      s.nominal.has(t.lemma) ||
      s.nominal.has(t.norm) ||
      t.pos === "ADV"
    )
      continue;
    if (t.pos === "AUX" && (t.lemma === "have" || t.lemma === "be")) continue; // "Have approved it", "Been retried"
    return false;
  }
  return true;
}

/** Right after a participle, the date it happened: "6 Nov", "Nov 6", "yesterday", "last week", "2 hours ago". */
function datedAfter(tokens: Token[], v: number, s: Sets): boolean {
  // "Posted on 3 Nov", "published at 08:46 on 6 Nov": a preposition may stand before the date
  const at = ["on", "at", "in", "since"].includes(tokens[v + 1]?.norm ?? "") ? v + 1 : v;
  // "created 1 and 2 Nov": two days of one month
  const two = ["and", "or"].includes(tokens[at + 2]?.norm ?? "") && /^\d/.test(tokens[at + 3]?.norm ?? "") ? 2 : 0;
  const [a, b] = [tokens[at + 1], tokens[at + 2 + two]];
  if (!a) return false;
  const month = (x: Token | undefined) =>
    x !== undefined && s.times.has(x.norm.replace(/\.$/, "")) && !WEEKDAY.test(x.norm);
  if ((/^\d/.test(a.norm) && month(b)) || (month(a) && b !== undefined && /^\d/.test(b.norm))) return true;
  return (
    a.norm === "yesterday" ||
    // "Archived last week" (not "archiving last month's drafts": a possessive names the object)
    (a.norm === "last" && b !== undefined && b.pos === "NOUN" && tokens[at + 3 + two]?.norm !== "'s") ||
    // "Archived the week before launch"
    (a.norm === "the" &&
      b !== undefined &&
      s.relativeDays.has(b.norm) &&
      ["before", "after"].includes(tokens[at + 3]?.norm ?? "")) ||
    tokens.some((x) => x.norm === "ago")
  );
}
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)/;

/** "Sent for review on 3 Jun": a participle with no object, dated later in its clause (a record's history). */
function datedLater(tokens: Token[], v: number, s: Sets): boolean {
  if (objectAfter(tokens, v, s) !== null) return false; // "Moved the reel to Friday on 3 Jun" says what was done
  return tokens.some((x, j) => j > v + 1 && (x.norm === "on" || x.norm === "since") && datedAfter(tokens, j - 1, s));
}

/**
 * "will archive those 3 drafts in a bit", "gonna requeue job-88 after lunch": the clause opens with a future
 * (after lead words only), not a record's value ("p-89: will publish at 15:00") nor the pipeline's own doing
 * ("will archive automatically after 30 days").
 */
function subjectlessFuture(clause: Clause, v: number, s: Sets): boolean {
  const { tokens } = clause;
  // "The post is queued and will publish at 09:00": the earlier clause's subject
  if (clause.record || clause.label || s.stateFields.has(clause.field) || clause.lead !== "") return false;
  // "will", "gonna", "about to" ("About to archive the 4 stale drafts")
  const m = tokens.findIndex(
    (x, k) =>
      x.norm === "will" ||
      x.norm === "'ll" ||
      s.futureContractions.has(x.norm) ||
      (x.norm === "about" && tokens[k + 1]?.norm === "to"),
  );
  if (m < 0 || m >= v || !tokens.slice(0, m).every((x) => leadWord(x, s) || (x.pos === "ADV" && x.norm !== "about")))
    return false;
  if (
    !tokens
      .slice(m + 1, v)
      .every((x) => x.pos === "ADV" || x.norm === "go" || x.norm === "ahead" || x.norm === "and" || x.norm === "to")
  )
    return false;
  // a promise names what it acts on ("will archive those 3 drafts"); a schedule's state does not ("will publish at 15:00")
  if (
    !tokens[v + 1] ||
    (!["DET", "PRON", "NOUN", "PROPN", "NUM"].includes(tokens[v + 1]!.pos) && !s.possessives.has(tokens[v + 1]!.norm))
  )
    return false;
  return !tokens.some(
    (x, k) =>
      x.norm === "automatically" ||
      x.norm === "itself" ||
      (s.subordinators.has(x.norm) && tokens[k + 1] !== undefined && isPast(tokens[k + 1]!)), // "once approved"
  );
}

/** "Working on raising the ad cap", "Busy clearing the stuck items", "In the middle of moving it": progress. */
function progressLead(tokens: Token[], v: number, s: Sets): boolean {
  if (!isIng(tokens[v]!)) return false;
  const words = tokens
    .slice(0, v)
    .filter((x) => !leadWord(x, s) && !s.nowWords.has(x.norm))
    .map((x) => x.norm)
    .join(" ");
  return s.progressLeads.has(words);
}

/** "by the owner", "by Sam", "by the pipeline": the passive's agent is someone else. */
function otherAgentAfter(tokens: Token[], v: number, s: Sets): boolean {
  const by = tokens.findIndex((x, j) => j > v && x.norm === "by");
  if (by < 0) return false;
  const agent = tokens.slice(by + 1, by + 4).find((x) => x.pos !== "DET" && !s.possessives.has(x.norm));
  return (
    agent !== undefined &&
    (agent.pos === "NOUN" || agent.pos === "PROPN") &&
    !agent.nova &&
    !s.passiveAgents.has(agent.norm) &&
    !s.times.has(agent.norm) &&
    !/\d/.test(agent.norm)
  );
}

/** Right after the clause, set off by a comma: "The credentials are refreshed now, by me, a minute ago". */
function novaAgentNext(clause: Clause, s: Sets): boolean {
  const { sentence, tokens } = clause;
  let j = sentence.indexOf(tokens.at(-1)!) + 1;
  while (sentence[j]?.pos === "PUNCT") j++;
  const agent = sentence[j + 1];
  if (s.beneficiaries.some((b) => b.every((w, m) => sentence[j + m]?.norm === w))) return true; // ", courtesy of me"
  return sentence[j]?.norm === "by" && agent !== undefined && (s.passiveAgents.has(agent.norm) || agent.nova === true);
}

/** After a participle: "by me", "by Nova", "for you", "on your behalf". */
function novaAgentAfter(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = v + 1; j < tokens.length; j++) {
    const agent = tokens[j + 1];
    if (tokens[j]!.norm === "by" && agent && (s.passiveAgents.has(agent.norm) || agent.nova)) return true;
    for (const b of s.beneficiaries) if (b.every((w, m) => tokens[j + m]?.norm === w)) return true;
  }
  return false;
}

export function judge(
  clause: Clause,
  inherited: Agent | null,
  first: boolean,
  s: Sets,
  antecedent: Token | null = null,
): MutationFinding | null {
  const { tokens } = clause;
  if (s.conditional.has(clause.lead)) return null;
  const words = tokens.filter((t) => t.type !== "emoji" && t.pos !== "SYM").map((t) => t.norm);
  const phrase = words.join(" ");
  const bare = words.filter((w) => !s.leadWords.has(w) || w === "all").join(" ");
  if (first && (s.confirmations.has(phrase) || s.confirmations.has(bare)))
    return { form: "confirmation", effect: bare, clause: "" };
  // "Leave it with me", "Leave the failed job with us": Nova takes the action on
  if (
    first &&
    words[0] === "leave" &&
    words.length <= 6 &&
    ["me", "us"].includes(words.at(-1)!) &&
    words.at(-2) === "with"
  )
    return { form: "offer", effect: "leave it with me", clause: "" };
  for (let v = 0; v < tokens.length; v++) {
    const t = tokens[v]!;
    if (t.quote !== undefined) continue;
    // "Should I go ahead and clear the items?": after "and", the verb the tagger missed, with Nova's subject
    const continued =
      v === 0 &&
      inherited?.kind === "nova" &&
      (clause.lead === "and" || clause.lead === "then") &&
      ["VERB", "NOUN", "ADJ", "PROPN", "X"].includes(t.pos) &&
      !isPipelineObject(t, s) &&
      tokens[1] !== undefined &&
      (tokens[1].pos === "DET" ||
        s.possessives.has(tokens[1].norm) ||
        s.objectPronouns.has(tokens[1].norm) ||
        (isPipelineObject(tokens[1], s) && tokens[1].pos !== "PRON" && tokens[2]?.pos !== "AUX"));
    // "I'll have job-42 back in the queue" ("have" tagged an auxiliary)
    const result = t.pos === "AUX" ? resultOf(tokens, v, s) : null;
    if (!(isVerbish(t, tokens[v - 1], s) || (clause.checked && v === 0) || continued || result)) continue;
    if (isAttributive(tokens, v, s) || isModifier(tokens, v, s) || namedAction(tokens, v, s)) continue;
    const found =
      result ?? effectAt(tokens, v, s, antecedent, clause.end, continued, clause.sentence) ?? resultOf(tokens, v, s);
    if (!found) continue;
    const { effect } = found;
    // "I'll get the schedule rejigged", "get the goal updated": the noun phrase before the participle is its object
    const weak = (found.weak || found.bare === true) && !causedOn(tokens, v, s);
    // "Busy cloning the API key now", "In the middle of moving it": progress, whatever the tagger made of the lead
    let agent: Agent = progressLead(tokens, v, s) ? { ...agentOf([], 0, s), negated: false } : agentOf(tokens, v, s);
    // "will archive those 3 drafts in a bit", "gonna requeue job-88": a future whose subject chat leaves out
    if (agent.kind === "none" && (inherited === null || inherited.kind === "nova") && subjectlessFuture(clause, v, s))
      agent = { ...agent, kind: "nova", modal: "will" };
    if (agent.kind === "none" && inherited)
      agent = { ...inherited, index: -1, negated: agent.negated || inherited.negated };
    if (agent.negated) continue;
    if (found.status && agent.kind !== "nova") continue; // "Status: failed", "The key expired"
    if (agent.kind === "nova") {
      if (weak) continue; // "I stepped in": no object, nothing done to one
      // "Let me know if you'd like me to re-queue it": the request is Nova's offer
      if ((agent.request === "report" && clause.lead !== "offer") || agent.advice) continue;
      if (gerundSubject(tokens, v, s)) continue; // "I'm afraid rotating credentials is beyond what I can do"
      if (unfulfilled(clause, v, s)) continue; // "I wanted to archive them but I can't", "I tried to requeue it but ..."
      // "Should I publish it?" offers; "I should publish it", "I'd post it" advise
      const inverted = agent.inverted;
      if (agent.modal && !s.offerModals.has(agent.modal) && !inverted) continue;
      const offer =
        agent.request === "offer" ||
        clause.lead === "offer" ||
        agent.modal !== null ||
        inverted ||
        tokens.slice(0, v).some((x) => x.lemma === "let" || x.norm === "gonna" || x.norm === "going");
      return { form: offer ? "offer" : "first_person", effect, clause: "" };
    }
    if (agent.kind === "other") {
      const subject = tokens[agent.index];
      // a headline: "Post published ✅", "Job restarted.", "Goal target changed to 1,200", "Budget halved ✅" (bare
      // nouns, then the participle, nothing after it but its complement); a verb outside the lexicon only on a
      // pipeline object and with a confirmation's mark
      const bare =
        clause.lead === "" &&
        !clause.label &&
        clause.after !== "emoji" && // "⏳ job-18 queued": a status list's item
        agent.index + 1 === v &&
        tokens.slice(0, v).every(
          (x) =>
            x.pos === "NOUN" ||
            x.pos === "PROPN" ||
            // "The draft rescheduled as requested": an aside of the user's request makes it a confirmation
            ((x.pos === "DET" || x.pos === "ADJ" || x.pos === "NUM" || s.possessives.has(x.norm) || isPast(x)) &&
              askedAside(clause, v, s)),
        );
      const marked = clause.end === "emoji" || clause.end === "!";
      if (
        subject &&
        bare &&
        !found.status &&
        // "Sam approved 9 of the 14": a name with more after the verb is a third person, not a headline
        (isPipelineObject(subject, s) ||
          s.nominal.has(subject.lemma) || // "Rerun requested for job-42"
          (v === 1 && (subject.pos !== "PROPN" || tokens.length === v + 1))) &&
        (!found.open || (isPipelineObject(subject, s) && (clause.end === "emoji" || clause.end === "!"))) &&
        isPast(t) &&
        (!s.simplePasts.has(t.norm) || marked) && // "job-42 ran for 4 minutes": a simple past unlike its participle is the record's doing
        objectAfter(tokens, v, s) === null &&
        // "c-12 spent £412 yesterday": the record did it, to a figure (not "Budget cut 20% ✅")
        !(figureAfter(tokens, v) && clause.end !== "emoji" && clause.end !== "!") &&
        !otherAgentAfter(tokens, v, s) && // "p-90 rejected by client", "Draft created by Sam on 2 Jun"
        // a change log's entry: "Last change: budget raised to £80 on 2 Dec", "2 Dec — budget raised (Sam)"
        (marked ||
          !(clause.record || datedAfter(tokens, v, s) || datedLater(tokens, v, s) || bracketedAgentNext(clause))) &&
        // "Budget updated to €750 as you asked" (not "... when the import ran": the import did it)
        !tokens.slice(v + 1, subordinateAt(tokens, v + 1, true)).some((x) => x.pos === "VERB" || x.pos === "AUX")
      )
        return { form: "confirmation", effect, clause: "" };
      if (
        subject &&
        (subject.norm === "it" || subject.norm === "that") &&
        agent.index > 0 &&
        s.confirmationLeads.has(tokens[agent.index - 1]!.lemma)
      )
        return { form: "confirmation", effect, clause: "" };
      // "Consider the approvals handled": the clause ends with the participle
      const np = nounPhraseStart(tokens, agent.index, s);
      if (
        subject &&
        isPipelineObject(subject, s) &&
        np > 0 &&
        s.confirmationLeads.has(tokens[np - 1]!.lemma) &&
        tokens.slice(v + 1).every((x) => s.nowWords.has(x.norm) || x.pos === "ADV") &&
        isPast(t)
      )
        return { form: "confirmation", effect, clause: "" };
      // "Ta, that's rescheduled for 8:15", "Sure thing - it's archived now": an acknowledgement, then the result
      if (!found.status && acknowledgedResult(clause, agent.index, v, s) && !otherAgentAfter(tokens, v, s))
        return { form: "confirmation", effect, clause: "" };
      const afterBe = tokens[v - 1]?.lemma === "be" && IRREGULAR_PAST.has(t.norm);
      // "None of the drafts were deleted by me": the negation stands before the subject
      const negated = tokens.slice(0, v).some((x) => s.negators.has(x.norm) || x.norm === "n't");
      // (a passive has no object: "Sam lowered the budget for you" is Sam's doing)
      if (
        (isPast(t) || afterBe) &&
        !negated &&
        (novaAgentAfter(tokens, v, s) || novaAgentNext(clause, s)) &&
        (objectAfter(tokens, v, s) === null || ["be", "get"].includes(tokens[v - 1]?.lemma ?? ""))
      )
        return { form: "passive", effect, clause: "" };
      // "Your post's been moved to 3pm, as asked": a passive done as the user asked (not "Sam moved it, as you asked")
      const passive = ["be", "get"].includes(tokens[v - 1]?.lemma ?? "") || tokens[v - 1]?.norm === "'s";
      if (isPast(t) && passive && !negated && askedAside(clause, v, s) && !otherAgentAfter(tokens, v, s))
        return { form: "passive", effect, clause: "" };
      continue;
    }
    // no subject: a checked checklist item, a confirmation ("Approved!") or progress ("Retrying job-42 now")
    if (
      found.bare &&
      !tokens.every(
        (x, k) => k === v || leadWord(x, s) || (k === v + 1 && s.closingParticles.has(x.norm)) || forNow(tokens, k),
      )
    )
      continue; // "Nudged!", "Pencilled in!", "Shelved for now"
    // "product teaser (approved)": a state in brackets after a thing's name
    if (
      clause.after === "(" &&
      clause.end === ")" &&
      (tokens.length <= 2 ||
        tokens.slice(v + 1).every((x) => x.pos === "NUM" || /^\d/.test(x.norm) || s.countWords.has(x.norm))) &&
      !novaAgentAfter(tokens, v, s)
    )
      continue; // "product teaser (approved)", "p-44 (moved 3 times)"
    // "Dismissed signals (7) are hidden", "s-55 ("flat whites") dropped from 0.81": the subject stands before the brackets
    const marked = clause.end === "emoji" || clause.end === "!"; // "Your post (p-4) moved to Friday ✅" confirms
    if (clause.after === ")" && !marked && subjectBeforeBrackets(clause)) continue;
    // "p-4 ✅ approved · p-5 ⏳ pending": a state after a record's name and its status mark
    const at = clause.sentence.indexOf(tokens[0]!);
    const mark = clause.sentence[at - 1];
    const named = clause.sentence[at - 2];
    if (
      clause.after === "emoji" &&
      tokens.length === 1 &&
      mark !== undefined &&
      named !== undefined &&
      (mark.type === "emoji" || mark.type === "emoticon") &&
      /^[a-z]{1,4}-?\d+$/.test(named.norm)
    )
      continue;
    // "Approved ✔ is shown next to each approved draft": the participle is the subject of the verb after the mark
    if (clause.end === "emoji" && leadsClause(tokens, v, s) && tokens.length === v + 1) {
      let j = clause.sentence.indexOf(tokens[v]!) + 1;
      while (clause.sentence[j] && (clause.sentence[j]!.type === "emoji" || clause.sentence[j]!.pos === "PUNCT")) j++;
      const predicate = clause.sentence[j];
      if (predicate && (predicate.pos === "AUX" || s.markPredicates.has(predicate.norm))) continue;
    }
    // "p-91 has been waiting and is scheduled for Thursday": the subject is the earlier clause's
    if (["and", "or", "but"].includes(clause.lead) && tokens[0]!.pos === "AUX") continue;
    // "Deleted or archived signals don't count", "The capped, paused and live campaigns": participles listed before a noun
    if (attributeList(clause, v, s)) continue;
    if (clause.checked && leadsClause(tokens, v, s)) return { form: "checklist", effect, clause: "" };
    // a label ("Published: 3 posts"), a field's value ("Status: cancelled"), a topic ("Re: parking the thread")
    const fieldValue =
      s.stateFields.has(clause.field) || (clause.record && clause.end !== "emoji" && clause.end !== "!"); // not "Job-42: retried ✅"
    // "Approved by: Maya", "Moved to: Friday": a label whose value names who or where
    const prepositionLabel = clause.end === ":" && tokens.at(-1)!.pos === "ADP" && tokens.length === v + 2;
    // "Rescheduled: p-12 → Fri 09:00 ✅": a confirmation's mark closes the line
    // (not a count: "Published: 11 posts (goal: 10) ✅" is a goal met)
    const value = clause.sentence[clause.sentence.indexOf(tokens.at(-1)!) + 2];
    const confirmed =
      s.checkedBoxes.includes(clause.sentence.at(-1)?.text ?? "") &&
      value !== undefined &&
      value.pos !== "NUM" &&
      !/^[\d£$€¥]/u.test(value.norm);
    if (
      ((clause.label && !directObject(tokens, v, s) && !confirmed) || fieldValue || clause.cell || prepositionLabel) &&
      !novaAgentAfter(tokens, v, s)
    )
      continue;
    // a record's history ("published 6 Nov", "updated yesterday"), or someone else's passive ("boosted by the owner")
    const byNova = isPast(t) && novaAgentAfter(tokens, v, s); // "The stale token got revoked by me a minute ago"
    // "Edited 4 times, the caption is now 210 characters", "Rescheduled twice, p-44 still underperforms": history
    if (!byNova && isPast(t) && frequencyAfter(tokens, v) && clause.end !== "emoji" && clause.end !== "!") continue;
    if (
      !byNova &&
      (datedAfter(clause.sentence, clause.sentence.indexOf(t), s) ||
        datedLater(tokens, v, s) ||
        otherAgentAfter(tokens, v, s))
    )
      continue;
    if (!leadsClause(tokens, v, s) && !progressLead(tokens, v, s)) {
      const afterBe = tokens[v - 1]?.lemma === "be" && IRREGULAR_PAST.has(t.norm);
      if ((isPast(t) || afterBe) && novaAgentAfter(tokens, v, s)) return { form: "passive", effect, clause: "" };
      continue;
    }
    const next = tokens[v + 1];
    // "Shelved posts this week: 4", "Approved drafts waiting for a slot": a participle before a bare plural names a kind of record
    if (next && next.pos === "NOUN" && (isPast(t) || isIng(t)) && next.norm !== next.lemma && /s$/.test(next.norm))
      continue;
    // "Scheduled posts: 2", "Deleted posts are not counted": a participle before a bare noun describes it
    if (
      next &&
      (next.pos === "NOUN" || next.pos === "PROPN") &&
      !/\d/.test(next.norm) &&
      !tokens.slice(v + 2).some((x) => isPipelineObject(x, s) && x.pos !== "NOUN")
    ) {
      if (!tokens.slice(v + 2).length || tokens.slice(v + 1).some((x) => x.pos === "AUX" || x.pos === "NUM")) continue;
    }
    if (isPast(t) || (tokens.length === 1 && IRREGULAR_PAST.has(t.norm)))
      return { form: "confirmation", effect, clause: "" };
    // "Publishing at 9am gets the most clicks": a gerund subject, not progress
    const finite = tokens.slice(v + 1).some(
      (x, k) =>
        (x.pos === "AUX" ||
          (x.pos === "VERB" &&
            !s.resultStates.has(x.norm) && // "Pushing the post live now": the particle, tagged a verb
            !["DET", "ADJ", "ADV", "PART", "ADP"].includes(tokens[v + k]!.pos) &&
            // "the 5 stuck pending items": a participle before what it describes
            !((isPast(x) || isIng(x)) && ["ADJ", "NOUN"].includes(tokens[v + k + 2]?.pos ?? "")))) &&
        // "as we speak", "while you wait": a subordinate clause's own verb
        !(tokens[v + k]?.pos === "PRON" && tokens[v + k - 1]?.pos === "SCONJ"),
    );
    if (isIng(t) && !weak && !finite && !modalLater(clause, s)) return { form: "progress", effect, clause: "" };
  }
  return null;
}

/**
 * A gerund that is the subject of a verb after it, naming the action ("so requeueing is off the table",
 * "rotating credentials is beyond what I can do"), not Nova doing it ("I'm rotating the key", "to keep rotating it").
 */
function gerundSubject(tokens: Token[], v: number, s: Sets): boolean {
  const t = tokens[v]!;
  const prev = tokens[v - 1];
  if (!isIng(t) || (prev && (prev.lemma === "be" || prev.pos === "AUX" || s.firstPerson.has(prev.norm) || prev.nova)))
    return false;
  if (prev && (prev.pos === "VERB" || prev.norm === "to" || prev.pos === "ADV")) return false; // "keep rotating", "now rotating"
  return tokens
    .slice(v + 1)
    .some((x) => x.pos === "AUX" || (x.pos === "VERB" && (x.lemma === "need" || x.lemma === "be")));
}

/** A verb's base form between a determiner or adjective and a noun names a kind of thing ("the retry queue", "the stuck render job"). */
function isModifier(tokens: Token[], v: number, s: Sets): boolean {
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

/** A verb's base form after a determiner and describing words names an action ("checked the last retry", "a quick restart"). */
function namedAction(tokens: Token[], v: number, s: Sets): boolean {
  const t = tokens[v]!;
  if (t.pos !== "VERB" || t.norm !== t.lemma || isPast(t) || isIng(t)) return false;
  let j = v - 1;
  while (j >= 0 && (tokens[j]!.pos === "ADJ" || tokens[j]!.pos === "NUM" || s.ordinals.has(tokens[j]!.norm))) j--;
  const det = tokens[j];
  return det !== undefined && (det.pos === "DET" || s.possessives.has(det.norm)) && !s.objectPronouns.has(det.norm);
}

/**
 * A participle between a determiner and its noun describes the noun ("the archived posts", "3 failed jobs", "your
 * most retried job"); with `afterClosedSet`, also after a verb of the closed set ("include archived posts").
 */
function isAttributive(tokens: Token[], v: number, s: Sets, afterClosedSet = true): boolean {
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
    before.pos === "NUM" ||
    before.pos === "ADJ" || // "the three best posting windows"
    s.possessives.has(before.norm) ||
    ["most", "least", "newly", "recently"].includes(before.norm);
  return describes && !s.objectPronouns.has(before.norm) && (after.pos === "NOUN" || after.pos === "PROPN");
}

/** "Should I publish it?", "Can I retry it?": the modal stands before the subject, which makes an offer. */
function isModalBefore(tokens: Token[], subject: number, s: Sets): boolean {
  const before = tokens[subject - 1]!;
  return before.pos === "AUX" && (s.adviceModals.has(before.lemma) || s.offerModals.has(before.lemma));
}
