/**
 * The mutation detector's lexicon (docs/validator.md): the words that matter, as data in lexicon.json,
 * which a deployment extends with NOVA_MUTATION_LEXICON, and what a word form stands for (its lemma,
 * a misspelt effect, a prefixed read).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import BASE_LEXICON from "./lexicon.json";

const words = z.array(z.string());
/**
 * Word sets the detector reads as they are: `Sets` holds each under its own key, lower case, a phrase's
 * words single-spaced (so that a deployment's file matches however it is spelt). Grouped by the file that reads them.
 */
const wordSets = {
  // Tokens and clauses (clauses.ts, detector.ts)
  /** Words of degree that make a hyphenated participle an adjective ("most-shared", "best-performing", "newly-archived"). */
  degreeWords: words,
  /** Words of an acknowledgement before a dash, which open a confirmation rather than name a record ("Sure thing - retried it"). */
  acknowledgementWords: words,
  /** Possessive determiners: a noun phrase goes on after one ("your post"). */
  possessives: words,
  /** Pronouns that stand for an object named before ("update that", "archived them", "did both"). */
  objectPronouns: words,
  /** Demonstratives: before a number or a noun they open a noun phrase ("those two drafts", "knock that campaign on the head"). */
  demonstratives: words,
  /** Words that open a jokey self-reference before its describing words and head ("your trusty bot", "ur friendly AI"). */
  selfReferenceDeterminers: words,
  /** Heads of a self-reference after a word of machines ("your AI pal", "your digital intern", "your bot buddy"). */
  selfReferenceCompanions: words,
  /** Words of machines, besides the heads, that make a companion Nova ("your digital intern", "a virtual pal"). */
  selfReferenceMachineWords: words,
  /** Places of the chat after a self-reference that are Nova's too ("the bot in the corner", "the assistant on this thread"). */
  selfReferencePlaces: words,
  /** Phrases saying a request was met ("as requested", "per your ask", "there you go"): a result beside one is Nova's doing. */
  fulfilmentMarkers: words,
  /** Phrases of Nova's commitment ("I'll make sure", "you have my word", "I'm on it"): a result promised beside one is Nova's. */
  commitmentMarkers: words,
  /** Relative clauses after a self-reference that point to Nova ("the bot you're talking to"), contractions written joined. */
  selfReferenceRelatives: words,
  /** Asides in brackets that say the noun phrase before them is Nova ("The assistant (that's me) reset it"), contractions written joined. */
  selfIdentifications: words,
  /** Sentence adverbs that leave a confirmation after them first in its sentence ("Also, done ✅", "Oh and, all set"). */
  sentenceOpeners: words,
  // Who the agent is (agent.ts)
  /** Words that may stand before a confirmation or an offer without changing it ("Ok, retried it", "Sure, happy to requeue it"). */
  leadWords: words,
  /** Words that may stand before an offer's lead ("More than happy to", "Really glad to"). */
  intensifiers: words,
  /** Words opening a short aside between an offer's lead and its verb ("Ready when you are to purge the drafts"). */
  offerAsides: words,
  /** Modals that make Nova's verb an offer or a promise ("I'll requeue it", "Can I retry it?"); other modals advise. */
  offerModals: words,
  /** Words that make a future of the verb after them, spelt as one word ("I'm gonna restart it"). */
  futureContractions: words,
  /** Verbs before "we" or "that we" that advise the operator's team ("I'd suggest we move it to 6pm"). */
  suggestingVerbs: words,
  /** Nouns of a light verb before a gerund ("took the liberty of moving", "had a go at requeueing"). */
  lightNouns: words,
  /** What stands before a gerund to say it is under way ("Working on raising the ad cap", "Busy clearing the stuck items"), or a subjectless past of a light verb then the action ("Took the liberty of archiving the stale drafts"). */
  progressLeads: words,
  /** Subordinators: a subjectless participle after one states a condition, not a confirmation ("Once approved, ..."). */
  subordinators: words,
  // The verb's effect and its object (effect.ts, objects.ts)
  /** Particles of a phrasal verb between the verb and its object ("tidied up the queue", "swapped out the key", "locked in the slot"). */
  objectParticles: words,
  /** States after "get" or "have" and a pipeline object that stand for the effect ("get it back in the queue", "have the post live", "got job-42 running"). */
  resultStates: words,
  /** Objects that name people, not pipeline objects ("moved the team", "sent you"). */
  people: words,
  /** Read nouns that are also the pipeline's items (replies awaiting approval): a verb that never acts on a read keeps them as its object. */
  replyObjects: words,
  /** Verbs that make one kind of post into another when "to" or "into" a published kind follows ("converted the two drafts to carousels"). */
  convertVerbs: words,
  /** Nouns after "this" that name the answer itself ("at the end of this message"): a place in the answer, not the pipeline. */
  answerSelfNames: words,
  /** The answer's own formatting after "in" or "into" ("put the two items in bold", "in a code block"): laying out the answer, not moving a record. */
  answerFormats: words,
  /** Formats after "as" that the answer's text is written in ("written the pending list as CSV", "as a table"). */
  writtenFormats: words,
  /** Endings joined to "Nova" that still name Nova ("NovaBot", "Nova-chan", "nova_ai"); not "nova-tools", a command. */
  novaNameSuffixes: words,
  /** Words before "request" that make it a request for approval, a pending item and no read ("the approval requests", "the sign-off request"). */
  approvalRequestKinds: words,
  /** Pipeline nouns that hold many things, which sorting orders ("sorted the queue"); one record has no order, so sorting it is handling it. */
  collections: words,
  /** Words that give sorting an order ("by date", "newest first", "alphabetically"): with one, "sort" orders a read; without, it handles. */
  sortCriteria: words,
  /** Where a published thing is pulled from to take it down ("pulled both of them from the schedule"). */
  takeDownPlaces: words,
  /** Channels a single post is pulled from ("pulled it from LinkedIn"); a plural is read from them. */
  takeDownChannels: words,
  /** What the user's own text comes in ("from your message"): an object from one is no record. */
  userTextSources: words,
  /** What the user did with their own text ("the caption you sent"): an object so described is no record. */
  userTextVerbs: words,
  /** Verbs that rework text: on the user's own text, they write the answer. */
  textEdits: words,
  /** Verbs of saying: in the past, before a clause of Nova's act, they report words ("I said I'd fixed it"), not the act. */
  speechVerbs: words,
  /** Verbs of offering: in the past, before "to", they report an offer made earlier ("I offered to pull the post"). */
  reportedOffers: words,
  /** Verbs of setting Nova's own words right ("correct that", "retract my claim"): on what Nova said, no record. */
  wordCorrections: words,
  /** Nouns naming what Nova said ("the sentence", "the impression I gave", "my wording"), which a correction acts on. */
  statements: words,
  /** Objects that are time spent, not things acted on ("spent a moment on it", "took a look"). */
  durations: words,
  /** Words that start what a clause is about ("cleared up the confusion about job-42"): what follows is no object. */
  topicWords: words,
  /** Nouns after "by" that are an amount, not a grouping criterion ("cut by half", not "split by channel"). */
  amountNouns: words,
  /** Words between a determiner and a verb's base form that make it a named action ("checked the last retry"). */
  ordinals: words,
  /** Kinds of record whose ids may be words after a hyphen ("goal-ctr", "goal-ig-followers"): such an id names a record. */
  recordKinds: words,
  /**
   * What Nova reads from, not a read itself ("the feed", "the job status"): a verb in `rereadVerbs` on it, or on a
   * pronoun standing for it, is Nova's own read again ("I hit the feed one more time", "Refreshed the job status").
   */
  readSources: words,
  /** Verbs that do a read again when their object is one of `readSources` or a read ("hit", "refresh", "retry"). */
  rereadVerbs: words,
  // Readings that are no claim (readings.ts)
  /** Particles that may close a bare confirmation ("Pencilled in!", "Locked down ✅"). */
  closingParticles: words,
  /** Words before a colon whose value is a record's state or a topic, not a confirmation ("Status: cancelled"). */
  stateFields: words,
  /** States after a record's id that make a text a list of records' states ("job-31 succeeded", "p-70 draft", "job-18: running"): a participle after an id there is a state as well ("job-32 queued", "p-72 published"). */
  recordStates: words,
  /** Acknowledgements of a request that open a sentence before its result ("Ta, that's rescheduled"); not answers to a question: "Yes", "Sure", "Thanks" may open data. */
  acknowledgingPhrases: words,
  /** Heads of a label naming Nova's plan after "my" or "our" ("My plan:", "Next up on my list:"): the lines under it are Nova's to do. */
  planWords: words,
  /** Verbs after a bare mark and its participle that make the participle the subject ("Approved ✔ means ...", "Scheduled 🕒 shows ..."). */
  markPredicates: words,
  /** Simple pasts unlike their participles ("ran", not "run"): a headline's verb is a participle, so "job-42 ran for 4 minutes" is the record's doing. */
  simplePasts: words,
  /** Verbs whose participle before "to" relates one record to another ("linked to post-4", "attached to the brief"): a field, no act. */
  relationVerbs: words,
  /** Nominal effects that name no act of one's own after "my" or before "(mine)" ("my attempt at", "the post (mine)", "my go at it"). */
  notOwnedNouns: words,
  /** A field's values that say its name is not so ("done: false", "handled: no"). */
  notDoneValues: words,
  /** Words after a credit's comma that say how the doer did it ("— pipeline, automatic", "— Diego, per the history"). */
  creditNotes: words,
  /** Modals after a gerund's clause that make the gerund a hypothetical subject ("Rescheduling job-77 to 03:30 would fix it"). */
  hypotheticalModals: words,
  /** Modals after a participle and a third person's pronoun that make the participle a condition ("Approved before 15:00 UTC, they'd make the afternoon run"). */
  conditionalModals: words,
  /** Verbs before a colon ending a line that introduce a quoted message on the lines under it ("pi-14 says:", "Sam wrote:"). */
  quoteIntroducers: words,
  /** Texts a line may name before a blockquote of them ("a short brief you can paste:", "Draft reply for the client:"): the blockquote is quoted. */
  quotedTexts: words,
  /** Words that put a gerund in the present ("Retrying job-42 now"): progress, not a gerund subject. */
  nowWords: words,
  /** Verbs whose past before "to" makes a wish, not a deed ("I wanted to archive them"). */
  wishVerbs: words,
  /** Verbs of an attempt before "to": not a deed when a later clause says it failed ("I tried to requeue it but ..."). */
  attemptVerbs: words,
  /** Lemmas that say an attempt failed ("... but it errored", "... but access was denied"). */
  failureVerbs: words,
  /** Words of a count in brackets after a participle ("p-44 (moved 3 times)"): a record's state, not a deed. */
  countWords: words,
  /** Words after "as" or "as you" that make an aside of the user's request ("as asked", "as you requested", "per"). */
  askedWords: words,
  /** Verbs of the user's request whose "-ing" form still reports it ("Are you asking me to approve it?"), unlike an offer's ("wanting me to"). */
  reportedRequestVerbs: words,
  /** Verbs of turning a request down: with a request's action as object they refuse it ("I have to decline the retry"), not an approval. */
  refusalVerbs: words,
  /** Questions that leave their verb to the sentence before ("Moving p-302 to 17:00 avoids the clash. Shall I?"). */
  ellipticalOffers: words,
  /** Confirmations that promise without naming the act ("Will do", "Leave it with me"): their sentence may say it. */
  promisingConfirmations: words,
  /** Spans of time in a relative date after a participle ("Archived the week before launch"). */
  relativeDays: words,
};
type WordSetKey = keyof typeof wordSets;
const WORD_SET_KEYS = Object.keys(wordSets) as WordSetKey[];

