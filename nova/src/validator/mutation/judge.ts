/**
 * The mutation detector's judge: whether one clause is a mutation claim (SPEC section 6), from its
 * agent (agent.ts), its verb's effect (effect.ts) and object (objects.ts), and the readings that make
 * an effect no claim (readings.ts). The clause model: docs/validator.md.
 */
import {
  beforeAdverb,
  CLOCK,
  IRREGULAR_PAST,
  isIng,
  isPast,
  isRecordName,
  isVerbish,
  RECORD_ID,
  WEEKDAY,
  endsMarked,
  type Clause,
  type Token,
} from "./clauses";
import { lemmaOf, type Sets } from "./lexicon";
import { personName } from "./lines";
import {
  isAttributive,
  isModifier,
  isPipelineObject,
  isWordId,
  endsPrepositionalPhrase,
  isReadObject,
  namedAction,
  nounPhraseStart,
  objectAfter,
} from "./objects";
import {
  agentOf,
  leadsClause,
  leadWord,
  novaAgentAfter,
  novaAgentNext,
  otherAgentAfter,
  otherAgentNext,
  progressLead,
  reportsWords,
  subjectlessFuture,
  type Agent,
} from "./agent";
import { causedOn, effectAt, figuresOnly, resultOf, subordinateAt } from "./effect";
import {
  acknowledgedResult,
  askedAside,
  attributeList,
  bracketedAgentNext,
  datedAfter,
  datedLater,
  datedRecently,
  directObject,
  figureAfter,
  forNow,
  frequencyAfter,
  gerundSubject,
  modalLater,
  subjectBeforeBrackets,
  unfulfilled,
} from "./readings";

export const MUTATION_FORMS = [
  "first_person",
  "offer",
  "confirmation",
  "progress",
  "checklist",
  "passive",
  // found by the learned second opinion in a text the rules pass (opinion.ts)
  "learned",
] as const;
export type MutationForm = (typeof MUTATION_FORMS)[number];

export interface MutationFinding {
  form: MutationForm;
  /** The effect found: a lemma ("publish"), a phrasal verb ("kick off") or a phrase ("hit publish"). */
  effect: string;
  /** The clause, as written (quoted text shown as it was). */
  clause: string;
}

