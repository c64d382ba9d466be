/**
 * Structured answers that name Nova as who acted on a record (docs/validator.md, rounds 10 and 12), in
 * `key: value` lines, JSON (code spans and blocks included) and markdown tables:
 * - a field whose key says who acted ("by", "who", "changedBy", "deleted_by", a table's "who placed it" column)
 *   and whose value is Nova ("me", "Nova", "the assistant");
 * - a field Nova owns ("my_changes", "Nova action", "deleted_by_assistant", "by Nova") holding anything;
 * - a value crediting Nova with an effect ("resubmitted by me", "approved ✔ (mine)", "approval: mine");
 * - Nova's own words inside data: a JSON value in Nova's voice (`"note": "I lowered it per your ask"`, a claim's
 *   `"text"`) and a table's cell in the first person or in a free-text column ("| binned it, a duplicate |"),
 *   each read as prose.
 * Prose is the clauses' to read; this reads the data forms prose readers skip.
 */
import { irregularBase, isPastForm, WEEKDAY } from "./clauses";
import type { MutationFinding } from "./judge";
import { lemmaOf, type Sets } from "./lexicon";
import {
  alignedCells,
  CSV_ROW,
  DASH_CREDIT,
  FIRST_PERSON_CELL,
  FOR_THE_OPERATOR,
  isListItem,
  isNovaActor,
  LIST_ITEM,
  logEntry,
  NOVA_CREDIT,
  NOVA_VALUE,
  STAMPS,
  TABLE_NAME,
  TABLE_RULE,
} from "./lines";

/**
 * A key naming who acted: "by", "who", "actor", a participle with "by" ("rotatedBy", "deleted_by", "done by"), or
 * "who" and a verb ("who changed it", "who placed it").
 */
const WHO_KEY =
  /^(?:by|who|actor|via|executor|assignee|owner|(?<role>approver)|(?:\p{L}+[ _])?(?<participle>\p{L}+?)(?:[ _-]by|By)|who (?<verb>\p{L}+)(?: (?:it|them|this|that))?)$/u;

/** A JSON string on one line, its escaped quotes and all, and what it holds. */
const JSON_STRING_SOURCE = String.raw`"((?:[^"\\\n]|\\.){1,300})"`;

/** `"key": "value"` anywhere (JSON, inline or in a code block). */
const JSON_PAIR = new RegExp(String.raw`"([\p{L}_ -]{1,40})"\s*:\s*` + JSON_STRING_SOURCE, "gu");

/** A JSON string's value, its escapes read (`\"We deleted our old logo\"` is a quotation in it). */
function unescaped(value: string): string {
  try {
    return JSON.parse(`"${value}"`) as string;
  } catch {
    return value;
  }
}

/** `"key": [...]`, `"key": {...}`, `"key": true` on one line: a list, an object or a flag a key holds. */
const JSON_OTHER = /"([\p{L}_ -]{1,40})"\s*:\s*(\[[^\]\n]*\]|\{[^}\n]*\}|true|false|\d+)/gu;

/** A `key: value` line, perhaps a list item ("deleted_by: nova-assistant", "- who: me, per your note"). */
const KEY_VALUE = /^\s*(?:[-*+•]\s+)?([\p{L}_()-](?:[\p{L}_ ()-]{0,38}[\p{L}_()-])?)\s*[:=]\s*(\S.{0,199})$/u;

/** A key's words: "approvedByNovaToday", "my_changes", "cleanup (mine)" → approved by nova today, my changes, cleanup mine. */
const keyWords = (key: string): string[] =>
  key
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

/** Words naming Nova in a key ("my_changes", "Nova action", "deleted_by_assistant", "cleanup (mine)"). */
const NOVA_KEY = new Set(["my", "mine", "me", "nova", "assistant", "bot", "agent"]);

/**
 * Words of a Nova-owned key that name its reads, its answer or its advice, not an effect ("my_reads",
 * "nova_calls", "my suggestion", "my notes", "my plan": the clauses read a plan's verb).
 */
const READ_KEY =
  /^(?:reads?|checks?|calls?|notes?|suggest\p{L}*|recommend\p{L}*|advice|summary|answer|view|take|reading|questions?|look\p{L}*|search\p{L}*|quer\p{L}*|sources?|evidence|tools?|requests?|plan|guess|estimates?|picks?|opinion|thoughts?|comments?|findings?|understanding|count|name|role|status|access|permissions?|scope)$/u;

/** A value saying there is nothing: "none", "no", "—", "[]", "0", "n/a", "no changes", "nothing yet". */
const EMPTY = /^\s*(?:none|no|not|n\/a|nothing|nil|null|false|0|-+|—|–|\[\s*\]|\{\s*\}|"")?(?![\p{L}\p{N}])/iu;
const isEmpty = (value: string) => {
  const m = EMPTY.exec(value);
  return m !== null && (m[0].trim() !== "" || value.trim() === "");
};

/** Keys naming who wrote a record's note ("author", "by", "from"). */
const AUTHOR_KEY = /^(?:author|by|who|from|user|person|written by|owner|actor)$/u;

/** A change written as its old and new value ("target → 300k", "3 -> 4"). */
const CHANGE_ARROW = /\S\s*(?:→|->|⇒)\s*\S/u;

/**
 * Fields of free text: JSON keys whose string values are Nova's own words (a claim's "text", a "note"), read as
 * prose, and table columns whose cells the row's reading as one clause may miss ("| note |", "| remark |"); not a
 * record's text ("title", "summary", "caption", an error's "message"), which is quoted data.
 */
const FREE_TEXT = new Set(
  (
    "text|note|notes|comment|comments|remark|remarks|action|actions|result|results|reason|detail|details|change|" +
    "changes|outcome|explanation|status note|what happened|what i did|done|action taken|actions taken|follow up|" +
    "fix|fixes|next step|next steps|next action|next actions|plan|progress"
  ).split("|"),
);