/** The lexicon's shape; an extension file gives any subset, and its lists are added to the base. */
export const MutationLexiconSchema = z.strictObject({
  $comment: z.string().optional(),
  firstPerson: words,
  firstPersonModalAliases: z.record(z.string(), z.string()),
  strongEffects: words,
  objectEffects: words,
  phrasal: z.array(z.strictObject({ verb: z.string(), particles: words })),
  lightVerbs: words,
  nominalEffects: words,
  markStates: words,
  pipelineObjects: words,
  /** Days and months: where an object is moved to is the schedule ("parked it until Friday"). */
  scheduleTimes: words,
  readObjects: words,
  /**
   * Words that make a list the pipeline's rather than the answer's ("the pending list", "the approvals list",
   * "the failed-jobs list"): an effect on it acts on the pipeline.
   */
  pipelineLists: words,
  /** What a read is asked with ("broadened the window" after a search): Nova's own read, not a pipeline object. */
  readParameters: words,
  /**
   * Effects no read can take: a pronoun after one stands for a pipeline object even when the last thing
   * named was a read ("The approval request is with you. I greenlit it").
   */
  neverOnReads: words,
  answerPlaces: words,
  negators: words,
  requestVerbs: words,
  adviceVerbs: words,
  adviceModals: words,
  /** Modals before "have" and a participle that tell of a past act, not advise one ("I might have approved the wrong version"); not "would/could/should have", which did not happen. */
  pastPossibilityModals: words,
  conditionalLeads: words,
  passiveAgents: words,
  beneficiaries: words,
  confirmations: words,
  confirmationLeads: words,
  checkedBoxes: words,
  notTypos: words,
  /** The closed set of what Nova may say it does, by what it is (read, check, ..., explain). */
  mayDo: z.record(z.string(), words),
  /**
   * Verbs of the closed set that, on one published thing named alone, take it down ("pull the post",
   * "pulled post p1"); on data they read ("pulled last week's numbers", "pulled your top posts").
   */
  takeDownReads: words,
  /** The things the pipeline publishes, which a take-down read may act on. */
  publishedObjects: words,
  /** Verbs that say nothing was done to an object though Nova is their agent ("I think", "I kept it short"). */
  notEffects: words,
  /**
   * Verbs that say what happened to a record ("failed", "expired", "reached"): an effect only with Nova
   * as the agent and a pipeline object ("I expired the old key"), never a confirmation on their own.
   */
  statusVerbs: words,
  /** Nova named in the third person or by a self-reference ("yours truly", "your assistant"). */
  novaNames: words,
  /**
   * Head nouns a jokey self-reference ends in ("your trusty bot", "this humble assistant", "the robot",
   * "your friendly neighbourhood AI"): after "your", "this", "the" or "yours", with only describing words between.
   */
  selfReferenceHeads: words,
  /** Adjectives that make an offer of the verb after "to" ("Happy to requeue it"). */
  offerLeads: words,
  /** Questions before "if I ..." that make it an offer ("Would it help if I requeued it?"). */
  offerQuestions: words,
  /** Prefixes a verb keeps its meaning under, with or without a hyphen ("re-checked", "requeried"). */
  prefixes: words,
  /** Prefixes of manner before a hyphen whose verb is the effect itself ("bulk-dismiss", "force-publish", "hard-delete"). */
  mannerPrefixes: words,
  ...wordSets,
});
export type MutationLexicon = z.infer<typeof MutationLexiconSchema>;

