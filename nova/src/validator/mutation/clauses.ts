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
let wink: Wink | undefined;
function nlp(): Wink {
  // required lazily: loading the command or the validator (e.g. for `nova-tools call`) does not load the model
  wink ??= (require("wink-nlp") as (m: unknown, pipe: string[]) => Wink)(require("wink-eng-lite-web-model"), [
    "sbd",
    "pos",
  ]);
  return wink;
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
  markNovaNames(tokens, s);
  return (doc.sentences().out(its.span) as [number, number][]).map(([s, e]) => tokens.slice(s, e + 1));
}

/** Markdown that carries no words: emphasis, headings, quotes, bullets, links (their text stays). */
export function stripMarkdown(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}|>+)\s*/, "")
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|~~|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)/g, "");
}

export function clausesOf(sentence: Token[], checked: boolean, s: Sets): Clause[] {
  const out: Clause[] = [];
  let current: Token[] = [];
  let lead = "";
  const flush = (next: string) => {
    if (current.length > 0) out.push({ tokens: current, lead, checked: checked && out.length === 0 });
    current = [];
    lead = next;
  };
  sentence.forEach((t, i) => {
    // a hyphen inside a word ("auto-scheduler", which the tokenizer splits) joins, it does not cut
    if (t.norm === "-" && t.space === "" && sentence[i + 1]?.space === "" && current.length > 0) {
      current.at(-1)!.hyphenated = true;
      return;
    }
    if ((t.pos === "PUNCT" && BOUNDARY_PUNCT.has(t.norm)) || t.type === "emoji" || t.type === "emoticon") flush("");
    else if ((t.pos === "CCONJ" || t.pos === "SCONJ") && (CLAUSE_CONJ.has(t.norm) || s.conditional.has(t.norm)))
      // "Would it help if I requeued it?" offers what the "if" clause says
      flush(t.norm === "if" && s.offerQuestions.has(current.map((c) => c.norm).join(" ")) ? "offer" : t.norm);
    else if (t.pos !== "PUNCT") current.push(t);
  });
  flush("");
  return out;
}

// --- verb forms ---

export const IRREGULAR_PAST = new Set([
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
export const isIng = (t: Token) => t.norm.endsWith("ing") && (t.norm.length > 5 || t.lemma !== t.norm);
export const isPast = (t: Token) =>
  !isIng(t) &&
  ((t.norm !== t.lemma && /(?:ed|en|t|d)$/.test(t.norm)) || (IRREGULAR_PAST.has(t.norm) && t.norm !== t.lemma));
export const isVerbish = (t: Token, prev?: Token, s?: Sets) =>
  t.pos === "VERB" ||
  // the tagger reads some verbs after "me", "to" or a modal as nouns ("Let me schedule the post", "Ill schedule it")
  (prev !== undefined &&
    (prev.pos === "AUX" || prev.pos === "PART" || prev.norm === "to" || s?.firstPerson.has(prev.norm) === true) &&
    ["NOUN", "ADJ", "X", "PROPN", "ADV"].includes(t.pos)) ||
  ((t.pos === "ADJ" || t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "X" || t.pos === "INTJ") &&
    (isPast(t) || isIng(t)));
export const isNominal = (t: Token): boolean =>
  (t.pos === "DET" || t.pos === "SCONJ" ? OBJECT_PRONOUNS.has(t.norm) : false) ||
  t.pos === "NOUN" ||
  t.pos === "PROPN" ||
  t.pos === "PRON" ||
  t.pos === "NUM" ||
  t.quote !== undefined ||
  /\d/.test(t.norm);
export const POSSESSIVE = new Set(["my", "our", "your", "his", "her", "their", "its"]);
export const OBJECT_PRONOUNS = new Set(["it", "them", "that", "this", "those", "these", "everything", "all", "both"]);

/** Marks the tokens of each of Nova's names, so that a clause whose subject is one has Nova as its agent. */
function markNovaNames(tokens: Token[], s: Sets): void {
  for (let i = 0; i < tokens.length; i++)
    for (const name of s.novaNames.get(tokens[i]!.norm) ?? [])
      if (name.every((w, k) => tokens[i + k]?.norm === w))
        for (let k = 0; k < name.length; k++) tokens[i + k]!.nova = true;
}
