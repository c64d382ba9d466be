/**
 * Who does what a verb says: the agent, found by scanning back from the verb (Nova, someone else or no
 * one) with its negation, modal, advice and request; the lead words before a verb without a subject; the
 * agent after a passive ("by me", "for you", "by Sam") (docs/validator.md).
 */
import { CLOCK, isIng, isPast, isRecordName, isVerbish, PICTOGRAPH, type Clause, type Token } from "./clauses";
import type { Sets } from "./lexicon";
import { isNovaActor, personName } from "./lines";
import { isAttributive, isModifier, isPipelineObject, MACHINES, nounPhraseStart } from "./objects";

export interface Agent {
  kind: "nova" | "other" | "none";
  index: number;
  negated: boolean;
  modal: string | null;
  advice: boolean;
  /** "report": reported speech, the user's request (past) or Nova's earlier words; "offer": want me to / would you like me to. */
  request: "report" | "offer" | null;
  /** The modal stands before the subject ("Should I publish it?"): an offer, which a next clause inherits. */
  inverted: boolean;
}

/** Prepositions before which "me" is no subject ("a no from me"): part of the scan's grammar, not vocabulary. */
const FROM = new Set(["from", "about"]);

/** A word of negation ("not", "never", "n't"), by its form or its lemma. */
const negates = (t: Token, s: Sets) => s.negators.has(t.norm) || s.negators.has(t.lemma) || t.norm === "n't";

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
  // "Give me a sec to publish the 10k post": what Nova asks a moment for is its own to do
  // ("sec" is no duration elsewhere: "approving in a sec" acts)
  const moment =
    v >= 5 && tokens[v - 1]!.norm === "to" && (s.durations.has(tokens[v - 2]!.norm) || tokens[v - 2]!.norm === "sec");
  if (moment && tokens[v - 4]!.norm === "me" && tokens[v - 5]!.lemma === "give")
    return { ...agent, kind: "nova", modal: "will" };
  // "I'd be glad to halve it": the modal goes with "be glad", the offer with the verb
  const glad = v >= 2 && tokens[v - 1]!.norm === "to" && s.offerLeads.has(tokens[v - 2]!.norm);
  // "I'd like to run a metrics_sync for those 7 posts now": what Nova would like to do, an offer (not "I'd love to
  // nuke it": a wish, which its sentence goes on to turn down; judge reads the turn for "like")
  const wish =
    v >= 3 &&
    tokens[v - 1]!.norm === "to" &&
    tokens[v - 2]!.lemma === "like" &&
    (HAD.test(tokens[v - 3]!.norm) || tokens[v - 3]!.norm === "would");
  for (let j = v - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (negates(t, s)) agent.negated = true;
    // "I have to pass on restarting job-901": the action a refusal passes on
    if (s.refusalVerbs.has(t.lemma) && tokens[j + 1]?.norm === "on" && j + 2 === v && isIng(tokens[v]!))
      agent.negated = true;
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
    // "I may have retried it too early": a past act told as likely, not advice
    const pastPossibility =
      s.pastPossibilityModals.has(t.norm) && tokens[j + 1]?.norm === "have" && pastParticipleAfter(tokens, j + 1, v);
    if ((t.pos === "AUX" || t.pos === "VERB") && !had && !pastPossibility) {
      if (s.adviceModals.has(t.lemma) || s.adviceModals.has(t.norm)) agent.modal ??= t.lemma;
      else if (t.lemma === "will" || t.lemma === "can" || t.lemma === "shall") agent.modal ??= t.lemma;
      if (s.advice.has(t.lemma) && t.pos === "VERB") agent.advice = true;
    }
    // "That's a no from me on archiving": Nova after a preposition is no subject
    if ((t.norm === "me" || t.norm === "us") && FROM.has(tokens[j - 1]?.norm ?? "")) continue;
    // "not me approving it", "It wasn't me clearing it": Nova denied as the doer
    if (t.norm === "me" && j === v - 1 && isIng(tokens[v]!) && j > 0 && negates(tokens[j - 1]!, s)) {
      Object.assign(agent, { kind: "nova", index: j, negated: true });
      break;
    }
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
    // "I asked the pipeline to retry it", "I had the pipeline rerun job-8": Nova sets the machinery to work
    if (MACHINES.has(t.lemma) && (j + 1 === v || (tokens[j + 1]?.norm === "to" && j + 2 === v))) {
      const causer = tokens[nounPhraseStart(tokens, j, s) - 1];
      if (causer && CAUSERS.has(causer.lemma) && causer.pos !== "NOUN") {
        j = nounPhraseStart(tokens, j, s);
        continue;
      }
    }
    // "and the retry returned 10 signals": a word the tagger called a verb after "the" is a noun, the subject
    const named = t.pos === "VERB" && !isIng(t) && !isPast(t) && before?.pos === "DET" && tokens[j + 1]?.pos === "VERB";
    if (
      (t.pos === "PRON" ||
        t.pos === "NOUN" ||
        t.pos === "PROPN" ||
        t.pos === "NUM" ||
        t.quote !== undefined ||
        named) &&
      !s.possessives.has(t.norm) &&
      // "lowkey already bumped the target", "ngl just reran it": chat's lead word, which the tagger may call a noun
      !(j === 0 && t.pos !== "PRON" && s.leadWords.has(t.norm)) &&
      // "14:20 kicked off a fresh run of job_kx myself": a log line's time stamp, no subject
      !(j === 0 && CLOCK.test(t.norm))
    ) {
      agent.kind = "other";
      agent.index = j;
      break;
    }
  }
  // "dont think i can cancel job-66", "Don't ask me to delete stuff": a negated belief or request over Nova's clause
  if (agent.kind === "nova" && agent.index > 0) {
    const governing = tokens[agent.index - 1]!;
    const before = tokens.slice(Math.max(0, agent.index - 4), agent.index - 1);
    if (NEGATABLE_OVER.has(governing.lemma) && before.some((t) => negates(t, s) || t.norm === "nt"))
      agent.negated = true;
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
  // "At no point did I reschedule it", "Never have I touched the budget": a negation fronted before the inverted auxiliary
  if (
    agent.kind === "nova" &&
    agent.index > 1 &&
    tokens[agent.index - 1]!.pos === "AUX" &&
    tokens.slice(0, agent.index - 1).some((x) => s.negators.has(x.norm) || x.norm === "n't")
  )
    agent.negated = true;
  // "Not possible for me to cancel job-41", "No way for me to rotate it": Nova the subject of an infinitive after a
  // negated predicate (not "No problem for me to cancel it", an offer)
  if (
    agent.kind === "nova" &&
    tokens[agent.index - 1]?.norm === "for" &&
    tokens[agent.index + 1]?.norm === "to" &&
    tokens.slice(0, agent.index - 1).some((x) => negates(x, s)) &&
    !tokens.slice(0, agent.index - 1).some((x) => ["problem", "trouble", "bother", "biggie"].includes(x.norm))
  )
    agent.negated = true;
  // "I meant the slot was free, not that I'd moved it": a clause denied by "not that"
  const denial = tokens[agent.index - 2];
  if (agent.kind === "nova" && tokens[agent.index - 1]?.norm === "that" && denial !== undefined && negates(denial, s))
    agent.negated = true;
  // "Nothing I did changed the schedule": Nova in a relative clause of a negated subject
  if (agent.kind === "nova" && ["nothing", "none", "nobody"].includes(tokens[agent.index - 1]?.norm ?? ""))
    agent.negated = true;
  if (agent.kind === "nova" && agent.index > 0) {
    // "You asked me to publish it" reports a request; "Want me to / would you like me to" offers one
    const from = Math.max(0, agent.index - 2);
    const k = tokens
      .slice(from, agent.index)
      .findLastIndex(
        (t, k) =>
          s.request.has(t.lemma) && (t.pos === "VERB" || t.pos === "AUX" || tokens[from + k - 1]?.pos === "AUX"),
      );
    if (k >= 0) {
      const verb = tokens[from + k]!;
      agent.request =
        (verb.norm !== verb.lemma && !isIng(verb)) || (isIng(verb) && s.reportedRequestVerbs.has(verb.lemma))
          ? "report"
          : "offer";
      // "You said you want me to ...", "You want me to ..., but": a request stated, not Nova's question
      if (reportedRequest(tokens, from + k)) agent.request = "report";
    }
    agent.inverted = isModalBefore(tokens, agent.index, s);
    // "Should we reschedule p-12?", "How should we publish it?": the operator's decision asked for, advice's kin
    if (agent.inverted && tokens[agent.index - 1]!.lemma === "should" && tokens[agent.index]!.norm === "we")
      agent.advice = true;
  }
  // "I was asked to retry job-4", "I've been told to cancel it": Nova the subject of a passive request reports it
  if (
    agent.kind === "nova" &&
    agent.request === null &&
    tokens.some(
      (t, k) =>
        k > agent.index &&
        k < v &&
        t.norm !== t.lemma &&
        s.request.has(t.lemma) &&
        PASSIVE_BE.has(tokens[k - 1]!.norm) &&
        tokens[k + 1]?.norm === "to",
    )
  )
    agent.request = "report";
  if (agent.kind === "nova" && agent.request === null && reportsWords(tokens, agent.index, v, s))
    agent.request = "report";
  if ((glad || wish) && agent.kind === "nova" && (agent.modal === null || s.adviceModals.has(agent.modal)))
    agent.modal = "will";
  return agent;
}

