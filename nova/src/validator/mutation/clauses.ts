/**
 * The mutation detector's reading of text: wink-nlp (with wink-eng-lite-web-model) gives sentences,
 * tokens, lemmas and parts of speech; quotations, paths and identifiers are masked to one token each;
 * a sentence is cut into clauses at punctuation and conjunctions.
 */
import { lemmaOf, type Sets } from "./lexicon";

// The NLP library, loaded on first use (the model takes most of a second to load).

interface WinkDoc {
  tokens(): { out(f?: unknown): unknown[] };
  sentences(): { out(f?: unknown): unknown[] };
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: Record<string, unknown>;
}
/** The model's word table, which wink-nlp grows with every word it had not seen (`lexeme` in its core model). */
interface Lexemes {
  hash: Record<string, number>;
  list: string[];
  intrinsicSize: number;
}
interface Reader {
  wink: Wink;
  lexemes: Lexemes;
  /** Words from `lexemes.list[forgotten]` on are still in the hash. */
  forgotten: number;
}
// A new reader (about 0.2 s) once the forgotten words' rows pass this (about 60 bytes each, so 3 MB): a
// typical answer leaves a few dozen, so a long-lived process pays 0.2 s every few thousand answers.
const FORGOTTEN_LIMIT = 50_000;
let reader: Reader | undefined;
interface Model {
  core(): { features: { lexeme: Lexemes } };
  metaCER(): unknown;
}
let model: Model | undefined;
/**
 * The model, required lazily: loading the command or the validator (e.g. for `nova-tools call`) does not load it.
 * Its `metaCER()` re-encodes the JSON text it returned the time before (a module variable it overwrites), so each
 * new reader doubled it and the 21st threw "Invalid string length": it is asked once and its answer kept.
 */
function winkModel(): Model {
  if (model) return model;
  const loaded = require("wink-eng-lite-web-model") as Model;
  const cer = loaded.metaCER();
  model = { ...loaded, metaCER: () => cer };
  return model;
}
function nlp(): Reader {
  if (reader && reader.lexemes.list.length - reader.lexemes.intrinsicSize < FORGOTTEN_LIMIT) return reader;
  const model = winkModel();
  let lexemes: Lexemes | undefined;
  const core = () => {
    const loaded = model.core();
    lexemes = loaded.features.lexeme;
    return loaded;
  };
  const wink = (require("wink-nlp") as (m: unknown, pipe: string[]) => Wink)({ ...model, core }, ["sbd", "pos"]);
  reader = { wink, lexemes: lexemes!, forgotten: lexemes!.list.length };
  return reader;
}

/** Whether a word (lower case) is one of the model's own, an English word, not a name it has not seen. */
export function knownWord(word: string): boolean {
  const { lexemes } = nlp();
  const k = lexemes.hash[word];
  return k !== undefined && k < lexemes.intrinsicSize;
}

/**
 * One text read as if it were the first: wink-nlp remembers each new word, and a remembered word is not
 * split again ("week's:" teaches it "week's", so a later "next week's schedule" reads "week's" as a name and
 * not "week" + "'s"): the verdict on an answer would depend on the answers read before it. So the words one
 * reading taught it are forgotten once it is read (their table rows stay, so the model's own indexes hold).
 */
function readText(masked: string) {
  const r = nlp();
  const { its } = r.wink;
  const doc = r.wink.readDoc(masked);
  const all = doc.tokens();
  const read = {
    text: all.out() as string[],
    lemma: all.out(its.lemma) as string[],
    pos: all.out(its.pos) as string[],
    type: all.out(its.type) as string[],
    space: all.out(its.precedingSpaces) as string[],
    spans: doc.sentences().out(its.span) as [number, number][],
  };
  const { hash, list } = r.lexemes;
  for (let i = r.forgotten; i < list.length; i++) if (hash[list[i]!] === i) delete hash[list[i]!];
  r.forgotten = list.length;
  return read;
}

export interface Token {
  text: string;
  /** Lower case, curly apostrophes straightened. */
  norm: string;
  lemma: string;
  pos: string;
  type: string;
  space: string;
  /** The quoted text this token stands for, if it is a quotation's placeholder. */
  quote?: string;
  /** Part of a name for Nova ("Nova", "yours truly", "your assistant"). */
  nova?: boolean;
  /** Joined to the next word by a hyphen ("nova" in "nova-tools"). */
  hyphenated?: boolean;
}

export interface Clause {
  tokens: Token[];
  /** The word that opened the clause (a conjunction, "offer" after "Would it help if", or "" after punctuation). */
  lead: string;
  checked: boolean;
  /** What closed the clause: its punctuation ("!", ":"), "emoji", a conjunction, or "" at the sentence's end. */
  end: string;
  /**
   * A label before a list or a count ("Published: 3 posts", "Scheduled for Friday: the recap"): a colon
   * closes this clause or a later one, and a number or a determiner follows it.
   */
  label: boolean;
  /** The word before the colon or dash that opens this clause ("Status: cancelled", "Re: parking the thread"). */
  field: string;
  /** That name is a record's ("job-18: queued"): a verbless noun phrase or id, so this clause is its state. */
  record: boolean;
  /** What came right before the clause: "emoji" for a status mark ("⏳ job-18 queued"), else as `end`. */
  after: string;
  /** The sentence the clause is cut from (its tokens are among these). */
  sentence: Token[];
  /** The clause is a markdown table's cell ("| published | 18 |"): a participle alone there is a column's value. */
  cell: boolean;
  /** The text lists records with their states ("job-31 succeeded", "p-70 draft"): a record's participle there is its state too. */
  states?: boolean;
  /** The clause is on a list item of a text that lists what others did ("- Approved by Sam, 2 Nov"): a participle there is history. */
  history?: boolean;
}

const PLACEHOLDER = /^qq(\d+)q$/;
/**
 * An identifier such as a tool name (get_job_status) or a record's id with underscores (job_sync-440): one token,
 * which the tokenizer would split at "_" and "-".
 */
const IDENTIFIER = /(?<![\p{L}\p{N}_-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:-[A-Za-z0-9]+)*(?![\p{L}\p{N}_])/gu;
/**
 * An unbroken run of 64 characters or more (a hash, a key, base64, a long slug): no word of prose, so one name, as a
 * path is. wink-nlp's tokenizer takes time in the square of such a run's length (its e-mail and ordinal patterns try
 * every start in it), so a model's blob must not reach it. It starts only where a run starts: linear over any text.
 */
const BLOB = /(?<![^\s"'`“”„«»‘’()[\]{}<>|,;])[^\s"'`“”„«»‘’()[\]{}<>|,;]{64,}/gu;
/**
 * A record's path, a dataset ref or a URL ("trendSignals/sig-005", "workspaces/acme/goals/goal-updated",
 * "workspaces/acme/jobs?updatedAt&n=12", "https://…"): one name, like a quotation, whose segments are not
 * words (that goal's id does not say that Nova updated it). Plain words joined by slashes ("and/or",
 * "approved/scheduled/published") stay words: a claim written that way must still be found.
 */
const PATH =
  /(?<![\p{L}\p{N}_/.-])(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+|[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)+(?:\?\S*)?)/gu;
// (not "A/B": letters alone are a name)
const PLAIN_WORDS = /^\p{L}\p{Ll}+(?:\/\p{L}\p{Ll}+)+$/u;
/** Sentence punctuation after a path belongs to the sentence. */
const TRAILING = /(?<![.,;:!?)\]])[.,;:!?)\]]+$/u;
/** Quotations: straight or curly double quotes, guillemets, and single quotes that open and close words. */
const QUOTES =
  /"(?:[^"\\\n]|\\.)*"|“[^“”\n]*”|„[^„“”\n]*[“”]|«[^«»\n]*»|(?<![\p{L}\p{N}])['‘](?:[^'‘’\n]|(?<=\p{L})['’](?=\p{L}))+['’](?![\p{L}\p{N}])|`[^`\n]*`/gu;
