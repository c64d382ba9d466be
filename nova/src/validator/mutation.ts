/**
 * Mutation-claim detector (rule `mutation_claim`, SPEC section 6): finds clauses whose agent is Nova
 * and whose verb, phrasal verb, idiom or nominalised action is an effect on a pipeline object.
 * wink-nlp (with wink-eng-lite-web-model) gives sentences, tokens, lemmas and parts of speech; the
 * words that matter (effects, objects, agents, negators, ...) are data in mutation-lexicon.json,
 * which a deployment extends with NOVA_MUTATION_LEXICON. The clause model: docs/validator.md.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import BASE_LEXICON from "./mutation-lexicon.json";

export type MutationForm = "first_person" | "offer" | "confirmation" | "progress" | "checklist" | "passive";

export interface MutationFinding {
  form: MutationForm;
  /** The effect found: a lemma ("publish"), a phrasal verb ("kick off") or a phrase ("hit publish"). */
  effect: string;
  /** The clause, as written (quoted text shown as it was). */
  clause: string;
}

const words = z.array(z.string());
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
  readObjects: words,
  answerPlaces: words,
  negators: words,
  requestVerbs: words,
  adviceVerbs: words,
  adviceModals: words,
  conditionalLeads: words,
  passiveAgents: words,
  beneficiaries: words,
  confirmations: words,
  confirmationLeads: words,
  checkedBoxes: words,
  notTypos: words,
});
export type MutationLexicon = z.infer<typeof MutationLexiconSchema>;

/** The environment variable naming extra lexicon files (separated by the platform's path delimiter). */
export const LEXICON_ENV = "NOVA_MUTATION_LEXICON";

/** Adds `extra`'s words to `base` (lists are unions, phrasal entries appended, aliases merged). */
export function mergeLexicon(base: MutationLexicon, extra: Partial<MutationLexicon>): MutationLexicon {
  const parsed = MutationLexiconSchema.partial().parse(extra);
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === "$comment" || value === undefined) continue;
    const current = out[key];
    if (Array.isArray(current)) out[key] = [...current, ...(value as unknown[])];
    else out[key] = { ...(current as object), ...(value as object) };
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

// --- the NLP library, loaded on first use (the model takes most of a second to load) ---

interface WinkDoc {
  tokens(): { out(f?: unknown): unknown[] };
  sentences(): { out(f?: unknown): unknown[] };
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: Record<string, unknown>;
}
let wink: Wink | undefined;
function nlp(): Wink {
  // required lazily: loading the command or the validator (e.g. for `nova-tools call`) does not load the model
  wink ??= (require("wink-nlp") as (m: unknown, pipe: string[]) => Wink)(require("wink-eng-lite-web-model"), [
    "sbd",
    "pos",
  ]);
  return wink;
}

/** Loads the NLP model now (a runtime may call this at start so that the first answer is not slower). */
export function warmUp(): void {
  nlp();
}

// --- the lexicon as sets ---

interface Sets {
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
  read: Set<string>;
  places: Set<string>;
  negators: Set<string>;
  request: Set<string>;
  advice: Set<string>;
  adviceModals: Set<string>;
  conditional: Set<string>;
  passiveAgents: Set<string>;
  beneficiaries: string[][];
  confirmations: Set<string>;
  confirmationLeads: Set<string>;
  checkedBoxes: string[];
  /** Forms of effects of 5+ letters and their lemmas, for misspelt verbs ("aproved", "publised"). */
  fuzzy: Map<string, [form: string, lemma: string][]>;
  notTypos: Set<string>;
}

const lower = (list: string[]) => new Set(list.map((w) => w.toLowerCase()));
const split = (phrase: string) => phrase.toLowerCase().split(/\s+/).filter(Boolean);

