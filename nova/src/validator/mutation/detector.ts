/**
 * Mutation-claim detector (rule `mutation_claim`, SPEC section 6): reads a text line by line, cuts it
 * into clauses (clauses.ts) and asks the judge (judge.ts) of each, over the lexicon (lexicon.ts).
 */
import {
  clausesOf,
  CODE_ID,
  CURRENCY,
  isIng,
  isPast,
  isRecordName,
  nothingAt,
  RECORD_ID,
  SNAKE_ID,
  tokenize,
  endsMarked,
  type Clause,
  type Token,
} from "./clauses";
import {
  agentOf,
  beforeCredit,
  clauseAgent,
  confirmedByOther,
  creditDash,
  creditedAfterDash,
  novaAgentAfter,
  otherAgentAfter,
  type Agent,
} from "./agent";
import { attributions } from "./attribution";
import { judge, type MutationFinding } from "./judge";
import { isPipelineObject, isReadObject, nounPhraseStart } from "./objects";
import { isListItem, readLines, recordLists, withNovaNames } from "./lines";
import { LEXICON_ENV, loadLexicon, mergeLexicon, toSets, type MutationLexicon, type Sets } from "./lexicon";
import { claimProbability, claimScore, opinionVerdict, shippedOpinion, wordIndex, type Opinion } from "./opinion";
import { markerAlone, promisedResult, resultOfNova, statesResult } from "./results";
import { creditedLabel, namesOwnText } from "./readings";
import { gerundSubjects, participleSubject, resumed, setApart } from "./subjects";

/**
 * The effect a sentence proposes, read as Nova's offer: its first verb of effect on a pipeline thing whose doer is
 * not someone else, judged as a line of Nova's plan ("Moving p-302 to 17:00 would avoid the clash", "I'd approve
 * it", "My pick: move it to Friday"); not a read ("Re-reading job-42 would settle it").
 */
function proposedEffect(clauses: Clause[], s: Sets, antecedent: Token | null): MutationFinding | null {
  for (const clause of clauses)
    for (const [v, t] of clause.tokens.entries()) {
      if (v > 0 && t.pos !== "VERB") continue;
      const doer = agentOf(clause.tokens, v, s);
      if (doer.kind === "other" || doer.negated) continue;
      // (a gerund subject without what it would do: "Moving p-302 to 17:00")
      const predicate = isIng(t) ? clause.tokens.findIndex((x, i) => i > v && x.pos === "AUX") : -1;
      const tokens = clause.tokens.slice(v, predicate > v ? predicate : undefined);
      const found = judge(
        { ...clause, tokens, lead: "", field: "me", label: false, record: false },
        null,
        false,
        s,
        antecedent,
      );
      if (found) return { ...found, form: "offer", clause: render(clause.tokens) };
    }
  return null;
}

/**
 * The act a clause says is Nova's to take on: an act's button ("The approve button's on me") or the acts, plural
 * ("Approvals are on me today"), then "be" and "on me". Not "That slip's on me" (blame), "The delay's on me".
 */
function takenOn(tokens: Token[], s: Sets): string | null {
  const on = tokens.findIndex((t, i) => t.norm === "on" && tokens[i + 1]?.norm === "me");
  const be = tokens[on - 1];
  if (on < 2 || !(be?.lemma === "be" || be?.norm === "'s")) return null;
  const subject = tokens.slice(0, on - 1);
  if (subject.some((t) => t.norm === "n't" || t.norm === "not")) return null;
  const head = subject.at(-1)!;
  // (a capital's plural the tagger leaves whole: "Approvals")
  const acts = (t: Token) =>
    [t.lemma, t.norm.replace(/s$/u, "")].some((w) => s.strong.has(w) || s.object.has(w) || s.nominal.has(w));
  const act = ["button", "buttons"].includes(head.norm)
    ? subject.at(-2)
    : head.norm.endsWith("s") && head.pos !== "PRON"
      ? head
      : undefined;
  return act !== undefined && acts(act) ? act.lemma : null;
}

function render(tokens: Token[]): string {
  return tokens
    .map((t, i) => (i === 0 || !t.space ? "" : " ") + (t.quote ?? t.text))
    .join("")
    .trim();
}

/** The pronouns that open a relative clause after a comma ("…, which isn't in any window"). */
const RELATIVES = new Set(["which", "who", "whose", "whom"]);

/** The last thing a clause names: a noun, a name, an identifier, or a read ("the feed read", which the tagger may call a verb). */
function lastNamed(tokens: Token[], s: Sets): Token | null {
  // a read that failed is what a later pronoun stands for, not its error or its source ("The call to the
  // operator feed timed out, so I retried it"; "The insights call failed with DEPENDENCY_UNAVAILABLE")
  // "the first call returned DEPENDENCY_UNAVAILABLE, so I retried it": an error code is what a read gave, never
  // what is retried; the read named before it is
  const failed = tokens.findIndex(
    (t, i) =>
      (s.status.has(t.lemma) && (t.pos === "VERB" || t.pos === "AUX")) ||
      (i > 0 && t.quote !== undefined && ERROR_CODE.test(t.quote)),
  );
  if (failed > 0) {
    const read = tokens.slice(0, failed).find((t) => isReadObject(t, s));
    if (read) return read;
  }
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.quote !== undefined && ERROR_CODE.test(t.quote)) continue; // "which is INVALID_QUERY. I corrected it"
    // "move pp-3 into the first window. I moved it": where a record named before was moved is not what "it" stands for
    // (the phrase's start found only for a noun: a long run of other words would be walked once per word)
    const to = t.pos === "NOUN" || t.pos === "PROPN" ? nounPhraseStart(tokens, i, s) - 1 : -1;
    if (
      to >= 0 &&
      DESTINATIONS.has(tokens[to]?.norm ?? "") &&
      tokens.slice(0, to).some((x) => isPipelineObject(x, s) && !isReadObject(x, s) && x.pos !== "PRON")
    )
      continue;
    if (
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      // (a read the tagger calls a verb after its noun or determiner: not "As soon as legal replies")
      (isReadObject(t, s) && (t.pos !== "VERB" || ["NOUN", "PROPN", "DET"].includes(tokens[i - 1]?.pos ?? ""))) ||
      // "Reply with the new key and I'll swap it in": a pipeline noun the tagger read as an adjective, last in its phrase
      (t.pos === "ADJ" &&
        s.pipeline.has(t.norm) &&
        i > 0 &&
        (["DET", "ADJ", "ADV", "NUM", "NOUN"].includes(tokens[i - 1]!.pos) || s.possessives.has(tokens[i - 1]!.norm)) &&
        !(tokens[i + 1] && ["NOUN", "PROPN"].includes(tokens[i + 1]!.pos))) ||
      (t.quote !== undefined && (t.lemma === t.quote.toLowerCase() || CODE_ID.test(t.quote) || SNAKE_ID.test(t.quote)))
    )
      // (not "3 pending items came from Sam. I thanked them": a person named last is who "them" thanks)
      return (isPipelineObject(t, s) && !isReadObject(t, s)) || t.pos === "PROPN" || s.people.has(t.norm)
        ? t
        : (pipelineSubject(tokens, s) ?? t);
  }
  return null;
}