const BOUNDARY_PUNCT = new Set([",", ";", ":", "—", "–", "-", "(", ")", "!", "?", "…", "...", "/", "|", "•", "→"]);
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
export function tokenize(line: string, quotes: string[], s: Sets): Token[][] {
  const mask = (q: string) => {
    quotes.push(q);
    return ` Qq${quotes.length - 1}q `;
  };
  const maskPath = (p: string) => {
    const tail = TRAILING.exec(p)?.[0] ?? "";
    const name = p.slice(0, p.length - tail.length);
    return PLAIN_WORDS.test(name) ? p : mask(name) + tail;
  };
  const masked = line
    .replace(QUOTES, mask)
    .replace(PATH, maskPath)
    .replace(IDENTIFIER, mask)
    .replace(BLOB, mask)
    // "Tutorial (posts/p-19): unpublished": a bracket closed before a colon is no emoticon
    .replace(/(?<![:;=8])\):(?!\()/gu, ") :")
    // "(created 08:30)": a time before a closing bracket is no emoticon (":3")
    .replace(/(\d:\d\d)\)/gu, "$1 )");
  const { text, lemma, pos, type, space, spans } = readText(masked);
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
  const sentences = spans.map(([b, e]) => joinWords(tokens.slice(b, e + 1), s));
  // the lexicon's lemma for forms the model leaves alone ("Archived", "Publishing") or people misspell ("aproved")
  for (const sentence of sentences) {
    // "failed -> queued", "=>": an arrow written in two marks is one, as "→" is
    for (let i = sentence.length - 2; i >= 0; i--)
      if (["-", "="].includes(sentence[i]!.norm) && sentence[i + 1]!.norm === ">" && !sentence[i + 1]!.space) {
        Object.assign(sentence[i]!, { text: "→", norm: "→", lemma: "→", pos: "PUNCT" });
        sentence.splice(i + 1, 1);
      }
    // "paused = true", "enabled = false": a config's key and value, parted as "paused: true" is
    for (const [i, t] of sentence.entries())
      if (t.norm === "=" && i > 0 && t.space !== "" && (sentence[i + 1]?.space ?? "") !== "")
        Object.assign(t, { text: ":", norm: ":", lemma: ":", pos: "PUNCT" });
    for (const t of sentence) {
      if (t.quote !== undefined) continue;
      if (t.lemma === t.norm) t.lemma = irregularBase(t.norm) ?? t.lemma; // "unstuck", which the tagger leaves alone
      t.lemma = lemmaOf(t, s);
    }
    // "token rotated", "key refreshed by me", "Caps adjusted": a pipeline noun opening a headline, which the tagger
    // reads as an adjective in lower case or, plural, as a name
    sentence.forEach((a, i) => {
      const b = sentence[i + 1];
      if (i > 0 && sentence[i - 1]!.pos !== "PUNCT") return;
      const plural = a.pos === "PROPN" && /s$/.test(a.norm) && s.pipeline.has(a.norm.slice(0, -1));
      if (
        b &&
        (a.pos === "ADJ" || a.pos === "NOUN" || plural) &&
        (s.pipeline.has(a.norm) || plural) &&
        isPastForm(b.norm, b.lemma) &&
        !isPastForm(a.norm, a.lemma)
      ) {
        if (plural) a.lemma = a.norm.slice(0, -1);
        a.pos = "NOUN";
        if (b.pos === "ADJ") b.pos = "VERB"; // "key refreshed"
      }
    });
    // "Wed: post_121 scheduled", "Sat 10:00": a weekday's name, which the tagger may read as a verb ("wed")
    for (const t of sentence) if (t.pos === "VERB" && WEEKDAY.test(t.norm)) t.pos = "PROPN";
    // "Requeue triggered for job-8": a verb of effect opening a headline as its action, which the tagger reads as a name
    // (after the emoji a line may open with: "🩹 Patched p_118's metrics")
    const opening = sentence.findIndex((t) => !PICTOGRAPH.test(t.text));
    const [first, second] = opening < 0 ? [] : sentence.slice(opening);
    if (
      first?.pos === "PROPN" &&
      (s.strong.has(first.lemma) || s.nominal.has(first.lemma)) &&
      second?.pos === "VERB" &&
      isPastForm(second.norm, second.lemma)
    )
      first.pos = "NOUN";
    // "Greenlit post-214 a minute ago": a known verb of effect in a past form opening the sentence before its object,
    // which the tagger reads as a name
    if (
      first?.pos === "PROPN" &&
      first.lemma !== first.norm &&
      (s.strong.has(first.lemma) || s.object.has(first.lemma)) &&
      second !== undefined &&
      (second.pos === "DET" ||
        s.possessives.has(second.norm) ||
        RECORD_ID.test(second.norm) ||
        second.quote !== undefined)
    )
      first.pos = "VERB";
    // "Spread the 30 posts across the month": a past written like its base, opening the sentence before its object,
    // which the tagger reads as a noun or a name
    else if (
      (first?.pos === "PROPN" || first?.pos === "NOUN") &&
      irregularBase(first.norm) === first.norm &&
      (second?.pos === "DET" || s.possessives.has(second?.norm ?? ""))
    )
      first.pos = "VERB";
    // "The LinkedIn token got refreshed by yours truly", "got reset by me": a participle after "get" is a passive's
    // verb, which the tagger may read as an adjective (or, written like its base, as a noun before "by")
    sentence.forEach((a, i) => {
      if (i === 0 || sentence[i - 1]!.lemma !== "get" || (a.pos !== "ADJ" && a.pos !== "NOUN")) return;
      const past = a.pos === "ADJ" && a.norm !== a.lemma && isPastForm(a.norm, a.lemma);
      const base = sentence[i + 1]?.norm === "by" && irregularBase(a.norm) === a.norm;
      if (past || base) a.pos = "VERB";
    });
    selfIdentified(sentence, s);
    markNovaNames(sentence, s);
    whileAsConjunction(sentence, s);
    upAsVerb(sentence, s);
    doAsVerb(sentence);
    ingAfterBe(sentence);
    givenAsPreposition(sentence);
    compoundAdjectives(sentence, s);
    nounAfterModifier(sentence, s);
    itsBeforeParticiple(sentence);
    verbAfterLetMe(sentence);
    isAfterGerund(sentence);
  }
  return sentences;
}

