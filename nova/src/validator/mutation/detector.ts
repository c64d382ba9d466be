/**
 * Mutation-claim detector (rule `mutation_claim`, SPEC section 6): reads a text line by line, cuts it
 * into clauses (clauses.ts) and asks the judge (judge.ts) of each, over the lexicon (lexicon.ts).
 */
import { clausesOf, stripMarkdown, tokenize, type Token } from "./clauses";
import { clauseAgent, isReadObject, judge, type Agent, type MutationFinding } from "./judge";
import { loadLexicon, mergeLexicon, toSets, type MutationLexicon, type Sets } from "./lexicon";

function render(tokens: Token[]): string {
  return tokens
    .map((t, i) => (i === 0 || !t.space ? "" : " ") + (t.quote ?? t.text))
    .join("")
    .trim();
}

/** The last thing a clause names: a noun, a name, an identifier, or a read ("the feed read", which the tagger may call a verb). */
function lastNamed(tokens: Token[], s: Sets): Token | null {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      isReadObject(t, s) ||
      (t.quote !== undefined && t.lemma === t.quote.toLowerCase())
    )
      return t;
  }
  return null;
}

const DASHES = new Set(["—", "–"]);

/** A markdown table's rule under its header ("|---|:---:|"). */
const TABLE_RULE = /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$/;

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
      // the last thing named so far, which a pronoun object may stand for ("The search timed out, so I ran it again")
      let antecedent: Token | null = null;
      const lines = text.split(/\r?\n/);
      for (const [n, raw] of lines.entries()) {
        // a variation selector after a mark or an emoji ("✔︎", "🗑️") is no word
        let line = raw.replace(/[\uFE0E\uFE0F]/gu, "").trim();
        if (!line) continue;
        // a markdown table's header row names its columns ("| item | state | can I change it? |")
        if (/^\|.*\|$/.test(line) && TABLE_RULE.test(lines[n + 1]?.trim() ?? "")) continue;
        let checked = false;
        const box = /^(?:(?:[-*+]|\d+[.)])\s*)?(\[[ xX]\]|☐|☑️?|✔️?|✅)\s*/u.exec(line);
        if (box) {
          checked = s.checkedBoxes.includes(box[1]!);
          if (box[1] === "[ ]" || box[1] === "☐" || checked) line = line.slice(box[0].length);
        }
        const table = /^\|.*\|$/.test(line);
        line = stripMarkdown(line);
        const quotes: string[] = [];
        for (const sentence of tokenize(line, quotes, s)) {
          let inherited: Agent | null = null;
          for (const [k, clause] of clausesOf(sentence, checked, s, table).entries()) {
            // "p-12 is now set for 6pm — changed it just now": after a dash, no one else's subject carries over
            if (DASHES.has(clause.after) && inherited?.kind === "other") inherited = null;
            const finding = judge(clause, inherited, k === 0, s, antecedent);
            if (finding) findings.push({ ...finding, clause: render(clause.tokens) });
            antecedent = lastNamed(clause.tokens, s) ?? antecedent;
            inherited = clauseAgent(clause.tokens, s) ?? inherited;
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