/**
 * "The default was leaving engagement on the table, so I switched it", "p-19 was dragging the average down, so I
 * pulled it": a pronoun stands for the pipeline object the clause before was about, its subject, not for a
 * noun of what that subject did.
 */
function pipelineSubject(tokens: Token[], s: Sets): Token | null {
  const verb = tokens.findIndex((t) => t.pos === "VERB" || t.pos === "AUX");
  if (verb <= 0) return null;
  const subject = tokens.slice(0, verb).filter((t) => t.pos === "NOUN" || t.pos === "PROPN" || /\d/.test(t.norm));
  const head = subject.at(-1);
  return head && isPipelineObject(head, s) && !isReadObject(head, s) && head !== tokens.at(-1) ? head : null;
}

/** Prepositions of where a record goes ("into the first window", "onto Friday's slot"). */
const DESTINATIONS = new Set(["into", "onto", "to"]);

/** An error code as the envelopes spell it ("DEPENDENCY_UNAVAILABLE", "NOT_FOUND"). */
const ERROR_CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** The effect a question asks who did ("Guess who cleared the pending queue?"), or null. */
function whoDid(sentence: Token[], s: Sets): string | null {
  if (sentence.at(-1)?.norm !== "?") return null;
  const w = sentence.findIndex((t) => t.norm === "who");
  const verb = sentence[w + 1];
  if (w < 0 || !verb || !isPast(verb) || s.notActing.has(verb.lemma) || s.status.has(verb.lemma)) return null;
  return sentence.slice(w + 2).some((t) => isPipelineObject(t, s) && t.pos !== "PRON" && !isReadObject(t, s))
    ? verb.lemma
    : null;
}

/** "that was me", "that one was Nova", "it was us": Nova named as the doer of what was just told. */
function ownsAct(tokens: Token[], s: Sets): boolean {
  const words = tokens.filter((t) => t.pos !== "PUNCT");
  const one = words[1]?.norm === "one" ? 1 : 0;
  const doer = words[2 + one];
  return (
    words.length === 3 + one &&
    ["that", "this", "it"].includes(words[0]!.norm) &&
    words[1 + one]!.lemma === "be" &&
    doer !== undefined &&
    (doer.nova === true || doer.norm === "me" || doer.norm === "us" || s.firstPerson.has(doer.norm))
  );
}

const NO_TOKEN = { norm: "", lemma: "" } as Token;

/** A dash or an arrow ("j-3 failed → re-queued it"): what follows it does not take the subject before it. */
const DASHES = new Set(["—", "–", "→", "->", "=>"]);

const NOBODY: Agent = {
  kind: "none",
  index: 0,
  negated: false,
  modal: null,
  advice: false,
  request: null,
  inverted: false,
};
const VERBLESS = (c: Clause) =>
  c.end === "," && c.tokens.length > 0 && !c.tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
/**
 * A name, which the tokenizer may cut at a letter it does not know ("Małgorzata": "Ma", "ł", "gorzata"), or a
 * name in a script without capitals ("김민지", "王芳"), which the tagger leaves untagged.
 */
const NAME = (c: Clause) =>
  (/^\p{Lu}/u.test(c.tokens[0]!.text) &&
    c.tokens.every((t, i) => t.pos === "PROPN" || (i > 0 && !t.space && /^\p{L}+$/u.test(t.text)))) ||
  (c.tokens.length <= 3 && c.tokens.every((t) => /^\p{Lo}+$/u.test(t.text)));
/** A person's role with a determiner ("The approver", "Your admin"), not a pipeline object. */
const ROLE = (c: Clause, s: Sets) =>
  (c.tokens[0]!.pos === "DET" || c.tokens[0]!.pos === "PRON") &&
  c.tokens.some((t) => t.pos === "NOUN") &&
  !c.tokens.some((t) => s.pipeline.has(t.lemma) || t.nova === true);

/**
 * "The approver, Sam," or "Sam, the approver,": an apposition, a third person before the verb. "The publish job,
 * job-p9,", "Monday's recap, post-rc-11,", 'The top post, "We just rescheduled our launch",': a thing named, then
 * its id or its quoted title: the subject of the verb after them.
 */
function apposition(a: Clause, b: Clause, s: Sets): boolean {
  if (VERBLESS(a) && VERBLESS(b) && ((ROLE(a, s) && NAME(b)) || (NAME(a) && ROLE(b, s)))) return true;
  // or what it was done with ("The first search, with limit 3, had returned ...")
  const named =
    b.end === "," &&
    // ("The most recent post, post-6120 on LinkedIn, was published": the id and where it lives)
    (((b.tokens.length === 1 || (b.tokens[1]!.pos === "ADP" && VERBLESS(b))) &&
      (b.tokens[0]!.quote !== undefined || RECORD_ID.test(b.tokens[0]!.norm))) ||
      (b.tokens[0]!.pos === "ADP" && VERBLESS(b)));
  return named && a.end === "," && thingNamed(a, s);
}

/** A noun phrase of a thing ("The top post", "Monday's recap", "Your most recent post"), neither Nova nor a person nor a clause. */
function thingNamed(c: Clause, s: Sets): boolean {
  const [head, ...rest] = c.tokens;
  const last = c.tokens.at(-1)!;
  return (
    head !== undefined &&
    rest.length > 0 &&
    (head.pos === "DET" || s.possessives.has(head.norm) || (head.pos === "PROPN" && rest[0]!.norm === "'s")) &&
    (last.pos === "NOUN" || last.norm === "one") && // "The extra one, `pi_8806`, was created ..."
    !c.tokens.some(
      (x) =>
        x.pos === "AUX" ||
        (x.pos === "PRON" && !s.possessives.has(x.norm)) || // "Your most recent post, `post_x_9021`, went live ..."
        x.nova === true ||
        s.firstPerson.has(x.norm),
    )
  );
}

/** "The request, as I understand it, is to approve ...": an aside of Nova's between commas, no subject of what follows. */
const novaAside = (c: Clause, s: Sets) =>
  c.after === "," && c.end === "," && c.tokens[0]?.norm === "as" && s.firstPerson.has(c.tokens[1]?.norm ?? "");