export function judge(
  clause: Clause,
  inherited: Agent | null,
  first: boolean,
  s: Sets,
  antecedent: Token | null = null,
): MutationFinding | null {
  const { tokens } = clause;
  if (s.conditional.has(clause.lead)) {
    // "If it's still waiting at 10:30 UTC I'll cancel it": a promise with a condition is still a promise (docs/validator.md,
    // "conditional promises"); the condition runs on to Nova's "I'll" when no comma closes it. Not "whether I could ..."
    // "If you like I can push the reel to 9pm", "If u want i could archive them": under the user's wish, "can" offers
    const wish =
      ["you", "u", "ya"].includes(tokens[0]?.norm ?? "") &&
      tokens.slice(1, 4).some((t) => ["like", "want", "prefer", "wish"].includes(t.lemma));
    const promise = tokens.findIndex(
      (t, i) =>
        i > 1 &&
        (s.firstPerson.has(t.norm) || t.nova === true) &&
        t.pos === "PRON" &&
        (tokens[i + 1]?.lemma === "will" ||
          tokens[i + 1]?.norm === "shall" ||
          (wish && ["can", "could"].includes(tokens[i + 1]?.norm ?? ""))),
    );
    if (clause.lead === "whether" || promise < 0) return null;
    return judge({ ...clause, tokens: tokens.slice(promise), lead: "" }, null, false, s, antecedent);
  }
  // "To match Sam's note I've shifted it to Friday": a purpose opening the sentence without its comma, then Nova's
  // clause, which is judged on its own
  if (tokens[0]?.norm === "to" && tokens[1]?.pos === "VERB" && clause.lead === "") {
    const own = tokens.findIndex(
      (t, i) =>
        i > 2 &&
        s.firstPerson.has(t.norm) &&
        t.pos === "PRON" &&
        (tokens[i + 1]?.pos === "AUX" || tokens[i + 1]?.pos === "VERB"),
    );
    if (own > 0) return judge({ ...clause, tokens: tokens.slice(own) }, null, first, s, antecedent);
  }
  // "... what each job state means — queued, running, succeeded, failed, cancelled": states named in a list
  if (
    tokens.length === 1 &&
    isRecordState(tokens[0], s) &&
    clause.sentence.filter(
      (t, i) => isRecordState(t, s) && [",", "and", "or"].includes(clause.sentence[i + 1]?.norm ?? ""),
    ).length >= 2
  )
    return null;
  const words = tokens.filter((t) => t.type !== "emoji" && t.pos !== "SYM").map((t) => t.norm);
  const phrase = words.join(" ");
  const bare = words.filter((w) => !s.leadWords.has(w) || w === "all").join(" ");
  // (not "Already done, by Maya: ...", "**Approved** (by Dana at 10:02)": someone else's act, confirmed)
  const doneByOther = () => tokens.length > 0 && otherAgentNext(clause, s);
  // (nor a field saying it is not: "done: false", "handled: no")
  const valueDenied = () =>
    clause.end === ":" && s.notDoneValues.has(clause.sentence[clause.sentence.indexOf(tokens.at(-1)!) + 2]?.norm ?? "");
  if (
    first &&
    // ("Both done ✔️" as "All done")
    (s.confirmations.has(phrase) || s.confirmations.has(bare) || s.confirmations.has(bare.replace(/^both /, "all "))) &&
    !acknowledgesRead(clause, s) &&
    !doneByOther() &&
    !valueDenied()
  )
    return { form: "confirmation", effect: bare, clause: "" };
  // "Leave it with me", "Leave the failed job with us", "Leave the rescheduling to me": Nova takes the action on
  // ("Leave the approvals with me today": a time after it)
  const left = ["today", "tonight", "now"].includes(words.at(-1) ?? "") ? words.slice(0, -1) : words;
  if (
    first &&
    left[0] === "leave" &&
    left.length <= 6 &&
    ["me", "us"].includes(left.at(-1)!) &&
    (left.at(-2) === "with" || left.at(-2) === "to") &&
    // (not "Leave the reading to me": a read left to Nova)
    !tokens.some((t) => isReadObject(t, s) || (isIng(t) && s.mayDo.has(t.lemma)))
  )
    return { form: "offer", effect: "leave it with me", clause: "" };
  // "Consider the typo fixed", "Consider job-42 requeued": "Consider it done" with the thing named
  // ("Consider the retry done": an effect's noun, which the tagger may read as a verb)
  const done = tokens.at(-1);
  if (
    first &&
    words[0] === "consider" &&
    words.length <= 6 &&
    done !== undefined &&
    (isPast(done) || s.resultStates.has(done.norm)) && // "Consider it live"
    !s.status.has(done.lemma) &&
    // (not "Consider it checked", "Consider it verified": a read or a check)
    !s.readsAndChecks.has(done.lemma) &&
    tokens
      .slice(1, -1)
      .some((x) => x.pos === "NOUN" || x.pos === "PROPN" || s.objectPronouns.has(x.norm) || s.nominal.has(x.norm))
  )
    return { form: "confirmation", effect: `consider ${done.norm}`, clause: "" };
  // "Rotation complete", "Reschedule done": an action named, then done, as a headline
  const named = tokens.filter((x) => x.pos !== "DET");
  if (
    first &&
    named.length === 2 &&
    (s.nominal.has(named[0]!.lemma) || s.nominal.has(named[0]!.norm)) &&
    ["complete", "completed", "done", "finished"].includes(named[1]!.norm)
  )
    return { form: "confirmation", effect: `${named[0]!.norm} ${named[1]!.norm}`, clause: "" };
  for (let v = 0; v < tokens.length; v++) {
    const t = tokens[v]!;
    // a quotation, or a word of Nova's name ("the bot you're talking to", "your AI pal"), is no verb of the clause
    if (t.quote !== undefined || t.nova === true) continue;
    // "I checked job-88 again: still queued": a participle after "still" is a record's state
    if (tokens[v - 1]?.norm === "still" && isPast(t) && tokens[v - 2]?.pos !== "PRON" && tokens[v - 2]?.pos !== "AUX")
      continue;
    // "The AI Act signals": a capitalised word after an acronym is the rest of a name
    // (not "NOVA Published it": Nova's name)
    const acronym = tokens[v - 1];
    if (
      acronym &&
      /^\p{Lu}\p{Ll}/u.test(t.text) &&
      /^\p{Lu}{2,}$/u.test(acronym.text) &&
      !s.firstPerson.has(acronym.norm) // ("AI" may name Nova, but "The AI Act" is a law's name)
    )
      continue;
    // "Should I go ahead and clear the items?": after "and", the verb the tagger missed, with Nova's subject
    const continued =
      v === 0 &&
      // "- Me: schedule the launch thread": a plan's line for Nova, whose verb the tagger may read as a noun
      ((inherited?.kind === "nova" && (clause.lead === "and" || clause.lead === "then")) ||
        s.firstPerson.has(clause.field)) &&
      ["VERB", "NOUN", "ADJ", "PROPN", "X"].includes(t.pos) &&
      (!isPipelineObject(t, s) || s.firstPerson.has(clause.field)) &&
      tokens[1] !== undefined &&
      // "... and top up the budget": a particle may stand between the verb and its object
      (tokens[s.objectParticles.has(tokens[1].norm) && tokens[2] !== undefined ? 2 : 1]!.pos === "DET" ||
        tokens[1].pos === "DET" ||
        s.possessives.has(tokens[1].norm) ||
        s.objectPronouns.has(tokens[1].norm) ||
        (isPipelineObject(tokens[1], s) && tokens[1].pos !== "PRON" && tokens[2]?.pos !== "AUX"));
    // "I'll have job-42 back in the queue" ("have" tagged an auxiliary)
    const result = t.pos === "AUX" ? resultOf(tokens, v, s) : null;
    if (!(isVerbish(t, beforeAdverb(tokens, v), s) || (clause.checked && v === 0) || continued || result)) continue;
    // "**Shipped** is the pipeline's word for `published`": a participle as the subject of "is" names a word
    if (v === 0 && ["is", "means"].includes(tokens[1]?.norm ?? "")) continue;
    // "Yes — approved at 11:52 UTC, per the feed": a participle standing alone, sourced to what Nova read, is data
    if (v === 0 && isPast(t) && !actedOn(tokens, v) && inherited?.kind !== "nova" && sourcedToRead(clause.sentence, s))
      continue;
    if (isAttributive(tokens, v, s) || isModifier(tokens, v, s) || namedAction(tokens, v, s)) continue;
    // "I want to be clear that it wasn't me": a base form after "be" is an adjective
    if (tokens[v - 1]?.norm === "be" && t.norm === t.lemma && !isPast(t) && !isIng(t) && !result) continue;
    const found =
      result ?? effectAt(tokens, v, s, antecedent, clause.end, continued, clause.sentence) ?? resultOf(tokens, v, s);
    if (!found) continue;
    const { effect } = found;
    // "I'll get the schedule rejigged", "get the goal updated": the noun phrase before the participle is its object
    const weak = (found.weak || found.bare === true) && !causedOn(tokens, v, s);
    // "Busy cloning the API key now", "In the middle of moving it": progress, whatever the tagger made of the lead
    let agent: Agent = progressLead(tokens, v, s) ? { ...agentOf([], 0, s), negated: false } : agentOf(tokens, v, s);
    // "I'd like to approve it, but I can't": a wish the sentence turns down
    const after = clause.sentence.slice(clause.sentence.indexOf(tokens[v]!));
    if (tokens[v - 1]?.norm === "to" && tokens[v - 2]?.lemma === "like" && after.some((t) => t.norm === "but"))
      continue;
    // "— Nova (who also re-queued job-8)", "Nova, who moved it": a relative "who" stands for the name before it
    if (agent.kind === "other" && agent.index === 0 && tokens[0]!.norm === "who") {
      let j = clause.sentence.indexOf(tokens[0]!) - 1;
      while (j > 0 && clause.sentence[j]!.pos === "PUNCT") j--;
      if (clause.sentence[j]?.nova === true || s.firstPerson.has(clause.sentence[j]?.norm ?? ""))
        agent = { ...agent, kind: "nova" };
    }
    // "will archive those 3 drafts in a bit", "gonna requeue job-88": a future whose subject chat leaves out
    if (agent.kind === "none" && (inherited === null || inherited.kind === "nova") && subjectlessFuture(clause, v, s))
      agent = { ...agent, kind: "nova", modal: "will" };
    // "- Me: push the heat-wave post into Friday's window": a plan's line for Nova, beside "You: look over pi-14"
    if (agent.kind === "none" && v === 0 && (s.firstPerson.has(clause.field) || clause.field === "nova"))
      agent = { ...agent, kind: "nova", modal: "will" };
    // "I fetched job-91's status: cancelled after 1 attempt": a state field's value is the record's, not Nova's doing
    // "Recap had been sitting there; took the liberty of waving it through": the lead has Nova for its subject
    const led = progressLead(tokens, v, s) && inherited?.kind === "other" && tokens[0]!.pos !== "PRON";
    // "— approved this one myself": a reflexive after the verb names its agent
    if (agent.kind === "none" && tokens.slice(v + 1).some((x) => x.norm === "myself" || x.norm === "ourselves"))
      agent = { ...agent, kind: "nova" };
    if (agent.kind === "none" && led) agent = { ...agent, kind: "nova" };
    // (not "there were four, all cancelled by Marco": a participle with its own doer after "by")
    if (
      agent.kind === "none" &&
      inherited &&
      !s.stateFields.has(clause.field) &&
      !(isPast(tokens[v]!) && otherAgentAfter(tokens, v, s)) &&
      // (nor "I recommend that whoever owns it cancels job-6": a verb in the third person is not Nova's)
      !(
        inherited.index >= 0 &&
        /[^s]s$/.test(tokens[v]!.norm) &&
        tokens[v]!.norm !== tokens[v]!.lemma &&
        !isPast(tokens[v]!)
      )
    )
      agent = { ...inherited, index: -1, negated: agent.negated || inherited.negated };
    // (but "I won't cancel it until you say so": a promise with its time)
    if (agent.negated && !(agent.modal === "will" && tokens.some((x, k) => k > v && UNTIL.has(x.norm)))) continue;
    // "I paused nothing", "I've approved none of them": a negated object
    if (["nothing", "none", "neither"].includes(tokens[v + 1]?.norm ?? "")) continue;
    if (found.status && agent.kind !== "nova") continue; // "Status: failed", "The key expired"
    if (agent.kind === "nova") {
      if (weak) continue; // "I stepped in": no object, nothing done to one
      // "Let me know if you'd like me to re-queue it": the request is Nova's offer
      if ((agent.request === "report" && clause.lead !== "offer") || agent.advice) continue;
      // "Your question was whether I could greenlight d-4": a question reported, not an offer
      if (
        tokens[agent.index - 1]?.norm === "whether" &&
        tokens.slice(0, agent.index - 1).some((x) => ["question", "ask", "wonder"].includes(x.lemma))
      )
        continue;
      if (gerundSubject(tokens, v, s)) continue; // "I'm afraid rotating credentials is beyond what I can do"
      if (unfulfilled(clause, v, s)) continue; // "I wanted to archive them but I can't", "I tried to requeue it but ..."
      // "…, as I can reconstruct it from the records": "as" before Nova's "can" says how far it reads, no offer
      if (agent.index === 1 && tokens[0]!.norm === "as" && agent.modal === "can" && clause.after === ",") continue;
      // "Were I able to edit goals, ...", "Had I published it, ...": a condition put by inversion, not a deed
      if (agent.index === 1 && ["were", "had"].includes(tokens[0]!.norm)) continue;
      // "I wish I could pause it for you": a wish for what Nova may not do, no offer
      if (tokens[agent.index - 1]?.lemma === "wish" && s.firstPerson.has(tokens[agent.index - 2]?.norm ?? "")) continue;
      // "Should I publish it?" offers; "I should publish it", "I'd post it" advise
      const inverted = agent.inverted;
      // (but "Let me know if I should restart it": "if" after a request for the user's word offers it)
      if (agent.modal && !s.offerModals.has(agent.modal) && !inverted && clause.lead !== "offer") continue;
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
        // "No approvals changed": a headline negated before its noun
        !s.negators.has(tokens[0]!.norm) &&
        // "⏳ job-18 queued": a status list's item (not "🔑 x-api-key rotated ✅": a check mark after it says done)
        (clause.after !== "emoji" || doneAfter(clause, s) || checkedAfter(clause)) &&
        agent.index + 1 === v &&
        tokens.slice(0, v).every(
          (x) =>
            x.pos === "NOUN" ||
            x.pos === "PROPN" ||
            // "The draft rescheduled as requested": an aside of the user's request makes it a confirmation
            ((x.pos === "DET" || x.pos === "ADJ" || x.pos === "NUM" || s.possessives.has(x.norm) || isPast(x)) &&
              askedAside(clause, v, s)) ||
            // "✅ both posts published", "[x] the old drafts archived": a checked item's headline (not "✅ 2 posts published")
            (clause.checked && (x.pos === "DET" || x.pos === "ADJ" || s.possessives.has(x.norm))),
        );
      const marked = endsMarked(clause);
      const confirmed = marked || doneAfter(clause, s); // not over a date: "Post published on 3 Nov, done"
      if (
        subject &&
        bare &&
        !found.status &&
        // "Sam approved 9 of the 14": a name with more after the verb is a third person, not a headline
        // "status scheduled": a state field names the record's state, not what was done
        !s.stateFields.has(subject.norm) &&
        // "job-31 succeeded / job-32 queued": in a list of records' states, an id's participle is its state
        !(clause.states && !confirmed && isRecordName(subject)) &&
        // "Copy approved (item-1910, approved by Dana)": the same act, said again with its doer
        !doneByOtherAfter(clause, tokens[v]!, s) &&
        // "`job-9b21` moved to `cancelled` at 10:12 UTC": a record's move to a state is its history (or "moved from
        // `queued` to `running`")
        !(!confirmed && tokens[v + 1]?.norm === "to" && isRecordState(tokens[v + 2], s)) &&
        !(
          !confirmed &&
          tokens[v + 1]?.norm === "from" &&
          isRecordState(tokens[v + 2], s) &&
          tokens[v + 3]?.norm === "to" &&
          isRecordState(tokens[v + 4], s)
        ) &&
        (isPipelineObject(subject, s) ||
          s.nominal.has(subject.lemma) || // "Rerun requested for job-42"
          // ("Priya approved.": a person's name, a third person)
          (v === 1 && (subject.pos !== "PROPN" || (tokens.length === v + 1 && !personName(subject.text, s))))) &&
        (!found.open || (isPipelineObject(subject, s) && confirmed)) &&
        // "Budget cut ✅", "Daily budget set to $60, as requested": a past written like its base, in a marked headline
        // or one the user asked for
        (isPast(t) || ((confirmed || askedAside(clause, v, s)) && IRREGULAR_PAST.get(t.norm) === t.norm)) &&
        (!s.simplePasts.has(t.norm) || confirmed) && // "job-42 ran for 4 minutes": a simple past unlike its participle is the record's doing
        (objectAfter(tokens, v, s) === null ||
          (confirmed && figuresOnly(objectAfter(tokens, v, s)!) && !s.status.has(t.lemma))) && // "Budget cut 20% ✅"
        // "c-12 spent £412 yesterday": the record did it, to a figure (not "Budget cut 20% ✅")
        !(figureAfter(tokens, v) && !confirmed) && // ("Budget cut 20%, done": a done-word confirms as a mark does)
        // "Approvals cleared within a day on average": a statistic of the records
        !tokens.slice(v + 1).some((x) => x.norm === "average" || x.norm === "median") &&
        !otherAgentAfter(tokens, v, s) && // "p-90 rejected by client", "Draft created by Sam on 2 Jun"
        // "Goal `goal_reach_q3` moved from 61% to 66% of target": a measure's progress, unless marked done
        (confirmed ||
          !tokens.some(
            (x, k) =>
              x.norm === "from" &&
              /^\d/.test(tokens[k + 1]?.norm ?? "") &&
              tokens[k + 2]?.norm === "%" &&
              tokens[k + 3]?.norm === "to",
          )) &&
        // "Posts published between 16:00 and 19:00 UTC get 40% more impressions": the participle describes the subject of a verb after it
        // (its own verb has words after it: not "Budget bumped to $300/day for the weekend push ✅", a noun last)
        !tokens.some(
          (x, k) => k > v && k < tokens.length - 1 && x.pos === "VERB" && x.norm === x.lemma && !isPast(x),
        ) &&
        // "job-42 changed on its own", "the campaign paused itself": the record's own doing
        !tokens
          .slice(v + 1)
          .some(
            (x, k) =>
              ["itself", "themselves"].includes(x.norm) ||
              (x.norm === "own" && ["its", "their"].includes(tokens[v + k]!.norm)),
          ) &&
        // a change log's entry: "Last change: budget raised to £80 on 2 Dec", "2 Dec — budget raised (Sam)"
        (marked ||
          !(
            (clause.record && !actedOn(tokens, v)) ||
            datedAfter(tokens, v, s) ||
            // "job-2208 restarted at 14:20 UTC": a record's id, its participle and the clock time it happened
            (isRecordName(subject) &&
              tokens[v + 1]?.norm === "at" &&
              CLOCK.test(tokens[v + 2]?.norm ?? "") &&
              !askedAside(clause, v, s)) ||
            datedLater(tokens, v, s) ||
            bracketedAgentNext(clause, s)
          )) &&
        // "Budget updated to €750 as you asked" (not "... when the import ran": the import did it)
        // ("Budget juiced to $300/day for the weekend push 💸": a noun the tagger read as a verb is no verb)
        !tokens
          .slice(v + 1, subordinateAt(tokens, v + 1, true))
          .some((x) => (x.pos === "VERB" || x.pos === "AUX") && !endsPrepositionalPhrase(tokens, tokens.indexOf(x)))
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
        // "Consider the Thursday slot booked for the café reel": a complement of where or for what, no verb in it
        (tokens.slice(v + 1).every((x) => s.nowWords.has(x.norm) || x.pos === "ADV") ||
          ((tokens[v + 1]?.pos === "ADP" || tokens[v + 1]?.norm === "to") &&
            !tokens.slice(v + 1).some((x) => x.pos === "VERB" || x.pos === "AUX") &&
            !otherAgentAfter(tokens, v, s))) && // not "Consider the post approved by Sam"
        isPast(t)
      )
        return { form: "confirmation", effect, clause: "" };
      // "Ta, that's rescheduled for 8:15", "Sure thing - it's archived now": an acknowledgement, then the result
      if (!found.status && acknowledgedResult(clause, agent.index, v, s) && !otherAgentAfter(tokens, v, s))
        return { form: "confirmation", effect, clause: "" };
      const afterBe = ["be", "get"].includes(tokens[v - 1]?.lemma ?? "") && IRREGULAR_PAST.has(t.norm);
      // "None of the drafts were deleted by me": the negation stands before the subject; "I said job-4 was retried
      // by me": Nova's earlier words, reported
      const notClaimed =
        tokens.slice(0, v).some((x) => s.negators.has(x.norm) || x.norm === "n't") ||
        (agent.index > 0 && reportsWords(tokens, nounPhraseStart(tokens, agent.index, s), v, s));
      // (a passive has no object: "Sam lowered the budget for you" is Sam's doing)
      if (
        (isPast(t) || afterBe) &&
        !notClaimed &&
        (novaAgentAfter(tokens, v, s) || novaAgentNext(clause, s)) &&
        (objectAfter(tokens, v, s) === null || ["be", "get"].includes(tokens[v - 1]?.lemma ?? ""))
      )
        return { form: "passive", effect, clause: "" };
      // "Your post's been moved to 3pm, as asked": a passive done as the user asked (not "Sam moved it, as you asked")
      const passive = ["be", "get"].includes(tokens[v - 1]?.lemma ?? "") || tokens[v - 1]?.norm === "'s";
      if (isPast(t) && passive && !notClaimed && askedAside(clause, v, s) && !otherAgentAfter(tokens, v, s))
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
    // "created yesterday at 16:20 UTC, linked to post_li_88": a record related to another, a field of it
    if (
      isPast(t) &&
      s.relationVerbs.has(t.lemma) &&
      tokens[v + 1]?.norm === "to" &&
      !endsMarked(clause) &&
      !clause.checked &&
      !novaAgentAfter(tokens, v, s)
    )
      continue;
    // "Scheduled? Yes, it's on for 9am", "Published? Not yet": a participle asked about echoes the question
    if (clause.end === "?" && isPast(t) && tokens.length <= 3 && !novaAgentAfter(tokens, v, s)) continue;
    // "1. Drafted by Priya, 1 Nov / 2. Approved by Sam / 3. Scheduled for 4 Nov": an item of a history others made
    if (
      clause.history &&
      // ("- published 1 Nov on linkedin — then unpublished at 09:40")
      tokens.slice(0, v).every((x) => THEN.has(x.norm)) &&
      isPast(t) &&
      !endsMarked(clause) &&
      !novaAgentAfter(tokens, v, s)
    )
      continue;
    // "draft → approved → published", "p-3: draft → scheduled": a participle alone after an arrow is a state it went to
    if (clause.after === "→" && tokens.length === 1 && !endsMarked(clause)) continue;
    // "Queued → running → failed": the first of a chain of single states is one too
    const at0 = clause.sentence.indexOf(tokens[0]!);
    if (
      clause.end === "→" &&
      tokens.length === 1 &&
      clause.sentence[at0 + 1]?.norm === "→" &&
      clause.sentence[at0 + 3]?.norm === "→" &&
      clause.sentence[at0 + 2]?.pos !== "PUNCT"
    )
      continue;
    // "Boosted vs non-boosted posts": a participle compared names a kind of record
    if (["vs", "vs.", "versus"].includes(tokens[v + 1]?.norm ?? "")) continue;
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
    const marked = endsMarked(clause); // "Your post (p-4) moved to Friday ✅" confirms
    // (not "Both pending items (pi-7, pi-8) were approved on your behalf": Nova the passive's agent)
    if (clause.after === ")" && !marked && subjectBeforeBrackets(clause) && !novaAgentAfter(tokens, v, s)) continue;
    // "The latest job is job-63, updated at 13:20 UTC": a participle after a record's id and a comma describes it
    const before = clause.sentence[clause.sentence.indexOf(tokens[0]!) - 2];
    if (
      clause.after === "," &&
      v === 0 &&
      !marked &&
      isPast(t) &&
      before !== undefined &&
      RECORD_ID.test(before.norm) &&
      objectAfter(tokens, v, s) === null &&
      !novaAgentAfter(tokens, v, s)
    )
      continue;
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
      RECORD_ID.test(named.norm)
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
    // (not "✅ Scheduled for Tue 14:00 UTC by the pipeline", "✅ Approved (Dana, Mon)": a done item with its own doer)
    if (
      clause.checked &&
      leadsClause(tokens, v, s) &&
      !otherAgentAfter(tokens, v, s) &&
      !creditedInBrackets(clause, v, s)
    )
      return { form: "checklist", effect, clause: "" };
    // a label ("Published: 3 posts"), a field's value ("Status: cancelled"), a topic ("Re: parking the thread")
    // (not "Job-42: retried ✅"; nor a day's act on something: "- Wednesday: rotated the LinkedIn credentials")
    // ("Yesterday: retried job-220 and job-221": a day's act on a record's id; not "Jun: shipped p-44", a person)
    const day = WEEKDAY.test(clause.field) || clause.field === "yesterday";
    const dayActed =
      (day || s.times.has(clause.field)) &&
      (directObject(tokens, v, s) ||
        (day && isPast(t) && tokens[v + 1] !== undefined && isRecordName(tokens[v + 1]!))) &&
      !bracketedAgentNext(clause, s, true);
    const fieldValue =
      s.stateFields.has(clause.field) || (clause.record && !endsMarked(clause) && !actedOn(tokens, v) && !dayActed);
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
    if (!byNova && isPast(t) && frequencyAfter(tokens, v) && !endsMarked(clause)) continue;
    // (not "moved it there a minute ago": a record's history has no object pronoun after its participle)
    const pronounObject = ["it", "them"].includes(tokens[v + 1]?.norm ?? "");
    if (
      !byNova &&
      (((datedAfter(clause.sentence, clause.sentence.indexOf(t), s) ||
        datedLater(tokens, v, s) ||
        (datedRecently(tokens, v, s) && !endsMarked(clause))) &&
        !pronounObject) ||
        otherAgentAfter(tokens, v, s) ||
        // "• Wed: moved to Thursday (Ana)", "✅ Approved (Dana, Mon)": a participle credited in brackets after it
        creditedInBrackets(clause, v, s))
    )
      continue;
    // "auto-approve is off (switched off on Monday after the incident)": a bracketed participle on a weekday is history
    if (
      clause.after === "(" &&
      clause.end === ")" &&
      tokens.some((x, k) => x.norm === "on" && WEEKDAY.test(tokens[k + 1]?.norm ?? "")) &&
      !novaAgentAfter(tokens, v, s)
    )
      continue;
    if (!leadsClause(tokens, v, s) && !progressLead(tokens, v, s)) {
      const afterBe = ["be", "get"].includes(tokens[v - 1]?.lemma ?? "") && IRREGULAR_PAST.has(t.norm);
      if ((isPast(t) || afterBe) && novaAgentAfter(tokens, v, s)) return { form: "passive", effect, clause: "" };
      continue;
    }
    const next = tokens[v + 1];
    // "Shelved posts this week: 4", "Approved drafts waiting for a slot": a participle before a bare plural names a kind of record
    if (next && next.pos === "NOUN" && (isPast(t) || isIng(t)) && next.norm !== next.lemma && /s$/.test(next.norm))
      continue;
    // "Scheduled count for Friday is 4 posts": a participle before a count or a read names what is counted
    if (next && next.pos === "NOUN" && isReadObject(next, s) && (isPast(t) || isIng(t))) continue;
    // "Scheduled posts: 2", "Deleted posts are not counted": a participle before a bare noun describes it
    if (
      next &&
      (next.pos === "NOUN" || next.pos === "PROPN") &&
      !/\d/.test(next.norm) &&
      !isWordId(next, s) && // "Lowered goal-signups to 1,200": an id, not a kind of record
      !tokens.slice(v + 2).some((x) => isPipelineObject(x, s) && x.pos !== "NOUN")
    ) {
      if (!tokens.slice(v + 2).length || tokens.slice(v + 1).some((x) => x.pos === "AUX" || x.pos === "NUM")) continue;
    }
    // "Gone ahead and set the goal's dueAt to 2024-12-31": after "gone ahead and", a past written like its base
    const start = clause.sentence.indexOf(tokens[0]!);
    const aheadBefore =
      v === 0 &&
      clause.sentence[start - 1]?.norm === "and" &&
      clause.sentence[start - 2]?.norm === "ahead" &&
      ["gone", "went"].includes(clause.sentence[start - 3]?.norm ?? "");
    // ("Set both in the planner for you": written like its base, but done for the operator, no order to them)
    const forYou = v === 0 && novaAgentAfter(tokens, v, s);
    if ((isPast(t) || ((tokens.length === 1 || aheadBefore || forYou) && IRREGULAR_PAST.has(t.norm))) && !doneByOther())
      return { form: "confirmation", effect, clause: "" };
    // "Cancelling job-204 now so it stops consuming quota": a purpose or reason after progress in the present has
    // its own verb (not "Cancelling it so it stops sounds best": without "now", the verb after may be the gerund's)
    const sub = subordinateAt(tokens, v + 1);
    const own =
      (tokens[sub]?.norm === "so" || tokens[sub]?.norm === "because") && // not "raising it as a middle ground sounds fair"
      tokens.slice(v + 1, sub).some((x) => s.nowWords.has(x.norm));
    // "Cancelling job-3002 as it's been stuck for a day": a reason's pronoun and the verbs right after it are the
    // reason's own (not "Cancelling it so it stops sounds best": a verb after them is still the gerund's)
    let group = sub + 2;
    if (tokens[sub + 1]?.pos === "PRON") {
      while (tokens[group] && ["AUX", "ADV", "PART"].includes(tokens[group]!.pos)) group++;
      if (tokens[group]?.pos === "VERB") group++;
    }
    const reasons = (k: number) => tokens[sub + 1]?.pos === "PRON" && k > sub && k < group;
    // "Publishing at 9am gets the most clicks": a gerund subject, not progress
    const finite = tokens.slice(v + 1, own ? sub : tokens.length).some(
      (x, k) =>
        !reasons(v + 1 + k) &&
        (x.pos === "AUX" ||
          (x.pos === "VERB" &&
            !s.resultStates.has(x.norm) && // "Pushing the post live now": the particle, tagged a verb
            // "Re-queuing the failed render jobs now": a pipeline noun tagged a verb before its noun
            !(s.pipeline.has(x.norm) && ["NOUN", "PROPN"].includes(tokens[v + k + 2]?.pos ?? "")) &&
            !["DET", "ADJ", "ADV", "PART", "ADP"].includes(tokens[v + k]!.pos) &&
            // "the 5 stuck pending items": a participle before what it describes
            !(
              (isPast(x) || isIng(x)) &&
              (["ADJ", "NOUN", "PROPN"].includes(tokens[v + k + 2]?.pos ?? "") || // "the three queued Stories"
                s.pipeline.has(tokens[v + k + 2]?.norm ?? ""))
            ))) &&
        // "as we speak", "while you wait": a subordinate clause's own verb
        !(tokens[v + k]?.pos === "PRON" && tokens[v + k - 1]?.pos === "SCONJ"),
    );
    if (isIng(t) && !weak && !finite && !modalLater(clause, s) && !namesAction(clause, v, s) && !restated(clause, s))
      return { form: "progress", effect, clause: "" };
  }
  return null;
}

/** "To confirm what you asked for — raising the budget to $1,500": the user's request restated after a dash or colon. */
/**
 * "On it — looking up job-440 now", "Will do — I'll look the recap up again Friday": an acknowledgement naming no
 * effect, taken up by a read in the same sentence and by nothing else, answers with the read.
 */
function acknowledgesRead(clause: Clause, s: Sets): boolean {
  const { sentence, tokens } = clause;
  if (tokens.some((t) => s.strong.has(t.lemma) || s.object.has(t.lemma) || s.nominal.has(t.lemma))) return false;
  const rest = sentence.slice(sentence.indexOf(tokens.at(-1)!) + 1);
  // (and a gerund of the closed set the tagger read as a noun: "On it — reading jb-pin-boards-12 now")
  const lemma = (t: Token) => (t.pos === "VERB" ? t.lemma : lemmaOf(t, s));
  const verbs = rest.filter((t) => t.pos === "VERB" || (isIng(t) && s.mayDo.has(lemmaOf(t, s))));
  // Nova's read: "— looking up ...", "— I'll look ... up" (not "Sorted: the goal now tracks clicks")
  const novasRead = (t: Token) => {
    const k = rest.indexOf(t);
    const before = rest.slice(0, k).filter((x) => x.pos !== "PUNCT" && x.pos !== "ADV" && x.pos !== "AUX");
    return s.mayDo.has(lemma(t)) && (before.length === 0 || s.firstPerson.has(before.at(-1)!.norm));
  };
  return verbs.some(novasRead) && verbs.every((t) => s.notActing.has(lemma(t)));
}

/** "per the feed", "according to the job record": the sentence says where its data comes from. */
function sourcedToRead(sentence: Token[], s: Sets): boolean {
  return sentence.some(
    (t, k) =>
      (t.norm === "per" && sentence[k + 1]?.norm === "the" && s.readSources.has(sentence[k + 2]?.norm ?? "")) ||
      (t.norm === "according" && sentence[k + 1]?.norm === "to"),
  );
}

/** A check mark right after the clause ("x-api-key rotated ✅"). */
function checkedAfter(clause: Clause): boolean {
  const next = clause.sentence[clause.sentence.indexOf(clause.tokens.at(-1)!) + 1];
  return next !== undefined && /^[✅✔☑]/u.test(next.text);
}

/**
 * Later in the sentence, the same verb with someone else as its agent ("..., approved by Dana at 10:04"), or a
 * change credited to someone else in brackets ("(changed by Alex)").
 */
function doneByOtherAfter(clause: Clause, verb: Token, s: Sets): boolean {
  const { sentence } = clause;
  const from = sentence.indexOf(clause.tokens.at(-1)!) + 1;
  // ("Caption approved: item-4 is gone, Dana approved it Tuesday": or the same verb after a named person)
  const named = (k: number) => sentence[k - 1]?.pos === "PROPN" && sentence[k - 1]!.nova !== true;
  return sentence.some(
    (t, k) =>
      k >= from &&
      t !== verb &&
      isPast(t) &&
      ((t.lemma === verb.lemma && (otherAgentAfter(sentence, k, s) || named(k))) ||
        // "moved from Wed 10:00 → Thu 15:00 UTC (changed by Alex)": the change credited in brackets at the end
        (sentence[k - 1]?.norm === "(" && otherAgentAfter(sentence, k, s))),
  );
}

function restated(clause: Clause, s: Sets): boolean {
  if (!["—", "–", "-", ":"].includes(clause.after)) return false;
  // (not "As you asked — pausing c-3 now ✅": progress marked as under way)
  if (endsMarked(clause) || clause.tokens.some((x) => s.nowWords.has(x.norm))) return false;
  const before = clause.sentence.slice(0, clause.sentence.indexOf(clause.tokens[0]!));
  return before.some((x, k) => x.norm === "you" && before.slice(k + 1, k + 3).some((r) => s.request.has(r.lemma)));
}

/** A record's state, as a word or in a code span ("`cancelled`"): SPEC 5's states of jobs, posts and items too. */
const isRecordState = (t: Token | undefined, s: Sets) => {
  const w = (t?.quote ?? t?.norm ?? "").replace(/^`|`$/g, "").toLowerCase();
  return s.recordStates.has(w) || SPEC_STATES.has(w);
};
const SPEC_STATES = new Set(["queued", "cancelled", "canceled", "scheduled", "published", "approved", "rejected"]);

/** "until", "till": a negated promise with its time is a promise. */
const UNTIL = new Set(["until", "till", "til"]);
/** Adverbs of sequence before the next step of a record's history. */
const THEN = new Set(["then", "later", "finally"]);

/**
 * "a write action (editing the post title)", "Publishing, rescheduling and credential changes stay with you": a
 * gerund naming an action in brackets after a noun, or first in a list of them, is no progress.
 */
function namesAction(clause: Clause, v: number, s: Sets): boolean {
  const at = clause.sentence.indexOf(clause.tokens[v]!);
  const [noun, bracket] = [clause.sentence[at - 2], clause.sentence[at - 1]];
  // (not "The reel (rescheduling it now)": an aside of what Nova is doing to it)
  const doing = clause.tokens.some((x) => s.nowWords.has(x.norm) || s.objectPronouns.has(x.norm));
  if (v === 0 && bracket?.norm === "(" && (noun?.pos === "NOUN" || noun?.pos === "PROPN") && !doing) return true;
  const [comma, next] = [clause.sentence[at + 1], clause.sentence[at + 2]];
  return clause.tokens.length === 1 && comma?.norm === "," && next !== undefined && isIng(next);
}

/**
 * "pi-3 “Holiday hours” — approved it just now": a record's state or history is passive and takes no object;
 * a participle opening the clause with an object pronoun after it is someone's doing, told without its subject.
 */
/**
 * "Reel moved to 9pm, done", "💸 budget cut to $800 — sorted": a bare confirmation closing the sentence after a
 * headline marks it as a check mark would.
 */
function doneAfter(clause: Clause, s: Sets): boolean {
  const rest = clause.sentence.slice(clause.sentence.indexOf(clause.tokens.at(-1)!) + 1);
  const words = rest.filter((x) => x.type !== "emoji" && x.type !== "emoticon" && x.pos !== "PUNCT");
  return words.length > 0 && rest.at(-1)!.norm !== "?" && s.confirmations.has(words.map((x) => x.norm).join(" "));
}

/**
 * "• Wed: moved to Thursday (Ana)", "✅ Approved (Dana, Mon)": a participle with no object, credited in brackets to a
 * person or the pipeline (not "Moved post-z5 (x) from 21:00": the brackets name its object's channel).
 */
const creditedInBrackets = (clause: Clause, v: number, s: Sets) =>
  isPast(clause.tokens[v]!) &&
  (clause.tokens[v + 1] === undefined ||
    clause.tokens[v + 1]!.pos === "ADP" ||
    // ("09:02 approved pi_204 (Dana)": a log line's act, its object named, credited after it)
    (v === 1 && CLOCK.test(clause.tokens[0]!.norm))) &&
  bracketedAgentNext(clause, s, true);

const actedOn = (tokens: Token[], v: number) => v === 0 && ["it", "them"].includes(tokens[1]?.norm ?? "");