function toSets(lex: MutationLexicon): Sets {
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
    read: lower(lex.readObjects),
    places: lower(lex.answerPlaces),
    negators: lower(lex.negators),
    request: lower(lex.requestVerbs),
    advice: lower(lex.adviceVerbs),
    adviceModals: lower(lex.adviceModals),
    conditional: lower(lex.conditionalLeads),
    passiveAgents: lower(lex.passiveAgents),
    beneficiaries: lex.beneficiaries.map(split),
    confirmations: new Set(lex.confirmations.map((c) => split(c).join(" "))),
    confirmationLeads: lower(lex.confirmationLeads),
    checkedBoxes: lex.checkedBoxes,
    fuzzy: byFirstLetter(
      [...strong, ...lower(lex.objectEffects)]
        .filter((w) => w.length >= 5 && /^[a-z]+$/.test(w))
        .flatMap((w) => formsOf(w).map((f): [string, string] => [f, w])),
    ),
    notTypos: lower(lex.notTypos),
  };
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

// --- tokens ---

interface Token {
  text: string;
  /** Lower case, curly apostrophes straightened. */
  norm: string;
  lemma: string;
  pos: string;
  type: string;
  space: string;
  /** The quoted text this token stands for, if it is a quotation's placeholder. */
  quote?: string;
}

interface Clause {
  tokens: Token[];
  /** The word that opened the clause (a conjunction, or "" after punctuation). */
  lead: string;
  checked: boolean;
}

const PLACEHOLDER = /^qq(\d+)q$/;
/** An identifier such as a tool name (get_job_status): one token, which the tokenizer would split at "_". */
const IDENTIFIER = /(?<![\p{L}\p{N}_])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\p{L}\p{N}_])/gu;
/**
 * A record's path, a dataset ref or a URL ("trendSignals/sig-005", "workspaces/acme/goals/goal-updated",
 * "workspaces/acme/jobs?updatedAt&n=12", "https://…"): one name, like a quotation, whose segments are not
 * words (that goal's id does not say that Nova updated it). Plain words joined by slashes ("and/or",
 * "approved/scheduled/published") stay words: a claim written that way must still be found.
 */
const PATH =
  /(?<![\p{L}\p{N}_/.-])(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+|[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)+(?:\?\S*)?)/gu;
const PLAIN_WORDS = /^\p{L}\p{Ll}*(?:\/\p{L}\p{Ll}*)+$/u;
/** Sentence punctuation after a path belongs to the sentence. */
const TRAILING = /[.,;:!?)\]]+$/u;
/** Quotations: straight or curly double quotes, guillemets, and single quotes that open and close words. */
const QUOTES =
  /"[^"\n]*"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|(?<![\p{L}\p{N}])['‘][^'‘’\n]+['’](?![\p{L}\p{N}])|`[^`\n]*`/gu;
const BOUNDARY_PUNCT = new Set([",", ";", ":", "—", "–", "-", "(", ")", "!", "?", "…", "...", "/", "|", "•"]);
const CLAUSE_CONJ = new Set([
  "and",
  "but",
  "or",
  "so",
  "yet",
  "then",
  "because",
  "since",
  "although",
  "though",
  "while",
  "whereas",
  "plus",
]);
const SKIP_LEAD = new Set([
  "ok",
  "okay",
  "sure",
  "great",
  "alright",
  "yep",
  "yes",
  "yeah",
  "also",
  "just",
  "now",
  "already",
  "all",
  "right",
  "good",
  "news",
  "update",
  "and",
  "then",
  "so",
  "finally",
  "quick",
]);

