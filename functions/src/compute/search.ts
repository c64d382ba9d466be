/**
 * Trend-signal search, the pure half: which tokens to ask Firestore for, and how to rank what comes
 * back. The tool reads at most CANDIDATE_LIMIT signals whose stored `keywords` (keywordsOf, the same
 * tokenizer) contain any query token, newest first, and ranks them here.
 */
import { MIN_TOKEN_LENGTH, tokenize } from "./keywords";

/** Firestore's ceiling for `array-contains-any` values. */
export const MAX_QUERY_TOKENS = 30;
/** Candidates read per search: the read bound of the tool. */
export const CANDIDATE_LIMIT = 50;

/**
 * Words so common that asking for them would fill the candidate set with the newest signals that
 * happen to contain "the" or "in", crowding out the ones that match the subject.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  "an", "and", "are", "as", "at", "be", "by", "do", "for", "from", "has", "have", "how", "in", "is", "it",
  "its", "of", "on", "or", "our", "that", "the", "their", "this", "to", "up", "was", "we", "what", "when",
  "which", "who", "why", "with", "you", "your",
]);

/**
 * The tokens a query searches for: distinct tokens of the trimmed query in order of appearance,
 * stopwords dropped unless nothing else is left, then the first MAX_QUERY_TOKENS kept (a 200-char
 * query can hold more; the later ones are ignored). Empty when the query has no token at all
 * (e.g. "!!!"), in which case nothing is read.
 */
export function queryTokens(query: string): string[] {
  const distinct = [...new Set(tokenize(query.trim()))];
  const content = distinct.filter((t) => !STOPWORDS.has(t));
  return (content.length > 0 ? content : distinct).slice(0, MAX_QUERY_TOKENS);
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

/** What tokenize() can yield: letters or digits, MIN_TOKEN_LENGTH code units or more, lower-cased. */
const LETTERS_OR_DIGITS = /^[\p{L}\p{N}]+$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Whether the code point at a UTF-16 offset is a letter or digit (false past either end). */
function letterOrDigitAt(s: string, at: number): boolean {
  if (at < 0 || at >= s.length) return false;
  const c = s.charCodeAt(at);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  // The second half of a surrogate pair belongs to the code point that starts one unit earlier.
  const start = c >= 0xdc00 && c <= 0xdfff && at > 0 && s.charCodeAt(at - 1) >= 0xd800 && s.charCodeAt(at - 1) <= 0xdbff ? at - 1 : at;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(s.codePointAt(start)!));
}

/**
 * How many of the tokens are tokens of a text: tokenize(text) holds them, counted as the tokens
 * list counts them. Without tokenizing each text: a token of tokenize() is an occurrence in the
 * lower-cased text with no letter or digit on either side, so each wanted token is looked up with
 * indexOf and its neighbours checked (most fields hold none of the query's words). No pattern is
 * built per query: compiling a Unicode regex costs more than the search. test/unit/compute/
 * search.test.ts checks it against the tokenize definition.
 */
export function tokenHits(tokens: readonly string[]): (text: string) => number {
  const wanted = [...new Set(tokens.filter((t) => t.length >= MIN_TOKEN_LENGTH && LETTERS_OR_DIGITS.test(t) && t === t.toLowerCase()))];
  if (wanted.length === 0) return () => 0;
  return (text) => {
    const lower = text.toLowerCase();
    const found = new Set<string>();
    for (const t of wanted) {
      for (let at = lower.indexOf(t); at !== -1; at = lower.indexOf(t, at + 1)) {
        if (!letterOrDigitAt(lower, at - 1) && !letterOrDigitAt(lower, at + t.length)) {
          found.add(t);
          break;
        }
      }
    }
    if (found.size === 0) return 0;
    let n = 0;
    for (const t of tokens) if (found.has(t)) n++;
    return n;
  };
}

/**
 * Ranks candidates by how many query tokens each field holds: title hits first, then topic hits,
 * then summary hits; then the signal's score, then the newer observedAt, then the id (so equal
 * signals always come out in the same order). A candidate without any hit (a stale `keywords`
 * field) is dropped rather than shown as a match.
 */
export function rankSignals<C extends SignalCandidate>(tokens: readonly string[], candidates: readonly C[]): RankedSignal<C>[] {
  const hits = tokenHits(tokens);
  return candidates
    .map((candidate) => ({
      candidate,
      titleHits: hits(candidate.title),
      topicHits: hits(candidate.topics.join(" ")),
      summaryHits: hits(candidate.summary),
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