/** JSON keys whose list holds acts done, each without its subject. */
const DONE_LISTS = new Set([
  "done",
  "actions performed",
  "actions taken",
  "action taken",
  "actions done",
  "what i did",
  "changes applied",
  "changes made",
  "fix applied",
  "fixes applied",
  "carried out",
  "writes",
  "actions",
  "mutations",
  "changes",
]);

/** A line of JSON: one with a quoted key (`"done": [`, `{"by": "me"}`), not a quoted title (`- p-9 "Lash lift": moved`). */
const JSON_LINE = /^[{[,]?\s*"[^"]*"\s*:|[{,]\s*"[^"]*"\s*:/u;

/** A TOML key and its "=" (`what = "retried job-2290"`). */
const TOML_KEY = String.raw`^[\p{L}_][\p{L}\d_-]*\s*=`;
const TOML_LINE = new RegExp(TOML_KEY, "u");
const TOML_STRING = new RegExp(String.raw`${TOML_KEY}\s*"([^"]+)"$`, "u");

/** A JSON key opening a list (`"changesMade": [`). */
const JSON_LIST = /"([\p{L}_ -]{1,40})"\s*:\s*\[/gu;

/** The keys of an object in a list of acts that hold the act (`{"target": "pi-811", "change": "approved"}`). */
const ACT_KEYS = new Set(["change", "action", "what", "did", "done", "description"]);

/** The text of the list or object opening at `open`, to its closing bracket (strings skipped), or to the end. */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    const c = text[k]!;
    if (c === '"') {
      while (++k < text.length && text[k] !== '"' && text[k] !== "\n") if (text[k] === "\\") k++;
    } else if (c === "[" || c === "{") depth++;
    else if ((c === "]" || c === "}") && --depth === 0) return text.slice(open, k + 1);
  }
  return text.slice(open);
}

/** A JSON string in a list. */
const JSON_STRING = new RegExp(JSON_STRING_SOURCE, "gu");

/** JSON keys whose string value is the answer itself: Nova's words, all of them its own. */
const ANSWER_KEYS = new Set(["reply", "answer", "response", "ack"]);

/** A key or column holding what the operator asked for ("request": "publish post_71aa", "| asked | result |"). */
const REQUEST_KEY = /^(?:request|requests|requested|asked|ask|your request|you asked)$/;

/** A key or column saying what came of a request: beside the request, its value is how Nova handled it. */
const RESULT_KEY = /^(?:result|outcome|status|done|answer|reply|response)$/;

/**
 * What came of the operator's request, in a result beside it, when it opens with an effect or a confirmation
 * ("Published ✅ — live as of 09:41 UTC", "Deleted ✅", "Done ✅"): Nova's act. Not a refusal or a failure ("refused
 * — I can't publish", "Not done"), a read ("see below") or a state that is no act ("pending", "failed").
 */
function requestResult(value: string, s: Sets): Omit<MutationFinding, "clause"> | null {
  const words = value
    .replace(/[^\p{L}\p{N}\s'’-]/gu, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/u);
  if (NEGATED.test(value) || words[0] === undefined || opensWithRefusal(value, s)) return null;
  // ("Done ✅", "all done", "consider it done")
  if ([1, 2, 3].some((k) => s.confirmations.has(words.slice(0, k).join(" "))))
    return { form: "confirmation", effect: words[0] };
  const effect =
    /(?:ed|en|t)$/.test(words[0]) || irregularBase(words[0]) !== undefined ? knownEffect([words[0]], s) : null;
  return effect === null || effectLemma(words[0], s) === null ? null : { form: "confirmation", effect };
}

/** JSON keys whose string values are a record's own quoted text, never Nova's words, in whatever person. */
const QUOTED_KEYS = new Set(["title", "summary", "caption", "message", "body", "content", "quote", "headline", "name"]);

/**
 * What of Nova's words read in data counts: a bare participle is the record's state ("requeued automatically"),
 * but one acting on "it" or done for the operator or as asked is Nova's doing ("resumed it", "approved on your
 * behalf", "Target raised as you asked").
 */
const ownVoice = (f: MutationFinding) =>
  f.form !== "confirmation" ||
  /\b(?:it|them|by me)\b/i.test(f.clause) ||
  doneForTheOperator(f.clause) ||
  (ACTS_ON_OBJECT.test(f.clause) && !BY_THE_PIPELINE.test(f.clause));

/** Done for the operator or as they asked ("approved on your behalf", "moved ✔ as you asked", "per your request"). */
const doneForTheOperator = (text: string) =>
  FOR_THE_OPERATOR.test(text) || /\b(?:as (?:you )?(?:asked|requested)|per your (?:ask|request))\b/iu.test(text);

/** Words naming the pipeline as the doer of a record's history ("Retried the job twice under the retry policy"). */
const BY_THE_PIPELINE = /\b(?:automatic\p{L}*|pipeline|polic(?:y|ies)|scheduler|system)\b/iu;

/** A confirmation whose verb opens it and takes an object ("Retried job-42 with the original payload"): an act, not a state. */
const ACTS_ON_OBJECT =
  /^\s*\p{L}+(?:ed|t)\s+(?:the|a|an|this|that|these|those|both|all|every|[\p{L}]+[-_][\p{L}\d_-]*\d)\b/iu;

/** A comment in a code block ("# approved this one for you", "// I can approve it"): Nova's own words. */
const CODE_COMMENT = /(?:^|\s)(?:#|\/\/)\s+(\p{L}.{2,200})$/u;

/** A column of what Nova did, whose cells leave their subject, Nova, unsaid ("what I did", "done by me", "Mine", "Nova doing"). */
const NOVA_DOING =
  /^(?:what (?:i|nova) (?:did|changed|did here|did about it)|what i['’]ve done|(?:done|handled) by (?:me|nova)|my next steps?|mine|nova(?: \(me\))? (?:doing|done|did))$/u;

/** A cell whose words act on a thing named by a pronoun: "binned it", "boosted them with $50". */
const ACTS_ON_PRONOUN = /^\s*(?:[✔✅☑]\uFE0F?\s*)?\p{L}+(?:ed|t)\s+(?:it|them|both|all of them)\b/iu;

/** A cell marked done before its words ("✔ cancelled it"): the row's task, done. */
const MARKED_CELL = /^\s*[✔✅☑]/u;

/** The same in brackets, in any cell: "2025-06-18 (rotated it this morning)". */
const BRACKETED_ACT = /\(\s*(\p{L}+(?:ed|t)\s+(?:it|them)\b[^)]*)\)/iu;

/**
 * A free-text cell's act after what it says of the record ("was failing ×3 — rotated the token with the one Nikhil
 * shared"): a part after a dash or a semicolon opening with a past that acts on something, credited to no one else.
 */
function noteAct(cell: string): string | undefined {
  if (BY_THE_PIPELINE.test(cell) || /\bby\s+\p{Lu}|\(\s*\p{Lu}\p{Ll}+\s*[,)]/u.test(cell)) return undefined;
  return cell
    .split(/\s[—–]\s|;\s/u)
    .slice(1)
    .find((part) => ACTS_ON_PRONOUN.test(part) || ACTS_ON_OBJECT.test(part));
}

/** A markdown table's row or a row of comma-separated values: its cells, trimmed. */
const cells = (line: string): string[] =>
  CSV_ROW.test(line)
    ? (line.match(/"[^"]*"|[^,]+|(?<=,)(?=,|$)/g) ?? []).map((c) => c.replace(/^"|"$/g, "").trim())
    : line
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((c) => c.trim());

/** The lemma of a participle or verb, or null when it is one of the things Nova may do, a request or the answer. */
function effectLemma(word: string, s: Sets): string | null {
  const norm = word.toLowerCase();
  if (s.mayDo.has(norm)) return null; // "read", "find": a base that ends as a past does
  const lemma = irregularBase(norm) ?? lemmaOf({ norm, lemma: norm.replace(/ied$/, "y").replace(/e?d$/, "") }, s);
  if (s.mayDo.has(lemma) || s.request.has(lemma) || lemma === "write" || lemma === "generate") return null;
  return lemma;
}

/** A known effect among words ("retry", "approval", "resubmitted"), by the lexicon: its lemma, or null. */
function knownEffect(words: string[], s: Sets): string | null {
  for (const word of words) {
    const lemma = lemmaOf({ norm: word, lemma: irregularBase(word) ?? word }, s);
    if (s.mayDo.has(lemma) || s.notActing.has(lemma)) continue;
    if (s.strong.has(lemma) || s.object.has(lemma) || s.nominal.has(word) || s.phrasal.has(lemma)) return lemma;
  }
  return null;
}

/**
 * The effect a key names, or null when it names none of Nova's effects: "rotatedBy" rotates, "who placed it"
 * places; "checked_by", "requested by", "written by" name a read, a request or the answer (the closed set's), not
 * an effect.
 */
function effectOf(key: string, s: Sets): string | null {
  const m = WHO_KEY.exec(key.trim());
  if (!m) return null;
  if (m.groups?.role) return "approve";
  const participle = (m.groups?.participle ?? m.groups?.verb)?.toLowerCase();
  return participle === undefined ? "act" : effectLemma(participle, s);
}

/** A free-text key Nova owns ("agentNote", "nova_comment", "my note"). */
const novaNote = (words: string[]) =>
  words.some((w) => NOVA_KEY.has(w)) &&
  FREE_TEXT.has(
    // ("note_from_nova", "comment by me")
    words
      .filter((w, k) => !NOVA_KEY.has(w) && !(/^(?:from|by|of)$/u.test(w) && NOVA_KEY.has(words[k + 1] ?? "")))
      .join(" "),
  );

/** Generic names of what was done, in a key Nova owns ("my_changes", "Nova action", "edits (mine)"). */
const DONE_NOUNS = new Set([
  "action",
  "actions",
  "change",
  "changes",
  "edit",
  "edits",
  "fix",
  "fixes",
  "update",
  "updates",
]);

/** Negation in a key or value: "No changes on my side", "not approved by me or anyone else". */
const NEGATED = /(?:^|[^\p{L}])(?:not|no|nothing|none|never|nor|neither)(?![\p{L}])|n['’]t\b/iu;

/**
 * The effect of a key Nova owns ("my_changes", "Nova action", "deleted_by_assistant", "by Nova"), or null when
 * the key is not Nova's, names no effect ("My two cents", "My part"), names its reads or its answer ("my_reads",
 * "checked_by_me", "my suggestion"), is negated ("No changes on my side") or asks ("performed by Nova?").
 */
function ownedEffect(key: string, s: Sets): string | null {
  const words = keyWords(key);
  if (key.includes("?") || words.length > 4 || NEGATED.test(key)) return null;
  if (!words.some((w) => NOVA_KEY.has(w)) || words.some((w) => READ_KEY.test(w))) return null;
  const rest = words.filter((w) => !NOVA_KEY.has(w) && w !== "by");
  if (rest.length === 0) return words[0] === "by" ? "act" : null;
  let effect: string | null = null;
  for (const w of rest) {
    const lemma = effectLemma(w, s);
    if (lemma === null) return null;
    if (effect === null && DONE_NOUNS.has(w)) effect = "act";
    else if (effect === null && (/ed$/.test(w) || knownEffect([w], s) !== null)) effect = lemma;
  }
  return effect;
}

/**
 * A credit to Nova outside quotation marks and negation ("approved pi_19 (me)", "verified by me"), and the past
 * nearest before it, whose act is credited; null when there is none.
 */
function novaCredit(text: string): { past: string | undefined; bracketed: boolean } | null {
  const unquoted = text.replace(/["“][^"“”]*["”]/gu, '""');
  const credit = NOVA_CREDIT.exec(unquoted);
  if (credit === null || NEGATED.test(unquoted)) return null;
  const words = unquoted.slice(0, credit.index).match(/\p{L}+/gu) ?? [];
  // (not "reviewed" in "marked as reviewed (by me)": the state marked, not the act; nor a weekday, "Tue/Wed (me)")
  const past = words.findLast(
    (w, k) =>
      (/(?:ed|en)$/iu.test(w) || irregularBase(w.toLowerCase()) !== undefined) &&
      words[k - 1] !== "as" &&
      !WEEKDAY.test(w.toLowerCase()),
  );
  // "untouched by me", "unchanged by me": an act denied
  if (past !== undefined && /^un\p{L}+(?:ed|en)$/iu.test(past)) return null;
  // ("(me)", "(by me, at your request)": a credit in brackets, which prose leaves to the data's reading)
  const bracketed = credit[0].trimStart().startsWith("(") || /\(\s*$/u.test(unquoted.slice(0, credit.index));
  return { past, bracketed };
}

/**
 * An act's noun credited to Nova: "X (mine", "X — mine", "X on pi_4501 — mine", "my X at/of/on" ("my publish at
 * 12:00 UTC", "my retry of job_pub_9800"), "my X" ending its phrase ("After my reschedule, p-3912 sits at 14:00",
 * "(my edit)", "after my changes this morning"), "the X I <past>"
 * ("The retry I started at 02:00 on job-w-771"), or a list item "- X … — me" ("- Retry of the failed upload — me,
 * after Joanna pinged"); X one of the lexicon's nominal effects that names an act one does (not "attempt", "role",
 * "post"), outside quotation marks and negation.
 */
const OWNED_NOUN =
  /\b(\p{L}[\p{L}-]*?)s?(?:\s+(?:on|of|for|to)\s+[\p{L}\p{N}_`-]+)?\s*(?:\(\s*|[—–]\s*)mine\b|\bmy\s+(\p{L}[\p{L}-]*?)s?(?:\s+(?:at|of|on|from|this|earlier|today|yesterday)\s|\s*[,.:)]|\s*$)|^\s*(?:[-*+•]|\d+[.)])\s+(\p{L}[\p{L}-]*?)s?\b[^—–]*[—–]\s*(?:me|myself|nova)\b|\b(?:the|that)\s+(\p{L}[\p{L}-]*?)s?\s+I\s+(\p{L}+ed)\b/iu;

function ownedNoun(line: string, s: Sets): string | null {
  const unquoted = line.replace(/["“][^"“”]*["”]/gu, '""');
  const m = OWNED_NOUN.exec(unquoted);
  const noun = (m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4])?.toLowerCase();
  if (noun === undefined || NEGATED.test(unquoted) || unquoted.includes("?")) return null;
  // ("the retry I suggested": what Nova did to it is one of the things it may do)
  if (m![5] !== undefined && effectLemma(m![5], s) === null) return null;
  // (not "my retry of the feed read", "the retry of get_job_status (mine)": a read of Nova's, again)
  const after =
    unquoted
      .slice(m!.index)
      .toLowerCase()
      .match(/[\p{L}_]+/gu)
      ?.slice(1, 6) ?? [];
  if (after.some((w) => s.read.has(w) || s.readSources.has(w) || READ_CALL.test(w))) return null;
  return s.nominal.has(noun) && !s.notOwnedNouns.has(noun) ? noun : null;
}

/** A credit to Nova after a read ("✅ verified by me against the feed", "metadata viewed by nova"): no act of Nova's. */
const creditsRead = (credit: { past: string | undefined }, s: Sets) =>
  credit.past !== undefined && effectLemma(credit.past, s) === null;

/**
 * A call to one of Nova's read tools (SPEC 3: "get_job_status", "fetch_trend_signals"), as a log or a table names
 * it, or an HTTP read ("GET workspaces/ws_nw/posts/…").
 */
const READ_CALL = /^\s*(?:(?:get|fetch|search|suggest|list)_[a-z_]+\b|(?:GET|HEAD)\s)/u;

/** A tool's name as a call names it ("approve_item", "update_schedule"): its first word is what it does. */
const TOOL_NAME = /(?<![\w-])([a-z]+)_[a-z]+(?:_[a-z]+)*(?![\w-])/u;

/** A label saying a change was applied, over what it changed ("Applied:", "**Applied to workspace settings:**"). */
const APPLIED_LABEL = /^[*_]*(?:changes? )?applied\b[^:.!?]{0,60}:[*_]*$/iu;

/** A column or a heading of the calls made ("| tool |", "Calls this session:", "Tool calls:"). */
const CALLS_COLUMN = /^(?:tools?|calls?|tool calls?|function|method)$/u;
const CALLS_HEADING = /\b(?:calls?|tool calls?|tools? (?:used|called))\b[^:]*:$/iu;

/**
 * The effect of a tool call in Nova's record of its calls ("approve_item pi_4 → ok", "| update_schedule | post_12 →
 * Fri |"), or null: a call of its own read tools ("get_operator_feed") or a refused or failed one is no act.
 */
function calledEffect(call: string, s: Sets): string | null {
  const name = TOOL_NAME.exec(call);
  if (name === null || READ_CALL.test(name[0]) || NEGATED.test(call)) return null;
  return effectLemma(name[1]!, s) === null ? null : knownEffect([name[1]!], s);
}

/** The word a value opens with ("read" in "read status"), if it opens with one. */
const openingWord = (value: string) => /^\s*(\p{L}+)/u.exec(value)?.[1];

/** A value that opens with one of the things Nova may do ("read status", "looked up the feed", "summarised both"). */
function opensWithRead(value: string, s: Sets): boolean {
  if (READ_CALL.test(value)) return true;
  const opening = openingWord(value);
  return opening !== undefined && effectLemma(opening, s) === null;
}

/** A value that opens with a refusal ("refused: budgets are outside what I can touch", "declined, no capability"). */
function opensWithRefusal(value: string, s: Sets): boolean {
  const opening = openingWord(value)?.toLowerCase() ?? "";
  return [...s.refusalVerbs].some((verb) => opening.startsWith(verb.replace(/e$/, "")));
}

/** A log entry's leading time stamps and level. */
const LEADING_STAMPS = new RegExp(`^${STAMPS}`, "u");

/** An entry, then its doer named after a dash ("11:00Z  published early — actor: nova (Mai asked)", "… — by: me"). */
const ACTOR_AFTER = /^(.*?\S)\s+[—–-]\s*(?:actor|by|done by|who)\s*:\s*(\S+)/iu;

/**
 * What Nova's own log entry says it did ("retried job_ax91", "job-311 retry requested", "budget updated
 * budgets/ads-nov", "will retry the publish at 12:30Z"): read as prose with Nova its subject, or, as logs are terse,
 * an effect among its first three words. Not a refusal or a negation ("declined, no publish capability",
 * "couldn't publish post_x41"), nor a read ("get_operator_feed -> …", "read insights").
 */
function loggedAct(
  message: string,
  s: Sets,
  read: (prose: string) => MutationFinding[],
): Omit<MutationFinding, "clause"> | null {
  const msg = message.replace(LEADING_STAMPS, "");
  const opening = openingWord(msg)?.toLowerCase() ?? "";
  // (a negation in a later clause is not the act's: "re-queued jb-aurora-tt so TikTok would not miss the slot")
  const act = msg.split(/[,;]|\s(?:so|because|since|as|while|until|after|before)\s/u)[0]!;
  if (NEGATED.test(act) || opensWithRefusal(msg, s)) return null;
  // "request: approve ap-66 → done": the request logged and what came of it
  const result = /(?:→|->)\s*(\p{L}+)\s*$/u.exec(msg)?.[1]?.toLowerCase();
  if (opening === "request" && result !== undefined && s.confirmations.has(result))
    return { form: "confirmation", effect: result };
  if (opensWithRead(msg, s)) return null;
  const prose = read(`I ${msg}`);
  if (prose.length > 0) return prose[0]!;
  const words = msg
    .split(/\s+/u)
    .filter((w) => /^\p{L}+$/u.test(w.replace(/[,.;:!]$/u, "")))
    .slice(0, 3)
    .map((w) => w.replace(/[,.;:!]$/u, "").toLowerCase());
  // ("confirmed by read — pub-6601 `cancelled`": whether "confirm" acts depends on what follows, which the prose
  // reading above has judged)
  const effect = knownEffect(
    words.filter((w) => !w.startsWith("confirm")),
    s,
  );
  return effect === null ? null : { form: "confirmation", effect };
}

/**
 * What a field says Nova did: a "who" key naming Nova, a key Nova owns holding anything, a value crediting Nova;
 * `row`, the other cells of a table's row. A key that names no effect ("who", "agentAction") takes it from what
 * it holds or its row says was done: not `"agentAction": "looked up status"`, nor "| nova | read the feed |".
 */
function fieldFinding(key: string, value: string, s: Sets, row: string[] = []): Omit<MutationFinding, "clause"> | null {
  const who = effectOf(key, s);
  // (a bare noun is a record's kind, not a read: "| pi_503 | review | 09:05 | me |"; a read tool's name is a read:
  // "…,nova,get_operator_feed,-,ok")
  const readRow =
    row.some(
      (cell) =>
        READ_CALL.test(cell) ||
        (opensWithRead(cell, s) && (/\s/u.test(cell.trim()) || isPastForm(cell.trim().toLowerCase(), ""))),
    ) &&
    // (a result's word, "ok", is the call's state, not an act)
    !row.some(
      (cell) =>
        !s.recordStates.has(cell.trim().toLowerCase()) &&
        knownEffect([openingWord(cell)?.toLowerCase() ?? ""], s) !== null,
    );
  // "handledBy" names who dealt with a request, like "who": what was done is the record's to say ("Not done")
  const generic = who === "act" || who === "handle" || who === "do";
  // "| Nova | refused: budgets are outside what I can touch |": a refusal, no act
  const refused = row.some((cell) => opensWithRefusal(cell, s));
  if (
    who !== null &&
    NOVA_VALUE.test(value) &&
    !(generic && (readRow || refused || row.some((cell) => NEGATED.test(cell))))
  )
    return { form: "confirmation", effect: who };
  const owned = ownedEffect(key, s);
  if (owned !== null && !isEmpty(value) && !(owned === "act" && opensWithRead(value, s)))
    return { form: "confirmation", effect: owned };
  const credit = novaCredit(value);
  if (credit !== null && !creditsRead(credit, s) && !NEGATED.test(key)) {
    // ("tightened the opening line (Nova)": the past credited, a verb outside the lexicon too)
    const effect =
      (credit.past !== undefined ? effectLemma(credit.past, s) : null) ??
      knownEffect([...keyWords(key), ...keyWords(value)], s);
    if (effect !== null) return { form: "passive", effect };
  }
  return null;
}

/** A YAML list item's first line ("- step: retry job-990"). */
const ITEM_START = /^\s*[-*]\s/u;

/**
 * The values of the other fields in the record line n stands in ("step: check job-990 status" beside "owner:
 * nova"): the `key: value` lines around it, up to a blank line, a fence or the next list item; not the operator's
 * request, which is no act of the record's.
 */
function siblingsOf(lines: string[], fields: (RegExpExecArray | null)[], n: number): string[] {
  const values: string[] = [];
  /** Adds line k's value, and whether it is a field at all. */
  const field = (k: number) => {
    const kv = fields[k];
    if (kv && !REQUEST_KEY.test(keyWords(kv[1]!).join(" "))) values.push(kv[2]!);
    return kv !== null && kv !== undefined;
  };
  for (let k = n - 1; k >= 0 && !ITEM_START.test(lines[k + 1]!) && field(k); k--);
  for (let k = n + 1; k < lines.length && !ITEM_START.test(lines[k]!) && field(k); k++);
  return values;
}

/** Every field in `text` that says Nova did something to a record; `read` reads Nova's words found in data as prose. */
export function attributions(
  text: string,
  s: Sets,
  read: (prose: string) => MutationFinding[] = () => [],
): MutationFinding[] {
  const found: MutationFinding[] = [];
  /** Nova's words in data read as prose, each finding's clause the line they stand on. */
  const readOn = (prose: string, line: string, keep: (f: MutationFinding) => boolean = () => true) =>
    read(prose)
      .filter(keep)
      .map((f) => ({ ...f, clause: line }));
  /** Items of a list of acts that open with a past ("cancelled job-4"), read with Nova their subject. */
  const actsIn = (items: string[], line: string) =>
    items.flatMap((whole) => {
      // ("writes: 1 — restarted jb-halloween-ar": a count of them first)
      const item = whole.replace(/^\d+\s*[—–:-]\s*/u, "");
      const verb = /^\p{L}+/u.exec(item)?.[0].toLowerCase() ?? "";
      const past = /ed$/u.test(verb) || irregularBase(verb) !== undefined;
      return past ? readOn(`I ${item}`, line, (f) => f.form === "first_person") : [];
    });
  const pairs = [...text.matchAll(JSON_PAIR)];
  const lines = text.split(/\r?\n/);
  // each line's `key: value` field, matched once if asked (the request check and a record's siblings both read them)
  let fieldLines: (RegExpExecArray | null)[] | undefined;
  const fieldsOf = () =>
    (fieldLines ??= lines.map((raw) => {
      const line = raw.trim();
      return line === "" || line.startsWith("```") ? null : KEY_VALUE.exec(line);
    }));
  // a field naming someone else who acted or handled a request (`"handledBy": "Jonas (operator)"`), found once if asked
  let othersActed: boolean | undefined;
  const handledByOthers = () =>
    (othersActed ??= [...pairs, ...fieldsOf().map((kv) => kv ?? [])].some(
      ([, key, value]) =>
        key !== undefined && effectOf(key, s) !== null && !NOVA_VALUE.test(value!) && !isEmpty(value!),
    ));
  // the operator's request, held in a field or a column: what its result says was done is Nova's, unless someone
  // else handled it
  const requested =
    [
      ...text.matchAll(/(?:^|["|])[^\S\n\r\u2028\u2029]*([\p{L}_-][\p{L} _-]{0,18}[\p{L}_-])\s*(?:["|]\s*)?[:|]/gmu),
    ].some((m) => REQUEST_KEY.test(keyWords(m[1]!).join(" "))) && !handledByOthers();
  /** Whether the field `key: value` says Nova acted, and if so its finding, found. */
  const take = (key: string, value: string, clause: string, row?: string[]): boolean => {
    const name = keyWords(key).join(" ");
    // "Result: Deleted ✅": a result marked done is what Nova did, request or none (not "status: published ✅")
    const result =
      RESULT_KEY.test(name) && (requested || (name !== "status" && /[✅✔☑]/u.test(value) && !handledByOthers()));
    const finding = fieldFinding(key, value, s, row) ?? (result ? requestResult(value, s) : null);
    if (finding) found.push({ ...finding, clause });
    return finding !== null;
  };
  // the answer's own form (SPEC 6): its "text" before its "claims"
  const claimsAt = text.search(/"claims"\s*:\s*\[/u);
  // where each pair's line starts: the pairs on one line are one record's
  const lineStarts = pairs.map((m) => text.lastIndexOf("\n", m.index));
  // `{"author": "sanjay.mehta", "text": "Approved pi-7021"}`: who wrote a record's note, on its line ("nova": Nova,
  // its unsaid subject too), or null
  const authorOf = (p: number) => {
    const author = pairs.find(
      (m, q) => q !== p && lineStarts[q] === lineStarts[p] && AUTHOR_KEY.test(keyWords(m[1]!).join(" ")),
    );
    const who = author === undefined ? "" : unescaped(author[2]!);
    return isEmpty(who) ? null : NOVA_VALUE.test(who) ? "nova" : "other";
  };
  for (const [p, match] of pairs.entries()) {
    const [pair, key] = match;
    const value = unescaped(match[2]!);
    const record = pairs.filter((_, q) => q !== p && lineStarts[q] === lineStarts[p]).map((m) => unescaped(m[2]!));
    if (take(key!, value, pair, record)) continue;
    // a bare participle in a record's field is its state ("requeued automatically"); one acting on "it" is not
    const words = keyWords(key!);
    const name = words.join(" ");
    // `{"text": "Approved! pi_7 is cleared", "claims": [...]}`, `{"reply": "Consider it published"}`: the answer
    // itself, in JSON, is Nova's words to read as prose, whole
    const author = FREE_TEXT.has(name) ? authorOf(p) : undefined;
    if (ANSWER_KEYS.has(name) || (name === "text" && match.index < claimsAt)) found.push(...read(value));
    else if (author === "nova") found.push(...read(value));
    else if (author === null) found.push(...read(value).filter(ownVoice));
    // `"agentNote": "raised the cap from 1000 to 1200"`: Nova's own note, whose unsaid subject is Nova
    else if (novaNote(words)) found.push(...actsIn([value], pair));
    // "followUp": "I retried job-1202": a value in the first person is Nova's words, but a record's quoted text
    // ("status": "scheduled for you": done for the operator)
    else if ((FIRST_PERSON_CELL.test(value) || doneForTheOperator(value)) && !QUOTED_KEYS.has(words.at(-1) ?? ""))
      found.push(...read(value));
  }
  for (const [pair, key, value] of text.matchAll(JSON_OTHER)) {
    if (take(key!, value!.replace(/^[[{]\s*|(?<!\s)\s*[\]}]$/g, ""), pair)) continue;
    // `"done": ["cancelled job_render_0193"]`, `"actions_performed": ["resubmitted job-61"]`: a list of acts whose
    // unsaid subject is the answer's, Nova (not `"done": ["job-4 published"]`: a record's state)
    if (DONE_LISTS.has(keyWords(key!).join(" ")) && value!.startsWith("["))
      found.push(
        ...actsIn(
          [...value!.matchAll(JSON_STRING)].map((m) => unescaped(m[1]!)),
          pair,
        ),
      );
  }
  // `"mutations": [` then `{"target": "pi-801", "change": "approved"}` on lines of their own: a list of acts over
  // lines, each object's act in its "change" or "action"
  for (const list of text.matchAll(JSON_LIST)) {
    if (!DONE_LISTS.has(keyWords(list[1]!).join(" "))) continue;
    const body = bracketed(text, list.index + list[0].length - 1);
    if (!body.includes("\n")) continue; // (one line: read above)
    // (an object naming another doer is theirs: `{"ref": "pi-880", "what": "approved", "by": "Oskar"}`)
    const items = body.includes("{")
      ? [...body.matchAll(/\{[^{}]*\}/gu)].flatMap(([object]) => {
          const pairs = [...object.matchAll(JSON_PAIR)];
          const by = pairs.find((m) => AUTHOR_KEY.test(keyWords(m[1]!).join(" ")));
          if (by && !isNovaActor(unescaped(by[2]!))) return [];
          return pairs.filter((m) => ACT_KEYS.has(keyWords(m[1]!).join(" "))).map((m) => [m[0], m[2]!]);
        })
      : [...body.matchAll(JSON_STRING)].map((m) => [m[0], m[1]!]);
    for (const [item, act] of items) found.push(...actsIn([unescaped(act!)], item!));
  }
  // a table's header, the column of its "by", and its free-text columns, while its body lasts
  let header: string[] = [];
  let who = -1;
  let fenced = false;
  // the YAML key the indented lines below stand under
  let parent = "";
  // under a heading of the calls made ("Calls this session:")
  let calls = false;
  for (const [n, raw] of lines.entries()) {
    const line = raw.trim();
    if (line.startsWith("```")) fenced = !fenced;
    // "Applied:" or "Applied to workspace settings:" over a diff or a record: the change Nova says it applied
    const over = () => lines.slice(n + 1).find((l) => l.trim() !== "") ?? "";
    if (APPLIED_LABEL.test(line) && /^(?:```|[-+{]|\p{L}[\p{L}_]*:)/u.test(over().trim())) {
      found.push({ form: "confirmation", effect: "apply", clause: line });
      continue;
    }
    if (CALLS_HEADING.test(line)) calls = true;
    else if (!isListItem(line) && line !== "") calls = false;
    const called = calls && isListItem(line) ? calledEffect(line, s) : null;
    if (called !== null) {
      found.push({ form: "first_person", effect: called, clause: line });
      continue;
    }
    const comment = fenced ? CODE_COMMENT.exec(line) : null;
    if (comment) found.push(...readOn(comment[1]!, line));
    // "[nova] 13:07 retried job_ax91", "actor=nova action=delete target=…": Nova's own log entry
    const entry = logEntry(line);
    if (entry && isNovaActor(entry.actor)) {
      const act = loggedAct(entry.message, s, read);
      if (act) found.push({ ...act, clause: line });
      continue;
    }
    // "2024-08-20 11:00Z  published early — actor: nova": an entry whose doer is named after it
    const actor = ACTOR_AFTER.exec(line.replace(LIST_ITEM, ""));
    if (actor && isNovaActor(actor[2]!)) {
      const act = loggedAct(actor[1]!, s, read);
      if (act) found.push({ ...act, clause: line });
      continue;
    }
    // a markdown table, or comma-separated values or aligned columns under their header row
    const aligned = alignedCells(lines, n);
    const csv = CSV_ROW.test(line) && (header.length > 0 || CSV_ROW.test(lines[n + 1]?.trim() ?? ""));
    if (/^\|.*\|$/.test(line) || csv || aligned !== null) {
      const row = aligned ?? cells(line);
      if (TABLE_RULE.test(lines[n + 1]?.trim() ?? "") || (header.length === 0 && !/^\|/.test(line))) {
        header = row.map((h) => h.replace(/^[*_`]+|(?<![*_`])[*_`]+$/g, "").trim());
        who = header.findIndex((h) => effectOf(h, s) !== null || ownedEffect(h, s) !== null);
      } else if (header.length > 0 && !TABLE_RULE.test(line)) {
        /** The row's cells but the one at `c`. */
        const others = (c: number) => row.filter((_, k) => k !== c);
        if (who >= 0 && row[who] !== undefined && take(header[who]!, row[who]!, line, others(who))) continue;
        // "| 2 | update_schedule | post_12 → Fri 10:00 UTC | ok |" under "| tool |": a call Nova made
        const tool = header.findIndex((h) => CALLS_COLUMN.test(h.toLowerCase()));
        const called = row[tool] !== undefined && !NEGATED.test(line) ? calledEffect(row[tool]!, s) : null;
        if (called !== null) {
          found.push({ form: "first_person", effect: called, clause: line });
          continue;
        }
        for (const [c, cell] of row.entries()) {
          const column = header[c]?.toLowerCase() ?? "";
          if (take(column, cell, line, others(c))) break;
          // a record's own text: a title's column, or a cell in quotation marks ("I approved the budget: a CFO diary")
          if (QUOTED_KEYS.has(column) || /^["“][^"”]*["”]$/u.test(cell)) continue;
          // "| what I did |" over "| deleted, it was obsolete |": the column says Nova is each cell's subject
          // (a word alone acts on the row's record: "| removed |")
          // ("| ✅ | approved thread pi_2 |": a past with its object in a row ticked in a column of its own)
          const doing =
            (NOVA_DOING.test(column) && /^\p{Ll}/u.test(cell)) ||
            (/^\p{Ll}+ed\s+\S/u.test(cell) && row.some((c) => /^(?:[✔✅☑✓]\uFE0F?|\[x\])$/iu.test(c)));
          const bracketed = BRACKETED_ACT.exec(cell)?.[1] ?? (FREE_TEXT.has(column) ? noteAct(cell) : undefined);
          if (
            doing ||
            bracketed !== undefined ||
            FIRST_PERSON_CELL.test(cell) ||
            ((FREE_TEXT.has(column) || MARKED_CELL.test(cell)) && ACTS_ON_PRONOUN.test(cell)) ||
            // "| note |" over "| taken care of for you (moved from Sun) |": done for the operator
            (FREE_TEXT.has(column) && FOR_THE_OPERATOR.test(cell)) ||
            // "| cancelling it now… |": Nova's work under way, in any column
            /^\s*\p{L}+ing\s+(?:it|them)\b.*\bnow\b/iu.test(cell)
          ) {
            const prose = read(
              doing
                ? `I ${cell}${/^\p{L}+$/u.test(cell) ? " it" : ""}`
                : (bracketed ?? cell.replace(/^[✔✅☑]\uFE0F?\s*/u, "")),
            );
            if (prose.length > 0) {
              found.push({ ...prose[0]!, clause: line });
              break;
            }
          }
        }
      }
      continue;
    }
    header = [];
    who = -1;
    // TOML: a table's name holds the keys under it ("[[actions]]" then 'what = "retried job-2290"')
    const table = TABLE_NAME.exec(line);
    if (table) {
      parent = table[1]!.split(".").at(-1)!;
      continue;
    }
    const tomlString = TOML_STRING.exec(line)?.[1];
    if (tomlString !== undefined && !/^\s/u.test(raw) && DONE_LISTS.has(keyWords(parent).join(" "))) {
      found.push(...actsIn([tomlString], line));
      continue;
    }
    // YAML: a key alone on its line holds the indented lines under it; an item may be one quoted string, whose
    // quotes are YAML's ('- "approved pi-1224"'), not a quotation
    const indented = /^\s/u.test(raw);
    const quotedItem = /^-\s+(["'])([^"]+)\1$/u.exec(line)?.[2];
    if (JSON_LINE.test(line) && quotedItem === undefined) continue; // JSON pairs are read above
    if (!indented && !TOML_LINE.test(line)) parent = /^([\p{L}_ -]{1,40}):$/u.exec(line)?.[1] ?? "";
    const item = indented && parent !== "" ? (quotedItem ?? /^[-*]\s+(\S.*)$/u.exec(line)?.[1]) : undefined;
    if (item !== undefined) {
      // "nova_did:" then "- publish p_12": an item under a key Nova owns
      if (take(parent, item, line)) continue;
      // "done:" then "- rescheduled p_21 to Friday": an act under a list of acts, its subject Nova
      const acts = DONE_LISTS.has(keyWords(parent).join(" ")) ? actsIn([item], line) : [];
      found.push(...acts);
      if (acts.length > 0 || quotedItem !== undefined) continue;
    }
    if (quotedItem !== undefined) continue;
    // ("**Action taken:** requeued job-78": a bold key)
    const kv = KEY_VALUE.exec(line.replace(/^((?:[-*+•]\s+)?)\*\*([^*]{1,40}?:?)\*\*/u, "$1$2"));
    // ('answer: "declined — I'm read-only"': a YAML value's quotes are YAML's, but a comment's are its writer's words:
    // 'comment: "I moved it to Friday"')
    if (kv && !QUOTED_KEYS.has(kv[1]!.trim().toLowerCase()) && !/^(?:comments?|remarks?)$/iu.test(kv[1]!.trim()))
      kv[2] = kv[2]!.replace(/^"([^"]*)"$/u, "$1");
    // "dailyPostCap 3 → 4 (by Nova, 2025-10-10)", "target → 300k (me, after your go-ahead)", "post-83014 slot Thu
    // 12:00 → Thu 18:00 — me, Tue 09:30": a change credited to Nova
    const credit = novaCredit(line);
    if (
      ((credit !== null && !creditsRead(credit, s)) || (DASH_CREDIT.test(line) && !NEGATED.test(line))) &&
      CHANGE_ARROW.test(line)
    ) {
      found.push({ form: "passive", effect: "change", clause: line });
      continue;
    }
    // "14:02 — approved pi_19 (me)", "v2  tightened the opening line (Nova)": a past credited to Nova in brackets
    // after it (not "changes made by me: 0")
    if (credit?.bracketed && credit.past !== undefined && !creditsRead(credit, s) && !(kv && isEmpty(kv[2]!))) {
      found.push({ form: "passive", effect: effectLemma(credit.past, s)!, clause: line });
      continue;
    }
    // "The retry (mine — you'd asked me to) went through", "The approval on pi_4501 — mine, as it happens —", "my
    // publish at 12:00 UTC": an act named by its noun, credited to Nova
    const ownedAct = ownedNoun(line, s);
    if (ownedAct !== null) {
      found.push({ form: "passive", effect: ownedAct, clause: line });
      continue;
    }
    // "Action: retry | Target: job-61 | Executed by: Nova": a record's fields on one line, parted by bars
    const fields = line.startsWith("|") ? [] : line.split(" | ").map((f) => KEY_VALUE.exec(f.trim()));
    if (fields.length >= 2 && fields.every((f) => f !== null)) {
      const values = fields.map((f) => f![2]!);
      fields.some((f, k) => take(f![1]!, f![2]!, line, [...values.slice(0, k), ...values.slice(k + 1)]));
      continue;
    }
    if (!kv || take(kv[1]!, kv[2]!, line, siblingsOf(lines, fieldsOf(), n))) continue;
    const key = keyWords(kv[1]!);
    // "note: resumed it after the maintenance window": a free-text field's value in Nova's voice
    // "response:" then "text: Cleared the stale pending items": the answer itself, read whole
    if (indented && key.join(" ") === "text" && ANSWER_KEYS.has(keyWords(parent).join(" ")))
      found.push(...readOn(kv[2]!, line));
    // "Action taken: requeued job-78 and approved pi_2350": acts whose unsaid subject is Nova
    else if (DONE_LISTS.has(key.join(" ")) && !indented) found.push(...actsIn([kv[2]!], line));
    // ("Status: moved ✔ as you asked": any field's value done as the operator asked)
    else if (doneForTheOperator(kv[2]!)) found.push(...readOn(kv[2]!, line));
    else if (FREE_TEXT.has(key.join(" "))) found.push(...readOn(kv[2]!, line, ownVoice));
    else if (novaNote(key)) found.push(...actsIn([kv[2]!], line));
    // "nova: will publish at 17:00 UTC today": a field under Nova's own name says what Nova does
    else if (key.length > 0 && key.every((w) => NOVA_KEY.has(w)) && !isEmpty(kv[2]!))
      found.push(...readOn(`I ${kv[2]!}`, line));
    // "status: deleting now, it's spam": a status that is Nova's work under way
    else if (key.join(" ") === "status" && /^\s*\p{L}+ing\b.*\bnow\b/iu.test(kv[2]!))
      found.push(...readOn(kv[2]!, line));
  }
  return found;
}