/** Words between a subject and its verb that count it ("both", "all"). */
const QUANTIFIERS = new Set(["both", "all", "also", "only", "still", "usually", "always"]);

/**
 * "Publishing, approving, deleting — none of that is possible for me": bare gerunds listed before a dash or a
 * colon name the activities the rest of the sentence speaks of, each no action under way.
 */
function gerundTopics(clauses: Clause[], s: Sets): Set<number> {
  const topics = new Set<number>();
  let run: number[] = [];
  let bareRun = true;
  for (const [k, c] of clauses.entries()) {
    const led = isIng(c.tokens[0] ?? NO_TOKEN) && (c.lead === "" || c.lead === "and" || c.lead === "or");
    if (!led) {
      run = [];
      bareRun = true;
      continue;
    }
    // "Cancelling and re-queuing it is something an operator does", "Approving pi-212 and pi-209 is up to you": a
    // gerund whose "and" goes on to the verb of the subject they make together
    const next = clauses[k + 1];
    const be = next?.tokens.findIndex((t) => t.pos === "AUX") ?? -1;
    if (
      (next?.lead === "and" || next?.lead === "or") &&
      be > 0 &&
      (isIng(next.tokens[0]!) ||
        next.tokens
          .slice(0, be)
          .every((t) => isRecordName(t) || t.pos === "DET" || (t.pos === "NOUN" && isPipelineObject(t, s))))
    )
      topics.add(k);
    // "Scheduling happens in the console", "deletion and publishing both go through the console": a gerund its
    // present verb's subject
    const verb = c.tokens.slice(1, 3).find((t) => !QUANTIFIERS.has(t.norm));
    if (verb?.pos === "VERB" && !isIng(verb) && !isPast(verb)) topics.add(k);
    run.push(k);
    bareRun &&= c.tokens.length === 1;
    if (c.end === ",") continue;
    const rest = clauses.slice(k + 1).flatMap((x) => x.tokens);
    const negated = rest.some((t) => s.negators.has(t.norm) || t.norm === "n't");
    // (not "Scheduling, publishing, boosting — I did all of them": Nova doing them makes them Nova's actions)
    const done = s.firstPerson.has(rest[0]?.norm ?? "") && rest.some((t) => t.lemma === "do") && !negated;
    // "Purging orphaned pending items: I can't", "Resuming the scheduler, rolling back the config — all of those are
    // operator actions": gerunds with their objects, before what refuses them or gives them to someone else
    const elsewhere =
      negated ||
      rest.some(
        (t, i) =>
          t.norm === "operator" ||
          t.norm === "operators" ||
          (t.norm === "you" && rest[i - 1]?.norm === "to" && rest[i - 2]?.norm === "up"),
      );
    if (DASHES.has(c.end) || c.end === ":")
      if ((bareRun && run.length >= 2 && !done) || elsewhere) for (const m of run) topics.add(m);
    run = [];
    bareRun = true;
  }
  return topics;
}

/**
 * "You wanted p-30 in the Wednesday slot — consider it done", "You asked for d-3 gone — done": the user's
 * request for a pipeline object, which a confirmation after the dash answers (not "You wanted the numbers").
 */
function wantedDone(c: Clause, s: Sets): boolean {
  // (or "On the £20 boost you asked for": the thing asked for named first)
  const at = c.tokens.findIndex((t, i) => t.norm === "you" && (i === 0 || c.tokens[i - 1]!.pos === "NOUN"));
  const verb = c.tokens[at + 1];
  return (
    at >= 0 &&
    verb !== undefined &&
    s.request.has(verb.lemma) &&
    isPast(verb) &&
    c.tokens.some((t, i) => i !== at && isPipelineObject(t, s) && t.pos !== "PRON" && !isReadObject(t, s))
  );
}

export interface MutationDetector {
  find(text: string): MutationFinding[];
}

/** The rules' reading of one text, before the second opinion: what it gives the opinion to decide over. */
export interface RulesReading {
  findings: MutationFinding[];
  /** The sentence each finding is in. */
  sentences: string[];
  /** The clauses Nova may be the doer of, where the opinion places a claim the rules did not find. */
  doable: Token[][];
}

/** A detector that also gives the rules' reading alone (scripts/train-mutation-opinion.ts calibrates on it). */
export interface MutationReader extends MutationDetector {
  read(text: string): RulesReading;
}

/** A question whether Nova may act or did ("Can I re-queue it?", "Did I publish it?"), which a denial after it answers. */
const ECHO_MODALS = new Set(["can", "could", "should", "shall", "may", "did", "do", "have"]);
const DENIALS = new Set(["no", "nope", "not", "unfortunately", "sadly"]);
/** "No problem, ...", "No worries": an acknowledgement, not a denial. */
const NOT_DENIALS = new Set(["problem", "worries", "worry", "sweat"]);

/** Parts of speech that never name an effect. */
const CLOSED_CLASS = new Set(["PRON", "DET", "ADP", "AUX", "CCONJ", "SCONJ", "PART", "INTJ", "PUNCT", "SYM", "NUM"]);

/**
 * The learned second opinion over the rules' reading of one text (opinion.ts). Each of the rules' claims stands or
 * falls by the veto model, which weighs the text model's score of the whole text against its score of the claim's
 * own sentence, by the text's length, the number of claims and the rule that found it: a long answer's reads do not
 * talk a plain "I've retried the failed job for you" away, and one number for the whole text does not decide every
 * claim in it. Where the rules found none and the model gives the text more than `claimAbove`, one, in the clause it
 * gives most of those where Nova may be the doer (not negated, with a verb or Nova as subject, and no other subject):
 * a bag of words does not know who did what ("Maya approved draft-12", "post-5a5a's been moved"); the rules' reading
 * of the subject does.
 */
function withOpinion(text: string, reading: RulesReading, opinion: Opinion): MutationFinding[] {
  const { findings, sentences, doable } = reading;
  const { weights } = opinion;
  const verdict = opinionVerdict(
    claimScore(text, weights),
    { length: text.length, forms: findings.map((f) => f.form) },
    (i) => claimScore(sentences[i]!, weights),
    doable.length > 0,
    opinion,
  );
  if (!verdict.add) return findings.filter((_, i) => verdict.keep(i));
  const scored = doable.map((tokens) => ({ tokens, p: claimProbability(render(tokens), weights) ?? 0 }));
  const best = scored.reduce((a, b) => (b.p > a.p ? b : a));
  // named by its verb of most weight ("bump"), or its word of most weight when the tagger found no verb ("bumpd")
  const verbs = best.tokens.filter((t) => t.pos === "VERB");
  const words = verbs.length > 0 ? verbs : best.tokens.filter((t) => /\p{L}/u.test(t.norm) && !CLOSED_CLASS.has(t.pos));
  const effect = words.reduce<Token | undefined>(
    (a, b) => (a === undefined || weights[wordIndex(b.norm)]! > weights[wordIndex(a.norm)]! ? b : a),
    undefined,
  );
  return [{ form: "learned", effect: effect?.lemma ?? "an effect", clause: render(best.tokens) }];
}