/**
 * "Scheduling's up to you", "Deleting's not something I can do": "'s" after a gerund and before no noun is "is",
 * which the tagger reads as a possessive ("Scheduling's rules" stays one).
 */
function isAfterGerund(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const [prev, next] = [tokens[i - 1], tokens[i + 1]];
    if (t.pos !== "PART" || !/^['’]s$/u.test(t.norm) || !prev || !isIng(prev)) return;
    if (next && !["ADP", "ADV", "DET", "PRON", "PART", "PUNCT"].includes(next.pos)) return;
    t.pos = "AUX";
    t.lemma = "be";
  });
}

/** "ive checked the post, its scheduled for 9:00": "its" before a participle is "it's" without its apostrophe. */
function itsBeforeParticiple(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.norm !== "its" || !next || next.pos !== "VERB" || !isPastForm(next.norm, next.lemma)) return;
    t.norm = "it";
    t.lemma = "it";
  });
}

/** "Let me slot them on Monday": the word after "let me" is a verb, which the tagger may read as a noun. */
function verbAfterLetMe(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const [let_, me] = [tokens[i - 2], tokens[i - 1]];
    if (t.pos === "NOUN" && let_?.lemma === "let" && me?.norm === "me" && tokens[i + 1]?.pos === "PRON") t.pos = "VERB";
  });
}

/**
 * "I've removed the unlinked duplicate", "I paused the failing render": a pipeline noun closing a noun phrase
 * after a determiner and a modifier, which the tagger reads as a verb (not "the team will duplicate it").
 */
function nounAfterModifier(tokens: Token[], s: Sets): void {
  tokens.forEach((t, i) => {
    const [det, modifier, next] = [tokens[i - 2], tokens[i - 1], tokens[i + 1]];
    // "I topped up its boost": a pipeline noun straight after a possessive
    if (t.pos === "VERB" && s.pipeline.has(t.norm) && s.possessives.has(modifier?.norm ?? "") && next?.pos === "ADP")
      t.pos = "NOUN";
    if (t.pos !== "VERB" || !s.pipeline.has(t.norm) || !det || !modifier) return;
    if (det.pos !== "DET" && !s.possessives.has(det.norm)) return;
    if (modifier.pos !== "ADJ" && !isPastForm(modifier.norm, modifier.lemma) && !isIng(modifier)) return;
    if (next === undefined || next.pos === "PUNCT" || next.pos === "CCONJ" || next.pos === "ADP") t.pos = "NOUN";
  });
}

/**
 * "Want me to up the bid?", "I'll up the budget": "up" after "to", a modal or a subject and before an object
 * is a verb, which the tagger reads as a preposition ("It's up to you", "went up the list" are not).
 */
function upAsVerb(tokens: Token[], s: Sets): void {
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.norm !== "up" || t.pos !== "ADP" || !prev || !next) return;
    const before =
      prev.norm === "to" || s.firstPerson.has(prev.norm) || (prev.pos === "AUX" && UP_MODALS.has(prev.lemma));
    if (before && (next.pos === "DET" || s.possessives.has(next.norm))) t.pos = "VERB";
  });
}
/**
 * "rotate the key while we're at it": "while" before a subject joins a clause, which the tagger may read as a
 * noun (and the pipeline noun before it as an adjective).
 */
function whileAsConjunction(tokens: Token[], s: Sets): void {
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    if ((t.norm !== "while" && t.norm !== "whilst") || t.pos !== "NOUN" || tokens[i + 1]?.pos !== "PRON") return;
    t.pos = "SCONJ";
    if (prev && prev.pos === "ADJ" && s.pipeline.has(prev.norm)) prev.pos = "NOUN";
  });
}
/** "I'm planning to re-publish it": an -ing word after "I'm" is a verb, which the tagger may read as a noun. */
function ingAfterBe(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1]?.norm.replace("’", "'");
    if (t.pos === "NOUN" && /\p{L}{2}ing$/u.test(t.norm) && (prev === "i'm" || prev === "we're")) t.pos = "VERB";
  });
}
/** "I did it", "I've done that": "do" before its object pronoun is the main verb, which the tagger calls an auxiliary. */
function doAsVerb(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (t.pos !== "AUX" || t.lemma !== "do" || !next || !["it", "that", "this", "them", "both"].includes(next.norm))
      return;
    if (after && (after.pos === "VERB" || after.pos === "AUX")) return; // "did it work?", "does that help"
    t.pos = "VERB";
  });
}

/**
 * "Given the volunteer post did 3x your median, ...": "given" opening a clause before its noun phrase is a
 * preposition, which the tagger reads as a participle (not "Given it the go-ahead", with an object pronoun).
 */
function givenAsPreposition(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.norm !== "given" || (i > 0 && tokens[i - 1]!.pos !== "PUNCT") || !next) return;
    if (next.pos === "DET" || next.pos === "NUM" || ["that", "how", "its", "their", "your", "our"].includes(next.norm))
      t.pos = "ADP";
  });
}

/**
 * "Image-led posts", "data-driven goals", "AI-generated captions": a noun and a participle hyphenated are an
 * adjective, never Nova's doing (not "re-queued", "auto-approved": a prefix and its verb).
 */
const COMPOUND_ADJECTIVE =
  /^[\p{L}\p{N}]+-(?:led|based|driven|focused|powered|related|oriented|centred|centered|backed|generated|sourced|approved|made|sized|shaped|tested)$/u;
function compoundAdjectives(tokens: Token[], s: Sets): void {
  for (const [i, t] of tokens.entries()) {
    const head = t.norm.split("-")[0]!;
    // (a prefix the lexicon lists, "self-" and "co-": a verb's own prefix)
    if (!COMPOUND_ADJECTIVE.test(t.norm) || s.prefixes.includes(head) || head === "self" || head === "co") continue;
    const next = tokens[i + 1];
    // "client-approved" standing for a state after its noun stays as it is read; before a noun it describes it
    if (next && (next.pos === "NOUN" || next.pos === "PROPN" || next.pos === "ADJ")) {
      t.pos = "ADJ";
      t.lemma = t.norm;
    }
  }
}

/** Prepositions that open a topic before a colon ("For the December batch:", "As for p-12:", "Re pi-4:"). */
const TOPIC_LEADS = new Set(["for", "regarding", "re", "about", "concerning"]);

const UP_MODALS = new Set(["will", "can", "shall", "could", "would", "should", "might", "may", "must"]);

const WORD = /^\p{L}+$/u;
/** Words that make hyphenated words a phrase, not a name ("signal-to-noise", "goal-by-goal"): grammar, kept in code. */
const HYPHENED_PHRASE = new Set(["to", "by", "of", "and", "or", "for", "in", "on", "at", "the", "a", "an", "vs"]);
/**
 * One word where the tokenizer made two: a hyphenated word ("fast-tracked", "okey-dokeyed", "go-ahead")
 * takes its last part's tag and lemma after the first part; a prefix written apart ("re queued") joins
 * its verb with a hyphen, so that it reads as a prefixed form.
 */