function tokenize(line: string, quotes: string[], s: Sets): Token[][] {
  const mask = (q: string) => {
    quotes.push(q);
    return ` Qq${quotes.length - 1}q `;
  };
  const maskPath = (p: string) => {
    const tail = TRAILING.exec(p)?.[0] ?? "";
    const name = p.slice(0, p.length - tail.length);
    return PLAIN_WORDS.test(name) ? p : mask(name) + tail;
  };
  const masked = line.replace(QUOTES, mask).replace(PATH, maskPath).replace(IDENTIFIER, mask);
  const w = nlp();
  const { its } = w;
  const doc = w.readDoc(masked);
  const all = doc.tokens();
  const text = all.out() as string[];
  const lemma = all.out(its.lemma) as string[];
  const pos = all.out(its.pos) as string[];
  const type = all.out(its.type) as string[];
  const space = all.out(its.precedingSpaces) as string[];
  const tokens: Token[] = text.map((t, i) => {
    const norm = t.toLowerCase().replace(/[’‘]/g, "'");
    const q = PLACEHOLDER.exec(norm);
    const quote = q ? quotes[Number(q[1])] : undefined;
    // an identifier keeps its name as its lemma, so that the lexicon can list tool names
    const identifier = quote !== undefined && IDENTIFIER.test(quote) && !/^["“„«'‘`]/.test(quote);
    IDENTIFIER.lastIndex = 0;
    return {
      text: t,
      norm,
      lemma: identifier ? quote.toLowerCase() : (lemma[i] ?? norm).toLowerCase(),
      pos: pos[i] ?? "X",
      type: type[i] ?? "word",
      space: space[i] ?? "",
      ...(quote !== undefined ? { quote } : {}),
    };
  });
  // the lexicon's lemma for forms the model leaves alone ("Archived", "Publishing") or people misspell ("aproved")
  for (const t of tokens) if (t.quote === undefined) t.lemma = lemmaOf(t, s);
  return (doc.sentences().out(its.span) as [number, number][]).map(([s, e]) => tokens.slice(s, e + 1));
}

/** Markdown that carries no words: emphasis, headings, quotes, bullets, links (their text stays). */
function stripMarkdown(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}|>+)\s*/, "")
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|~~|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)/g, "");
}

function clausesOf(sentence: Token[], checked: boolean, s: Sets): Clause[] {
  const out: Clause[] = [];
  let current: Token[] = [];
  let lead = "";
  const flush = (next: string) => {
    if (current.length > 0) out.push({ tokens: current, lead, checked: checked && out.length === 0 });
    current = [];
    lead = next;
  };
  for (const t of sentence) {
    if ((t.pos === "PUNCT" && BOUNDARY_PUNCT.has(t.norm)) || t.type === "emoji" || t.type === "emoticon") flush("");
    else if ((t.pos === "CCONJ" || t.pos === "SCONJ") && (CLAUSE_CONJ.has(t.norm) || s.conditional.has(t.norm)))
      flush(t.norm);
    else if (t.pos !== "PUNCT") current.push(t);
  }
  flush("");
  return out;
}

// --- verb forms ---

const IRREGULAR_PAST = new Set([
  "sent",
  "done",
  "ran",
  "taken",
  "took",
  "gave",
  "given",
  "spun",
  "wrote",
  "written",
  "rewrote",
  "rewritten",
  "made",
  "shut",
  "put",
  "hit",
  "set",
  "reset",
  "cut",
  "rerun",
  "reran",
  "re-ran",
  "pushed",
  "kicked",
  "got",
  "gotten",
  "went",
  "gone",
  "brought",
  "pulled",
  "begun",
  "began",
  "drew",
  "drawn",
  "chose",
  "chosen",
  "froze",
  "frozen",
  "greenlit",
  "green-lit",
]);
const isIng = (t: Token) => t.norm.endsWith("ing") && t.norm.length > 5;
const isPast = (t: Token) =>
  !isIng(t) &&
  ((t.norm !== t.lemma && /(?:ed|en|t|d)$/.test(t.norm)) || (IRREGULAR_PAST.has(t.norm) && t.norm !== t.lemma));
const isVerbish = (t: Token, prev?: Token, s?: Sets) =>
  t.pos === "VERB" ||
  // the tagger reads some verbs after "me", "to" or a modal as nouns ("Let me schedule the post", "Ill schedule it")
  (prev !== undefined &&
    (prev.pos === "AUX" || prev.pos === "PART" || prev.norm === "to" || s?.firstPerson.has(prev.norm) === true) &&
    ["NOUN", "ADJ", "X", "PROPN", "ADV"].includes(t.pos)) ||
  ((t.pos === "ADJ" || t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "X" || t.pos === "INTJ") &&
    (isPast(t) || isIng(t)));
