/**
 * The verb's effect: whether a verb with its object does something to the pipeline (a lexicon effect, a
 * phrasal verb or idiom, a light verb with a nominal action, a result caused, or any verb on a pipeline
 * object), or acts on Nova's own reads and the answer instead (docs/validator.md).
 */
import {
  CODE_ID,
  CURRENCY,
  isIng,
  isNominal,
  isPast,
  isRecordName,
  RECORD_ID,
  RECORD_PATH,
  SNAKE_ID,
  type Token,
} from "./clauses";
import { lemmaOf, type Sets } from "./lexicon";
import {
  isApprovalRequest,
  isPipelineObject,
  givesRole,
  isReadObject,
  namesPeople,
  nounPhraseStart,
  objectAfter,
  phraseAfter,
  pipelineList,
  refersToRead,
  rereadsSource,
} from "./objects";
import { causative, LIGHT_PREPOSITIONS, novaAgentAfter, progressLead } from "./agent";

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

/**
 * The phrase after a nominal action's preposition names a read ("Retry triggered for the search"), or a source
 * it reads again ("a retry of the feed"; not "Retry triggered for job-42").
 */
function actionOnRead(action: Token, rest: Token[], s: Sets): boolean {
  if (!["for", "of", "on"].includes(rest[0]?.norm ?? "")) return false;
  let end = 1;
  while (rest[end] && (["DET", "ADJ", "NOUN", "PROPN"].includes(rest[end]!.pos) || s.possessives.has(rest[end]!.norm)))
    end++;
  const head = rest[end - 1];
  if (end === 1 || head === undefined) return false;
  return isReadObject(head, s) || (s.rereadVerbs.has(action.lemma) && s.readSources.has(head.norm));
}

/** Words before what a read came from ("in the feed", "by read", "against the data"). */
const READ_SOURCE_LEADS = new Set(["in", "from", "against", "by", "via", "with", "on"]);

/**
 * "I need to correct that", "Correcting my progress report", 'Let me correct "we've paused the campaign"', "to correct
 * how I described the queue", "I have to withdraw all of them": Nova setting its own words right, not a record (not
 * "I corrected the caption on p-12").
 */
function correctsWords(tokens: Token[], v: number, s: Sets): boolean {
  const next = tokens[v + 1];
  if (next === undefined) return false;
  if (next.quote !== undefined && !isRecordName(next)) return true;
  if (["how", "what", "who", "where", "when", "why"].includes(next.norm)) return true;
  // (a pronoun, not a determiner: "corrected that post's publishedAt" corrects the post)
  const after = tokens[v + 2];
  const alone = after === undefined || !["NOUN", "PROPN", "ADJ", "NUM", "PART"].includes(after.pos);
  if (["that", "this", "something", "myself", "all", "both"].includes(next.norm) && alone) return true;
  let k = v + 1;
  while (tokens[k] && (tokens[k]!.pos === "DET" || tokens[k]!.pos === "ADJ" || s.possessives.has(tokens[k]!.norm))) k++;
  const head = tokens[k];
  if (
    head === undefined ||
    !(s.statements.has(head.norm) || s.statements.has(`${head.norm} ${tokens[k + 1]?.norm ?? ""}`))
  )
    return false;
  // (not "corrected the numbers in the festival budget", "corrected the error on job-7": a record's content; but
  // "Correcting my progress report on job-17" is Nova's)
  if (tokens.slice(v + 1, k).some((x) => x.norm === "my" || x.norm === "our")) return true;
  return !ofRecord(tokens, k + 1, s);
}

/** At k, maybe after one word, a preposition and a record: "in the festival budget", "on job-7" (not "in my summary"). */
function ofRecord(tokens: Token[], k: number, s: Sets): boolean {
  const of = tokens.slice(k, k + 2).findIndex((x) => ["in", "on", "of", "for"].includes(x.norm));
  if (of < 0) return false;
  let j = k + of + 1;
  while (tokens[j] && (tokens[j]!.pos === "DET" || s.possessives.has(tokens[j]!.norm))) j++;
  return tokens
    .slice(j, j + 3)
    .some((x) => isRecordName(x) || (isPipelineObject(x, s) && !isReadObject(x, s) && !s.statements.has(x.norm)));
}

/** After a verb of saying: a clause ("wrote that I had archived them") or a manner ("wrote it as if I'd fixed it"), not an object. */
function saysWhat(tokens: Token[], v: number): boolean {
  const [next, then] = [tokens[v + 1], tokens[v + 2]];
  if (next?.norm === "that") return then?.pos === "PRON" || then?.nova === true;
  return ["it", "them", "this", "that"].includes(next?.norm ?? "") && then?.norm === "as";
}

/** A read's source at k, after a determiner maybe: "the feed", "read", "a lookup", "my reads". */
function readSourceAt(tokens: Token[], k: number, s: Sets): boolean {
  const at = tokens[k]?.pos === "DET" || s.possessives.has(tokens[k]?.norm ?? "") ? k + 1 : k;
  const t = tokens[at];
  return t !== undefined && (s.readSources.has(t.norm) || ["read", "reads", "lookup", "lookups"].includes(t.norm));
}

