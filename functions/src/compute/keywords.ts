/**
 * The one tokenizer shared by the seed scripts (which store `keywords` on every trend signal) and
 * the search tool (which tokenizes the query the same way). Pure: no I/O, no locale dependence.
 *
 * A token is a maximal run of Unicode letters or digits, lowercased, at least 2 characters long.
 */
export const MAX_KEYWORDS = 100;
export const MIN_TOKEN_LENGTH = 2;

const NON_ALNUM = /[^\p{L}\p{N}]+/u;

/** Lowercased tokens of `text` in order of appearance, duplicates kept. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(NON_ALNUM)
    .filter((token) => token.length >= MIN_TOKEN_LENGTH);
}

/**
 * Distinct tokens of title, summary and topics (in that order, first occurrence wins), capped at
 * MAX_KEYWORDS. This is the value stored as `trendSignals/{id}.keywords`.
 */
export function keywordsOf(title: string, summary: string, topics: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const text of [title, summary, ...topics]) {
    for (const token of tokenize(text)) {
      if (seen.has(token)) continue;
      seen.add(token);
      out.push(token);
      if (out.length >= MAX_KEYWORDS) return out;
    }
  }
  return out;
}