const isNominal = (t: Token): boolean =>
  (t.pos === "DET" || t.pos === "SCONJ" ? OBJECT_PRONOUNS.has(t.norm) : false) ||
  t.pos === "NOUN" ||
  t.pos === "PROPN" ||
  t.pos === "PRON" ||
  t.pos === "NUM" ||
  t.quote !== undefined ||
  /\d/.test(t.norm);
const POSSESSIVE = new Set(["my", "our", "your", "his", "her", "their", "its"]);
const OBJECT_PRONOUNS = new Set(["it", "them", "that", "this", "those", "these", "everything", "all", "both"]);

function findLast<T>(list: T[], test: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
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

/** The lemma of a token: the model's, or the effect a form stands for ("archived", "publishing") or misspells ("aproved"). */
function lemmaOf(t: Token, s: Sets): string {
  if (s.strong.has(t.lemma) || s.object.has(t.lemma) || s.phrasal.has(t.lemma) || s.light.has(t.lemma)) return t.lemma;
  if (t.norm.length < 5 || !/^[a-z]+$/.test(t.norm) || s.notTypos.has(t.norm)) return t.lemma;
  const stems = [
    t.norm.replace(/(?:ing|ed|d|es|s)$/, ""),
    t.norm.replace(/ied$/, "y"),
    t.norm.replace(/(?:ing|ed)$/, "e"),
    t.norm.replace(/(.)\1(?:ing|ed)$/, "$1"),
  ];
  for (const stem of stems) if (s.strong.has(stem) || s.object.has(stem)) return stem;
  for (const [form, lemma] of s.fuzzy.get(t.norm[0]!) ?? []) if (withinOne(t.norm, form)) return lemma;
  return t.lemma;
}

// --- the clause model ---

interface Agent {
  kind: "nova" | "other" | "none";
  index: number;
  negated: boolean;
  modal: string | null;
  advice: boolean;
  /** "report": the user asked Nova (past); "offer": want me to / would you like me to. */
  request: "report" | "offer" | null;
}

/** Scans back from the verb to the clause's subject, collecting negation, modals and advice verbs on the way. */
function agentOf(tokens: Token[], v: number, s: Sets): Agent {
  const agent: Agent = { kind: "none", index: -1, negated: false, modal: null, advice: false, request: null };
  for (let j = v - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (s.negators.has(t.norm) || s.negators.has(t.lemma) || t.norm === "n't") agent.negated = true;
    const alias = s.modalAliases.get(t.norm);
    if (alias) {
      agent.modal ??= alias;
      agent.kind = "nova";
      agent.index = j;
      break;
    }
    if (t.pos === "AUX" || t.pos === "VERB") {
      if (s.adviceModals.has(t.lemma) || s.adviceModals.has(t.norm)) agent.modal ??= t.lemma;
      else if (t.lemma === "will" || t.lemma === "can" || t.lemma === "shall") agent.modal ??= t.lemma;
      if (s.advice.has(t.lemma) && t.pos === "VERB") agent.advice = true;
    }
    if (s.firstPerson.has(t.norm) || s.firstPerson.has(t.lemma)) {
      agent.kind = "nova";
      agent.index = j;
      break;
    }
    const before = tokens[j - 1];
    if (OBJECT_PRONOUNS.has(t.norm) && before && (before.lemma === "have" || before.lemma === "get")) continue; // "I'll have it published"
    if (
      (t.pos === "PRON" || t.pos === "NOUN" || t.pos === "PROPN" || t.quote !== undefined) &&
      !POSSESSIVE.has(t.norm)
    ) {
      agent.kind = "other";
      agent.index = j;
      break;
    }
  }
  if (agent.kind === "nova" && agent.index > 0) {
    // "You asked me to publish it" reports a request; "Want me to / would you like me to" offers one
    const k = findLast(
      tokens.slice(Math.max(0, agent.index - 2), agent.index),
      (t) => s.request.has(t.lemma) && (t.pos === "VERB" || t.pos === "AUX"),
    );
    if (k >= 0) {
      const verb = tokens[Math.max(0, agent.index - 2) + k]!;
      agent.request = verb.norm !== verb.lemma && !isIng(verb) ? "report" : "offer";
    }
  }
  return agent;
}

/** The nouns of the first noun phrase after the verb, within the clause ("the Q4 goal" -> Q4, goal). */
function objectAfter(tokens: Token[], v: number): Token[] | null {
  for (let j = v + 1; j < tokens.length && j <= v + 6; j++) {
    const t = tokens[j]!;
    const next = tokens[j + 1];
    if (
      (t.pos === "DET" || t.pos === "SCONJ") &&
      OBJECT_PRONOUNS.has(t.norm) &&
      (next === undefined || !isNominal(next))
    )
      return [t]; // "update that"
    if (
      POSSESSIVE.has(t.norm) ||
      t.pos === "DET" ||
      t.pos === "ADJ" ||
      t.pos === "NUM" ||
      t.pos === "ADV" ||
      t.pos === "PART"
    )
      continue;
    if (!isNominal(t)) return null;
    const run = [t];
    while (
      !OBJECT_PRONOUNS.has(t.norm) &&
      j + run.length < tokens.length &&
      isNominal(tokens[j + run.length]!) &&
      tokens[j + run.length]!.pos !== "PRON"
    )
      run.push(tokens[j + run.length]!);
    return run;
  }
  return null;
}

/** A pipeline object: a lexicon noun, a quoted title, or an id ("job-42", "p1"). */
const isPipelineObject = (t: Token, s: Sets) =>
  s.pipeline.has(t.lemma) ||
  s.pipeline.has(t.norm) ||
  t.quote !== undefined ||
  (/\d/.test(t.norm) && /[a-z]/.test(t.norm));
const PEOPLE = new Set(["you", "me", "us", "him", "her", "them", "everyone", "team"]);
const isReadObject = (t: Token, s: Sets) => s.read.has(t.lemma) || s.read.has(t.norm);

interface Effect {
  effect: string;
  /** A verb that is an effect only on a pipeline object ("update", "move") and has none here. */
  weak: boolean;
}

/** The effect of the verb at v, or null: a phrasal verb or idiom, a light verb with a nominal action, or a lexicon verb. */
function effectAt(tokens: Token[], v: number, s: Sets): Effect | null {
  const t = tokens[v]!;
  const lemma = lemmaOf(t, s);
  const after = tokens.slice(v + 1, v + 7);
  const phrasals = s.phrasal.get(lemma);
  if (phrasals) {
    for (const particle of phrasals) {
      if (particle.length === 0) return { effect: lemma, weak: false };
      for (let k = 0; k + particle.length <= after.length; k++) {
        if (particle.every((p, m) => after[k + m]!.norm === p || after[k + m]!.lemma === p))
          return { effect: `${lemma} ${particle.join(" ")}`, weak: false };
      }
    }
  }
  if (s.light.has(lemma)) {
    const nominal = after.find((a, k) => k < 3 && (s.nominal.has(a.norm) || s.nominal.has(a.lemma)) && a !== t);
    if (nominal) return { effect: `${lemma} ${nominal.norm}`, weak: false };
  }
  if (lemma === "mark" || lemma === "flag") {
    const state = after.find((a) => s.markStates.has(a.norm));
    if (state) return { effect: `${lemma} ${state.norm}`, weak: false };
  }
  const object = objectAfter(tokens, v);
  if (object && isReadObject(object[0]!, s)) return null; // Nova's own read, or the answer
  if (s.strong.has(lemma)) return { effect: lemma, weak: false };
  if (!s.object.has(lemma)) return null;
  const placeAfter = tokens.slice(v + 1).some((a) => s.places.has(a.norm));
  // "moved the post to Friday", "sent the report to the channel": a pipeline object anywhere in the rest of the clause
  const onPipeline =
    object !== null &&
    !PEOPLE.has(object[0]!.norm) &&
    tokens.slice(v + 1).some((o) => isNominal(o) && isPipelineObject(o, s)) &&
    !(placeAfter && OBJECT_PRONOUNS.has(object[0]!.norm));
  // without an object ("Updated!", "was changed by me") the object is the subject or implied
  return onPipeline
    ? { effect: lemma, weak: false }
    : object === null && !placeAfter
      ? { effect: lemma, weak: true }
      : null;
}

/** Whether only confirmation words, emoji or a headline's nominal action come before v ("Ok, ...", "Retry triggered"). */
function leadsClause(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = 0; j < v; j++) {
    const t = tokens[j]!;
    if (
      SKIP_LEAD.has(t.norm) ||
      t.pos === "INTJ" ||
      t.pos === "SYM" ||
      t.type === "emoji" ||
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

/** After a participle: "by me", "by Nova", "for you", "on your behalf". */
function novaAgentAfter(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = v + 1; j < tokens.length; j++) {
    if (tokens[j]!.norm === "by" && j + 1 < tokens.length && s.passiveAgents.has(tokens[j + 1]!.norm)) return true;
    for (const b of s.beneficiaries) if (b.every((w, m) => tokens[j + m]?.norm === w)) return true;
  }
  return false;
}

const OFFER_MODALS = new Set(["will", "can", "shall", "could"]);

function judge(clause: Clause, inherited: Agent | null, first: boolean, s: Sets): MutationFinding | null {
  const { tokens } = clause;
  if (s.conditional.has(clause.lead)) return null;
  const words = tokens.filter((t) => t.type !== "emoji" && t.pos !== "SYM").map((t) => t.norm);
  const phrase = words.join(" ");
  const bare = words.filter((w) => !SKIP_LEAD.has(w) || w === "all").join(" ");
  if (first && (s.confirmations.has(phrase) || s.confirmations.has(bare)))
    return { form: "confirmation", effect: bare, clause: "" };
  for (let v = 0; v < tokens.length; v++) {
    const t = tokens[v]!;
    if (t.quote !== undefined || !(isVerbish(t, tokens[v - 1], s) || (clause.checked && v === 0))) continue;
    const found = effectAt(tokens, v, s);
    if (!found) continue;
    const { effect, weak } = found;
    let agent = agentOf(tokens, v, s);
    if (agent.kind === "none" && inherited)
      agent = { ...inherited, index: -1, negated: agent.negated || inherited.negated };
    if (agent.negated) continue;
    if (agent.kind === "nova") {
      if (weak) continue;
      if (agent.request === "report" || agent.advice) continue;
      // "Should I publish it?" offers; "I should publish it", "I'd post it" advise
      const inverted = agent.index > 0 && isModalBefore(tokens, agent.index, s);
      if (agent.modal && !OFFER_MODALS.has(agent.modal) && !inverted) continue;
      const offer =
        agent.request === "offer" ||
        agent.modal !== null ||
        inverted ||
        tokens.slice(0, v).some((x) => x.lemma === "let" || x.norm === "gonna" || x.norm === "going");
      return { form: offer ? "offer" : "first_person", effect, clause: "" };
    }
    if (agent.kind === "other") {
      const subject = tokens[agent.index];
      // a headline: "Post published ✅", "Job restarted." (a bare noun, then the participle, nothing after it but its complement)
      if (
        subject &&
        agent.index === 0 &&
        v === 1 &&
        (subject.pos === "NOUN" || subject.pos === "PROPN") &&
        isPast(t) &&
        !tokens.slice(v + 1).some((x) => x.pos === "VERB" || x.pos === "AUX")
      )
        return { form: "confirmation", effect, clause: "" };
      if (
        subject &&
        (subject.norm === "it" || subject.norm === "that") &&
        agent.index > 0 &&
        s.confirmationLeads.has(tokens[agent.index - 1]!.lemma)
      )
        return { form: "confirmation", effect, clause: "" };
      const afterBe = tokens[v - 1]?.lemma === "be" && IRREGULAR_PAST.has(t.norm);
      if ((isPast(t) || afterBe) && novaAgentAfter(tokens, v, s)) return { form: "passive", effect, clause: "" };
      continue;
    }
    // no subject: a checked checklist item, a confirmation ("Approved!") or progress ("Retrying job-42 now")
    if (clause.checked && leadsClause(tokens, v, s)) return { form: "checklist", effect, clause: "" };
    if (!leadsClause(tokens, v, s)) {
      const afterBe = tokens[v - 1]?.lemma === "be" && IRREGULAR_PAST.has(t.norm);
      if ((isPast(t) || afterBe) && novaAgentAfter(tokens, v, s)) return { form: "passive", effect, clause: "" };
      continue;
    }
    const next = tokens[v + 1];
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
    const finite = tokens
      .slice(v + 1)
      .some(
        (x, k) =>
          x.pos === "AUX" || (x.pos === "VERB" && !["DET", "ADJ", "ADV", "PART", "ADP"].includes(tokens[v + k]!.pos)),
      );
    if (isIng(t) && !weak && !finite) return { form: "progress", effect, clause: "" };
  }
  return null;
}

/** "Should I publish it?", "Can I retry it?": the modal stands before the subject, which makes an offer. */
function isModalBefore(tokens: Token[], subject: number, s: Sets): boolean {
  const before = tokens[subject - 1]!;
  return before.pos === "AUX" && (s.adviceModals.has(before.lemma) || OFFER_MODALS.has(before.lemma));
}

function render(tokens: Token[]): string {
  return tokens
    .map((t, i) => (i === 0 || !t.space ? "" : " ") + (t.quote ?? t.text))
    .join("")
    .trim();
}

export interface MutationDetector {
  find(text: string): MutationFinding[];
}

/** A detector over the base lexicon plus `extra` (and the files NOVA_MUTATION_LEXICON names, read once now). */
export function createMutationDetector(
  extra?: Partial<MutationLexicon>,
  env: NodeJS.ProcessEnv = process.env,
): MutationDetector {
  const lexicon = extra ? mergeLexicon(loadLexicon(env), extra) : loadLexicon(env);
  const s = toSets(lexicon);
  return {
    find(text: string): MutationFinding[] {
      const findings: MutationFinding[] = [];
      for (const raw of text.split(/\r?\n/)) {
        let line = raw.trim();
        if (!line) continue;
        let checked = false;
        const box = /^(?:[-*+]\s*)?(\[[ xX]\]|☐|☑️?|✔️?|✅)\s*/u.exec(line);
        if (box) {
          checked = s.checkedBoxes.includes(box[1]!);
          if (box[1] === "[ ]" || box[1] === "☐" || checked) line = line.slice(box[0].length);
        }
        line = stripMarkdown(line);
        const quotes: string[] = [];
        for (const sentence of tokenize(line, quotes, s)) {
          let inherited: Agent | null = null;
          for (const [k, clause] of clausesOf(sentence, checked, s).entries()) {
            const finding = judge(clause, inherited, k === 0, s);
            if (finding) findings.push({ ...finding, clause: render(clause.tokens) });
            const v = clause.tokens.findIndex((t) => isVerbish(t));
            if (v >= 0) {
              const agent = agentOf(clause.tokens, v, s);
              if (agent.kind !== "none") inherited = agent;
            }
          }
          checked = false;
        }
      }
      return findings;
    },
  };
}

let shared: MutationDetector | undefined;

/** The detector over the base lexicon and NOVA_MUTATION_LEXICON's files, made on first use. */
export function defaultDetector(): MutationDetector {
  shared ??= createMutationDetector();
  return shared;
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