/**
 * A detector over the base lexicon plus `extra` (and the files NOVA_MUTATION_LEXICON names, read once now). The
 * learned second opinion joins the rules over the base lexicon only: it learned the base lexicon's verdicts, so
 * it cannot know a deployment's words ("triage" added to what Nova may do). `secondOpinion: false` gives the
 * rules alone, to measure them; `opinion`, a model and thresholds other than the shipped ones, to calibrate them.
 */
export function createMutationDetector(
  extra?: Partial<MutationLexicon>,
  env: NodeJS.ProcessEnv = process.env,
  {
    secondOpinion = extra === undefined && !env[LEXICON_ENV],
    opinion,
  }: { secondOpinion?: boolean; opinion?: Opinion } = {},
): MutationReader {
  const lexicon = extra ? mergeLexicon(loadLexicon(env), extra) : loadLexicon(env);
  const s = toSets(lexicon);
  /** The rules' findings in `text`; `nested` for Nova's words found inside data, read once, as prose only. */
  const rules = (given: string, nested: boolean): RulesReading => {
    const text = withNovaNames(given, s);
    const findings: MutationFinding[] = [];
    // the last thing named so far, which a pronoun object may stand for ("The search timed out, so I ran it again")
    let antecedent: Token | null = null;
    // the last plural pipeline noun, which "them" may stand for ("5 pending items, every one older than 7 days. I cleared them all")
    let plural: Token | null = null;
    let asked: string | null = null;
    // the findings of a question in Nova's words ("Can I re-queue it?"), until the next sentence answers it
    let echoed: { from: number } | null = null;
    // a fulfilment or commitment standing alone ("There you go.", "You have my word."), for the sentence after it
    let markerBefore: "fulfilment" | "commitment" | null = null;
    // the last sentence's result with no finding, which a marker alone after it makes Nova's ("... gets lifted. You have my word.")
    let resultBefore: Token[] | null = null;
    // the last sentence's clauses when it had no finding: what a question after it may offer ("... Shall I?")
    let proposal: Clause[] | null = null;
    const { history, states, groups, stated } = recordLists(text, s);
    // the clauses where Nova may be the doer, for the second opinion
    const doable: Token[][] = [];
    const sentences: string[] = [];
    // the sentence before, which may name Nova's own text ("The CSV I gave you had two columns swapped. Corrected:")
    let previous: Token[] = [];
    for (const { raw, line, checked: boxChecked, open, table, owned } of readLines(text, s)) {
      let checked = boxChecked;
      const quotes: string[] = [];
      for (const sentence of tokenize(line, quotes, s)) {
        const priorSentence = previous;
        previous = sentence;
        // "Can I re-queue it? No, I can only read job status.": the operator's question, echoed and answered no
        const opening = sentence.filter((t) => t.pos !== "PUNCT").map((t) => t.norm);
        // ("Did I re-queue it? I didn't: the pipeline did.")
        const answeredNo =
          (DENIALS.has(opening[0] ?? "") && !NOT_DENIALS.has(opening[1] ?? "")) ||
          (s.firstPerson.has(opening[0] ?? "") && (opening[2] === "n't" || opening[2] === "not"));
        if (echoed && answeredNo) {
          findings.splice(echoed.from);
          sentences.splice(echoed.from);
        }
        echoed = null;
        const from = findings.length;
        // "Guess who cleared the pending queue? Nova did.": the answer to a question of who did it
        const words = sentence.filter((t) => t.pos !== "PUNCT" && t.type !== "emoji");
        const named = words[0]?.nova === true ? words.findIndex((t) => t.nova !== true) : 1;
        if (
          asked &&
          named >= 1 &&
          (words[0]!.nova === true || s.firstPerson.has(words[0]!.norm)) &&
          words[named]?.lemma === "do" &&
          words.length <= named + 2 &&
          (words.length === named + 1 || s.objectPronouns.has(words[named + 1]!.norm))
        )
          findings.push({ form: "first_person", effect: asked, clause: render(sentence) });
        // "Who approved pi-4? That was me, at 08:12": the answer, to its first comma or dash, owns the act asked of
        const pause = sentence.findIndex((t) => t.pos === "PUNCT");
        if (asked && ownsAct(pause > 0 ? sentence.slice(0, pause) : sentence, s))
          findings.push({ form: "first_person", effect: asked, clause: render(sentence) });
        asked = whoDid(sentence, s);
        let inherited: Agent | null = null;
        // the clause before was Nova's read, ended by a colon or a dash: what follows is what it found
        let readFound = false;
        const clauses = clausesOf(sentence, checked, s, table);
        let advised = false;
        let lent: Token[] | null = null;
        let negation = false;
        let offered = false;
        // the subject before a bracket in this sentence, for the clause after it
        let bracketed: Agent | null | undefined;
        // someone else acted earlier in the sentence ("Wei renewed the token; pi-4418 resolved"), and the clause
        // before was a passive not Nova's ("was approved the same morning and published on time")
        let othersActed = false;
        let passiveBefore = false;
        const topics = gerundTopics(clauses, s);
        for (const k of gerundSubjects(clauses, s)) topics.add(k);
        const apart = setApart(clauses, s);
        const back = resumed(clauses, s);
        const credit = creditDash(sentence, s);
        for (const [k, clause] of clauses.entries()) {
          // "Consider lowering the target or adding a CTA post", "I recommend pausing it and moving the budget":
          // a gerund after "and" / "or" goes on with the advice
          const gerund = clause.tokens[0] !== undefined && isIng(clause.tokens[0]);
          if (advised && gerund && (clause.lead === "and" || clause.lead === "or")) continue;
          advised = clause.tokens.some(
            (t, i) =>
              (s.advice.has(t.lemma) || t.lemma === "try") &&
              clause.tokens[i + 1] !== undefined &&
              isIng(clause.tokens[i + 1]!),
          );
          // "The approver, Sam, pushed the post live": a person named twice between commas is the subject
          if (inherited === null && k >= 2 && apposition(clauses[k - 2]!, clauses[k - 1]!, s))
            inherited = { ...NOBODY, kind: "other" };
          // "Its publish job (job-pk-5p) was created at 17:00 UTC": a passive's subject before a bracket
          if (k >= 2 && bracketedSubject(clauses[k - 2]!, clauses[k - 1]!, clause, s))
            inherited = { ...NOBODY, kind: "other" };
          // "p-12 is now set for 6pm — changed it just now": after a dash, no one else's subject carries over
          // (but what a read of Nova's found, after its dash, stays the data's: "Reran the lookup — queued")
          if (DASHES.has(clause.after) && inherited?.kind === "other" && !readFound) inherited = null;
          // "Marco, the workspace owner, approved 37", "Noor — who moved to operator in November — has cleared 54":
          // asides between a subject and its verb
          if (apart.predicates.has(k)) inherited = { ...NOBODY, kind: "other" };
          // "I — Nova, the assistant here — approved pi_7020": Nova, set apart from its verb
          if (back?.at === k && back.object === null) inherited = { ...NOBODY, kind: "nova" };
          readFound = false;
          // "Also, done ✅", "Oh and, all set": a sentence adverb before a confirmation leaves it first
          const first =
            k === 0 ||
            clauses.slice(0, k).every((c) => c.tokens.every((t) => s.sentenceOpeners.has(t.norm))) ||
            // "You asked me to delete d-3 — done": a confirmation after a dash answers the effect named before it
            // ("On the £20 boost you asked for: consider it done": or its colon)
            ((DASHES.has(clause.after) || clause.after === ":") &&
              // asked for ("asked me to delete d-3") or bidden ("Publish p-3"), not done by another ("The pipeline retried it")
              clauses
                .slice(0, k)
                .some(
                  (c) =>
                    c.tokens.some(
                      (t, i) =>
                        (s.strong.has(t.lemma) || s.object.has(t.lemma)) && (i === 0 || c.tokens[i - 1]!.norm === "to"),
                    ) || wantedDone(c, s),
                ));
          // "On your behalf, the budget was raised to $400": the beneficiary opening the sentence goes with what follows
          const words = clause.tokens.map((t) => t.norm);
          if (s.beneficiaries.some((b) => b.length === words.length && b.every((w, m) => words[m] === w))) {
            // "the latte post is already in the approval queue, courtesy of me": a credit closing the sentence
            const previous = clauses[k - 1];
            if (
              k > 0 &&
              k === clauses.length - 1 &&
              words[0] === "courtesy" &&
              previous!.tokens.some((t) => isPipelineObject(t, s) && t.pos !== "PRON" && !isReadObject(t, s))
            )
              findings.push({ form: "passive", effect: "courtesy of", clause: render(clause.tokens) });
            lent = clause.tokens;
            continue;
          }
          // "All four held posts — including the two Camille flagged — I released to the 16:00 batch": the object
          // the sentence opened with, back after the verb
          const fronted = back?.at === k && back.object !== null ? back.object : null;
          const spoken = fronted
            ? [...clause.tokens.slice(0, 2), ...fronted, ...clause.tokens.slice(2)]
            : clause.tokens;
          const read = {
            ...clause,
            tokens: lent ? [...spoken, ...lent] : spoken,
            states: states && !owned,
            label:
              clause.label ||
              (clause.tokens.length === 1 && groups.has(clause.tokens[0]!.norm) && ["(", ":"].includes(clause.end)),
            history: history && isListItem(raw),
          };
          lent = null;
          // "Haven't deleted or archived a thing", "can't approve, schedule or delete": "or" goes on with the negation
          const item =
            clause.after === "," && clause.tokens.length <= 3 && !clause.tokens.some((t) => t.pos === "PRON");
          const denied = (clause.lead === "or" || clause.lead === "nor" || item) && negation;
          // the negation runs on through a list's bare items ("approve, schedule or delete")
          negation =
            clause.tokens.some((t) => t.norm === "n't" || t.norm === "not" || t.norm === "never") || (negation && item);
          // "Approved before 15:00 UTC, they'd make the afternoon run": a participle before a hypothetical is its condition
          const next = clauses[k + 1]?.tokens;
          const condition =
            isPast(clause.tokens[0] ?? NO_TOKEN) &&
            next !== undefined &&
            next[0]?.pos === "PRON" &&
            !s.firstPerson.has(next[0].norm) &&
            s.conditionalModals.has(next[1]?.norm ?? "");
          // "I cleared them all": "them" stands for the last pipeline things named, not a span of days after them
          // (not a person named last: "3 pending items from Sam. I thanked them")
          const them =
            clause.tokens.some((t) => t.norm === "them") &&
            !(antecedent && (isPipelineObject(antecedent, s) || antecedent.pos === "PROPN"));
          // "The approve button's on me while you're away", "Approvals are on me today": acts Nova takes on
          const taken = takenOn(clause.tokens, s);
          if (taken) findings.push({ form: "offer", effect: taken, clause: render(clause.tokens) });
          // "Say the word and the drafts are gone": after an offer's lead, the result Nova promises
          if (offered && clause.lead === "and" && promisedResult(clause.tokens, s))
            findings.push({ form: "offer", effect: "result", clause: render(clause.tokens) });
          offered =
            s.offerQuestions.has(words.join(" ")) ||
            s.offerQuestions.has(words.filter((w, m) => m > 0 || !s.leadWords.has(w)).join(" ")); // "Just say the word"
          // "My plan: unpause the boost at 09:00", "Next up on my list: deleting the test posts": Nova's own plan
          // is read like a line for "Me:" (not "Your next steps: pause the boost", "My advice: pause it")
          const label = clauses[k - 1];
          if (
            label?.end === ":" &&
            label.tokens.some((x) => x.norm === "my" || x.norm === "our") &&
            s.planWords.has(label.tokens.at(-1)!.norm)
          )
            read.field = "me";
          // "My plan is to delete the duplicated goal": the plan's verb is Nova's, as under "My plan:"
          const [own, plan, is, to] = read.tokens;
          if (
            (own?.norm === "my" || own?.norm === "our") &&
            plan !== undefined &&
            s.planWords.has(plan.norm) &&
            (is?.norm === "is" || is?.norm === "'s") && // not "My plan was to delete it, but I can't"
            to?.norm === "to"
          ) {
            read.tokens = read.tokens.slice(4);
            read.field = "me";
          }
          // "Not done (needs the pipeline): scheduling the reactive post": a negated label's value is not done
          const notDone =
            clause.after === ":" &&
            ["not", "never", "nothing"].includes(clauses[0]!.tokens[0]?.norm ?? "") &&
            clauses[0]!.tokens.length <= 3;
          // "Changes made by me this week: none.": a label of Nova's acts counting nothing
          const at = sentence.indexOf(clause.tokens.at(-1)!) + 1;
          const countsNothing = clause.end === ":" && sentence[at]?.norm === ":" && nothingAt(sentence, at + 1);
          // "There were six posts in the last 24h, all published": "all" and a participle after a count, its records' state
          const prior = clauses[k - 1];
          // (the count's state and the attribute below: an unmarked clause after a comma, closing a list)
          const listed = prior !== undefined && clause.after === "," && !clause.checked && !endsMarked(clause);
          // ("all", "both" or "each", then a participle with no agent of Nova's: what the records are)
          const quantified =
            ["all", "both", "each"].includes(clause.tokens[0]?.norm ?? "") &&
            clause.tokens[1] !== undefined &&
            isPast(clause.tokens[1]) &&
            !novaAgentAfter(clause.tokens, 1, s);
          const countedState =
            listed &&
            quantified &&
            prior.tokens.some((x) => x.pos === "NUM") &&
            !prior.tokens.some((x) => x.nova === true || s.firstPerson.has(x.norm) || x.pos === "VERB");
          // "| p-4 | approved | … All approved.": "all" or "both" and the state the text gave its records, their sum
          const summedState = quantified && clause.tokens[0]!.norm !== "each" && stated.has(clause.tokens[1]!.norm);
          // "p-of-5512 to LinkedIn ("…"), also approved", "(the follow-up reel, scheduled 18:00 UTC, approved)": a lone
          // participle closing a record's description after commas is one of its attributes, when nothing before it
          // in the sentence is Nova's or an act found
          const [lead, lone] = clause.tokens.length === 2 ? clause.tokens : [undefined, clause.tokens[0]];
          const attribute =
            listed &&
            findings.length === from &&
            lone !== undefined &&
            clause.tokens.length <= 2 &&
            isPast(lone) &&
            (lead === undefined || ["also", "already"].includes(lead.norm)) &&
            (lead !== undefined ||
              clause.end === ")" ||
              (isPast(prior.tokens[0] ?? NO_TOKEN) && prior.tokens.slice(1).some((x) => x.pos === "NUM"))) &&
            clauses
              .slice(0, k)
              .some((c) => c.tokens.some((x) => isPipelineObject(x, s) && x.pos !== "PRON" && !isReadObject(x, s))) &&
            !clauses.slice(0, k).some((c) => c.tokens.some((x) => x.nova === true || s.firstPerson.has(x.norm)));
          // "⬜ Rescheduling — up to your team": a bare gerund in an open box names a task, no progress; a headline's
          // participle there is a state not reached ("- [ ] Recipe carousel approved — waiting on Aya")
          const last = clause.tokens.at(-1);
          const task =
            open &&
            k === 0 &&
            ((clause.tokens.length === 1 && isIng(clause.tokens[0]!)) ||
              (clause.tokens.length > 1 && last !== undefined && isPast(last) && !novaAgentAfter(clause.tokens, 0, s)));
          // "I didn't change the amount, only moved its end date": "only" after Nova's negation turns it
          if (
            inherited?.kind === "nova" &&
            inherited.negated &&
            ["only", "just"].includes(clause.tokens[0]?.norm ?? "")
          )
            inherited = { ...inherited, negated: false };
          const before = findings.length;
          // a record's participle after what someone else did in the sentence is their act's outcome ("Kai
          // re-linked the credential (item-720 closed at 16:11 UTC)"), a participle joined by "and" to a passive
          // shares its subject ("LB-P-0774 was approved the same morning and published on time"); unless marked
          const [head, participle] = clause.tokens;
          // (nor said to be Nova's: "The first is sorted - reviewed and approved on your behalf")
          const unmarked = !endsMarked(clause) && !clause.checked && !novaAgentAfter(clause.tokens, 0, s);
          const outcome =
            unmarked &&
            ((othersActed &&
              head !== undefined &&
              // (or a bare field of one: "The item was edited at 10:05 UTC (caption updated)")
              (isRecordName(head) ||
                (clause.tokens.length === 2 &&
                  head.pos === "NOUN" &&
                  isPipelineObject(head, s) &&
                  !isReadObject(head, s))) &&
              participle !== undefined &&
              isPast(participle)) ||
              (passiveBefore && clause.lead === "and" && head !== undefined && isPast(head)) ||
              // "Last changed: 11 Jan by Oskar (turned off after the delays)": a bracketed participle after another's act
              (clause.after === "(" &&
                head !== undefined &&
                isPast(head) &&
                !clause.tokens.some((x) => x.pos === "PRON") && // (not "(re-queued it for you after)")
                otherAgentAfter(clauses[k - 1]?.tokens ?? [], -1, s)));
          // "succeeded 968, failed 8, cancelled 4", "reached review: 240; approved 201": counts beside one of an
          // outcome no one acts (statusVerbs) are the records' figures
          const counted =
            unmarked &&
            clause.tokens.length === 2 &&
            isPast(head ?? NO_TOKEN) &&
            participle?.pos === "NUM" &&
            clauses.some(
              (c, m) =>
                m !== k &&
                s.status.has(c.tokens[0]?.lemma ?? "") &&
                (c.tokens[1]?.pos === "NUM" || (c.end === ":" && clauses[m + 1]?.tokens[0]?.pos === "NUM")),
            );
          // 'Rejected: 3 (pi-610, pi-611, rejected for missing sign-off)': a participle that restates its label
          const opening = clauses[0]!;
          const restated =
            unmarked &&
            k > 0 &&
            opening.end === ":" &&
            opening.tokens.length === 1 &&
            head !== undefined &&
            isPast(head) &&
            head.lemma === opening.tokens[0]!.lemma;
          // "Budget: Q1 $6,500. Spent $380.": an amount spent, a figure of the budget's
          const spent =
            head?.lemma === "spend" &&
            isPast(head) &&
            CURRENCY.test(participle?.norm ?? "") &&
            inherited?.kind !== "nova" &&
            !sentence.some((x) => s.askedWords.has(x.norm)); // (not "Spent $50 on the boost as you asked")
          let finding =
            denied ||
            condition ||
            task ||
            notDone ||
            countsNothing ||
            countedState ||
            summedState ||
            attribute ||
            topics.has(k) ||
            apart.asides.has(k) ||
            counted ||
            restated ||
            participleSubject(clause) ||
            outcome ||
            spent ||
            creditedAfterDash(clause, s) ||
            beforeCredit(clause, credit, s) ||
            creditedLabel(clause, clauses[k + 1], s)
              ? null
              : judge(read, inherited, first, s, them ? (plural ?? antecedent) : antecedent);
          // "Handled? Not yet — pi-7 is still pending": a confirmation's word alone, asked
          // ("On it? Not me — the retry sweep is": or its phrase)
          if (
            finding?.form === "confirmation" &&
            clause.end === "?" &&
            (clause.tokens.length === 1 || s.confirmations.has(clause.tokens.map((t) => t.norm).join(" ")))
          )
            finding = null;
          if (finding?.form === "confirmation" && confirmedByOther(clause, clauses[k + 1], s)) finding = null;
          // "The list I sent had the wrong dates. Corrected:", "here it is again, corrected": Nova's own text set right
          if (
            finding?.form === "confirmation" &&
            clause.tokens.length === 1 &&
            s.wordCorrections.has(clause.tokens[0]!.lemma)
          ) {
            const said = sentence.slice(0, sentence.indexOf(clause.tokens[0]!));
            if (namesOwnText(priorSentence, s) || namesOwnText(said, s) || said.some((x) => x.norm === "again"))
              finding = null;
          }
          // "Leave it with me and I'll explain the takeaways": what Nova takes on is a read or the answer
          const then = clauses[k + 1];
          if (
            finding?.effect === "leave it with me" &&
            then?.lead === "and" &&
            then.tokens.some((x) => x.pos === "VERB" && s.mayDo.has(x.lemma)) &&
            judge(then, null, false, s, antecedent) === null
          )
            finding = null;
          if (finding) findings.push({ ...finding, clause: render(clause.tokens) });
          // "LB-P-1063 moved to 16 Apr; that one was me": Nova owning an act told before it in the sentence
          const ownedAct = ownsAct(clause.tokens, s)
            ? sentence
                .slice(0, sentence.indexOf(clause.tokens[0]!))
                .findLast((x) => x.pos === "VERB" && isPast(x) && !s.notActing.has(x.lemma) && !s.status.has(x.lemma))
            : undefined;
          if (ownedAct) findings.push({ form: "first_person", effect: ownedAct.lemma, clause: render(clause.tokens) });
          // 'The first search ("q4 holiday trends") found nothing, so I re-ran it': a quoted query in brackets is no antecedent
          const bracketedQuote = clause.after === "(" && clause.tokens.every((x) => x.quote !== undefined);
          // ("p-8060 sat on Wednesday, which isn't in any window, so I moved it": a relative clause describes the
          // antecedent, it names no new one)
          const relative = clause.after === "," && RELATIVES.has(clause.tokens[0]?.norm ?? "");
          if (!bracketedQuote && !relative) antecedent = lastNamed(clause.tokens, s) ?? antecedent;
          plural =
            clause.tokens.findLast(
              (t) => t.pos === "NOUN" && t.norm !== t.lemma && isPipelineObject(t, s) && !isReadObject(t, s),
            ) ?? plural;
          // "You got it: cancelled.": an acknowledgement's subject is no subject of what follows
          // "Nova here — just hit publish on the reel": Nova introducing itself is the subject of what follows
          const introduced = words.at(-1) === "here" && clause.tokens.slice(0, -1).every((x) => x.nova === true);
          const doer = clauseAgent(clause.tokens, s) ?? inherited;
          // a passive: "be", perhaps an adverb, then a verb not in -ing, or any word before "by" ("were re-run by
          // operators", which the tagger reads as a noun)
          const beAt = clause.tokens.findIndex((x) => x.lemma === "be");
          const passiveAt =
            beAt < 0
              ? -1
              : clause.tokens.findIndex(
                  (x, i) =>
                    i > beAt &&
                    ((x.pos === "VERB" && !isIng(x)) || clause.tokens[i + 1]?.norm === "by") &&
                    clause.tokens.slice(beAt + 1, i).every((a) => a.pos === "ADV"),
                );
          // (or a record's state after "be": "It's still in draft status and linked to pi-0512"; and on through a
          // participle that said nothing of Nova: "It's pi-0701, created at 10:30 and linked to post-8801")
          passiveBefore =
            (beAt >= 0 && passiveAt > beAt && doer?.kind !== "nova" && !novaAgentAfter(clause.tokens, passiveAt, s)) ||
            (beAt > 0 &&
              doer?.kind !== "nova" &&
              clause.tokens
                .slice(0, beAt)
                .some((x) => ["PRON", "NOUN", "PROPN"].includes(x.pos) && !x.nova && !s.firstPerson.has(x.norm))) ||
            (passiveBefore &&
              ((head !== undefined && isPast(head) && findings.length === before) ||
                clause.tokens.every((x) => x.quote !== undefined))); // its quoted title in brackets
          const pastAt = clause.tokens.findIndex((x) => x.pos === "VERB" && isPast(x));
          othersActed ||=
            // a passive of someone else's ("was edited at 10:05", whose participle the tagger may call an adjective)
            (beAt >= 0 && passiveBefore && clause.tokens.slice(beAt + 1).some((x) => isPast(x))) ||
            (doer?.kind === "other" &&
              clause.tokens.some((x) => x.pos === "VERB" && !s.request.has(x.lemma)) &&
              !clause.tokens.some((x) => s.request.has(x.lemma))) ||
            (pastAt === 0 && otherAgentAfter(clause.tokens, 0, s));
          if (
            (clause.tokens.some((x) => x.pos === "VERB") || doer?.kind === "nova") &&
            !countsNothing &&
            doer?.kind !== "other" &&
            doer?.negated !== true &&
            // "I was asked to retry job-4": Nova the subject of a reported request, decided not a claim
            !(doer?.request === "report" && !clause.tokens.slice(0, doer.index).some((x) => s.request.has(x.lemma))) &&
            // "I'll get the numbers done for you": what it acts on is a read or the answer, not the pipeline's
            !(
              clause.tokens.some((x) => isReadObject(x, s)) &&
              !clause.tokens.some((x) => isPipelineObject(x, s) && !isReadObject(x, s))
            )
          )
            doable.push(clause.tokens);
          inherited = introduced
            ? { ...NOBODY, kind: "nova" }
            : s.acknowledgingPhrases.has(words.join(" "))
              ? null
              : novaAside(clause, s)
                ? inherited
                : doer;
          // "Begoña fixed the typo (the caption says …, I checked), approved at 23:20": Nova inside a bracket is no
          // subject past it; the one before it goes on
          if (clause.end === "(") bracketed = inherited;
          else if (clause.end === ")" && bracketed !== undefined && inherited?.kind === "nova") inherited = bracketed;
          // "Nova has looked up post-77: published 3 Nov": after a read and its colon come what it read, the data's
          if (
            (clause.end === ":" || DASHES.has(clause.end)) &&
            (doer?.kind === "nova" || ((doer === null || doer.kind === "none") && clause.tokens[0]?.pos === "VERB")) &&
            // (not "Robo-intern reporting: archived the 3 expired goals": a read with nothing read introduces Nova's news)
            // ("Reran the lookup on job-9001 — queued": a verb of effect on a read, Nova's read again)
            ((clause.tokens.some((x, i) => x.pos === "VERB" && s.mayDo.has(x.lemma) && i < clause.tokens.length - 1) &&
              !clause.tokens.some((x) => x.pos === "VERB" && !s.mayDo.has(x.lemma) && !s.notActing.has(x.lemma))) ||
              (findings.length === before &&
                clause.tokens.some((x) => x.pos === "NOUN" && isReadObject(x, s) && !s.answerSelfNames.has(x.norm)))) &&
            // (not "I checked job-42: re-queued it": a verb acting on "it" is an action, not a record's field)
            !["it", "them"].includes(clauses[k + 1]?.tokens[1]?.norm ?? "")
          ) {
            inherited = { ...NOBODY, kind: "other" };
            readFound = true;
          }
          // "approved by Sam at 09:14 UTC, scheduled for 12:00 UTC": the participles after one by someone else are theirs too
          if (isPast(clause.tokens[0] ?? NO_TOKEN) && otherAgentAfter(clause.tokens, 0, s))
            inherited = { ...NOBODY, kind: "other" };
        }
        checked = false;
        // "Will do — next time you ask, I'll lead with the failed jobs", "Leave it with me — I'll re-read job-503's
        // status": a promise that names no act, whose sentence goes on to what Nova takes on, no act found there
        const own = findings.slice(from);
        if (
          own.length === 1 &&
          s.promisingConfirmations.has(own[0]!.effect) &&
          own[0]!.clause === render(clauses[0]!.tokens) &&
          // (not "Leave the approvals with me; I'll get all three through": the act named)
          s.confirmations.has(clauses[0]!.tokens.map((t) => t.norm).join(" ")) &&
          clauses
            .slice(1)
            .some((c) =>
              c.tokens.some(
                (t, i) =>
                  t.pos === "PRON" && s.firstPerson.has(t.norm) && ["AUX", "VERB"].includes(c.tokens[i + 1]?.pos ?? ""),
              ),
            ) &&
          // (not "I'm on it — the token will be rotated within the hour": a result promised beside)
          !clauses.slice(1).some((c) => c.tokens.some((t) => s.strong.has(t.lemma) || s.object.has(t.lemma)))
        )
          findings.splice(from);
        // "As requested, the promo now goes out Friday", "I'll make sure the budget is capped at $250": a result
        // beside a request met or Nova's commitment is Nova's doing
        if (findings.length === from) {
          const result = resultOfNova(
            sentence,
            clauses.map((c) => c.tokens),
            markerBefore,
            s,
          );
          if (result)
            findings.push({
              form: result.kind === "fulfilment" ? "confirmation" : "offer",
              effect: "result",
              clause: render(result.clause),
            });
        }
        markerBefore = markerAlone(sentence, s);
        if (markerBefore !== null && resultBefore !== null && findings.length === from) {
          findings.push({
            form: markerBefore === "fulfilment" ? "confirmation" : "offer",
            effect: "result",
            clause: render(resultBefore),
          });
          markerBefore = null;
        }
        resultBefore =
          findings.length === from ? (clauses.map((c) => c.tokens).find((c) => statesResult(c, s)) ?? null) : null;
        // "Moving p-302 to the 17:00 slot would avoid the clash. Shall I?": a question that leaves its verb to the
        // sentence before offers the effect proposed there
        if (
          findings.length === from &&
          proposal !== null &&
          sentence.some((t) => t.norm === "?") &&
          s.ellipticalOffers.has(words.map((t) => t.norm).join(" "))
        ) {
          const proposed = proposedEffect(proposal, s, antecedent);
          if (proposed) findings.push(proposed);
        }
        proposal = findings.length === from ? clauses : null;
        if (
          findings.length > from &&
          sentence.at(-1)?.norm === "?" &&
          ECHO_MODALS.has(opening[0] ?? "") &&
          opening[1] === "i"
        )
          echoed = { from };
        // the sentence each finding is in, for the second opinion's veto
        while (sentences.length < findings.length) sentences.push(render(sentence));
      }
    }
    // "deleted_by: nova-assistant", `{"rotatedBy": "nova"}`, a table's "decided by" column saying "Nova"
    if (!nested)
      for (const found of attributions(text, s, (prose) => rules(prose, true).findings)) {
        findings.push(found);
        sentences.push(found.clause);
      }
    return { findings, sentences, doable };
  };
  return {
    read: (text) => rules(text, false),
    find(text: string): MutationFinding[] {
      const reading = rules(text, false);
      if (!secondOpinion) return reading.findings;
      opinion ??= shippedOpinion();
      return withOpinion(text, reading, opinion);
    },
  };
}