function joinWords(tokens: Token[], s: Sets): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i]!;
    const hyphen = tokens[i + 1];
    const b = tokens[i + 2];
    if (hyphen?.norm === "-" && hyphen.space === "" && b?.space === "" && WORD.test(a.norm) && WORD.test(b.norm)) {
      out.push({
        ...b,
        // "follow-up", "go-ahead", "kick-off": a word ending in a particle names a thing; "most-shared",
        // "best-performing": a degree before a participle describes
        // "auto-publish", "auto-posting": an automation, named
        pos:
          ["ADP", "ADV", "PART"].includes(b.pos) || a.norm === "auto"
            ? "NOUN"
            : s.degreeWords.has(a.norm)
              ? "ADJ"
              : b.pos,
        text: `${a.text}-${b.text}`,
        norm: `${a.norm}-${b.norm}`,
        lemma: `${a.norm}-${b.lemma}`,
        space: a.space,
      });
      i += 2;
      // "goal-podcast-listens": a record's id made of words goes on over every hyphen, a name (no lemma of its own)
      while (
        s.recordKinds.has(a.norm) &&
        tokens[i + 1]?.norm === "-" &&
        tokens[i + 1]!.space === "" &&
        tokens[i + 2]?.space === "" &&
        WORD.test(tokens[i + 2]!.norm) &&
        // not a phrase joined by hyphens ("signal-to-noise", "goal-by-goal")
        ![...out.at(-1)!.norm.split("-"), tokens[i + 2]!.norm].some((w) => HYPHENED_PHRASE.has(w))
      ) {
        const [joined, c] = [out.at(-1)!, tokens[i + 2]!];
        out[out.length - 1] = {
          ...joined,
          text: `${joined.text}-${c.text}`,
          pos: "PROPN",
          norm: `${joined.norm}-${c.norm}`,
          lemma: `${joined.norm}-${c.norm}`,
        };
        i += 2;
      }
      continue;
    }
    const next = tokens[i + 1];
    // "I 86'd the post": a number's coined past, which the tokenizer splits at the apostrophe
    const apostrophe = next && /^['’]$/.test(next.norm) && tokens[i + 2]?.norm === "d" && tokens[i + 2]!.space === "";
    if (a.pos === "NUM" && next?.space === "" && (/^['’]d$/.test(next.norm) || apostrophe)) {
      out.push({ ...a, pos: "VERB", text: `${a.text}'d`, norm: `${a.norm}'d`, lemma: `${a.norm}'d` });
      i += apostrophe ? 2 : 1;
      continue;
    }
    if (
      s.prefixes.includes(a.norm) &&
      a.norm.length <= 3 &&
      next !== undefined &&
      next.space !== "" &&
      WORD.test(next.norm) &&
      (next.pos === "VERB" || isPastForm(next.norm, next.lemma) || /(?:ed|ing)$/.test(next.norm))
    ) {
      out.push({
        ...next,
        text: `${a.text}-${next.text}`,
        norm: `${a.norm}-${next.norm}`,
        lemma: `${a.norm}-${next.lemma}`,
        space: a.space,
      });
      i += 1;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Markdown that carries no words: emphasis, headings, quotes, bullets, links (their text stays). */
export function stripMarkdown(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}|>+)\s*/, "")
    .replace(/^\s*(?:[-*+•]|\d+[.)]|\[\d+\])\s+/, "")
    .replace(/\[([^[\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|~~|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)/g, "");
}

/** An emoji, by its code point: the tokenizer's list of emoji misses newer ones ("🩹"). */
export const PICTOGRAPH = /^\p{Extended_Pictographic}/u;

/** Words numbering the steps of a log ("Step 2 —", "Phase 1:"). */
const STEPS = new Set(["step", "stage", "phase", "part"]);

/** A weekday's name, whole or cut short ("Wed", "thurs", "Saturday"). */
export const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?$/;

/** A record's id as the pipeline's ids look: letters, maybe a second word, then a part with a digit ("p1", "job-42", "job-f4", "post-rc-11", "sig-0d2"). */
export const RECORD_ID = /^[a-z]{1,5}(?:-[a-z]{1,5})?-?(?=[a-z0-9]*\d)[a-z0-9]+$/;

/** A record's id in a code span ("`job-worker-88`", "`post-3390`"): a pipeline object, unlike a quoted title. */
export const CODE_ID = /^`(?=[^`]*\d[a-z]*`$)[a-z]{1,8}(?:\d[a-z0-9]*|(?:[-_][a-z0-9]+)+)`$/;

/** A record's path ("posts/p-14", "workspaces/acme/drafts/d1"): a pipeline object, unlike a quoted title. */
export const RECORD_PATH = /^[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)+$/u;

/**
 * "job_render_881", "job_sync-440", "post_c9w": a record's id written with underscores, which is masked like a
 * tool's name; a digit in its last part (not "get_job_status").
 */
export const SNAKE_ID = /^(?=.*\d[a-z]*$)[a-z]{1,8}(?:_[a-z0-9]+)*?_(?:[a-z0-9]+-)?[a-z0-9]+$/i;

/** A record's id as a word or in a code span ("job-42", "`job_render_8821`", "posts/p-3"). */
export const isRecordName = (t: Token) =>
  t.quote === undefined
    ? RECORD_ID.test(t.norm)
    : CODE_ID.test(t.quote) || RECORD_PATH.test(t.quote) || SNAKE_ID.test(t.quote);

/** Words after a count of nothing that bound it in time ("none yet", "none this year", "none so far"). */
const NOTHING_SINCE = new Set(["yet", "this", "so", "today", "since"]);

/** A count of nothing at `k`: "Approved: none yet.", "Changes made by me this week: 0". */
export function nothingAt(sentence: Token[], k: number): boolean {
  const then = sentence[k + 1];
  return (
    ["none", "zero", "nothing", "0"].includes(sentence[k]?.norm ?? "") &&
    (then === undefined || then.pos === "PUNCT" || NOTHING_SINCE.has(then.norm))
  );
}

/** A value a label lists or counts: a number, an amount ("£1,540"), or a record's id ("c-30"). */
function listedValue(sentence: Token[], k: number, s?: Sets): boolean {
  const t = sentence[k];
  if (t === undefined) return false;
  // "Published: Mon 3 Jun", "Posting schedule for next week: Monday 08:30 carousel": a day or a date
  // ("Updated: yesterday 17:42 UTC")
  if (
    (s?.times.has(t.norm.replace(/\.$/, "")) || t.norm === "yesterday" || t.norm === "today") &&
    /^\d/.test(sentence[k + 1]?.norm ?? "")
  )
    return true;
  if (t.pos === "NUM" || /^\d/.test(t.norm) || nothingAt(sentence, k)) return true;
  if (CURRENCY.test(t.norm)) return /^\d/.test(sentence[k + 1]?.norm ?? "");
  // (not "Gave it a good whack: job-e55 is running again": an id before its verb is that clause's subject)
  // "Newly queued: `job-thumb-2210`": an id in a code span is one too, with underscores ("queued: job_caption_301"),
  // and a record's path ("Pinned: posts/p-3")
  return isRecordName(t) && !["VERB", "AUX"].includes(sentence[k + 1]?.pos ?? "");
}
/** Keys whose value is a record's state. */
const STATE_KEYS = new Set(["status", "state", "stage"]);
/** A clock time ("14:20", "9:05"). */
export const CLOCK = /^\d{1,2}:\d{2}$/;
/** A currency sign, which stands before its amount ("$75", "€50"). */
export const CURRENCY = /^[£$€¥]$/u;
const TALLY_MARKS = new Set(["—", "–", "-", "→", "emoji"]);

/** A clause marked done: an emoji or "!" closes it ("Moved to Friday ✅", "Approved!"), so it confirms, not describes. */
export function endsMarked(c: Clause): boolean {
  return c.end === "emoji" || c.end === "!";
}

export function clausesOf(sentence: Token[], checked: boolean, s: Sets, cell = false): Clause[] {
  const out: Clause[] = [];
  let current: Token[] = [];
  let lead = "";
  const colon = sentence.findIndex((t) => t.norm === ":");
  const listed = sentence[colon + 1];
  // (not "Cancelled, per your message: job_render_8821": what was asked for, done, names its record after the colon)
  const asked = sentence
    .slice(0, Math.max(colon, 0))
    .some(
      (t, k) =>
        (t.norm === "per" && ["your", "the"].includes(sentence[k + 1]?.norm ?? "")) ||
        (t.norm === "as" && s.askedWords.has(sentence[k + 1]?.norm ?? "")),
    );
  // (not "Renewed: the new credential runs to January 2028": a lone participle before a sentence of the present
  // says what it did and what holds now)
  const stop = sentence.findIndex((t, k) => k > 2 && t.pos === "PUNCT");
  const told =
    colon === 1 &&
    isPast(sentence[0]!) &&
    sentence
      .slice(2, stop < 0 ? undefined : stop)
      .some((t) => (t.pos === "VERB" || t.pos === "AUX") && !isPast(t) && !isIng(t) && t.norm !== t.lemma);
  const list =
    colon >= 0 &&
    listed !== undefined &&
    !asked &&
    ((listed.pos === "DET" && !told) || listedValue(sentence, colon + 1, s));
  let field = "";
  let record = false;
  let after = "";
  // "rejected — 2; still waiting — 4", "Published 👉 22 | Drafted 👉 9": a lone participle before a dash, an arrow
  // or a pointing mark, then a bare count, labels the count as a colon would (not "Deleted — 2 drafts")
  const tallied = (end: string, at: number) => {
    if (!TALLY_MARKS.has(end) || current.length !== 1 || !isPast(current[0]!)) return false;
    let k = at + 1;
    while (sentence[k] && (sentence[k]!.type === "emoji" || sentence[k]!.pos === "PUNCT")) k++;
    const count = sentence[k];
    const then = sentence[k + 1];
    return (
      count !== undefined &&
      /^\d[\d,.]*%?$/.test(count.norm) &&
      !(then && (then.pos === "NOUN" || then.pos === "PROPN"))
    );
  };
  const flush = (next: string, end: string, at: number) => {
    if (current.length > 0) {
      // "Posts published: 12, posts scheduled: 4": each label before its count
      const value = sentence[at + 1];
      const label =
        (list && at <= colon) ||
        (end === ":" && listedValue(sentence, at + 1, s)) ||
        tallied(end, at) ||
        // "Submitted for approval: yes, by @jo": a field answered yes or no
        (end === ":" && /^(?:yes|no|true|false)$/.test(value?.norm ?? "")) ||
        // "publishing: healthy": an activity's field and its state
        (end === ":" && current.length === 1 && isIng(current[0]!) && value?.pos === "ADJ") ||
        // "- published 4: …", "retried 2: jb-ig-metrics (ok on attempt 2)": a participle and its count over the list
        (end === ":" && current.length === 2 && isPast(current[0]!) && /^\d+$/.test(current[1]!.norm));
      out.push({
        tokens: current,
        lead,
        // ("[x] p-8850: moved from 23:00 to 18:00": the act after the record's name is the checked one)
        checked:
          checked &&
          (out.length === 0 ||
            (out.length === 1 && after === ":" && out[0]!.tokens.length === 1 && isRecordName(out[0]!.tokens[0]!))),
        end,
        label,
        field,
        record,
        after,
        cell,
        sentence,
      });
      // "published but not yet measured: 2", "approved or scheduled: 5": participles joined before one label's colon
      const before = out.at(-2);
      if (
        label &&
        end === ":" &&
        before !== undefined &&
        ["but", "and", "or"].includes(before.end) &&
        before.tokens.every((x) => isPast(x) || x.pos === "ADV" || x.norm === "not")
      )
        before.label = true;
      const last = current.at(-1)!;
      // "approved at 08:10 UTC and published at 08:30 UTC" after a record's name: the second state is the record's too
      const stillRecord = record && next === "and" && current[0] !== undefined && isPast(current[0]);
      // "job-6601 (publish, queued)": a record's id before its bracketed fields
      const bracketed = end === "(" && current.length === 1 && isRecordName(current[0]!);
      const opens = end === ":" || end === "-" || end === "–" || end === "—" || bracketed;
      field = opens ? last.norm : "";
      // "job-304 — publish, queued", "c-30: finished 15 Sep, archived": the record's states, listed by commas
      const listedState = record && end === "," && current.length <= 4;
      // "job-18: queued", "launch thread - approved": a verbless name before a colon or a dash
      record =
        listedState ||
        stillRecord ||
        // "State now: queued", "Status (live): published": a state field's value is the record's state
        (end === ":" && current.some((x) => STATE_KEYS.has(x.norm)) && !current.some((x) => x.pos === "VERB")) ||
        (opens &&
          (last.pos === "NOUN" || last.pos === "PROPN" || /\d/.test(last.norm) || last.quote !== undefined) &&
          // "Step 2 — lowered the target to 650": a step's number names no record
          !(current.length === 2 && STEPS.has(current[0]!.norm)) &&
          // "For the December batch: approved all of it": a topic after a preposition, no record's name
          !(current[0]!.pos === "ADP" && TOPIC_LEADS.has(current[0]!.norm)) &&
          !current.some((x) => s.acknowledgementWords.has(x.norm)) &&
          // "In progress: archiving last month's drafts": a field naming what is under way, no record
          !/^(?:in progress|now|currently|underway|under way|working on)$/.test(current.map((x) => x.norm).join(" ")) &&
          // the tagger reads some nouns before a noun as verbs ("launch thread"); "Checked `job-a52` — cancelled":
          // a record read, then its state
          !current.some(
            (x, k) =>
              x.pos === "AUX" ||
              (x.pos === "VERB" &&
                current[k + 1]?.pos !== "NOUN" &&
                !(k === 0 && s.mayDo.has(x.lemma) && (last.quote !== undefined || /\d/.test(last.norm)))),
          ));
    } else if ((end === ":" || end === "—" || end === "–" || end === "-") && after === ")" && out.length > 0) {
      // "Tutorial (posts/p-19): unpublished", "job-4220 publish_post (post-5150, X) - queued": a name with its
      // bracketed id or fields before the colon or dash is a record's
      const name = out.at(-1)!.tokens;
      record = name.every((x) => x.pos === "NOUN" || x.pos === "PROPN" || /\d/.test(x.norm) || x.quote !== undefined);
      field = record ? name.at(-1)!.norm : field;
    }
    after = end;
    current = [];
    lead = next;
  };
  sentence.forEach((t, i) => {
    // a hyphen inside a word ("auto-scheduler", which the tokenizer splits) joins, it does not cut
    if (t.norm === "-" && t.space === "" && sentence[i + 1]?.space === "" && current.length > 0) {
      current.at(-1)!.hyphenated = true;
      return;
    }
    // "posts published on 29–30 November": a dash between two numbers, unspaced, is a range, not a cut
    if (
      (t.norm === "–" || t.norm === "-") &&
      !t.space &&
      !sentence[i + 1]?.space &&
      /^\d/.test(sentence[i - 1]?.norm ?? "") &&
      /^\d/.test(sentence[i + 1]?.norm ?? "") &&
      current.length > 0
    ) {
      current.push(t);
      return;
    }
    // (not "marked the risky ones with ⚠ in the table below": an emoji after "with" is what it is marked with)
    if ((t.type === "emoji" || t.type === "emoticon") && current.at(-1)?.norm === "with") return;
    if (t.type === "emoji" || t.type === "emoticon") flush("", "emoji", i);
    else if (t.norm === "·")
      flush("", "·", i); // "Recently archived: c-30 · Recently resumed: c-27"
    else if ((t.pos === "PUNCT" || t.norm === "→") && BOUNDARY_PUNCT.has(t.norm)) flush("", t.norm, i);
    // "created 1 and 2 Nov", "3 or 4 drafts": "and" between two numbers joins them
    else if (
      (t.norm === "and" || t.norm === "or") &&
      /^\d+$/.test(sentence[i - 1]?.norm ?? "") &&
      /^\d+$/.test(sentence[i + 1]?.norm ?? "") &&
      s.times.has(sentence[i + 2]?.norm.replace(/\.$/, "") ?? "")
    )
      current.push(t);
    // "all created since Monday", "paused since 3 Nov": "since" before a date is a preposition
    else if (
      t.norm === "since" &&
      (s.times.has(sentence[i + 1]?.norm ?? "") ||
        /^\d/.test(sentence[i + 1]?.norm ?? "") ||
        ["yesterday", "last"].includes(sentence[i + 1]?.norm ?? ""))
    )
      current.push(t);
    // "Carousels deleted and re-uploaded didn't recover their reach": "and" between two participles joins them
    else if (
      (t.norm === "and" || t.norm === "or") &&
      current.length >= 2 &&
      (current.at(-2)!.pos === "NOUN" || current.at(-2)!.pos === "PROPN") &&
      isPastForm(current.at(-1)!.norm, current.at(-1)!.lemma) &&
      sentence[i + 1] !== undefined &&
      isPastForm(sentence[i + 1]!.norm, sentence[i + 1]!.lemma) &&
      // the subject's own verb follows ("... didn't recover", "... keep their history"), not a headline's end
      (sentence[i + 2]?.pos === "AUX" ||
        (sentence[i + 2]?.pos === "VERB" && !isPastForm(sentence[i + 2]!.norm, sentence[i + 2]!.lemma)))
    )
      current.push(t);
    // "Lowering a target or extending a due date is a decision for the owner": two gerunds, one subject
    else if (
      (t.norm === "and" || t.norm === "or") &&
      current.length >= 2 &&
      isIng(current[0]!) &&
      sentence[i + 1] !== undefined &&
      isIng(sentence[i + 1]!) &&
      beAhead(sentence.slice(i + 2))
    )
      current.push(t);
    // "an expired or replaced credential": "or" between two describing words of one noun joins them
    else if (
      (t.norm === "and" || t.norm === "or") &&
      current.at(-2)?.pos === "DET" &&
      (current.at(-1)!.pos === "ADJ" || isPastForm(current.at(-1)!.norm, current.at(-1)!.lemma)) &&
      sentence[i + 1] !== undefined &&
      isPastForm(sentence[i + 1]!.norm, sentence[i + 1]!.lemma) &&
      sentence[i + 2]?.pos === "NOUN"
    )
      current.push(t);
    // "published between 16:00 and 19:00 UTC": the "and" of "between" joins its two ends
    else if (
      t.norm === "and" &&
      current.some((c) => c.norm === "between") &&
      !current.slice(current.findLastIndex((c) => c.norm === "between")).some((c) => c.norm === "and")
    )
      current.push(t);
    // "If it helps I can lower the target": "I" after a condition's verb starts the main clause, comma or none
    else if (t.norm === "i" && t.pos === "PRON" && s.conditional.has(lead) && current.at(-1)?.pos === "VERB") {
      flush("", "", i - 1);
      current.push(t);
    } else if ((t.pos === "CCONJ" || t.pos === "SCONJ") && (CLAUSE_CONJ.has(t.norm) || s.conditional.has(t.norm)))
      // "Would it help if I requeued it?" offers what the "if" clause says
      flush(
        t.norm === "if" && s.offerQuestions.has(current.map((c) => c.norm).join(" ")) ? "offer" : t.norm,
        t.norm,
        i,
      );
    else if (t.pos !== "PUNCT") current.push(t);
    else if (current.length > 0 && i === sentence.length - 1) flush("", t.norm, i);
  });
  flush("", "", sentence.length);
  return out;
}

/** "be" comes in these words before any punctuation or conjunction: they are a predicate's own. */
function beAhead(rest: Token[]): boolean {
  const be = rest.findIndex((x) => x.pos === "AUX" && x.lemma === "be");
  return be > 0 && !rest.slice(0, be).some((x) => x.pos === "PUNCT" || x.pos === "CCONJ" || x.pos === "SCONJ");
}

// --- verb forms ---

/**
 * Irregular past forms (and a few regular ones the tagger reads as names) with their base: English's
 * irregular verbs are a closed list, so a form the tagger does not know ("unstuck") still reads as a past.
 */
const IRREGULAR: [past: string, base: string][] = [
  ...["sent", "spent", "lent", "bent", "built", "dealt", "meant", "slept", "swept", "kept", "felt", "left"].map(
    (p): [string, string] => [
      p,
      {
        sent: "send",
        spent: "spend",
        lent: "lend",
        bent: "bend",
        built: "build",
        dealt: "deal",
        meant: "mean",
        slept: "sleep",
        swept: "sweep",
        kept: "keep",
        felt: "feel",
        left: "leave",
      }[p]!,
    ],
  ),
  ["done", "do"],
  ["did", "do"],
  ["ran", "run"],
  ["taken", "take"],
  ["took", "take"],
  ["gave", "give"],
  ["given", "give"],
  ["spun", "spin"],
  ["wrote", "write"],
  ["written", "write"],
  ["made", "make"],
  ["shut", "shut"],
  ["put", "put"],
  ["hit", "hit"],
  ["set", "set"],
  ["reset", "reset"],
  ["cut", "cut"],
  ["spread", "spread"],
  ["rerun", "rerun"],
  ["reran", "rerun"],
  ["re-ran", "rerun"],
  ["pushed", "push"],
  ["kicked", "kick"],
  ["got", "get"],
  ["gotten", "get"],
  ["went", "go"],
  ["gone", "go"],
  ["brought", "bring"],
  ["pulled", "pull"],
  ["begun", "begin"],
  ["began", "begin"],
  ["drew", "draw"],
  ["drawn", "draw"],
  ["chose", "choose"],
  ["chosen", "choose"],
  ["froze", "freeze"],
  ["frozen", "freeze"],
  ["greenlit", "greenlight"],
  ["green-lit", "green-light"],
  ["stuck", "stick"],
  ["struck", "strike"],
  ["stricken", "strike"],
  ["hung", "hang"],
  ["held", "hold"],
  ["paid", "pay"],
  ["laid", "lay"],
  ["slid", "slide"],
  ["stood", "stand"],
  ["tore", "tear"],
  ["torn", "tear"],
  ["undid", "undo"],
  ["undone", "undo"],
  ["withdrew", "withdraw"],
  ["withdrawn", "withdraw"],
  ["overrode", "override"],
  ["overridden", "override"],
  ["threw", "throw"],
  ["thrown", "throw"],
  ["blew", "blow"],
  ["blown", "blow"],
  ["broke", "break"],
  ["broken", "break"],
  ["dug", "dig"],
  ["sold", "sell"],
  ["told", "tell"],
  ["stole", "steal"],
  ["stolen", "steal"],
  ["swung", "swing"],
  ["shook", "shake"],
  ["shaken", "shake"],
  ["hidden", "hide"],
  ["rode", "ride"],
  ["ridden", "ride"],
  ["sped", "speed"],
  ["forgave", "forgive"],
  ["forgiven", "forgive"],
  ["forgot", "forget"],
  ["forgotten", "forget"],
];
export const IRREGULAR_PAST = new Map<string, string>(IRREGULAR);
/** Prefixes an irregular past keeps its meaning under ("unstuck", "rebuilt", "re-sent", "overwrote"). */
const PAST_PREFIXES = ["re-", "un-", "re", "un", "over", "out", "mis", "pre"];

/** The base of an irregular past form, prefixed or not ("unstuck" -> unstick), if it is one. */
export function irregularBase(form: string): string | undefined {
  const base = IRREGULAR_PAST.get(form);
  if (base !== undefined) return base;
  for (const prefix of PAST_PREFIXES) {
    if (!form.startsWith(prefix)) continue;
    const rest = IRREGULAR_PAST.get(form.slice(prefix.length));
    if (rest !== undefined && form.length - prefix.length >= 3) return prefix + rest;
  }
  return undefined;
}

/** Whether a form is a past (or past participle): a regular ending the tagger lemmatised, or an irregular past. */
/** A past coined with an apostrophe ("Buffer'd", "OK'd", "DM'd"), not a pronoun's "would" ("they'd"). */
const COINED_PAST = /^(?!(?:you|she|they|who|that|there|what|where|it|he|we|i)['’]d$)[\p{L}\p{N}]{2,}['’]d$/u;

export function isPastForm(norm: string, lemma: string): boolean {
  if (norm.endsWith("ing") && (norm.length > 5 || lemma !== norm)) return false;
  if (COINED_PAST.test(norm)) return true;
  // (not "oldest", "latest": a superlative, whose lemma is its adjective)
  if (norm.endsWith("est") && lemma !== norm && !lemma.endsWith("est")) return false;
  // (not "re-export", "re-send": a prefixed base form, whose lemma is only its hyphen dropped)
  if (norm !== lemma && norm.replace(/-/g, "") !== lemma && /(?:ed|en|t|d)$/.test(norm)) return true;
  const base = irregularBase(norm);
  // a past written like its base ("set", "put", "hit") only where the tagger says so
  return base !== undefined && (base !== norm || lemma !== norm);
}
export const isIng = (t: Token) =>
  t.norm.endsWith("ing") && (t.norm.length > 5 || t.lemma !== t.norm) && !NOT_ING.test(t.norm);
/** Words ending in "ing" that are no verb form ("everything", "morning"). */
const NOT_ING = /(?:thing|morning|evening|during)$/;
export const isPast = (t: Token) => isPastForm(t.norm, t.lemma);
export const isVerbish = (t: Token, prev?: Token, s?: Sets) =>
  t.pos === "VERB" ||
  // the tagger reads some verbs after "me", "to" or a modal as nouns ("Let me schedule the post", "Ill schedule it")
  (prev !== undefined &&
    (prev.pos === "AUX" ||
      prev.pos === "PART" ||
      prev.norm === "to" ||
      prev.norm === "gonna" || // "gonna requeue job-88"
      prev.nova === true ||
      s?.firstPerson.has(prev.norm) === true) &&
    (["NOUN", "ADJ", "X", "PROPN"].includes(t.pos) ||
      (t.pos === "NUM" && /^\p{L}+$/u.test(t.norm)) || // "to zero out the spend"
      (t.pos === "ADV" && !ADVERBS.test(t.norm) && !s?.negators.has(t.norm)))) ||
  ((t.pos === "ADJ" || t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "X" || t.pos === "INTJ") &&
    (isPast(t) || isIng(t)) &&
    !(t.pos === "ADJ" && s?.degreeWords.has(t.norm) === true)); // "best window hai": a superlative, not "good" done
/** Adverbs that stand between a subject and its verb, which a lenient reading must not take for the verb. */
const ADVERBS =
  /^(?:just|also|already|still|only|even|now|then|never|always|ever|really|actually|totally|simply|quickly|\p{L}+ly)$/u;
/** The word before the verb at v past one such adverb ("Should I just requeue job-8?": "I", for isVerbish). */
export const beforeAdverb = (tokens: Token[], v: number): Token | undefined => {
  const prev = tokens[v - 1];
  return prev?.pos === "ADV" && ADVERBS.test(prev.norm) && v >= 2 ? tokens[v - 2] : prev;
};
export const isNominal = (t: Token, s: Sets): boolean =>
  (t.pos === "DET" || t.pos === "SCONJ" ? s.objectPronouns.has(t.norm) : false) ||
  // "booked the 桜ラテ post": a name in a script the tagger does not know
  (t.pos === "X" && /\p{L}/u.test(t.norm) && !/\p{Script=Latin}/u.test(t.norm)) ||
  t.pos === "NOUN" ||
  t.pos === "PROPN" ||
  t.pos === "PRON" ||
  t.pos === "NUM" ||
  t.quote !== undefined ||
  /\d/.test(t.norm);

/** Marks the tokens of each of Nova's names, so that a clause whose subject is one has Nova as its agent. */
/**
 * "The assistant (that's me) reset the attempt count", "The robot department (yours truly) re-ran it": a noun
 * phrase that an aside says is Nova is Nova; the aside is taken out so the phrase is the verb's subject again.
 */
function selfIdentified(tokens: Token[], s: Sets): void {
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i]!.norm !== "(") continue;
    const j = tokens.findIndex((t, k) => k > i && t.norm === ")");
    const aside = tokens
      .slice(i + 1, j)
      .map((t) => t.norm)
      .join(" ")
      .replace(/ (?=[,'’!])/g, "");
    if (j < 0 || !s.selfIdentifications.has(aside)) continue;
    for (let k = i - 1; k >= 0 && ["NOUN", "PROPN", "ADJ", "DET"].includes(tokens[k]!.pos); k--) tokens[k]!.nova = true;
    tokens.splice(i, j - i + 1);
  }
}

function markNovaNames(tokens: Token[], s: Sets): void {
  for (let i = 0; i < tokens.length; i++) {
    // "Nova'll reschedule both posts": Nova's name with "'ll" the tagger left whole is the name and "will"
    const will = /^(\p{L}+)'ll$/u.exec(tokens[i]!.norm);
    if (will && s.novaNames.get(will[1]!)?.some((name) => name.length === 1)) {
      const t = tokens[i]!;
      const name = t.text.slice(0, will[1]!.length);
      tokens.splice(
        i,
        1,
        { ...t, text: name, norm: will[1]!, lemma: will[1]!, pos: "PROPN", space: "" },
        { ...t, text: t.text.slice(name.length), norm: "'ll", lemma: "will", pos: "AUX" },
      );
    }
    // "NovaBot hit publish", "Nova-chan topped up the budget": Nova's name with an ending joined to it
    // "Robo-Nova swept the queue", "Robo-me rotated it", "Nova-the-helper dialled it back": a robot's prefix, a title
    const joined = /^nova[-_]?(\p{L}+)$/u.exec(tokens[i]!.norm);
    if (
      (joined && s.novaNameSuffixes.has(joined[1]!)) ||
      /^robo-\p{L}+$/u.test(tokens[i]!.norm) ||
      /^nova-the-\p{L}+$/u.test(tokens[i]!.norm)
    )
      tokens[i]!.nova = true;
    let last = tokens[i]!.nova === true ? i : -1;
    for (const name of s.novaNames.get(tokens[i]!.norm) ?? [])
      if (name.every((w, k) => tokens[i + k]?.norm === w) && !headOfMore(tokens, i + name.length - 1, s)) {
        for (let k = 0; k < name.length; k++) tokens[i + k]!.nova = true;
        last = Math.max(last, i + name.length - 1);
      }
    const end = selfReferenceEnd(tokens, i, s);
    for (let k = i; k <= end; k++) tokens[k]!.nova = true;
    last = Math.max(last, end);
    // "The bot in the corner rotated it", "Muggins here deleted it": what places the name is Nova's too
    if (last < 0) continue;
    const placed = placedUntil(tokens, last, s);
    for (let k = last + 1; k <= placed; k++) tokens[k]!.nova = true;
    // "The assistant reset the attempt count": an effect after Nova's name and before an object is its verb,
    // which the tagger may read as a noun
    const verb = tokens[placed + 1];
    const object = tokens[placed + 2];
    if (
      verb?.pos === "NOUN" &&
      (s.strong.has(verb.norm) || s.object.has(verb.norm) || irregularBase(verb.norm) !== undefined) &&
      object !== undefined &&
      (object.pos === "DET" || object.pos === "PRON" || s.possessives.has(object.norm))
    )
      verb.pos = "VERB";
  }
}

/**
 * The last word of what places Nova's name or self-reference ending at `last` in the chat: "here", "in the
 * corner", "on this thread", "you're talking to"; `last` when nothing does.
 */
function placedUntil(tokens: Token[], last: number, s: Sets): number {
  const next = tokens[last + 1];
  if (next === undefined) return last;
  if (next.norm === "here") return last + 1;
  const [det, place] = [tokens[last + 2], tokens[last + 3]];
  if (
    ["in", "on", "at"].includes(next.norm) &&
    det !== undefined &&
    ["the", "this", "your", "our"].includes(det.norm) &&
    s.selfReferencePlaces.has(place?.norm ?? "")
  )
    return last + 3;
  for (let n = 2; n <= 5; n++) {
    const words = tokens
      .slice(last + 1, last + 1 + n)
      .map((t) => t.norm)
      .join(" ")
      .replace(/ (?=['’])/g, "");
    if (s.selfReferenceRelatives.has(words)) return last + n;
  }
  return last;
}

/** A self-reference's head that modifies a noun after it ("your AI tools thread", "your assistant role"). */
const headOfMore = (tokens: Token[], k: number, s: Sets) => {
  const next = tokens[k + 1];
  return (
    s.selfHeads.has(tokens[k]!.norm) &&
    next !== undefined &&
    (next.pos === "NOUN" || next.pos === "PROPN") &&
    !s.selfHeads.has(next.norm) &&
    !isPast(next) && // "Your assistant re-sent the reel": the verb, tagged a noun
    !isIng(next)
  );
};

/**
 * A jokey self-reference: "your trusty bot", "this humble assistant", "the robot", "your friendly
 * neighbourhood AI". A determiner, describing words (adjectives, or nouns that are neither a pipeline
 * object nor a name: "the scheduler bot" is the pipeline's), then a self-reference head that ends the
 * noun phrase ("the AI tools" names tools). The index of the head, or -1.
 */
function selfReferenceEnd(tokens: Token[], i: number, s: Sets): number {
  if (!s.selfReferenceDeterminers.has(tokens[i]!.norm)) return -1;
  for (let k = i + 1; k <= i + 4 && k < tokens.length; k++) {
    const t = tokens[k]!;
    // "your friendly AI sidekick": a head before another head describes it
    if (s.selfHeads.has(t.norm) && s.selfHeads.has(tokens[k + 1]?.norm ?? "")) continue;
    // "your AI pal", "your digital intern": a companion after a word of machines heads the phrase
    const machine = (x: Token | undefined) =>
      x !== undefined && (s.selfHeads.has(x.norm) || s.selfReferenceMachineWords.has(x.norm));
    if (machine(t) && s.selfReferenceCompanions.has(tokens[k + 1]?.norm ?? "")) continue;
    if (s.selfReferenceCompanions.has(t.norm) && machine(tokens[k - 1]) && !t.hyphenated)
      return headOfMore(tokens, k, s) ? -1 : k;
    if (s.selfHeads.has(t.norm) && !t.hyphenated) return headOfMore(tokens, k, s) ? -1 : k;
    const describing =
      t.pos === "ADJ" ||
      t.pos === "ADV" ||
      t.nova === true ||
      s.novaNames.has(t.norm) || // "Your friendly Nova bot"
      ((t.pos === "NOUN" || (t.pos === "PROPN" && /^\p{Lu}\p{Ll}+$/u.test(t.text))) && // "Your Liaison Agent"
        !s.pipeline.has(t.lemma) &&
        !s.pipeline.has(t.norm) &&
        !/er$/.test(t.norm));
    if (!describing || t.quote !== undefined || /\d/.test(t.norm)) return -1;
  }
  return -1;
}