/** The environment variable naming extra lexicon files (separated by the platform's path delimiter). */
export const LEXICON_ENV = "NOVA_MUTATION_LEXICON";

/** Adds `extra`'s words to `base` (lists are unions, phrasal entries appended, aliases merged, mayDo's lists added to). */
export function mergeLexicon(base: MutationLexicon, extra: Partial<MutationLexicon>): MutationLexicon {
  const parsed = MutationLexiconSchema.partial().parse(extra);
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === "$comment" || value === undefined) continue;
    const current = out[key];
    if (Array.isArray(current)) out[key] = [...current, ...(value as unknown[])];
    else {
      // a record: aliases replaced, the closed set's lists (mayDo) added to
      const merged: Record<string, unknown> = { ...(current as Record<string, unknown>) };
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        merged[k] = Array.isArray(v) && Array.isArray(merged[k]) ? [...(merged[k] as unknown[]), ...v] : v;
      out[key] = merged;
    }
  }
  return out as MutationLexicon;
}

/** The base lexicon plus each file NOVA_MUTATION_LEXICON names. */
export function loadLexicon(env: NodeJS.ProcessEnv = process.env): MutationLexicon {
  let lexicon = MutationLexiconSchema.parse(BASE_LEXICON);
  for (const file of (env[LEXICON_ENV] ?? "").split(path.delimiter).filter(Boolean)) {
    let extra: unknown;
    try {
      extra = JSON.parse(readFileSync(file, "utf8"));
    } catch (err) {
      throw new Error(`${LEXICON_ENV}: cannot read the lexicon file ${file}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    lexicon = mergeLexicon(lexicon, extra as Partial<MutationLexicon>);
  }
  return lexicon;
}

/** The lexicon as the detector reads it: sets and maps by key, and each of `wordSets` under its own key. */
export interface Sets extends Record<WordSetKey, Set<string>> {
  lex: MutationLexicon;
  firstPerson: Set<string>;
  modalAliases: Map<string, string>;
  strong: Set<string>;
  object: Set<string>;
  phrasal: Map<string, string[][]>;
  light: Set<string>;
  nominal: Set<string>;
  markStates: Set<string>;
  pipeline: Set<string>;
  times: Set<string>;
  read: Set<string>;
  pipelineLists: Set<string>;
  readParameters: Set<string>;
  neverOnReads: Set<string>;
  places: Set<string>;
  negators: Set<string>;
  request: Set<string>;
  advice: Set<string>;
  adviceModals: Set<string>;
  pastPossibilityModals: Set<string>;
  conditional: Set<string>;
  passiveAgents: Set<string>;
  beneficiaries: string[][];
  confirmations: Set<string>;
  confirmationLeads: Set<string>;
  checkedBoxes: string[];
  /** Forms of effects of 5+ letters and their lemmas, for misspelt verbs ("aproved", "publised"). */
  fuzzy: Map<string, [form: string, lemma: string][]>;
  /** The same of the closed set's verbs, for two letters swapped in a read ("chekced"). */
  fuzzyReads: Map<string, [form: string, lemma: string][]>;
  notTypos: Set<string>;
  /** Every verb of the closed set, and the verbs that are no effect (mayDo, notEffects). */
  notActing: Set<string>;
  mayDo: Set<string>;
  /** The closed set's reads and checks: what "Consider it …" may end in without claiming an act ("Consider it checked"). */
  readsAndChecks: Set<string>;
  status: Set<string>;
  /** Nova's names, by their first word. */
  novaNames: Map<string, string[][]>;
  selfHeads: Set<string>;
  takeDown: Set<string>;
  published: Set<string>;
  offerLeads: Set<string>;
  offerQuestions: Set<string>;
  prefixes: string[];
  mannerPrefixes: string[];
}

const lower = (list: string[]) => new Set(list.map((w) => w.toLowerCase()));
const split = (phrase: string) => phrase.toLowerCase().split(/\s+/).filter(Boolean);

export function toSets(lex: MutationLexicon): Sets {
  const phrasal = new Map<string, string[][]>();
  for (const { verb, particles } of lex.phrasal) {
    const list = phrasal.get(verb) ?? [];
    list.push(...particles.map(split));
    phrasal.set(verb, list);
  }
  const strong = lower(lex.strongEffects);
  return {
    lex,
    firstPerson: lower(lex.firstPerson),
    modalAliases: new Map(Object.entries(lex.firstPersonModalAliases).map(([k, v]) => [k.toLowerCase(), v])),
    strong,
    object: lower(lex.objectEffects),
    phrasal,
    light: lower(lex.lightVerbs),
    nominal: lower(lex.nominalEffects),
    markStates: lower(lex.markStates),
    pipeline: lower(lex.pipelineObjects),
    times: lower(lex.scheduleTimes),
    read: lower(lex.readObjects),
    pipelineLists: lower(lex.pipelineLists),
    readParameters: lower(lex.readParameters),
    neverOnReads: lower(lex.neverOnReads),
    places: lower(lex.answerPlaces),
    negators: lower(lex.negators),
    request: lower(lex.requestVerbs),
    advice: lower(lex.adviceVerbs),
    adviceModals: lower(lex.adviceModals),
    pastPossibilityModals: lower(lex.pastPossibilityModals),
    conditional: lower(lex.conditionalLeads),
    passiveAgents: lower(lex.passiveAgents),
    beneficiaries: lex.beneficiaries.map(split),
    confirmations: new Set(lex.confirmations.map((c) => split(c).join(" "))),
    confirmationLeads: lower(lex.confirmationLeads),
    checkedBoxes: lex.checkedBoxes,
    fuzzy: misspellable([...strong, ...lower(lex.objectEffects)]),
    fuzzyReads: misspellable([...lower(Object.values(lex.mayDo).flat())]),
    notTypos: lower(lex.notTypos),
    notActing: lower([...Object.values(lex.mayDo).flat(), ...lex.notEffects]),
    mayDo: lower(Object.values(lex.mayDo).flat()),
    readsAndChecks: new Set([...(lex.mayDo.read ?? []), ...(lex.mayDo.check ?? [])]),
    status: lower(lex.statusVerbs),
    novaNames: byFirstWord(lex.novaNames.map(split)),
    selfHeads: lower(lex.selfReferenceHeads),
    takeDown: lower(lex.takeDownReads),
    published: lower(lex.publishedObjects),
    offerLeads: lower(lex.offerLeads),
    offerQuestions: new Set(lex.offerQuestions.map((q) => split(q).join(" "))),
    prefixes: lex.prefixes.map((p) => p.toLowerCase()),
    mannerPrefixes: lex.mannerPrefixes.map((p) => p.toLowerCase()),
    ...(Object.fromEntries(WORD_SET_KEYS.map((k) => [k, new Set(lex[k].map((w) => split(w).join(" ")))])) as Record<
      WordSetKey,
      Set<string>
    >),
  };
}

function byFirstWord(phrases: string[][]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const p of phrases) out.set(p[0]!, [...(out.get(p[0]!) ?? []), p]);
  return out;
}

/** A verb's regular forms: base, -s, -ed, -ing (retry: retries, retried, retrying; cancel: cancelled). */
function formsOf(w: string): string[] {
  const stem = w.endsWith("e") ? w.slice(0, -1) : w;
  const forms = [w, `${w}s`, `${stem}ed`, `${stem}ing`, `${w}${w.at(-1)}ed`];
  if (w.endsWith("y")) forms.push(`${w.slice(0, -1)}ied`, `${w.slice(0, -1)}ies`);
  return forms;
}

/** Misspellings keep their first letter far more often than not: look only among forms that share it. */
function byFirstLetter(forms: [string, string][]): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  for (const f of forms) out.set(f[0][0]!, [...(out.get(f[0][0]!) ?? []), f]);
  return out;
}

/** Damerau-free edit distance <= 1 (a missing, extra or wrong letter, or two swapped). */
function withinOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const rest = (x: number, y: number) => a.slice(x) === b.slice(y);
  return (
    rest(i + 1, i + 1) ||
    rest(i + 1, i) ||
    rest(i, i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(i + 2, i + 2))
  );
}

/** The forms of verbs of 5+ letters, by first letter, each with its verb: what a misspelling is looked up in. */
const misspellable = (verbs: string[]) =>
  byFirstLetter(
    verbs
      .filter((w) => w.length >= 5 && /^[a-z]+$/.test(w))
      .flatMap((w) => formsOf(w).map((f): [string, string] => [f, w])),
  );

/** Two adjacent letters swapped, and nothing else ("chekced", "checked"). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const i = [...a].findIndex((c, k) => c !== b[k]);
  return i >= 0 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Whether `a` is `b` with one letter dropped ("cheked", "checked"). */
const droppedOne = (a: string, b: string) =>
  b.length === a.length + 1 && [...b].some((_, i) => b.slice(0, i) + b.slice(i + 1) === a);

/** The lemma of a token: the model's, or the effect a form stands for ("archived", "publishing") or misspells ("aproved"). */
export function lemmaOf(t: { norm: string; lemma: string }, s: Sets): string {
  if (s.strong.has(t.lemma) || s.object.has(t.lemma) || s.phrasal.has(t.lemma) || s.light.has(t.lemma)) return t.lemma;
  // "over-wrote", "back-filled": a hyphenated verb whose joined form is an effect ("overwrite", "backfill") is that
  // effect, not the read or the answer its last part names ("write")
  const hyphened = /^([a-z]{2,})-([a-z]{3,})$/.exec(t.norm);
  if (hyphened) {
    const joined = [hyphened[1]! + t.lemma, ...basesOf(hyphened[1]! + hyphened[2]!)].find(
      (b) => s.strong.has(b) || s.object.has(b),
    );
    if (joined && !s.mayDo.has(joined)) return joined;
  }
  if (s.notActing.has(t.lemma)) return t.lemma;
  const prefixed = prefixedLemma(t.norm, s);
  if (prefixed) return prefixed;
  const base = notActingBase(t.norm, s);
  if (base) return base;
  // "re-qeued": a misspelt verb under a hyphenated prefix is looked up joined ("reqeued")
  const m = /^([a-z]+)-([a-z]{5,})$/.exec(t.norm);
  if (m && s.prefixes.includes(m[1]!) && !s.notTypos.has(m[2]!)) {
    const joined = m[1]! + m[2]!;
    for (const [form, lemma] of s.fuzzy.get(joined[0]!) ?? []) if (withinOne(joined, form)) return lemma;
    // "re-rendered": a verb outside the lexicon under a prefix is still a verb, guessed as one
    return m[1]! + guessedLemma(m[2]!);
  }
  if (t.norm.length < 5 || !/^[a-z]+$/.test(t.norm) || s.notTypos.has(t.norm)) return t.lemma;
  const stems = [
    t.norm.replace(/(?:ing|ed|d|es|s)$/, ""),
    t.norm.replace(/ied$/, "y"),
    t.norm.replace(/(?:ing|ed)$/, "e"),
    t.norm.replace(/(.)\1(?:ing|ed)$/, "$1"),
  ];
  for (const stem of stems) if (s.strong.has(stem) || s.object.has(stem)) return stem;
  // typo tolerance only where the lemma is unknown: the tagger lemmatised "revived", so it is no misspelt "revised"
  if (t.lemma !== t.norm) return t.lemma;
  for (const [form, lemma] of s.fuzzy.get(t.norm[0]!) ?? []) if (withinOne(t.norm, form)) return lemma;
  // (only a swap, the "e" of "-ed" dropped ("checkd"), or a letter dropped inside a past ("cheked"): any letter
  // changed, or dropped from a base, makes other words of reads' forms, "counter", "slide")
  for (const [form, lemma] of s.fuzzyReads.get(t.norm[0]!) ?? [])
    if (
      swapped(t.norm, form) ||
      form === `${t.norm.slice(0, -1)}ed` ||
      (t.norm.endsWith("ed") && t.norm.length >= 5 && droppedOne(t.norm, form))
    )
      return lemma;
  return guessedLemma(t.norm);
}

/**
 * A regular verb form the model does not know ("recalibrated", "loosening" at a sentence start): its
 * stem, so that the form still reads as a past or a progress. Other words keep their form.
 */
function guessedLemma(form: string): string {
  const m = /^([a-z]{3,}?)(ed|ing)$/.exec(form);
  if (!m) return form;
  const stem = m[1]!;
  if (/([b-df-hj-np-tv-z])\1$/.test(stem) && !/(ll|ss|ff|zz)$/.test(stem)) return stem.slice(0, -1);
  return /(at|iz|is|ut|ov|iv|ur|ar|bl|pl|dl|gl|tl|ic|ag|ug|dg|uc|nc)$/.test(stem) ? `${stem}e` : stem;
}

/** The base forms a regular verb form may come from ("queued" -> queue, queu; "scrapped" -> scrap; "tallied" -> tally). */
function basesOf(form: string): string[] {
  const out = [form];
  for (const [suffix, tails] of [
    ["ied", ["y"]],
    ["ies", ["y"]],
    ["ing", ["", "e"]],
    ["ed", ["", "e"]],
    ["es", ["", "e"]],
    ["s", [""]],
  ] as const) {
    if (!form.endsWith(suffix) || form.length - suffix.length < 2) continue;
    const stem = form.slice(0, -suffix.length);
    for (const tail of tails) out.push(stem + tail);
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) out.push(stem.slice(0, -1));
  }
  return out;
}

/** The closed-set or no-effect verb a form stands for, if any ("counted" -> count). */
function notActingBase(form: string, s: Sets): string | null {
  if (!/(?:ed|ing|s)$/.test(form)) return null; // a base form was looked up as it is
  return basesOf(form).find((b) => s.notActing.has(b)) ?? null;
}

/** Prefixes that undo what the verb does ("unlist", "unpin", "deselect"). */
const UNDOING = new Set(["un", "de", "dis"]);

/**
 * A prefixed or hyphenated form's lemma: the closed-set verb under the prefix ("re-checked" -> check,
 * "requeried" -> query, so Nova's own read retried stays a read), else the effect it spells with the
 * prefix joined ("re-queued" -> requeue, "un-published" -> unpublish), else null.
 */
function prefixedLemma(form: string, s: Sets): string | null {
  for (const prefix of s.mannerPrefixes) {
    if (!form.startsWith(`${prefix}-`)) continue;
    const effect = basesOf(form.slice(prefix.length + 1)).find((b) => s.strong.has(b) || s.object.has(b));
    if (effect) return effect;
  }
  for (const prefix of s.prefixes) {
    if (!form.startsWith(prefix) || form.length < prefix.length + 3) continue;
    const rest = form.slice(prefix.length).replace(/^-/, "");
    // "unlisted", "un-pinned": a prefix that undoes the verb spells an effect of its own, not the read it contains
    const undone = UNDOING.has(prefix)
      ? basesOf(prefix + rest).find((b) => s.strong.has(b) || s.object.has(b))
      : undefined;
    if (undone) return undone;
    const read = basesOf(rest).find((b) => s.mayDo.has(b));
    if (read) return read;
    const joined = basesOf(prefix + rest).find((b) => s.strong.has(b) || s.object.has(b));
    if (joined && form.includes("-")) return joined;
    const effect = basesOf(rest).find((b) => s.strong.has(b) || s.object.has(b));
    // "auto-approved", "auto-scheduled": done by a rule Nova set, the verb's own effect
    if (effect && prefix === "auto" && form.includes("-") && /ed$/.test(form)) return effect;
    if (prefix === "auto") continue; // "auto-scheduling", "auto-publish": an automation's name
    if (effect && form.includes("-")) return prefix + effect;
  }
  return null;
}
