/**
 * Subjects that stand apart from their verbs (docs/validator.md, rounds 26 to 28): a subject, then asides between
 * commas, dashes or brackets, then its verb ("Marco, the workspace owner, approved 37"); a gerund phrase that is a
 * later verb's subject ("Retrying a job while it runs creates a duplicate"); a participle opening a plural subject.
 * Either way the verb has a subject, so it is no subjectless confirmation, and the aside's participle or the gerund
 * is no act under way. And what comes back after asides: Nova ("I — Nova, the assistant here — approved pi_7020") or
 * the object Nova's verb leaves unsaid ("All four held posts — the ones Camille flagged — I released").
 */
import { CLOCK, endsMarked, isIng, isPast, isRecordName, type Clause, type Token } from "./clauses";
import { otherAgentAfter } from "./agent";
import type { Sets } from "./lexicon";
import { isAttributive, isModifier, isPipelineObject } from "./objects";

/** What sets an aside apart: a comma, a dash or a bracket. */
const APART = new Set([",", "—", "–", "(", ")"]);

/** Relative pronouns opening an aside about the subject ("Noor, who covered her queue, ..."). */
const RELATIVES = new Set(["who", "which", "whose", "whom"]);

const DASHES = new Set(["—", "–"]);

const isVerb = (t: Token) => t.pos === "VERB" || t.pos === "AUX";

/**
 * A subject's part: a name, a record or a noun phrase ("Marco", "job_maint_11", "Ines's carousel series"), not
 * Nova, not a time ("This morning, as you asked, ..."), not a clause.
 */
function subjectPart(c: Clause, s: Sets): boolean {
  const [head] = c.tokens;
  const last = c.tokens.at(-1);
  return (
    head !== undefined &&
    last !== undefined &&
    !["ADP", "ADV", "SCONJ", "INTJ", "PUNCT"].includes(head.pos) &&
    c.tokens.every(
      (t) =>
        !isVerb(t) &&
        t.nova !== true &&
        !s.firstPerson.has(t.norm) &&
        (t.pos !== "PRON" || s.possessives.has(t.norm)) &&
        !s.sentenceOpeners.has(t.norm),
    ) &&
    (last.pos === "PROPN" || last.pos === "NOUN" || isRecordName(last)) &&
    !s.relativeDays.has(last.lemma) &&
    !CLOCK.test(last.norm)
  );
}

/** A record or a thing of the pipeline's named ("Goal-7", "job_maint_11", "the recap"), not a quotation. */
const recordNamed = (c: Clause, s: Sets) =>
  c.tokens.some((t) => isRecordName(t) || (t.quote === undefined && isPipelineObject(t, s)));

/** A record's headline: a bare participle with no object or doer after it ("bumped to 900", "archived"). */
const headline = (c: Clause, v: number, s: Sets) => {
  const [verb, next] = [c.tokens[v]!, c.tokens[v + 1]];
  return (
    verb.pos === "VERB" &&
    isPast(verb) &&
    !s.simplePasts.has(verb.norm) &&
    (next === undefined || ["ADP", "ADV", "PART", "PUNCT"].includes(next.pos)) &&
    !otherAgentAfter(c.tokens, v, s) // ("closed by a manual refresh": its doer named)
  );
};

/** Said to be done as asked or for the operator ("as you asked", "per your note", "for you", "on your behalf", "by me"). */
function forTheOperator(tokens: Token[], s: Sets): boolean {
  return tokens.some((t, m) => {
    const [before, after] = [tokens[m - 1]?.norm ?? "", tokens[m + 1]?.norm ?? ""];
    return (
      (s.askedWords.has(t.norm) &&
        (t.norm === "per" ? ["your", "ur"].includes(after) : ["as", "you", "u"].includes(before))) ||
      (t.norm === "your" && after === "behalf") ||
      (t.norm === "for" && ["you", "u", "ya"].includes(after)) ||
      (t.norm === "by" && (s.passiveAgents.has(after) || tokens[m + 1]?.nova === true))
    );
  });
}

/**
 * An aside between a subject and its verb: a noun phrase ("the workspace owner"), a relative clause ("who joined in
 * September"), a phrase led by a preposition or an adverb ("before leaving", "back from leave") or a participle
 * describing the subject ("published in December"); not Nova's own ("as I understand it") nor the user's request
 * ("as you asked"), after which the verb may be Nova's.
 */
function isAside(c: Clause, s: Sets): boolean {
  const [head] = c.tokens;
  if (head === undefined || c.tokens.some((t) => t.nova === true || s.firstPerson.has(t.norm))) return false;
  if (c.tokens.some((t) => s.askedWords.has(t.norm))) return false;
  return (
    !c.tokens.some(isVerb) ||
    RELATIVES.has(head.norm) ||
    ["ADP", "ADV", "SCONJ"].includes(head.pos) ||
    (head.pos === "VERB" && isPast(head))
  );
}