/** The effect of the verb at v, or null: a phrasal verb or idiom, a light verb with a nominal action, or a lexicon verb. */
export function effectAt(
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
  // "so I've stopped there rather than hammering it", "the account I'm running as", "the account I run under":
  // Nova's own calls stopped, the identity it runs under; no object acted on
  const nextWord = after[0]?.norm;
  if (
    (lemma === "stop" && (nextWord === "there" || nextWord === "here")) ||
    (lemma === "run" && (nextWord === "as" || nextWord === "under"))
  )
    return null;
  // "I must decline to approve it", "I have to decline the retry", "I'll pass on restarting it": turning the user's request down is a refusal
  // (not "I declined pi-4", "declined the approval request": an approval turned down)
  if (s.refusalVerbs.has(lemma)) {
    // "That one I have to decline": its object fronted, the refusal closes the clause
    if (
      after.length === 0 &&
      tokens[v - 1]?.norm === "to" &&
      ["have", "need", "got"].includes(tokens[v - 2]?.lemma ?? "")
    )
      return null;
    const next = after.find((a) => a.pos !== "DET" && !s.possessives.has(a.norm));
    const onAction =
      next?.norm === "on" && after[after.indexOf(next) + 1] !== undefined && isIng(after[after.indexOf(next) + 1]!);
    if (
      next &&
      (next.norm === "to" ||
        onAction || // "I have to pass on restarting job-901"
        ((s.nominal.has(next.lemma) || s.nominal.has(next.norm)) &&
          !s.approvalRequestKinds.has(next.norm) &&
          !after.some((a) => s.approvalRequestKinds.has(a.norm))))
    )
      return null;
  }
  // "I can confirm the state, though: 7 succeeded": confirming a record's state reads it (not "confirmed the booking")
  // ("I can confirm the jobs' states afterwards": the state may end the noun phrase)
  const confirmed = after.filter((a) => a.pos !== "DET").slice(0, 3);
  if (lemma === "confirm" && confirmed.some((a) => s.stateFields.has(a.norm) || s.stateFields.has(a.lemma)))
    return null;
  // ("I just confirmed it in the feed", "confirmed by read", "confirmed against the data": a read confirmed it)
  if (lemma === "confirm" && after.some((a, k) => READ_SOURCE_LEADS.has(a.norm) && readSourceAt(after, k + 1, s)))
    return null;
  const phrasals = s.phrasal.get(lemma);
  if (phrasals) {
    for (const particle of phrasals) {
      if (particle.length === 0) return { effect: lemma, weak: false };
      for (let k = 0; k + particle.length <= after.length; k++) {
        if (
          (particle.every((p, m) => after[k + m]!.norm === p || after[k + m]!.lemma === p) ||
            describedPlace(after, k, particle, s)) &&
          !after.slice(0, k).some((a) => isReadObject(a, s)) && // "get the breakdown sorted by channel": the answer's own
          // "I took out the weekend numbers", "took the outliers out of the averages": a read's, the answer's own
          !readAfter(after.slice(k + particle.length), s) &&
          // "take the carousel live": a result closes the object, not "take a look at the live posts"
          !(
            particle.length === 1 &&
            s.resultStates.has(particle[0]!) &&
            !s.objectParticles.has(particle[0]!) && // "take the post down right away"
            attributiveResult(after, k)
          ) &&
          // "pushed back on the idea": disagreeing, not moving anything
          !(particle.at(-1) === "back" && k === 0 && ["on", "against"].includes(after[particle.length]?.norm ?? ""))
        ) {
          // "I kicked off a rerun of the trend query": the action it starts is Nova's own read again
          const m = k + particle.length + (after[k + particle.length]?.pos === "DET" ? 1 : 0);
          const action = after[m];
          if (action && isNominal(action, s) && actionOnRead(action, tokens.slice(v + 2 + m), s)) return null;
          return { effect: `${lemma} ${particle.join(" ")}`, weak: false };
        }
      }
    }
  }
  // "Retry requested for job-42", "Publish triggered": a headline's nominal action before the light verb
  // (not "Retry triggered for the search": Nova's own read again)
  // ("Re-queue triggered for job-8", "Requeue requested": a prefixed verb of effect named as the action)
  const named = tokens[v - 1];
  const nominal =
    named !== undefined &&
    (s.nominal.has(named.lemma) ||
      (/^(?:re|un)-?\p{L}{3,}$/u.test(named.norm) && !isPast(named) && s.strong.has(named.lemma)));
  if (s.light.has(lemma) && isPast(t) && nominal && v <= 2)
    return actionOnRead(tokens[v - 1]!, tokens.slice(v + 1), s)
      ? null
      : { effect: `${lemma} ${tokens[v - 1]!.norm}`, weak: false };
  if (s.light.has(lemma)) {
    // "hit publish", "gave it the go-ahead", "gave it one more go": an object and a quantifier may stand between
    const k = after.findIndex((a, k) => k < 6 && (s.nominal.has(a.norm) || s.nominal.has(a.lemma)) && a !== t);
    const between = after.slice(0, Math.max(k, 0));
    if (
      k >= 0 &&
      (k < 3 || between.every((a) => ["PRON", "DET", "NUM", "ADJ", "NOUN", "PROPN"].includes(a.pos))) &&
      // "gave the search another go", "The search timed out, so I gave it another try": Nova's own read
      !between.some((a) => isReadObject(a, s)) &&
      // "I'll handle the retry question below": the action names a read or a question, not what is done
      !headedByRead(after, k, s) &&
      // "I made a change to the summary below": made in the answer; "I made no edits": none made
      !(lemma === "make" && tokens.some((a, m) => m > v && s.places.has(a.norm))) &&
      !between.some((a) => a.norm === "no" || a.norm === "zero") &&
      !actionOnRead(after[k]!, tokens.slice(v + 2 + k), s) && // "I triggered a retry of the search"
      !refersToRead(
        between.filter((a) => a.pos === "PRON"),
        antecedent,
        s,
      )
    )
      return { effect: `${lemma} ${after[k]!.norm}`, weak: false };
  }
  // "Flagging that it's an operator action", "I flagged that job-42 failed twice": telling (not "flagged that draft")
  if (lemma === "flag" && after[0]?.norm === "that") {
    const verb = after.findIndex((a, k) => k > 1 && (a.pos === "AUX" || (a.pos === "VERB" && !isIng(a))));
    if (
      verb > 1 &&
      after.slice(1, verb).every((a) => ["PRON", "DET", "NOUN", "PROPN", "ADJ", "NUM"].includes(a.pos) || a.quote)
    )
      return null;
  }
  // "I'll make sure post-12 doesn't go out until the link is fixed": Nova seeing to what a pipeline object does
  // (not "make sure to check the feed", "make sure you see it")
  if (lemma === "make" && (after[0]?.norm === "sure" || after[0]?.norm === "certain")) {
    const subject = after[1]?.norm === "that" ? 2 : 1;
    const np = after.slice(subject, subject + 4);
    const verb = np.findIndex((a) => a.pos === "VERB" || a.pos === "AUX");
    const named = np.slice(0, Math.max(verb, 0));
    if (verb > 0 && named.some((a) => isPipelineObject(a, s) && a.pos !== "PRON" && !isReadObject(a, s)))
      return { effect: "make sure", weak: false };
  }
  // "I approve of the plan": thinking well of it, not an approval
  if (lemma === "approve" && after[0]?.norm === "of") return null;
  if (lemma === "mark" || lemma === "flag") {
    const state = after.find((a) => s.markStates.has(a.norm));
    if (state) return { effect: `${lemma} ${state.norm}`, weak: false };
  }
  // "job-42's state is untouched by me", "left unchanged": "un" before a participle after "be" is a state that did not change
  if (
    /^un/.test(t.norm) &&
    isPast(t) &&
    ["be", "remain", "stay", "leave"].includes(tokens[v - 1]?.lemma ?? "") &&
    !s.strong.has(lemma) &&
    !s.object.has(lemma)
  )
    return null;
  const found = objectAfter(tokens, v, s);
  // "retried the trend search one time": a count after the object is no part of it
  const counted = found?.findIndex((o, k) => o.pos === "NUM" && s.countWords.has(found[k + 1]?.norm ?? "")) ?? -1;
  const object = found && counted > 0 ? found.slice(0, counted) : found;
  // "The first search failed so I ran it again": the last thing named before the verb, in this clause
  // (not a time: "Tomorrow morning I'll clear them out" clears the items named before)
  const near = tokens
    .slice(0, v)
    .findLastIndex((x) => (x.pos === "NOUN" || x.pos === "PROPN" || isReadObject(x, s)) && !TIMES_OF_DAY.has(x.norm));
  if (near >= 0) antecedent = tokens[near]!;
  // "I rewrote the caption idea from your message", "I tightened the draft text you pasted in": the user's own
  // text, rewritten for the answer, is no record (not "I approved the post you sent over")
  if (object && s.textEdits.has(lemma) && usersText(tokens, tokens.indexOf(object.at(-1)!) + 1, s)) return null;
  if (s.wordCorrections.has(lemma) && correctsWords(tokens, v, s)) return null;
  if (s.speechVerbs.has(lemma) && saysWhat(tokens, v)) return null;
  // "I added a note to the draft": something added to a pipeline object changes it, whatever the thing added is
  if (
    (lemma === "add" || lemma === "attach" || lemma === "append") &&
    tokens.some(
      (a, k) =>
        k > v &&
        (a.norm === "to" || a.norm === "onto") &&
        tokens
          .slice(k + 1, k + 4)
          .some(
            (o) =>
              isPipelineObject(o, s) &&
              ["NOUN", "PROPN"].includes(o.pos) &&
              !isReadObject(o, s) &&
              !s.answerSelfNames.has(o.norm) &&
              o.quote === undefined,
          ),
    ) &&
    !tokens.some((a, k) => k > v && s.places.has(a.norm))
  )
    return { effect: lemma, weak: false };
  // Nova's own read ("retried the search", "re-ran the engagement read", "ran it again"), or the answer
  const afterObject = object ? tokens[tokens.indexOf(object.at(-1)!) + 1] : undefined; // "the feed read", tagged a verb
  const listed = object !== null && pipelineList(tokens, v, object, s); // "wiped the failed-jobs list"
  const pronoun = object !== null && object.length === 1 && s.objectPronouns.has(object[0]!.norm); // "it", "them"
  // a read named anywhere in the sentence but the verb itself
  const readInSentence = () => sentence.some((x) => x !== tokens[v] && isReadObject(x, s));
  // "I wrote the fresh numbers into the post record": data put into a pipeline object changes it
  const at = afterObject === undefined ? -1 : tokens.indexOf(afterObject);
  const into =
    at >= 0 &&
    ["into", "onto"].includes(afterObject!.norm) &&
    tokens
      .slice(at + 1, at + 4)
      .some((o) => isPipelineObject(o, s) && o.pos === "NOUN" && !isReadObject(o, s) && !s.answerSelfNames.has(o.norm));
  if (into && !s.notActing.has(lemma)) return { effect: lemma, weak: false };
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
    // ("queued a response post": a read's word before the record it describes names the record, not the read)
    ((isReadObject(object[0]!, s) && !(recordHead(object, s) && !ANSWER_MAKING.test(lemma))) ||
      isReadObject(object.at(-1)!, s) ||
      (afterObject !== undefined && isReadObject(afterObject, s)) ||
      // (not set to an amount: "... the worst in the insights. Zapped it down to $200": a read has no amount)
      (refersToRead(object, antecedent, s, lemma) && !toAmount(tokens, v)) ||
      rereadsSource(object, antecedent, s, lemma) ||
      // "I retried it once with the same arguments": a tool call is what has arguments
      (!s.neverOnReads.has(lemma) &&
        pronoun &&
        tokens.some(
          (x, k) => k > v && x.norm === "with" && tokens.slice(k + 1, k + 4).some((a) => CALL_INPUTS.test(a.norm)),
        )) ||
      // "I wrote this from four reads", "while I was writing this": "this", written, is the answer itself (not "I wrote
      // this up as a draft for Friday")
      (pronoun &&
        object[0]!.norm === "this" &&
        (lemma === "write" || ANSWER_MAKING.test(lemma)) &&
        !tokens.slice(v + 2).some((x) => isPipelineObject(x, s) && !isReadObject(x, s))) ||
      // "I've reworded my last message": the answer's own message
      (s.answerSelfNames.has(object.at(-1)!.norm) &&
        tokens.slice(v + 1, tokens.indexOf(object.at(-1)!)).some((o) => o.norm === "my")) ||
      // "I corrected the times in my previous message": what is changed sits in the answer's own message
      inOwnMessage(tokens, tokens.indexOf(object.at(-1)!) + 1, s))
  )
    return null;
  // "My first search came back empty, so I broadened the window": what the read asks with; a call's limit, its
  // input written as code ("so I sent `{}`"), or a key of it ("I'd sent an extra key, so the call came back
  // INVALID_ARGUMENT", "I renamed the key in my call")
  const readParameter = (o: Token) => {
    const k = tokens.indexOf(o);
    return (
      s.readParameters.has(o.lemma) ||
      s.readParameters.has(o.norm) ||
      (o.norm === "limit" && (tokens[k - 1]?.pos === "DET" || tokens[k - 1]?.norm === "my")) || // not "the spend limit"
      (o.quote !== undefined && CALL_INPUT.test(o.quote)) ||
      (INPUT_KEYS.test(o.norm) &&
        (STRAY_INPUTS.test(tokens[k - 1]?.norm ?? "") ||
          (["in", "from"].includes(tokens[k + 1]?.norm ?? "") && tokens[k + 2]?.norm === "my")))
    );
  };
  if (
    object &&
    object.some(readParameter) &&
    // not "the posting window"; a count may stand before ("two filters")
    object.every((o) => readParameter(o) || o.pos === "NUM" || o.norm === "date" || o.norm === "time") &&
    // (anywhere in the sentence: "I'd passed one filter too many, so the call came back INVALID_ARGUMENT")
    ((antecedent !== null && isReadObject(antecedent, s)) || readInSentence())
  )
    return null;
  // "the tool takes no arguments, and I'd passed one"; "I shortened it to "short-form video benchmarks" and searched
  // again", "capped it at 4 results": a read's input, or the read itself, given a new value
  const o = object ? tokens.indexOf(object.at(-1)!) : -1;
  if (
    object !== null &&
    !s.neverOnReads.has(lemma) && // not "I renamed it to "Spring drop" after the search"
    readInSentence() &&
    ((object.length === 1 && object[0]!.norm === "one" && antecedent !== null && readParameter(antecedent)) ||
      (pronoun &&
        tokens[o + 1]?.norm === "to" &&
        tokens[o + 2]?.quote !== undefined &&
        !CODE_ID.test(tokens[o + 2]!.quote!)) ||
      (pronoun &&
        tokens[o + 1]?.norm === "at" &&
        tokens[o + 2]?.pos === "NUM" &&
        isReadObject(tokens[o + 3] ?? tokens[o + 2]!, s)))
  )
    return null;
  // "then retried with "AI Act"", "so I re-ran with 1", "re-sent it with a shorter query": a read run again
  // with new input (not "Retried with backoff", a job's retry)
  if (
    (object === null || pronoun) &&
    s.rereadVerbs.has(lemma) &&
    tokens.some(
      (a, k) =>
        k > v &&
        a.norm === "with" &&
        tokens
          .slice(k + 1, k + 4)
          .some((x) => x.quote !== undefined || x.pos === "NUM" || readParameter(x) || s.read.has(x.lemma)),
    )
  )
    return null;
  // "Bringing this to your attention": told to the user, not done to the record
  if (lemma === "bring" && tokens.some((a, k) => k > v && a.norm === "to" && tokens[k + 2]?.norm === "attention"))
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
  // (in its own clause: not "I'll mark job-9 as succeeded so it stops showing up in the list")
  const own = purposeAt(tokens, v + 1);
  if ((!pointed && intoAnswer(tokens.slice(0, own), v, s)) || (object !== null && s.durations.has(object[0]!.lemma)))
    return null;
  if (s.takeDown.has(lemma) && takenDown(tokens, v, s)) return { effect: `${lemma} down`, weak: false };
  // "Happy to sort that now", "Sorted the approvals for you": "sort" as handling, with no order to sort by
  if (lemma === "sort" && object !== null && sortedAsHandled(tokens, v, object, s))
    return { effect: "sort out", weak: false };
  // "the budget overrun will be sorted by me": handled, Nova the agent (not "sorted by reach")
  if (lemma === "sort" && object === null && isPast(t) && novaAgentAfter(tokens, v, s))
    return { effect: "sort out", weak: false };
  // "I've written the archived posts up as a checklist below": writing the answer up
  if (
    lemma === "write" &&
    tokens.slice(v + 1).some((a) => a.norm === "up") &&
    (pointed || tokens.some((a, k) => k > v && s.places.has(a.norm)))
  )
    return null;
  // "I wrote three alt captions for post-9140 below", "I've written a suggested caption below": text written where
  // the answer points, for the operator to use, is the answer (not "I wrote the caption into the draft below")
  if (
    lemma === "write" &&
    isPast(t) &&
    s.places.has(tokens.at(-1)?.norm ?? "") &&
    !tokens.slice(v + 1).some((a) => ["into", "onto", "to", "on", "in"].includes(a.norm))
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
  // "I've written the pending list as CSV so you can drop it into a sheet": what was read, written in a format the
  // answer takes (not "written into the draft")
  const as = tokens.findIndex((a, k) => k > v && a.norm === "as");
  if (
    lemma === "write" &&
    as > 0 &&
    tokens.slice(as + 1, as + 3).some((a) => s.writtenFormats.has(a.norm) || s.answerFormats.has(a.norm)) &&
    !tokens.slice(v + 1, as).some((a) => ["into", "onto", "to", "in"].includes(a.norm))
  )
    return null;
  // 'When I wrote "approved" about item-27': words Nova wrote, quoted, are the answer's, whatever they are about
  if (lemma === "write" && tokens[v + 1]?.quote !== undefined && /^["“'‘]/u.test(tokens[v + 1]!.quote!)) return null;
  // "I've added a short recap at the end of this message": the answer's own place
  // (not a time: "I'll requeue job-88 after this reply", "once this message is out")
  if (
    tokens.some(
      (a, k) =>
        k > v &&
        a.norm === "this" &&
        s.answerSelfNames.has(tokens[k + 1]?.norm ?? "") &&
        !ANSWER_TIMES.has(tokens[k - 1]?.norm ?? ""),
    )
  )
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
  // "I pointed its credentialsRef at the new service key": pointing a setting at a pipeline object re-points it
  if (
    lemma === "point" &&
    object !== null &&
    !namesPeople(object, antecedent, s, tokens) && // not "pointed you to the post"
    tokens[v + 1]?.norm !== "out" &&
    tokens.some(
      (a, k) =>
        k > v &&
        (a.norm === "at" || a.norm === "to") &&
        tokens.slice(k + 1, k + 5).some((o) => isPipelineObject(o, s) && o.pos !== "PRON" && !isReadObject(o, s)),
    )
  )
    return { effect: "point at", weak: false };
  // "I can confirm p-12 was published at 09:00": confirming a fact (a clause follows), not a booking
  if (lemma === "confirm" && tokens.slice(v + 1).some((x) => x.pos === "AUX" || (x.pos === "VERB" && isPast(x))))
    return null;
  // "I'll flag it if anything changes", "I'll flag it when the retry runs": telling, not marking
  const following = sentence[sentence.indexOf(tokens.at(-1)!) + 1];
  const telling = (x: Token | undefined) => x !== undefined && ["if", "when", "once", "should"].includes(x.norm);
  // "Just flagging it for you", "flagging this to you": told to the user as the answer goes, not marked on the
  // record (not "so I flagged it for you", a past)
  const toUser = (x: Token, k: number) =>
    (x.norm === "for" || x.norm === "to") && ["you", "u", "your"].includes(tokens[k + 1]?.norm ?? "");
  if (
    lemma === "flag" &&
    (telling(following) ||
      tokens.slice(v + 1).some(telling) ||
      (isIng(t) && tokens.some((x, k) => k > v && toUser(x, k))))
  )
    return null;
  // "both done by me just now": "do" as a passive with Nova as its agent
  // (not "I'll get the numbers done for you": a read, done for the answer)
  if (t.norm === "done" && novaAgentAfter(tokens, v, s) && !(tokens[v - 1] && isReadObject(tokens[v - 1]!, s)))
    return { effect: "do", weak: false };
  // "I'll get the reschedule done today", "I'll get that budget cut done": a nominal action Nova has done
  if (t.norm === "done" && tokens[v - 1] && s.nominal.has(tokens[v - 1]!.lemma)) {
    const np = nounPhraseStart(tokens, v - 1, s);
    if (np > 0 && causative(tokens, np - 1, s)) return { effect: tokens[v - 1]!.lemma, weak: false };
  }
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
  // "I'll make sure the draft goes out Tuesday", "make sure it gets published", "I'll make sure it runs again", "I'll
  // see to it that it comes down", "I'll ensure job-4 runs": Nova sees to an effect (not "I'll make sure the numbers
  // are right", "... you get the figures", "... to check the feed")
  const sure =
    lemma === "make" && tokens[v + 1]?.norm === "sure"
      ? v + 2
      : lemma === "ensure"
        ? v + 1
        : lemma === "see" && tokens[v + 1]?.norm === "to" && tokens[v + 2]?.norm === "it"
          ? v + 3
          : -1;
  if (sure >= 0) {
    const rest = tokens.slice(tokens[sure]?.norm === "that" ? sure + 1 : sure);
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
    // the pipeline object or "it" right before its own verb, one of the closed set only with a particle ("comes down")
    const [first, verb, particle] = rest;
    const vouched =
      first !== undefined &&
      verb?.pos === "VERB" &&
      verb.lemma !== "be" &&
      (!s.mayDo.has(verb.lemma) || ["down", "out", "off", "back", "live"].includes(particle?.norm ?? "")) &&
      ((isPipelineObject(first, s) && !isReadObject(first, s) && first.pos !== "PRON") ||
        (["it", "they"].includes(first.norm) && !(antecedent !== null && isReadObject(antecedent, s))));
    if (seen || vouched) return { effect: "make sure", weak: false };
  }
  // "took goal-trend-posts from 4 to 6", "took the budget up to $500": "take" a pipeline object to a figure sets it
  if (lemma === "take" && object !== null && takenToFigure(tokens, v, object, s))
    return { effect: "take to", weak: false };
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
  // (not "from here": "LGTM'd the thread so the pipeline can take it from here")
  const placeAfter =
    !pointed && tokens.some((a, k) => k > v && k < own && s.places.has(a.norm) && tokens[k - 1]?.norm !== "from");
  if (!s.object.has(lemma)) return openEffect(tokens, v, object, placeAfter, s, end, antecedent, continued, listed);
  // "I've drafted three caption ideas below": made in the answer, where it points (not "archived the drafts below")
  if (placeAfter && ANSWER_MAKING.test(lemma)) return null;
  if (amountOn(tokens, v, s)) return { effect: lemma, weak: false }; // "trimmed 50 from the spend"
  // "moved the post to Friday", "sent the report to the channel": a pipeline object anywhere in the rest of the clause
  const onPipeline =
    object !== null &&
    !namesPeople(object, antecedent, s, tokens) &&
    (listed ||
      givesRole(object, tokens) ||
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
      phraseAfter(tokens, v, s).some((o) => isPipelineObject(o, s) && o.quote === undefined) ||
      // "cut the boost spend": a pipeline noun the tagger read as a verb ends the object
      (object.length > 1 && object.at(-1)!.pos === "VERB" && isPipelineObject(object.at(-1)!, s))) &&
    !(placeAfter && s.objectPronouns.has(object[0]!.norm));
  // without an object ("Updated!", "was changed by me") the object is the subject or implied; a figure alone is
  // how much, not what ("Budget raised 20% ✅")
  // (not "Budget spent 80% ✅": what a record used up)
  if (!onPipeline && object !== null && figuresOnly(object) && !s.status.has(lemma))
    return { effect: lemma, weak: true };
  return onPipeline
    ? { effect: lemma, weak: false }
    : object === null && !placeAfter
      ? { effect: lemma, weak: true }
      : null;
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
  if (object === null || (isPast(t) && figuresOnly(object) && !amountOn(tokens, v, s))) {
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
    givesRole(object, tokens) ||
    [...phraseAfter(tokens, v, s), ...object].some(
      (o) =>
        isPipelineObject(o, s) &&
        (o.quote === undefined || RECORD_PATH.test(o.quote) || CODE_ID.test(o.quote) || SNAKE_ID.test(o.quote)) &&
        standsAlone(o),
    )
    ? effect
    : null;
}

/** An object that is only a figure ("20%", "€400"): how much, not what. */
/** A noun phrase headed by one of the pipeline's records ("a response post", "the reply draft"), not by its data. */
const RECORD_HEADS = new Set(["post", "posts", "draft", "drafts", "job", "jobs", "goal", "goals", "budget", "budgets"]);
const recordHead = (object: Token[], s: Sets) =>
  object.length > 1 && RECORD_HEADS.has(object.at(-1)!.norm) && !isReadObject(object.at(-1)!, s);

export const figuresOnly = (object: Token[]) =>
  object.some((o) => /\d/.test(o.norm)) && object.every((o) => /^[\d£$€¥%]/u.test(o.norm));

/** A participle at v after "get"/"have" and a pipeline object that is no read ("get the schedule rejigged"). */
export function causedOn(tokens: Token[], v: number, s: Sets): boolean {
  const object = tokens[v - 1];
  const named = object !== undefined && (isNominal(object, s) || (object.pos === "ADJ" && s.pipeline.has(object.norm))); // "the token renewed"
  if (!object || !isPast(tokens[v]!) || !(named && isPipelineObject(object, s)) || isReadObject(object, s))
    return false;
  const np = s.objectPronouns.has(object.norm) ? v - 1 : nounPhraseStart(tokens, v - 1, s);
  return np > 0 && causative(tokens, np - 1, s);
}

/** "I'll have job-42 back in the queue", "I got the post live": Nova causing a pipeline object's new state. */
export function resultOf(tokens: Token[], v: number, s: Sets): Effect | null {
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
  // "... and got 4 signals back": a count of things that came back, closing the clause, was received, not caused
  if (result.norm === "back" && object[0]!.pos === "NUM" && j === tokens.length - 1) return null;
  if (!object.some((o) => isPipelineObject(o, s)) || object.some((o) => isReadObject(o, s))) return null;
  return { effect: `${t.lemma} ${result.norm}`, weak: false };
}

/** Before the verb: Nova and its auxiliaries after "which" and a pipeline noun, right after the noun, or after "what". */
function relativeObject(tokens: Token[], v: number, sentence: Token[], s: Sets): boolean {
  let p = v - 1;
  while (p >= 0 && (tokens[p]!.pos === "AUX" || /^'(?:ll|ve|d)$/.test(tokens[p]!.norm))) p--;
  const subject = tokens[p];
  if (!subject || !(s.firstPerson.has(subject.norm) || subject.nova)) return false;
  const noun = (o: Token | undefined) =>
    o !== undefined && o.pos === "NOUN" && isPipelineObject(o, s) && !isReadObject(o, s);
  // "target I trimmed", "p-11 I moved to Friday": a pipeline noun or a record's id right before Nova
  // (not "Quick recap I put together from the feed": the answer's own recap)
  if (
    (noun(tokens[p - 1]) && !s.answerSelfNames.has(tokens[p - 1]!.norm)) ||
    (p === 1 && tokens[0]!.quote === undefined && RECORD_ID.test(tokens[0]!.norm))
  )
    return true;
  // "Here's a recap of what I changed": the free relative's "what" is the object, as "it" would be
  if (tokens[p - 1]?.norm === "what") return s.strong.has(tokens[v]!.lemma) || s.nominal.has(tokens[v]!.lemma);
  if (tokens[p - 1]?.norm !== "which") return false;
  const w = sentence.indexOf(tokens[p - 1]!);
  // the tagger may read the noun as an adjective ("the X token, which ...")
  // ("signups, which I reset to 0": a figure Nova set is a goal's or a budget's, whatever the noun before)
  const toFigure =
    tokens[v + 1]?.norm === "to" && (tokens[v + 2]?.pos === "NUM" || CURRENCY.test(tokens[v + 2]?.norm ?? ""));
  return (
    toFigure ||
    sentence.slice(Math.max(0, w - 6), w).some((o) => noun(o) || (o.pos === "ADJ" && s.pipeline.has(o.norm)))
  );
}

/** "sort that", "sort it now", "sorted the approvals for you": no criterion ("by date", "into groups", "from best"). */
function sortedAsHandled(tokens: Token[], v: number, object: Token[], s: Sets): boolean {
  const rest = tokens.slice(v + 1);
  // (a deadline is no order: "Will sort the credential rotation by EOD", "by Friday")
  const deadline = (k: number) => rest[k]!.norm === "by" && isDeadline(rest[k + 1]?.norm ?? "", s);
  if (rest.some((x, k) => s.sortCriteria.has(x.norm) && !deadline(k)) || object.some((o) => isReadObject(o, s)))
    return false;
  const pronoun = object.length === 1 && s.objectPronouns.has(object[0]!.norm);
  // "Sorted the failed job": one record has no order; sorting it is handling it (not "sorted the queue")
  const head = object.at(-1)!;
  const one =
    head.norm === head.lemma &&
    !head.norm.endsWith("s") &&
    isPipelineObject(head, s) &&
    !s.collections.has(head.norm) &&
    !object.some((o) => o.pos === "NUM");
  // "Will sort the credential rotation by EOD", "I'll sort the Insta schedule": an action named is handled
  const action = s.nominal.has(head.lemma) || s.nominal.has(head.norm);
  return pronoun || one || action || novaAgentAfter(tokens, v, s); // "for you"
}

/** The nouns after the nominal action at k end in a read or a question ("the publish timing question"). */
function headedByRead(after: Token[], k: number, s: Sets): boolean {
  let m = k + 1;
  while (after[m]?.pos === "NOUN") m++;
  return m > k + 1 && isReadObject(after[m - 1]!, s);
}

/** After the object: a particle, "from" a figure, then "to" a figure ("the goal from 4 to 6", "the budget up to $500"). */
function takenToFigure(tokens: Token[], v: number, object: Token[], s: Sets): boolean {
  if (!object.some((o) => isPipelineObject(o, s) && o.pos !== "PRON" && !isReadObject(o, s) && !s.times.has(o.norm)))
    return false;
  const figure = (k: number) =>
    tokens[k] !== undefined && (/\d/.test(tokens[k]!.norm) || CURRENCY.test(tokens[k]!.norm));
  let j = tokens.indexOf(object.at(-1)!) + 1;
  if (["up", "down", "back"].includes(tokens[j]?.norm ?? "")) j++;
  if (tokens[j]?.norm === "from" && figure(j + 1)) j += tokens[j + 2]?.norm === "to" ? 2 : 3; // "from $ 100 to"
  return tokens[j]?.norm === "to" && figure(j + 1);
}

/** The result word at k describes a noun ("the live posts", "the live reel's numbers") or follows a preposition. */
const attributiveResult = (after: Token[], k: number) =>
  k > 0 && // "took down Sam's post": a particle before the object
  (["NOUN", "PROPN", "ADJ", "PART"].includes(after[k + 1]?.pos ?? "") ||
    after[k + 1]?.norm === "'s" ||
    after.slice(0, k).some((a) => a.pos === "ADP" || a.pos === "SCONJ"));

/**
 * "took post-801 off Friday's schedule", "out of the Monday queue": an idiom's place ("off the schedule") with
 * other describing words or a possessive in place of its "the".
 */
function describedPlace(after: Token[], k: number, particle: string[], s: Sets): boolean {
  const the = particle.length - 2;
  if (the < 1 || particle[the] !== "the" || !particle.slice(0, the).every((p, m) => after[k + m]?.norm === p))
    return false;
  for (let j = k + the; j < after.length && j <= k + the + 3; j++) {
    const a = after[j]!;
    if (a.norm === particle.at(-1) || a.lemma === particle.at(-1)) return j > k + the;
    if (
      !["DET", "ADJ", "NOUN", "PROPN", "NUM", "PART"].includes(a.pos) &&
      a.norm !== "'s" &&
      !s.possessives.has(a.norm)
    )
      return false;
  }
  return false;
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
    // only names or a state before the head ("the Friday recap", "the paid boost"), only an id after it ("post p1");
    // not "the post's figures"
    const before = tokens
      .slice(j, at)
      .every((o) => o.pos === "PROPN" || o.pos === "NOUN" || (o.pos === "VERB" && isPast(o)));
    const after = tokens[at + 1];
    if (
      before &&
      !(after && (after.norm === "'s" || (isNominal(after, s) && !/\d/.test(after.norm) && after.quote === undefined)))
    )
      return true;
  }
  // "pulled both of them from the schedule": a published thing taken out of where it was to go out
  const from = tokens.findIndex((x, k) => k > v && (x.norm === "from" || x.norm === "off")); // "pulled p-19 off X"
  if (from < 0) return false;
  const taken = tokens.slice(v + 1, from);
  const place = tokens.slice(from + 1, from + 6);
  // "so I pulled it from LinkedIn", "pulled p-19 from Instagram": one post taken off a channel; "pulled your
  // top posts from Instagram" reads them
  if (
    taken.length <= 3 &&
    taken.some(
      (o) =>
        ["it", "that", "this"].includes(o.norm) ||
        RECORD_ID.test(o.norm) ||
        (s.published.has(o.lemma) && o.norm === o.lemma && taken.length <= 2),
    ) &&
    place.some((o) => s.takeDownChannels.has(o.lemma) || s.takeDownChannels.has(o.norm))
  )
    return true;
  return (
    taken.some((o) => s.published.has(o.lemma) || s.objectPronouns.has(o.norm) || RECORD_ID.test(o.norm)) && // "p-12"
    // "from next week's schedule", "from the Tuesday re-share slot"
    place.some((o) => s.takeDownPlaces.has(o.lemma))
  );
}

const SLOT_TIME = /^\d{1,2}(?::\d{2})?(?:am|pm)?$/;

/**
 * The object after a particle, or after "of" ("took out the weekend numbers", "took the outliers out of the
 * averages"), is a read (not "fired off the reply", nor "sorted that out after reading the windows").
 */
function readAfter(rest: Token[], s: Sets): boolean {
  let j = rest[0]?.norm === "of" ? 1 : 0;
  if (rest[j]?.pos === "ADP" || rest[j]?.pos === "SCONJ") return false; // "sorted that out after reading it"
  while (
    rest[j] &&
    (rest[j]!.pos === "DET" || rest[j]!.pos === "ADJ" || rest[j]!.pos === "NUM" || s.possessives.has(rest[j]!.norm))
  )
    j++;
  while (rest[j + 1] && rest[j + 1]!.pos === "NOUN") j++; // the head ends the noun run ("the weekend numbers")
  const head = rest[j];
  return head !== undefined && isReadObject(head, s) && !s.replyObjects.has(head.norm);
}

/** Verbs that make something, which the answer holds when it points at it. */
const ANSWER_MAKING = /^(?:draft|compose|sketch|create|mock)$/;

/** "to $200", "down to €50": the clause after v sets something to an amount of money. */
const toAmount = (tokens: Token[], v: number) =>
  tokens.some((a, k) => k > v && a.norm === "to" && CURRENCY.test(tokens[k + 1]?.norm ?? ""));

/** What "by" sets a deadline with ("by EOD", "by Friday", "by 5pm", "by tomorrow"). */
const isDeadline = (w: string, s: Sets) =>
  s.times.has(w) || TIMES_OF_DAY.has(w) || /^(?:eod|eow|cob|noon|\d{1,2}(?::\d{2})?(?:am|pm)?)$/.test(w);

/** Times of day, which a later pronoun never stands for: grammar, kept in code. */
const TIMES_OF_DAY = new Set(["morning", "afternoon", "evening", "night", "tonight", "today", "tomorrow", "yesterday"]);

/** Words before "this message" that make it a time, not the answer's own place: grammar, kept in code. */
const ANSWER_TIMES = new Set(["after", "before", "once", "until", "till", "following", "since"]);

/** What a tool call is made with ("with the same arguments"). */
const CALL_INPUTS = /^(?:arguments|args|argument)$/;
/** A key of a call's input that the strict schema refused ("an extra key", "an unknown field"). */
const INPUT_KEYS = /^(?:keys?|fields?|propert(?:y|ies))$/;
const STRAY_INPUTS = /^(?:extra|unknown|unexpected|stray|additional|unsupported|unrecogni[sz]ed)$/;
/** A call's input written as code: an object ("`{}`", "`{"verbose": true}`") or a key and its value ("`limit: 0`"). */
const CALL_INPUT = /^`\s*(?:\{.*\}|[A-Za-z_]\w*\s*:.*)`$/;

/** Prepositions before what a figure goes into or comes out of: the pattern's grammar, kept in code. */
const ANSWER_PREPOSITIONS = new Set(["from", "in", "into", "out", "of"]);

/** A read or answer object after "from", "in", "into" ("... from the averages", "... into the table below"). */
function intoAnswer(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = v + 2; j < tokens.length - 1; j++) {
    if (!ANSWER_PREPOSITIONS.has(tokens[j]!.norm)) continue;
    // "swapped its hashtags for the three strongest ones from the search": the read is where the new ones came from
    if (tokens[j]!.norm === "from" && tokens.slice(v + 1, j).some((x) => x.norm === "for")) continue;
    const phrase = tokens.slice(j + 1, j + 5);
    // the last noun of the first run ("into the tool_error claim": the claim)
    const first = phrase.findIndex((o) => isNominal(o, s) && o.pos !== "NUM");
    let h = first;
    // (not past a possessive: "at the top of your list" is the user's list)
    while (
      h >= 0 &&
      phrase[h]!.pos !== "PRON" &&
      phrase[h + 1] !== undefined &&
      isNominal(phrase[h + 1]!, s) &&
      phrase[h + 1]!.pos !== "PRON"
    )
      h++;
    const head = phrase[h];
    // "moved both drafts in the table to the 14:00 window": a destination after the phrase, which names the objects
    const to = j + 2 + h;
    if (head && tokens[to]?.norm === "to" && tokens[to + 1] !== undefined && tokens[to + 1]!.pos !== "VERB") continue;
    // "sitting in the pending list", "out of the job list": a list the pipeline keeps, not the answer's
    const kept = phrase.some(
      (o) =>
        o !== head &&
        (s.pipelineLists.has(o.norm) || (head?.lemma === "list" && o.pos === "NOUN" && isPipelineObject(o, s))),
    );
    if (head && isReadObject(head, s) && !kept) return true;
    // "I've put the two items that need you in bold", "put the error details in a code block": the answer's layout
    if (tokens[j]!.norm !== "from" && phrase.slice(0, 3).some((o) => s.answerFormats.has(o.norm))) return true;
  }
  return false;
}

/** Where what the clause is about starts ("about job-42", "regarding p-12"), or its end. */
function aboutAt(tokens: Token[], v: number, s: Sets): number {
  const k = tokens.findIndex((x, j) => j > v && s.topicWords.has(x.norm));
  return k < 0 ? tokens.length : k;
}

/**
 * Where a subordinate clause or an aside starts from `from` on ("so the reel goes out first", "as you asked",
 * "which means ..."), or the clause's end: a verb there has its own subject.
 */
export function subordinateAt(tokens: Token[], from: number, asidesOnly = false): number {
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

/** Where a clause of purpose or reason starts ("so it stops showing up", "because the list ..."), or the end. */
function purposeAt(tokens: Token[], from: number): number {
  const k = tokens.findIndex(
    (t, j) => j >= from && PURPOSE.has(t.norm) && ["DET", "PRON", "NOUN", "PROPN"].includes(tokens[j + 1]?.pos ?? ""),
  );
  return k < 0 ? tokens.length : k;
}
const PURPOSE = new Set(["so", "because", "since", "which", "while", "when"]);

/** Words that open a subordinate clause before its subject: where a clause ends, grammar kept in code. */
const SUBORDINATE = new Set(["so", "which", "that", "because", "where", "who", "when", "while", "as"]);

/** Words that open an aside of the user's request ("as you asked", "like you said", "per"): grammar kept in code. */
export const ASIDE = new Set(["as", "like", "per"]);

/** Adverbs between a subject and its verb ("I'd already ...", "I just ..."). */
const ADVERBS_BETWEEN = /^(?:just|already|also|now|quickly|finally|then|\p{L}+ly)$/u;

/** "strongest", "best", "newest": an end of an order ("from strongest to weakest"). */
const SUPERLATIVE = /^(?:\p{L}+est|best|worst|most|least)$/u;

/**
 * "by channel", "by topic", "by week": a bare noun after "by" is what the answer groups by; "in order of
 * strength", "from strongest to weakest": the order the answer lists things in.
 */
function byCriterion(tokens: Token[], v: number, s: Sets): boolean {
  return tokens.some(
    (x, j) =>
      j > v &&
      ((x.norm === "by" && tokens[j + 1]?.pos === "NOUN" && !s.amountNouns.has(tokens[j + 1]!.norm)) ||
        (x.norm === "in" && tokens[j + 1]?.norm === "order" && tokens[j + 2]?.norm === "of") ||
        (x.norm === "from" &&
          SUPERLATIVE.test(tokens[j + 1]?.norm ?? "") &&
          tokens[j + 2]?.norm === "to" &&
          SUPERLATIVE.test(tokens[j + 3]?.norm ?? ""))),
  );
}

/** Prepositions between an amount and what it is taken from or added to: the pattern's grammar, kept in code. */
const AMOUNT_PREPOSITIONS = new Set(["off", "from", "to", "onto", "on"]);

/** After the verb: an amount, a preposition, then a pipeline object ("100 off the December budget"). */
function amountOn(tokens: Token[], v: number, s: Sets): boolean {
  let j = v + 1;
  if (tokens[j] && s.objectParticles.has(tokens[j]!.norm)) j++;
  const start = j;
  // "trimmed £30 off the budget", "€1.5k": a currency sign before the figure and a multiplier after it are the amount
  while (
    tokens[j] &&
    (tokens[j]!.pos === "NUM" ||
      /^\d/.test(tokens[j]!.norm) ||
      tokens[j]!.norm === "%" ||
      /^\p{Sc}$/u.test(tokens[j]!.norm) ||
      (j > start && /^(?:k|m|bn)$/.test(tokens[j]!.norm) && /\d$/.test(tokens[j - 1]!.norm)))
  )
    j++;
  if (j === start || !tokens[j] || !tokens.slice(start, j).some((x) => /\d/.test(x.norm))) return false;
  // "shifted €300 of next month's budget to TikTok", "set aside £50 of the spend": a sum of money out of a pipeline object
  const share = tokens[j]!.norm === "of" && /^\p{Sc}$/u.test(tokens[start]!.norm);
  if (!AMOUNT_PREPOSITIONS.has(tokens[j]!.norm) && !share) return false;
  // "moved €100 from TikTok to Instagram": a sum of money taken from or given to a channel is its budget
  if (
    /^\p{Sc}$/u.test(tokens[start]!.norm) &&
    (tokens[j]!.norm === "from" || tokens[j]!.norm === "to") &&
    (tokens[j + 1]?.pos === "PROPN" ||
      // "moved $300 from the Spring line to Summer": a sum taken from one thing and given to another
      (tokens[j]!.norm === "from" && tokens.slice(j + 2, j + 7).some((x) => x.norm === "to" || x.norm === "into")))
  )
    return true;
  return tokens.slice(j + 1, j + 5).some((o) => isPipelineObject(o, s) && o.quote === undefined && o.pos !== "PRON");
}

/** After an object: "in my previous message", "in my last answer": the answer's own text. */
const inOwnMessage = (tokens: Token[], k: number, s: Sets) =>
  ["in", "from", "of"].includes(tokens[k]?.norm ?? "") &&
  tokens[k + 1]?.norm === "my" &&
  tokens.slice(k + 2, k + 4).some((o) => s.answerSelfNames.has(o.norm));

/** After an object: "from your message", "from the note you sent", or "you sent", "you pasted": the user's text. */
function usersText(tokens: Token[], k: number, s: Sets): boolean {
  const next = tokens[k];
  if (next?.norm === "you") return s.userTextVerbs.has(tokens[k + 1]?.lemma ?? "") && isPast(tokens[k + 1]!);
  if (next?.norm !== "from" || !["your", "the"].includes(tokens[k + 1]?.norm ?? "")) return false;
  const source = tokens.slice(k + 2, k + 5).findIndex((o) => s.userTextSources.has(o.lemma));
  if (source < 0) return false;
  // "from the note you sent"; "your message" is the user's by its possessive
  return tokens[k + 1]!.norm === "your" || tokens[k + 3 + source]?.norm === "you";
}
