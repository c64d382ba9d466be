/**
 * Trend-signal search, the pure half: the query's tokens, and the ranking of the signals the tool
 * read. Signals are matched on their fields as the pipeline writes them (SPEC section 5): no stored
 * index or derived field; the query is tokenized, and each field is searched for its tokens.
 */
import { DAY_MS } from "./time";

/** Days of signals a search covers, counted back from the call (docs/tools.md: why 30). */
export const SEARCH_WINDOW_DAYS = 30;
/** Signals read per search, newest first: the read bound of the tool (docs/tools.md: why 200). */
export const CANDIDATE_LIMIT = 200;
export const MIN_TOKEN_LENGTH = 2;

const NON_ALNUM = /[^\p{L}\p{M}\p{N}]+/u;
/** MIN_TOKEN_LENGTH code points or more (the `u` flag counts them), without splitting the token. */
const AT_LEAST_MIN_CODE_POINTS = new RegExp(`^[\\s\\S]{${MIN_TOKEN_LENGTH}}`, "u");

/**
 * Lowercased tokens of `text` in order of appearance, duplicates kept: maximal runs of Unicode
 * letters (with their combining marks) or digits, at least MIN_TOKEN_LENGTH code points long. NFC
 * first, so "café" typed with a combining accent is the same token as the precomposed one. Pure,
 * no locale dependence.
 */
export function tokenize(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(NON_ALNUM)
    .filter((token) => AT_LEAST_MIN_CODE_POINTS.test(token));
}

/**
 * Very common words: a query such as "what is trending in video" ranks by its subject, not by
 * which signals happen to say "in".
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "do",
  "for",
  "from",
  "has",
  "have",
  "how",
  "in",
  "is",
  "it",
  "its",
  "of",
  "on",
  "or",
  "our",
  "that",
  "the",
  "their",
  "this",
  "to",
  "up",
  "was",
  "we",
  "what",
  "when",
  "which",
  "who",
  "why",
  "with",
  "you",
  "your",
]);

/**
 * The tokens a query searches for: distinct tokens of the query in order of appearance, stopwords
 * dropped unless nothing else is left. Empty when the query has no token at all (e.g. "!!!"), in
 * which case nothing is read.
 */
export function queryTokens(query: string): string[] {
  const distinct = [...new Set(tokenize(query))];
  const content = distinct.filter((t) => !STOPWORDS.has(t));
  return content.length > 0 ? content : distinct;
}

/** The start of the window a search made at `now` covers. */
export function searchWindowStart(now: Date): Date {
  return new Date(now.getTime() - SEARCH_WINDOW_DAYS * DAY_MS);
}

export interface SignalCandidate {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly topics: readonly string[];
  readonly score: number;
  /** Epoch milliseconds. */
  readonly observedAt: number;
}

export interface RankedSignal<C extends SignalCandidate = SignalCandidate> {
  readonly candidate: C;
  readonly titleHits: number;
  readonly topicHits: number;
  readonly summaryHits: number;
}

/** A letter, mark or digit: what tokens are made of (NON_ALNUM's complement). */
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

function isWordCodePoint(cp: number | undefined): boolean {
  if (cp === undefined) return false;
  // ASCII without the regex: most of every field is ASCII.
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a);
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** The code point that ends just before index `i` (a surrogate pair read as one). */
function codePointBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2);
  }
  return low;
}

/**
 * Whether `token` (a query token: a maximal run of letters and digits) is one of `normalized`'s
 * tokens, found where it occurs instead of tokenizing the text: an occurrence counts when no letter
 * or digit touches it on either side, which is exactly when tokenize(text) would hold it.
 */
function holdsToken(normalized: string, token: string): boolean {
  for (let i = normalized.indexOf(token); i >= 0; i = normalized.indexOf(token, i + 1)) {
    if (isWordCodePoint(codePointBefore(normalized, i))) continue;
    if (isWordCodePoint(normalized.codePointAt(i + token.length))) continue;
    return true;
  }
  return false;
}

/**
 * How many of the (distinct) query tokens one text holds. The text is normalized once, as tokenize
 * does, and only the query's tokens are looked for: the query is the one thing tokenized.
 */
export function tokenHits(tokens: readonly string[], text: string): number {
  const normalized = text.normalize("NFC").toLowerCase();
  let n = 0;
  for (const t of tokens) if (holdsToken(normalized, t)) n++;
  return n;
}

/**
 * Ranks candidates by how many query tokens each field holds: title hits first, then topic hits,
 * then summary hits; then the signal's score, then the newer observedAt, then the id (so equal
 * signals always come out in the same order). A candidate without any hit is not a match.
 */
export function rankSignals<C extends SignalCandidate>(
  tokens: readonly string[],
  candidates: readonly C[],
): RankedSignal<C>[] {
  return candidates
    .map((candidate) => ({
      candidate,
      titleHits: tokenHits(tokens, candidate.title),
      topicHits: tokenHits(tokens, candidate.topics.join(" ")),
      summaryHits: tokenHits(tokens, candidate.summary),
    }))
    .filter((r) => r.titleHits + r.topicHits + r.summaryHits > 0)
    .sort(
      (a, b) =>
        b.titleHits - a.titleHits ||
        b.topicHits - a.topicHits ||
        b.summaryHits - a.summaryHits ||
        b.candidate.score - a.candidate.score ||
        b.candidate.observedAt - a.candidate.observedAt ||
        (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0),
    );
}