/** The verb a predicate opens with, past adverbs ("still", "also"); -1 when it does not open with one. */
function predicateVerb(c: Clause): number {
  const v = c.tokens.findIndex((t) => t.pos !== "ADV");
  const t = c.tokens[v];
  return t !== undefined && isVerb(t) && !isIng(t) ? v : -1;
}

/**
 * The clauses of a sentence whose verb has a subject set apart before it (`predicates`), and the participles
 * among those asides (`asides`), which describe the subject. A subject opens the sentence or follows a semicolon or a colon;
 * names joined by "and" make one ("Lena and Priya, who between them approved 1,430 items, kept ...").
 */
export function setApart(clauses: Clause[], s: Sets): { predicates: Set<number>; asides: Set<number> } {
  const predicates = new Set<number>();
  const asides = new Set<number>();
  for (let start = 0; start < clauses.length; start++) {
    if (start > 0 && clauses[start - 1]!.end !== ";" && clauses[start - 1]!.end !== ":") continue;
    let k = start;
    while (k + 1 < clauses.length && clauses[k]!.end === "and" && subjectPart(clauses[k]!, s)) k++;
    if (!subjectPart(clauses[k]!, s) || !APART.has(clauses[k]!.end)) continue;
    let j = k + 1;
    const between: number[] = [];
    // (a participle is an aside only when a predicate follows it: "Ines's series, published in December, is ...";
    // "Rosa, the workspace owner, made that change — it's in her note" is the predicate)
    const participleAside = (m: number) =>
      !(isPast(clauses[m]!.tokens[0]!) && clauses[m]!.tokens[0]!.pos === "VERB") ||
      (APART.has(clauses[m]!.end) &&
        clauses[m + 1] !== undefined &&
        APART.has(clauses[m + 1]!.after) &&
        predicateVerb(clauses[m + 1]!) >= 0);
    while (
      j < clauses.length &&
      isAside(clauses[j]!, s) &&
      (APART.has(clauses[j]!.end) || clauses[j]!.end === "and") &&
      participleAside(j)
    )
      between.push(j++);
    const predicate = clauses[j];
    // ("Lucía Torres (operator since 14 Dec): approved 2": a person's name and role in brackets label their acts)
    const named =
      predicate?.after === ":" &&
      clauses[j - 1]!.end === ")" &&
      clauses[k]!.tokens.every((t) => t.pos === "PROPN" && t.quote === undefined);
    if (between.length === 0 || predicate === undefined || !(APART.has(predicate.after) || named)) continue;
    // (not a topic that the verb's object pronoun takes up again: "The draft, 桜ラテ, archived it for you"; nor a
    // verb marked done: "post-4 (the recap) archived ✅"; nor one said to be done as asked or for the operator: "The
    // budget, €400 a month, raised to €500 as you asked"; nor a record's headline, a bare participle: "Goal-7, the
    // clicks goal, bumped to 900")
    const v = predicateVerb(predicate);
    const rest = clauses.slice(j).flatMap((c) => c.tokens);
    if (
      v < 0 ||
      predicate.tokens.some((t) => t.norm === "it" || t.norm === "them") ||
      endsMarked(predicate) ||
      predicate.checked ||
      forTheOperator(rest, s) ||
      (recordNamed(clauses[k]!, s) && headline(predicate, v, s))
    )
      continue;
    predicates.add(j);
    // ("Priya, before leaving, archived pi-290 and handed the approvals to Noor": her verbs after "and" too)
    for (let m = j + 1; m < clauses.length && ["and", "then"].includes(clauses[m]!.lead); m++) {
      if (predicateVerb(clauses[m]!) < 0) break;
      predicates.add(m);
    }
    for (const m of between) if (isPast(clauses[m]!.tokens[0]!) && clauses[m]!.tokens[0]!.pos === "VERB") asides.add(m);
  }
  return { predicates, asides };
}

/** Conjunctions opening a subordinate clause inside a gerund subject's sentence ("while it runs"). */
const SUBORDINATORS = new Set([
  "while",
  "when",
  "if",
  "once",
  "before",
  "after",
  "because",
  "since",
  "until",
  "unless",
]);

/** Words that open a clause of its own inside a gerund's phrase ("... now so it stops", "... as it's stuck"). */
const OWN_CLAUSE = new Set(["so", "as", "because", "since"]);

/** Adverbs before a participle that describes a noun ("posts already published"). */
const ALREADY = new Set(["already", "just", "recently", "previously"]);

/** Question words before a gerund subject ("How scheduling works", "Why retrying fails"). */
const WH = new Set(["how", "why", "when", "where"]);

