/**
 * Structured answers that name Nova as who acted on a record (docs/validator.md, round 10): a field whose key
 * says who acted ("by", "who", "changedBy", "deleted_by", a table's "decided by" column) and whose value is
 * Nova ("me", "Nova", "the assistant"), in `key: value` lines, JSON (code spans and blocks included) and
 * markdown tables. Prose is the clauses' to read; this reads the data forms prose readers skip.
 */
import { irregularBase } from "./clauses";
import type { MutationFinding } from "./judge";
import { lemmaOf, type Sets } from "./lexicon";
import { TABLE_RULE } from "./lines";

/** A key naming who acted: "by", "who", "actor", or a participle with "by" ("rotatedBy", "deleted_by", "done by"). */
const WHO_KEY = /^(?:by|who|actor|(?<participle>\p{L}+?)(?:[ _-]by|By))$/u;

/** A value naming Nova: "me", "Nova", "nova-assistant", "the assistant (this chat)", "yours truly". */
const NOVA_VALUE =
  /^\s*(?:me|myself|i|us|nova(?:[-_ ]?\p{L}+)?|(?:the |this |your )?(?:assistant|bot|chat)|yours truly)\b/iu;

/** `"key": "value"` anywhere (JSON, inline or in a code block). */
const JSON_PAIR = /"([\p{L}_ -]{1,30})"\s*:\s*"([^"\n]{1,80})"/gu;

/** A `key: value` line, perhaps a list item ("deleted_by: nova-assistant", "- who: me, per your note"). */
const KEY_VALUE = /^\s*(?:[-*+•]\s+)?([\p{L}_ -]{1,30}?)\s*[:=]\s*(.{1,80})$/u;

/** A markdown table's row: its cells, trimmed. */
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/**
 * The effect a key names, or null when it names none of Nova's effects: "rotatedBy" rotates; "checked_by",
 * "requested by", "written by" name a read, a request or the answer (the closed set's), not an effect.
 */
function effectOf(key: string, s: Sets): string | null {
  const m = WHO_KEY.exec(key.trim());
  if (!m) return null;
  const participle = m.groups?.participle?.toLowerCase();
  if (participle === undefined) return "act";
  const lemma = irregularBase(participle) ?? lemmaOf({ norm: participle, lemma: participle.replace(/e?d$/, "") }, s);
  if (s.mayDo.has(lemma) || s.request.has(lemma) || lemma === "write" || lemma === "generate") return null;
  return lemma;
}

/** Every field in `text` that says Nova did something to a record. */
export function attributions(text: string, s: Sets): MutationFinding[] {
  const found: MutationFinding[] = [];
  const take = (key: string, value: string, clause: string) => {
    const effect = effectOf(key, s);
    if (effect !== null && NOVA_VALUE.test(value)) found.push({ form: "confirmation", effect, clause });
  };
  for (const [pair, key, value] of text.matchAll(JSON_PAIR)) take(key!, value!, pair);
  const lines = text.split(/\r?\n/);
  // a table's header and the column of its "by", while its body lasts
  let header: string[] = [];
  let who = -1;
  for (const [n, raw] of lines.entries()) {
    const line = raw.trim();
    if (/^\|.*\|$/.test(line)) {
      if (TABLE_RULE.test(lines[n + 1]?.trim() ?? "")) {
        header = cells(line).map((h) => h.replace(/[*_`]/g, ""));
        who = header.findIndex((h) => effectOf(h, s) !== null);
      } else if (who >= 0 && !TABLE_RULE.test(line)) {
        const cell = cells(line)[who];
        if (cell !== undefined) take(header[who]!, cell, line);
      }
      continue;
    }
    who = -1;
    if (line.includes('"')) continue; // JSON pairs are read above
    const kv = KEY_VALUE.exec(line);
    if (kv) take(kv[1]!, kv[2]!, line);
  }
  return found;
}
