/**
 * Readings of a clause with an effect that make it no claim, or a confirmation: a label, a dated record's
 * history, a wish or a failed attempt, a list of attributes, a gerund subject, an acknowledged result
 * (docs/validator.md).
 */
import { CLOCK, CURRENCY, isIng, isPast, type Clause, type Token } from "./clauses";
import type { Sets } from "./lexicon";
import { isPipelineObject, objectAfter, pipelineList } from "./objects";
import { creditedDoer, leadWord, otherAgentAfter } from "./agent";
import { ASIDE, subordinateAt } from "./effect";

/**
 * "that's rescheduled", "it's been archived", "all paused now": a pronoun, "be" and a participle, right after an
 * acknowledgement that opens the sentence ("Ta,", "Sure thing -", "Ok,"). Not "Yes, it's scheduled for Friday"
 * (an answer to a question) nor the pronoun alone ("It's scheduled for Friday": the data).
 */
export function acknowledgedResult(clause: Clause, subject: number, v: number, s: Sets): boolean {
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

/**
 * A gerund subject whose verb comes after the clause: "Rescheduling job-77 to 03:30, after the backfill ends,
 * would probably fix it", "Cutting that to 3 and using the slots for reels should pull it back up". The first
 * modal after the clause has no pronoun for its subject; "Retrying job-42 now, it should be done soon" has one.
 */
export function modalLater(clause: Clause, s: Sets): boolean {
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
export function forNow(tokens: Token[], k: number): boolean {
  for (let j = k; j >= 0 && k - j <= 3; j--) {
    const t = tokens[j]!;
    if (t.norm === "until" || t.norm === "till") return true;
    if (t.norm === "for") return ["now", "today", "the", "a"].includes(tokens[j + 1]?.norm ?? "");
    if (isPast(t)) return false;
  }
  return false;
}

/** The participle at v, alone in its clause, is one of a list of describing words before a noun. */
export function attributeList(clause: Clause, v: number, s: Sets): boolean {
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

/** "4 times", "twice", "3x" right after the participle. */
export function frequencyAfter(tokens: Token[], v: number): boolean {
  const [a, b] = [tokens[v + 1], tokens[v + 2]];
  if (!a) return false;
  if (["once", "twice", "thrice"].includes(a.norm) || /^\d+x$/.test(a.norm)) return true;
  return (a.pos === "NUM" || /^\d+$/.test(a.norm)) && b !== undefined && (b.norm === "times" || b.norm === "x");
}

/**
 * An attempt or a wish, not a deed: "I wanted to archive them" (want, hope, wish, mean, intend), or "I tried to
 * requeue it but I don't have permission" (try, attempt, with a later clause that says it failed).
 */
export function unfulfilled(clause: Clause, v: number, s: Sets): boolean {
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
export function subjectBeforeBrackets(clause: Clause): boolean {
  const { sentence, tokens } = clause;
  const at = sentence.indexOf(tokens[0]!);
  const open = sentence.slice(0, at).findLastIndex((x) => x.norm === "(");
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
export function directObject(tokens: Token[], v: number, s: Sets): boolean {
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
export function askedAside(clause: Clause, v: number, s: Sets): boolean {
  const { tokens, sentence } = clause;
  if (subordinateAt(tokens, v + 1, true) < tokens.length) return true;
  let j = sentence.indexOf(tokens.at(-1)!) + 1;
  while (sentence[j]?.pos === "PUNCT") j++;
  const asked = (a: Token | undefined, b: Token | undefined, c: Token | undefined) =>
    a !== undefined &&
    b !== undefined &&
    ASIDE.has(a.norm) &&
    (s.askedWords.has(b.norm) || (b.norm === "you" && c !== undefined && s.askedWords.has(c.norm)));
  // "As requested: the Bluesky key is rotated": the aside may open the sentence, alone before its comma or colon,
  // right before the clause (not "As per records, 4 drafts were approved", "As requested, here are the jobs that
  // were re-queued")
  const at = sentence.indexOf(tokens[0]!);
  const opening = sentence.slice(0, at).filter((x) => x.pos !== "PUNCT");
  if (
    at > 1 &&
    opening.length >= 2 &&
    opening.length <= 3 &&
    sentence[at - 1]!.pos === "PUNCT" &&
    s.askedWords.has(opening.at(-1)!.norm) &&
    opening.at(-1)!.norm !== "per" &&
    asked(opening[0], opening[1], opening[2]) &&
    !tokens.slice(0, v).some((x) => ["that", "which", "who", "here", "there"].includes(x.norm))
  )
    return true;
  return asked(sentence[j], sentence[j + 1], sentence[j + 2]);
}

/**
 * "(Sam)", "(by the integration)", "(Dana, Mon)" right after the clause: who did it, perhaps then when. `named`: a
 * doer a done item is credited to only (creditedDoer), not a channel, a job's kind or a time ("Published (LinkedIn)").
 */
export function bracketedAgentNext(clause: Clause, s: Sets, named = false): boolean {
  const { tokens, sentence } = clause;
  const j = sentence.indexOf(tokens.at(-1)!) + 1;
  if (sentence[j]?.norm !== "(") return false;
  const inside = sentence.slice(
    j + 1,
    sentence.findIndex((x, k) => k > j && (x.norm === ")" || (named && x.norm === ","))),
  );
  const who = inside.filter((x) => x.norm !== "by" && x.pos !== "DET");
  return (
    who.length > 0 &&
    who.length <= 2 &&
    who.every((x) => (named ? creditedDoer(x, s) : (x.pos === "PROPN" || x.pos === "NOUN") && !x.nova))
  );
}

/**
 * 'Boosted: "Autumn box" by Bilal, $20/day', "Template edited: by Jules, 19 Feb": a label of an act whose value
 * names its doer; 'Approved: "Gründerzeit-Villa Tour" (Annika, 11:02 UTC)': or credits one in brackets after it;
 * "Retrying: pipeline, attempt 2 of 3": or is a doer alone. `next` is the clause after the label's colon.
 */
export function creditedLabel(clause: Clause, next: Clause | undefined, s: Sets): boolean {
  const last = clause.tokens.at(-1);
  if (clause.end !== ":" || last === undefined || !(isPast(last) || isIng(last))) return false;
  return (
    otherAgentAfter(next?.tokens ?? [], -1, s) ||
    (next !== undefined && bracketedAgentNext(next, s, true)) ||
    (next?.tokens.length === 1 && ["", ","].includes(next.end) && creditedDoer(next.tokens[0]!, s)) ||
    creditedInValue(clause.sentence.slice(clause.sentence.indexOf(last) + 1), s)
  );
}

/** "approved: {count: 9, by: [Hyun-woo Park, Adaeze Obi]}": a label's value naming its doers after "by", none Nova. */
function creditedInValue(value: Token[], s: Sets): boolean {
  if (value.some((t) => t.nova === true || s.firstPerson.has(t.norm))) return false;
  return value.some((t, k) => {
    if (t.norm !== "by") return false;
    // (a name the tagger misreads is still capitalised: "Hyun-woo Park")
    const who = value.slice(k + 1).find((x) => x.pos !== "PUNCT");
    return who !== undefined && (creditedDoer(who, s) || (/^\p{Lu}/u.test(who.text) && !s.times.has(who.norm)));
  });
}

/** A figure right after the verb, its object ("spent £412", "dropped 30%", "moved 3 times"). */
export function figureAfter(tokens: Token[], v: number): boolean {
  const next = tokens[v + 1];
  return next !== undefined && (next.pos === "NUM" || /^\d/.test(next.norm) || CURRENCY.test(next.norm));
}

/** Right after a participle, the date it happened: "6 Nov", "Nov 6", "yesterday", "last week", "2 hours ago". */
export function datedAfter(tokens: Token[], v: number, s: Sets): boolean {
  // "Posted on 3 Nov", "published at 08:46 on 6 Nov": a preposition may stand before the date
  // ("moved from 15 Apr 19:00 to 16 Apr": where a record was moved from is a date as well)
  const at = ["on", "at", "in", "since", "from"].includes(tokens[v + 1]?.norm ?? "") ? v + 1 : v;
  // "created 1 and 2 Nov": two days of one month
  const two = ["and", "or"].includes(tokens[at + 2]?.norm ?? "") && /^\d/.test(tokens[at + 3]?.norm ?? "") ? 2 : 0;
  const [a, b] = [tokens[at + 1], tokens[at + 2 + two]];
  if (!a) return false;
  // "closed 2024-06-28", "paused since 2024-12-01": an ISO date
  if (/^\d{4}-\d{2}-\d{2}/.test(a.norm)) return true;
  // '"Winter menu is here" (published 09:00 UTC, 3,880 impressions)': the clock time it happened, straight after
  if (at === v && CLOCK.test(a.norm)) return true;
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
    // "updated 2 days ago" (not "Approved post-214 a minute ago": what was done, to its object)
    (tokens.some((x) => x.norm === "ago") && !objectBeforeAgo(tokens, v, s))
  );
}

const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)/;

/** An object after the participle that is not the time itself ("Approved post-214 a minute ago", not "2 hours ago"). */
function objectBeforeAgo(tokens: Token[], v: number, s: Sets): boolean {
  const object = objectAfter(tokens, v, s);
  return object !== null && tokens[tokens.indexOf(object.at(-1)!) + 1]?.norm !== "ago";
}

/**
 * "created this morning", "all created since Monday": a participle dated relative to now, a record's history
 * when nothing marks it done (not "Published this morning!").
 */
export function datedRecently(tokens: Token[], v: number, s: Sets): boolean {
  const at = tokens[v + 1]?.norm === "since" ? v + 1 : v;
  const [a, b] = [tokens[at + 1], tokens[at + 2]];
  if (!a) return false;
  return at > v
    ? WEEKDAY.test(a.norm) || s.times.has(a.norm)
    : (a.norm === "this" && b !== undefined && s.relativeDays.has(b.norm)) ||
        // "(both caption reviews, created today)": "today" and "yesterday" date it as well
        ((a.norm === "today" || a.norm === "yesterday") && b === undefined);
}

/** "Sent for review on 3 Jun": a participle with no object, dated later in its clause (a record's history). */
export function datedLater(tokens: Token[], v: number, s: Sets): boolean {
  if (objectAfter(tokens, v, s) !== null) return false; // "Moved the reel to Friday on 3 Jun" says what was done
  return tokens.some((x, j) => j > v + 1 && (x.norm === "on" || x.norm === "since") && datedAfter(tokens, j - 1, s));
}

/**
 * A gerund that is the subject of a verb after it, naming the action ("so requeueing is off the table",
 * "rotating credentials is beyond what I can do"), not Nova doing it ("I'm rotating the key", "to keep rotating it").
 */
export function gerundSubject(tokens: Token[], v: number, s: Sets): boolean {
  const t = tokens[v]!;
  const prev = tokens[v - 1];
  if (!isIng(t) || (prev && (prev.lemma === "be" || prev.pos === "AUX" || s.firstPerson.has(prev.norm) || prev.nova)))
    return false;
  if (prev && (prev.pos === "VERB" || prev.norm === "to" || prev.pos === "ADV")) return false; // "keep rotating", "now rotating"
  return tokens
    .slice(v + 1)
    .some((x) => x.pos === "AUX" || (x.pos === "VERB" && (x.lemma === "need" || x.lemma === "be")));
}

/** A word for Nova's text: "answer", "message", "figures", "CSV", "table". */
const textNoun = (t: Token, s: Sets) =>
  s.statements.has(t.norm) || s.answerSelfNames.has(t.norm) || s.writtenFormats.has(t.norm);

/** Nova's own text named: "my last answer", "my schedule in JSON", "the CSV I gave you", "the list I sent". */
export function namesOwnText(tokens: Token[], s: Sets): boolean {
  return tokens.some((t, k) => {
    const verb = tokens[k + 2];
    return (
      (t.norm === "my" && tokens.slice(k + 1, k + 4).some((x) => textNoun(x, s))) ||
      (textNoun(t, s) &&
        s.firstPerson.has(tokens[k + 1]?.norm ?? "") &&
        verb !== undefined &&
        isPast(verb) &&
        s.userTextVerbs.has(verb.lemma))
    );
  });
}