/** Gerunds of a plan, not an act ("Going to restart it", "Getting ready to archive them"). */
const PLANS = new Set(["go", "get"]);

/** A finite verb: one a subject goes with ("creates", "cost", "doesn't", "would"), not a participle describing a noun. */
function finite(tokens: Token[], v: number, s: Sets): boolean {
  const t = tokens[v]!;
  if (t.pos === "AUX") return t.norm !== "being" && t.norm !== "been" && t.norm !== "to";
  if (t.pos !== "VERB" || isIng(t) || isModifier(tokens, v, s) || isAttributive(tokens, v, s, false)) return false;
  // ("the 5 stuck pending items": a participle after a number or a determiner is attributive)
  if (tokens[v - 1]?.pos === "NUM" || tokens[v - 1]?.pos === "DET") return false;
  // not a relative clause's own verb ("the two that belong to this week's posts")
  return !["that", "which", "who"].includes(tokens[v - 1]?.norm ?? "") && (t.norm !== t.lemma || isPast(t));
}

/** The gerund's own phrase holds its predicate ("Moving the second post by three hours cost it little"). */
function predicateWithin(tokens: Token[], s: Sets): boolean {
  for (let v = 1; v < tokens.length; v++) {
    const t = tokens[v]!;
    // a clause with its own subject begins ("Cancelling job-204 now so it stops consuming quota")
    if (t.pos === "SCONJ" || t.pos === "CCONJ" || OWN_CLAUSE.has(t.norm)) return false;
    if (t.pos === "PRON" && tokens[v + 1] !== undefined && isVerb(tokens[v + 1]!)) return false;
    // ("posts already published": a participle after its adverb describes the noun)
    if (ALREADY.has(tokens[v - 1]?.norm ?? "") && isPast(t)) continue;
    if (finite(tokens, v, s)) return true;
    // "cost" tagged as a noun, then its object
    if (t.pos === "NOUN" && v > 1 && tokens[v + 1]?.pos === "PRON" && s.objectPronouns.has(tokens[v + 1]!.norm))
      return true;
  }
  return false;
}

/** A subordinate clause whose own verb a second finite verb follows ("while it runs creates a duplicate"). */
function predicateAfterSubordinate(tokens: Token[], s: Sets): boolean {
  const own = tokens.findIndex((t) => isVerb(t));
  if (own < 0) return false;
  // its verb group: auxiliaries, then one verb ("is running"; the tagger may call "running" a noun)
  let v = own;
  while (v < tokens.length && ["AUX", "PART", "ADV"].includes(tokens[v]!.pos)) v++;
  if (tokens[v]?.pos === "VERB" || (tokens[v - 1]?.pos === "AUX" && tokens[v]?.pos === "NOUN" && isIng(tokens[v]!)))
    v++;
  for (; v < tokens.length; v++) if (tokens[v]!.pos === "AUX" || finite(tokens, v, s)) return true;
  return false;
}

/**
 * The gerund-led clauses of a sentence that are a later verb's subject: "Retrying a job while it runs creates a
 * duplicate", "Cancelling a metrics_sync mid-run, on the other hand, cost a full day", "Rejecting it, or deleting
 * the post, are the two ways". Not a gerund of progress ("Re-running the two for you now, so post_vv_22 isn't held
 * up": what follows has its own subject).
 */
export function gerundSubjects(clauses: Clause[], s: Sets): Set<number> {
  const subjects = new Set<number>();
  for (let k = 0; k < clauses.length; k++) {
    const c = clauses[k]!;
    // ("How scheduling actually works": a question's word before the gerund)
    const from = WH.has(c.tokens[0]?.norm ?? "") ? 1 : 0;
    const gerund = c.tokens[from];
    if (
      gerund === undefined ||
      !isIng(gerund) ||
      gerund.pos !== "VERB" ||
      PLANS.has(gerund.lemma) ||
      c.lead !== "" ||
      c.checked
    )
      continue;
    if (k > 0 && ![";", "—", "–"].includes(clauses[k - 1]!.end)) continue;
    // gerunds joined by "or" / "and" make one subject
    let last = k;
    while (clauses[last + 1] && ["and", "or"].includes(clauses[last + 1]!.lead) && isIng(clauses[last + 1]!.tokens[0]!))
      last++;
    let found = clauses
      .slice(k, last + 1)
      .some((g, m) => predicateWithin(m === 0 ? g.tokens.slice(from) : g.tokens, s));
    // a verb after the gerund's comma with no aside between goes on with Nova's progress ("Retrying job-311 now,
    // should take a minute"), unless gerunds joined by "or" make the subject ("Rejecting it, or deleting the post, are")
    let asides = last > k;
    // a predicate after a dash closes an aside a dash opened ("Retrying a job — even once — creates a duplicate"),
    // not what follows a progress ("Archiving the drafts now — done by 5")
    let dashed = false;
    for (let j = last + 1; !found && j < clauses.length; j++) {
      const next = clauses[j]!;
      if (SUBORDINATORS.has(next.lead)) {
        found = predicateAfterSubordinate(next.tokens, s);
        if (!found && next.end !== ",") break;
        continue;
      }
      if (!APART.has(next.after)) break;
      const [head] = next.tokens;
      if (head === undefined) break;
      const v = next.tokens.findIndex((t) => t.pos !== "ADV");
      // the predicate after the asides: a verb, or a verb the tagger called a noun before its object
      const verb =
        v >= 0 && (finite(next.tokens, v, s) || (next.tokens[v]!.pos === "NOUN" && next.tokens[v + 1]?.pos === "DET"));
      if (verb && asides && next.after !== "(" && (dashed || !DASHES.has(next.after))) found = true;
      if (verb) break;
      // an aside: a relative clause, a phrase led by a preposition, a bracket, a noun phrase
      if (
        next.lead === "" &&
        !OWN_CLAUSE.has(head.norm) &&
        (RELATIVES.has(head.norm) || head.pos === "ADP" || next.after === "(" || !next.tokens.some(isVerb))
      ) {
        dashed ||= DASHES.has(next.after);
        asides = true;
        continue;
      }
      break;
    }
    if (found) for (let m = k; m <= last; m++) subjects.add(m);
  }
  return subjects;
}