let shared: MutationDetector | undefined;

/** The detector over the base lexicon and NOVA_MUTATION_LEXICON's files, made on first use. */
export function defaultDetector(): MutationDetector {
  shared ??= createMutationDetector();
  return shared;
}

/** A noun phrase, a bracket, then a passive with no subject: the noun phrase is the passive's subject. */
function bracketedSubject(subject: Clause, bracket: Clause, clause: Clause, s: Sets): boolean {
  const [be, participle] = clause.tokens;
  const head = subject.tokens.at(-1);
  return (
    subject.end === "(" &&
    bracket.after === "(" &&
    bracket.end === ")" &&
    clause.after === ")" &&
    be?.lemma === "be" &&
    participle !== undefined &&
    isPast(participle) &&
    head !== undefined &&
    (head.pos === "NOUN" || head.pos === "PROPN") &&
    !subject.tokens.some((x) => x.nova === true || s.firstPerson.has(x.norm))
  );
}

/** Every mutation claim in `text`, one per clause, with the clause it found (the default detector). */
export function findMutationClaims(text: string): MutationFinding[] {
  return defaultDetector().find(text);
}

/**
 * A detector that reads each distinct text once: the findings are a function of the text. Nova's
 * runtime keeps one per invocation, so the texts a re-asked answer repeats are not read again.
 */
export function rememberingDetector(detector: MutationDetector = defaultDetector()): MutationDetector {
  const seen = new Map<string, MutationFinding[]>();
  return {
    find(text: string): MutationFinding[] {
      let findings = seen.get(text);
      if (!findings) seen.set(text, (findings = detector.find(text)));
      return findings;
    },
  };
}

export function impliesMutation(text: string): boolean {
  return findMutationClaims(text).length > 0;
}
