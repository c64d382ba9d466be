/**
 * Trend-signal search, the pure half: the query's tokens, and the ranking of the signals the tool
 * read. Signals are matched on their fields as the pipeline writes them (SPEC section 5): no stored
 * index or derived field, each field tokenized here with the same tokenizer as the query.
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
  readonly observedAt: string;
}

export interface RankedSignal<C extends SignalCandidate = SignalCandidate> {
  readonly candidate: C;
  readonly titleHits: number;
  readonly topicHits: number;
  readonly summaryHits: number;
}

/** How many of the (distinct) query tokens one text holds: each field is tokenized once, into a set. */
function hits(tokens: readonly string[], text: string): number {
  const present = new Set(tokenize(text));
  return tokens.filter((t) => present.has(t)).length;
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
      titleHits: hits(tokens, candidate.title),
      topicHits: hits(tokens, candidate.topics.join(" ")),
      summaryHits: hits(tokens, candidate.summary),
    }))
    .filter((r) => r.titleHits + r.topicHits + r.summaryHits > 0)
    .sort(
      (a, b) =>
        b.titleHits - a.titleHits ||
        b.topicHits - a.topicHits ||
        b.summaryHits - a.summaryHits ||
        b.candidate.score - a.candidate.score ||
        Date.parse(b.candidate.observedAt) - Date.parse(a.candidate.observedAt) ||
        (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0),
    );
}