/**
 * "Deleted published posts keep their last metrics", "Archived drafts stay for 30 days": a participle opening a
 * bare noun phrase, the subject of the present verb after it, describes those records.
 */
export function participleSubject(c: Clause): boolean {
  const [participle] = c.tokens;
  if (
    participle === undefined ||
    (participle.pos !== "VERB" && participle.pos !== "ADJ") ||
    !isPast(participle) ||
    c.lead !== "" ||
    c.checked
  )
    return false;
  let j = 1;
  // ("Cancelled publish jobs don't ...": a verb's base before a noun is part of the compound)
  while (
    c.tokens[j] !== undefined &&
    (["NOUN", "ADJ", "PROPN"].includes(c.tokens[j]!.pos) ||
      (c.tokens[j]!.pos === "VERB" && (isPast(c.tokens[j]!) || c.tokens[j + 1]?.pos === "NOUN")))
  )
    j++;
  const verb = c.tokens[j];
  const noun = c.tokens[j - 1]!;
  // a plural subject with its verb's base or an auxiliary ("posts keep", "drafts can't"); not "trimmed evening spend
  // by 20%" or "[done] paused newsletter sends", where the tagger's verb is a noun
  const plural = noun.pos === "NOUN" && noun.norm !== noun.lemma && noun.norm.endsWith("s");
  return (
    j >= 2 &&
    plural &&
    verb !== undefined &&
    ((verb.pos === "VERB" && verb.norm === verb.lemma && !isPast(verb)) || (verb.pos === "AUX" && verb.norm !== "to"))
  );
}

/**
 * The clause after asides where the sentence's opening noun phrase or Nova comes back: "All four of the held posts —
 * including the two Camille flagged — I released to the 16:00 batch" (the phrase is the object `I released` leaves
 * unsaid), "I — Nova, the assistant on this workspace — approved pi_7020" (Nova the subject). The asides are closed
 * by the same mark that opened them: a dash, a comma or a bracket.
 */
export function resumed(clauses: Clause[], s: Sets): { at: number; object: Token[] | null } | null {
  const [opening] = clauses;
  if (opening === undefined || !APART.has(opening.end) || opening.tokens.some(isVerb)) return null;
  const close = opening.end === "(" ? ")" : opening.end;
  const at = clauses.findIndex((c, j) => j > 1 && c.after === close);
  const resumedAt = clauses[at];
  if (resumedAt === undefined) return null;
  const self =
    opening.tokens.length === 1 && (opening.tokens[0]!.nova === true || s.firstPerson.has(opening.tokens[0]!.norm));
  if (self) return predicateVerb(resumedAt) >= 0 ? { at, object: null } : null;
  // the object left unsaid: Nova's past with no object after it ("I lowered from 12,000 to 10,000")
  const [who, verb, next] = resumedAt.tokens;
  const thing = opening.tokens.some((t) => isRecordName(t) || (t.quote === undefined && isPipelineObject(t, s)));
  if (
    !thing ||
    who === undefined ||
    verb === undefined ||
    !(who.nova === true || (who.pos === "PRON" && s.firstPerson.has(who.norm))) ||
    verb.pos !== "VERB" ||
    !isPast(verb) ||
    (next !== undefined && !["ADP", "ADV", "PART"].includes(next.pos))
  )
    return null;
  return { at, object: opening.tokens };
}
