/**
 * Trend-signal search, the pure half: which tokens to ask Firestore for, and how to rank what comes
 * back. The tool reads at most CANDIDATE_LIMIT signals whose stored `keywords` (keywordsOf, the same
 * tokenizer) contain any query token, newest first, and ranks them here.
 */
import { tokenize } from "./keywords";

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

function hits(tokens: readonly string[], text: string): number {
  const present = new Set(tokenize(text));
  return tokens.filter((t) => present.has(t)).length;
}

/**
 * Ranks candidates by how many query tokens each field holds: title hits first, then topic hits,
 * then summary hits; then the signal's score, then the newer observedAt, then the id (so equal
 * signals always come out in the same order). A candidate without any hit (a stale `keywords`
 * field) is dropped rather than shown as a match.
 */
export function rankSignals<C extends SignalCandidate>(tokens: readonly string[], candidates: readonly C[]): RankedSignal<C>[] {
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