/** Verbs that say how things look, not what anyone did ("Looks like", "Seems like"). */
const EVIDENTIAL = new Set(["look", "seem", "sound", "appear"]);

/**
 * The agent a clause hands to the next one: that of its first verb with a subject, skipping verbs that
 * describe a noun ("The retry policy kicked in and re-ran job-90": the policy) and a light verb before
 * "and" ("Let me go ahead and reschedule that": Nova, offering).
 */
export function clauseAgent(tokens: Token[], s: Sets): Agent | null {
  // "What I can tell you: there are 4 items, all created this week": a pseudo-cleft's "I" is no later clause's
  if (tokens[0]?.norm === "what") return null;
  let first = -1;
  let found: Agent | null = null;
  for (let v = 0; v < tokens.length; v++) {
    if (!isVerbish(tokens[v]!) || isModifier(tokens, v, s) || isAttributive(tokens, v, s, false)) continue;
    // "Looks like it got approved and published": what the evidence shows, its subject after "like"
    if (v === 0 && EVIDENTIAL.has(tokens[0]!.lemma) && ["like", "as"].includes(tokens[1]?.norm ?? "")) continue;
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

/** "Should I publish it?", "Can I retry it?": the modal stands before the subject, which makes an offer. */
function isModalBefore(tokens: Token[], subject: number, s: Sets): boolean {
  const before = tokens[subject - 1]!;
  return before.pos === "AUX" && (s.adviceModals.has(before.lemma) || s.offerModals.has(before.lemma));
}

/** Verbs that set someone to an act: "asked the pipeline to retry it", "had the pipeline rerun it". */
const CAUSERS = new Set(["ask", "tell", "get", "have", "make", "instruct", "let", "nudge", "trigger"]);

/** Forms of "be" (and "get") before a passive request ("was asked", "'ve been told", "got asked"). */
const PASSIVE_BE = new Set(["was", "were", "been", "am", "'m", "’m", "is", "are", "got", "get", "being"]);

/** The prepositions between a light noun and its gerund ("the liberty of", "a go at"): grammar, kept in code. */
export const LIGHT_PREPOSITIONS = new Set(["of", "at"]);

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

/** "get" (any tense), or "have" after a modal or "to" ("I'll have the post published"), making the next participle Nova's doing. */
export function causative(tokens: Token[], k: number, s: Sets): boolean {
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

/**
 * Nova's act at v, with its subject at `subject`, as words reported or an impression given, not done: "I said I'd fixed
 * it", "my last message said I approved it", "I wrote that I had archived them", "I told you I'd retried it", "made it
 * sound like I'd cancelled them", "as if I'd fixed it", "Earlier I offered to pull the post" (not "As I said, I moved
 * it", "Like I told you, I retried it": said again).
 */
export function reportsWords(tokens: Token[], subject: number, v: number, s: Sets): boolean {
  const past = (t: Token | undefined) => t !== undefined && t.pos === "VERB" && isPast(t);
  if (
    v - subject === 3 &&
    tokens[v - 1]!.norm === "to" &&
    past(tokens[v - 2]) &&
    s.reportedOffers.has(tokens[v - 2]!.lemma)
  )
    return true;
  let k = subject - 1;
  if (tokens[k]?.norm === "if" || tokens[k]?.norm === "though") return tokens[k - 1]?.norm === "as";
  if (tokens[k]?.norm === "like" && EVIDENTIAL.has(tokens[k - 1]?.lemma ?? ""))
    return past(tokens[k - 1]) || tokens[k - 3]?.lemma === "make";
  if (tokens[k]?.norm === "that") k--;
  if (tokens[k]?.norm === "you" && tokens[k - 1]?.lemma === "tell") k--;
  if (!past(tokens[k]) || !s.speechVerbs.has(tokens[k]!.lemma)) return false;
  const speaker = tokens[k - 1];
  return speaker !== undefined && !["as", "like"].includes(tokens[k - 2]?.norm ?? "") && speaker.pos !== "PUNCT";
}

/** Before the request verb at r: a reporting verb ("You said you want me to") or "you" with no auxiliary ("You want me to"). */
function reportedRequest(tokens: Token[], r: number): boolean {
  const before = tokens.slice(0, r);
  if (before.some((t) => t.pos === "VERB" && isPast(t))) return true;
  const you = before.findLastIndex((t) => t.norm === "you");
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
  // "Permission to retry is owner-only": the phrase is the subject of a verb after it (not "Happy to publish it
  // once Sam is back", "… all three so they're in the run": a verb of a clause of its own)
  const verb = tokens.findIndex(
    (t, k) => k > v && (t.pos === "AUX" || t.pos === "PRON" || s.subordinators.has(t.norm)),
  );
  if (verb > v && tokens[verb]!.pos === "AUX") return false;
  return tokens
    .slice(0, a)
    .every((t) => s.leadWords.has(t.norm) || t.pos === "ADV" || t.pos === "INTJ" || s.intensifiers.has(t.norm));
}

/** A word that may stand before or after a confirmation without changing it ("Ok", "just", "all", an emoji). */
export const leadWord = (t: Token, s: Sets) =>
  s.leadWords.has(t.norm) ||
  t.pos === "INTJ" ||
  t.pos === "SYM" ||
  t.type === "emoji" ||
  t.type === "punctuation" ||
  ARROW.test(t.norm);

/** An arrow or a bullet the tagger leaves as a word ("→ moved p-12 to Fri"). */
const ARROW = /^[→⇒➜➔➝↳»>]+$/u;

/** Whether only confirmation words, emoji or a headline's nominal action come before v ("Ok, ...", "Retry triggered"). */
export function leadsClause(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = 0; j < v; j++) {
    const t = tokens[j]!;
    if (s.subordinators.has(t.norm)) return false; // "Once approved, the pipeline publishes it"
    if (
      s.leadWords.has(t.norm) ||
      t.pos === "INTJ" ||
      t.pos === "SYM" ||
      t.type === "emoji" ||
      // "🩹 Patched …", an emoji newer than the tokenizer's list (not a status's colour: "🟡 scheduled" is a state)
      (PICTOGRAPH.test(t.text) && !/^[🟠-🟫🔴🔵⚪⚫⏳⌛]/u.test(t.text)) ||
      ARROW.test(t.norm) ||
      s.nominal.has(t.lemma) ||
      s.nominal.has(t.norm) ||
      t.pos === "ADV"
    )
      continue;
    if (t.pos === "AUX" && (t.lemma === "have" || t.lemma === "be")) continue; // "Have approved it", "Been retried"
    // "14:06  moved p-webinar-0611 to Thu 17:00": a log line's time before an act on something, no subject (not a
    // record's history, "10:40 approved")
    if (j === 0 && CLOCK.test(t.norm) && ["DET", "NOUN", "PROPN", "PRON"].includes(tokens[v + 1]?.pos ?? "")) continue;
    return false;
  }
  return true;
}

/**
 * "will archive those 3 drafts in a bit", "gonna requeue job-88 after lunch": the clause opens with a future
 * (after lead words only), not a record's value ("p-89: will publish at 15:00") nor the pipeline's own doing
 * ("will archive automatically after 30 days").
 */
export function subjectlessFuture(clause: Clause, v: number, s: Sets): boolean {
  const { tokens } = clause;
  // "The post is queued and will publish at 09:00": the earlier clause's subject
  if (clause.record || clause.label || s.stateFields.has(clause.field) || clause.lead !== "") return false;
  // "will", "gonna", "about to" ("About to archive the 4 stale drafts"), "going to" ("Going to clear the stale signals next")
  const m = tokens.findIndex(
    (x, k) =>
      x.norm === "will" ||
      x.norm === "'ll" ||
      s.futureContractions.has(x.norm) ||
      ((x.norm === "about" || x.norm === "going") && tokens[k + 1]?.norm === "to") ||
      // "Can bump the goal to 900 for you": "can" done for the user (not "Can bump it from the console")
      (x.norm === "can" && novaAgentAfter(tokens, k, s)),
  );
  if (
    m < 0 ||
    m >= v ||
    !tokens.slice(0, m).every((x) => leadWord(x, s) || (x.pos === "ADV" && x.norm !== "about" && x.norm !== "going"))
  )
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
export function progressLead(tokens: Token[], v: number, s: Sets): boolean {
  if (!isIng(tokens[v]!)) return false;
  const words = tokens
    .slice(0, v)
    .filter((x) => !leadWord(x, s) && !s.nowWords.has(x.norm))
    .map((x) => x.norm)
    .join(" ");
  return s.progressLeads.has(words);
}

/** "by the owner", "by Sam", "by the pipeline", "with the 12:00 batch": the passive's agent is someone else. */
export function otherAgentAfter(tokens: Token[], v: number, s: Sets): boolean {
  if (withTheRun(tokens, v)) return true;
  const by = tokens.findIndex((x, j) => j > v && x.norm === "by");
  if (by < 0) return false;
  // ("by the content team": a describing word before the agent's noun)
  const agent = tokens
    .slice(by + 1, by + 4)
    .find((x) => x.pos !== "DET" && x.pos !== "ADJ" && !s.possessives.has(x.norm));
  return (
    agent !== undefined &&
    (agent.pos === "NOUN" || agent.pos === "PROPN" || misreadName(agent, s)) &&
    !agent.nova &&
    agent.norm !== "way" && // "Approved, by the way"
    !s.passiveAgents.has(agent.norm) &&
    !s.times.has(agent.norm) &&
    // ("by schedule_sync", "by job_ss_0328": a job or its kind, an identifier the tokenizer masked)
    (!/\d/.test(agent.norm) ||
      (agent.quote !== undefined && IDENTIFIER_QUOTE.test(agent.quote) && !isNovaActor(agent.quote)))
  );
}

/** "shipped at 12:00 with the batch", "went out via the 17:00 run": the pipeline's run took it. */
function withTheRun(tokens: Token[], v: number): boolean {
  const w = tokens.findIndex((x, j) => j > v && (x.norm === "with" || x.norm === "via"));
  // (not "Restarting job-88 with a smaller batch": a batch of its own)
  if (w < 0 || tokens[w + 1]?.norm !== "the") return false;
  const head = tokens.slice(w + 1).find((x) => x.pos !== "DET" && x.pos !== "NUM" && x.pos !== "ADJ");
  return head !== undefined && (RUNS.has(head.norm) || MACHINES.has(head.lemma));
}

/** A run of the pipeline's that takes records with it. */
const RUNS = new Set(["batch", "run", "sweep"]);

/** An identifier with underscores ("schedule_sync", "job_ss_0328"), not a title in quotation marks (nor Nova's: "nova_liaison"). */
const IDENTIFIER_QUOTE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/i;

/** Where the sentence goes on after the clause and the marks that close it. */
function afterClause({ sentence, tokens }: Clause): number {
  let j = sentence.indexOf(tokens.at(-1)!) + 1;
  while (sentence[j]?.pos === "PUNCT") j++;
  return j;
}

/** Right after the clause, set off by a comma: "The credentials are refreshed now, by me, a minute ago". */
export function novaAgentNext(clause: Clause, s: Sets): boolean {
  const { sentence } = clause;
  const j = afterClause(clause);
  const agent = sentence[j + 1];
  if (s.beneficiaries.some((b) => b.every((w, m) => sentence[j + m]?.norm === w))) return true; // ", courtesy of me"
  return sentence[j]?.norm === "by" && agent !== undefined && (s.passiveAgents.has(agent.norm) || agent.nova === true);
}

/** Someone else right after the clause, set off by a comma or a bracket: "**Approved** (by Dana at 10:02)", "Already done, by Maya". */
export function otherAgentNext(clause: Clause, s: Sets): boolean {
  const j = afterClause(clause);
  return j > 0 && clause.sentence[j]?.norm === "by" && otherAgentAfter(clause.sentence, j - 1, s);
}

/**
 * "- [x] Caption approved — Hana, 2 Dec", "- [x] Rendered — pipeline, job-4", "- [x] approved — by Kavya, 08:10
 * UTC": an act credited after a dash.
 */
export function creditedAfterDash(clause: Clause, s: Sets): boolean {
  const dash = afterClause(clause);
  const { sentence } = clause;
  const j = doerAt(sentence, dash);
  const who = sentence[j];
  return (
    CREDIT_DASHES.has(sentence[dash - 1]?.norm ?? "") &&
    who !== undefined &&
    creditedDoer(who, s) &&
    creditEnds(sentence, j + 1, s)
  );
}

/**
 * A confirmation the rest of its sentence gives to someone else: "Consider it handled by Giorgos", "Handled already —
 * Inês approved pi-3 at 09:04" (or after a colon), "Done ✅ — that's the render, not me". Not "Done — Sam asked for
 * it at 09:00", a request met.
 */
export function confirmedByOther(clause: Clause, next: Clause | undefined, s: Sets): boolean {
  const { sentence, tokens } = clause;
  if (otherAgentAfter(tokens, 0, s) && !tokens.some((t) => t.nova === true)) return true;
  const notMe = sentence.some(
    (t, j) => t.norm === "me" && ["not", "n't"].includes(sentence[j - 1]?.norm ?? "") && sentence[j + 1]?.norm !== "to",
  );
  if (notMe) return true;
  if (next === undefined || !DASHES_AFTER.has(next.after)) return false;
  const doer = clauseAgent(next.tokens, s);
  const who = next.tokens[doer?.index ?? -1];
  return (
    doer?.kind === "other" &&
    who !== undefined &&
    creditedDoer(who, s) &&
    // (the doer is the subject: "Inês approved", not "the Threads token is updated")
    ["VERB", "AUX"].includes(next.tokens[doer.index + 1]?.pos ?? "") &&
    next.tokens.some(
      (t, j) =>
        j > doer.index &&
        t.pos === "VERB" &&
        isPast(t) &&
        (s.strong.has(t.lemma) || s.object.has(t.lemma) || s.status.has(t.lemma)),
    )
  );
}

/** The dashes or colon a confirmation's credit may follow. */
const DASHES_AFTER = new Set(["—", "–", "-", ":"]);

/** Where a credit's doer stands after its dash at `j`: past "by" and the machinery's "the" ("— by the pipeline"). */
function doerAt(sentence: Token[], j: number): number {
  if (sentence[j]?.norm === "by") j++;
  if (sentence[j]?.norm === "the" && MACHINES.has(sentence[j + 1]?.lemma ?? "")) j++; // "— the pipeline, from …"
  return j;
}

/**
 * What may follow a credit's doer at `j`: nothing, a full stop, a note in brackets, or a comma and a time, a date, a
 * record or how they did it ("— pipeline, automatic"); not "Approved — Hana, can you check it?", a name called.
 */
function creditEnds(sentence: Token[], j: number, s: Sets): boolean {
  const [next, after] = [sentence[j], sentence[j + 1]];
  return (
    next === undefined ||
    next.norm === "." ||
    next.norm === "(" ||
    (next.norm === "," &&
      (/^\d|[a-z][-_]\w*\d/.test(after?.quote ?? after?.norm ?? "") ||
        ["ADP", "SCONJ"].includes(after?.pos ?? "") ||
        s.creditNotes.has(after?.norm ?? "")))
  );
}

/**
 * "- pi-88 approved at 06:40 UTC — Renata Alves", "• Rejected pi-18, asked for a new hook — Søren", "- [x] Boost
 * approved, €900 — pi-40004, Andreu Vidal": an item closed by its credit after its last dash, one to three names of
 * people (or the pipeline), a record's id maybe first; every act before that dash is theirs. The dash's index, or -1.
 */
export function creditDash(sentence: Token[], s: Sets): number {
  let dash = -1;
  for (let k = sentence.length - 1; k > 0; k--)
    if (CREDIT_DASHES.has(sentence[k]!.norm)) {
      dash = k;
      break;
    }
  if (dash < 0) return -1;
  let j = doerAt(sentence, dash + 1);
  if (sentence[j] !== undefined && isRecordName(sentence[j]!) && sentence[j + 1]?.norm === ",") j += 2;
  const from = j;
  while (sentence[j] !== undefined && (creditedDoer(sentence[j]!, s) || (j > from && JOINS.has(sentence[j]!.norm))))
    j++;
  if (j === from || j - from > 3 || JOINS.has(sentence[j - 1]!.norm)) return -1;
  return creditEnds(sentence, j, s) ? dash : -1;
}

/**
 * "- pi-88 approved at 06:40 UTC — Renata Alves": a clause before its item's credit dash (`dash`, from creditDash)
 * that names neither Nova nor "I", so its act is the credit's.
 */
export function beforeCredit(clause: Clause, dash: number, s: Sets): boolean {
  const end = clause.tokens.length === 0 ? -1 : clause.sentence.indexOf(clause.tokens.at(-1)!);
  return dash >= 0 && end < dash && !clause.tokens.some((t) => t.nova === true || s.firstPerson.has(t.norm));
}

/** A person's name the tagger misreads ("Pinned by Hyun-woo": a verb to it): capitalised, and no English word. */
const misreadName = (t: Token, s: Sets) => /^\p{Lu}/u.test(t.text) && personName(t.text, s);

/** Third persons' object pronouns, doers after "by" ("by her"). */
const THIRD_PERSONS = new Set(["her", "him", "them"]);

/** Words joining the names of a credit ("— Aditi and Tom"). */
const JOINS = new Set(["and", "&"]);

/**
 * A doer a done item is credited to ("— Hana, 2 Dec", "(Dana, Mon)", "— pipeline"): a person's name or the
 * pipeline's machinery, not Nova, a record, a channel or a time.
 */
export const creditedDoer = (t: Token, s: Sets) =>
  ((t.pos === "PROPN" || misreadName(t, s)) && !t.nova && !isPipelineObject(t, s) && !s.times.has(t.norm)) ||
  MACHINES.has(t.lemma);

/** Dashes before a done item's credit. */
const CREDIT_DASHES = new Set(["—", "–", "-"]);

/** Verbs whose negation reaches the clause Nova is the subject of ("I don't think I can", "don't ask me to"). */
const NEGATABLE_OVER = new Set(["think", "believe", "expect", "reckon", "ask", "want", "need", "tell"]);

/** Words that join or oppose agents ("by Sam and Nova", "by the owner, not Nova"): Nova is not the one agent. */
const NOT_ONE_AGENT = new Set(["and", "or", "not", "than", "nor", "with"]);

/** "by Freya": a person named after "by" (not a day or a time, "by Friday", "by 17:00"). */
function namedDoer(tokens: Token[], j: number, s: Sets): boolean {
  const agent = tokens[j + 1];
  return (
    tokens[j]!.norm === "by" &&
    agent !== undefined &&
    // ("approved on your behalf by her": a third person's pronoun is a doer named too)
    (agent.pos === "PROPN" || misreadName(agent, s) || THIRD_PERSONS.has(agent.norm)) &&
    !agent.nova &&
    !s.times.has(agent.norm) &&
    !/\d/.test(agent.norm)
  );
}

/** After a participle: "by me", "by Nova", "for you", "on your behalf". */
export function novaAgentAfter(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = v + 1; j < tokens.length; j++) {
    const agent = tokens[j + 1];
    if (tokens[j]!.norm === "by" && agent && (s.passiveAgents.has(agent.norm) || agent.nova)) return true;
    // "rotated by your friendly neighbourhood Nova": Nova's name after a few words of praise
    if (tokens[j]!.norm === "by")
      for (
        let k = j + 1;
        k <= j + 5 && tokens[k] && tokens[k]!.pos !== "PUNCT" && !NOT_ONE_AGENT.has(tokens[k]!.norm);
        k++
      )
        if (tokens[k]!.nova) return true;
    // "rescheduled by Freya on your behalf": a person named as the doer did it, for whoever it was done for
    if (namedDoer(tokens, j, s)) return false;
    // (nor "published on your behalf by the pipeline's auto-publisher": the machinery named as the doer)
    for (const b of s.beneficiaries)
      if (b.every((w, m) => tokens[j + m]?.norm === w))
        return !tokens.some((_, k) => k > j && namedDoer(tokens, k, s)) && !otherAgentAfter(tokens, v, s);
  }
  return false;
}
