/**
 * The mutation detector's reading of lines (docs/validator.md): which lines of a text are quoted, headings or
 * a table's header (no claim of Nova's), which carry a checked box, and whether the text lists records' states.
 */
import { knownWord, stripMarkdown } from "./clauses";
import type { Sets } from "./lexicon";

/** A list item. */
export const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s/u;
export const isListItem = (line: string) => LIST_ITEM.test(line);

/** A list item saying what someone else did ("- Approved by Sam, 2 Nov", "3. d-8 archived by Sam"). */
const HISTORY_ITEM =
  /^[^\S\n\r\u2028\u2029]*(?:[-*+•]|\d+[.)])\s+(?:[a-z]{1,5}-?\d+\s+)?\p{L}+ed\b[^\n]*?\bby\s+(?!(?:me|us|nova|myself|ourselves|yours truly)\b)\p{L}/imu;

/** A record's id and the word after it ("job-31 succeeded", "p-70 draft", "job-18: running", "post_M4c1 published"). */
const RECORD_STATE =
  /(?<![\p{L}\p{N}_-])(?:[a-z]{1,5}-?\d+|(?=[\p{L}_-]*\d)[a-z]{1,8}(?:[-_][\p{L}\p{N}]+)+):?\s+(\p{L}+)/giu;

/**
 * A group's label opening a line or a field, with its count, or capitalised before a colon ("Published (27)", "·
 * Running (1): job-8", "Queued: p-4410"; not a YAML key, "cancelled: {by: nova}").
 */
const GROUP_LABEL = /(?:^|[·|]\s)(?:[*_#>-]|[^\S\n\r\u2028\u2029])*(?:(\p{L}+)[*_]*\s*\(\d+\)|(\p{Lu}\p{L}*)[*_]*:)/gmu;

/**
 * "job-30 failed (3 attempts) / job-31 succeeded / job-32 queued": a list of records' states; "- Drafted by
 * Priya, 1 Nov / - Approved by Sam, 2 Nov": a list of what others did is a record's history; "Succeeded (11) ·
 * Running (1) · Cancelled (2)": labels of groups among which one is a state group records by state, so a participle
 * among them ("Cancelled (2)") names a state, not an act.
 */
export function recordLists(
  text: string,
  s: Sets,
): { history: boolean; states: boolean; groups: Set<string>; stated: Set<string> } {
  const history = HISTORY_ITEM.test(text);
  const labels = [...text.matchAll(GROUP_LABEL)].map((m) => (m[1] ?? m[2]!).toLowerCase());
  const states = [...text.matchAll(RECORD_STATE)].map((m) => m[1]!.toLowerCase());
  return {
    history,
    states: history || states.some((w) => s.recordStates.has(w)),
    groups: new Set(labels.some((l) => s.recordStates.has(l)) ? labels : []),
    stated: new Set([...states, ...[...text.matchAll(STATE_VALUE)].map((m) => (m[1] ?? m[2] ?? m[3]!).toLowerCase())]),
  };
}

/** A word given as a state: a table's cell alone ("| approved |"), in backticks ("`approved`"), after an arrow ("→ approved"). */
const STATE_VALUE = /\|[^\S\n]*(\p{L}+)[^\S\n]*(?=\|)|`(\p{L}+)`|(?:→|->)[^\S\n]*(\p{L}+)/gu;

/** A line that introduces a quoted message on the lines after it ("pi-14 says:", "Sam wrote:"). */
const introducesQuote = (line: string, s: Sets) =>
  s.quoteIntroducers.has(/(?<!\p{L})(\p{L}+):\s*$/u.exec(line)?.[1]?.toLowerCase() ?? "");

/** A line that is a heading: markdown's "#", or bold words alone (a colon after them or inside). */
const HEADING = /^(?:#{1,6}\s+\S[^\n]*|\*\*[^*]+\*\*:?|__[^_]+__:?)$/u;

/** A heading over what Nova did ("Done on my side", "What I changed", "Activity log — liaison agent"), not what it read. */
const NOVA_DONE_HEADING =
  /^(?:(?:what|things) i(?:'ve| have)? (?:did|done|changed|fixed|updated|cleaned up)|changes i(?:'ve| have)? made|changes made (?:in|during) this (?:session|conversation|chat)|done on my (?:side|end)|done by me|done \((?:nova|me)\)|my changes|actions i took|what nova (?:did|changed)|activity log\s*[—–:-]\s*(?:nova|(?:the )?liaison agent|me))\b/iu;

/** A heading over what Nova will do ("What I'll do next", "My next steps", "Next steps (Nova)"): its items are Nova's plan. */
const NOVA_PLAN_HEADING =
  /^(?:what i(?:'ll| will|'m going to| am going to) do(?: next)?|(?:my|nova['’]s) next steps?|next steps? \((?:me|nova)\)|(?:(?:\p{L}+ )?things|what) i(?:'ll| will) (?:do|take care of|handle))\b/iu;

/** A label over what Nova offers to do ("**Want more?** I can:", "If you like, I could:"). */
const NOVA_OFFER_LABEL = /\bI (?:can|could)(?: also)?\s*:$/iu;

/** A line's owner named first, Nova ("(Nova) Re-queue the job", "me → retry job-61002"). */
const OWNER_LEAD = /^((?:[-*+•]|\d+[.)])\s+)?(?:\((?:nova|me)\)|(?:nova|me)\s*(?:→|->))\s+/iu;

/** Done for the operator: "for you", "on your behalf". */
export const FOR_THE_OPERATOR = /\b(?:for you|on your behalf)\b/iu;

/**
 * A heading or label saying the items under it are what someone else did ("What ops did, per the incident note:",
 * "Today's publishing (all done by the pipeline):", "## Overnight (pipeline)", "The changes you're seeing are
 * Camille's:") or what Nova cannot do ("Requests I can't carry out here", "Not done (outside what I can do)").
 */
const OTHER_DONE_HEADING =
  /^not done\b|\((?:the )?(?:pipeline|scheduler|system|team|people)\)|^what (?!i\b|i'|nova\b|we\b|you\b)(?:the )?\p{L}+(?: team)? (?:did|changed|fixed|updated|ran)\b|\b(?:done|run|handled) by the (?:pipeline|scheduler|system)\b|\b(?:can['’]?t|cannot|unable to)\b|\bchanges\b.*\b(?:are|were) (?!nova['’]s)\p{L}+['’]s\b/iu;

/** A list item opening with one to three words in bold and a full stop, then its text (not "**Chloé:** approved 9"). */
const BOLD_TOPIC = /^((?:[-*+•]|\d+[.)])\s+)\*\*(\p{L}+(?: \p{L}+){0,2})(?:\.\*\*|\*\*\.)\s+(?=\S)/u;

/** A list item struck through, then what is said of it ("1. ~~Delete d-4~~ done", "- ~~Retry job-42~~ — ✅"). */
const STRUCK_ITEM =
  /^(?:(?:[-*+•]|\d+[.)])\s*)?~~([^~]+)~~\s*(?:[-—–:(]+\s*)?(?:([^\s()\-—–:](?:[^()]*?[^\s()])?)\s*)?\)?[.!]?$/u;

/** A middle dot between fields. */
const MIDDLE_DOT = /\s[·•]\s/u;

/** A record named first in a row: its id, path or quoted title ("post-88c1", "`job-7`", "cred-pin-main", "\"Autumn\""). */
const RECORD_FIELD = /^(?:[`*]*[a-z]{1,8}(?:[-_/][\p{L}\p{N}]+)+[`*]*|["“][^"”]+["”])$/iu;

/** A tally's field: a word or two and a count, an amount or a date ("Published 6", "**Jobs**: Succeeded 7", "spent $0.00"). */
const TALLY_FIELD =
  /^(?:[*_]*\p{L}[\p{L} ]*[*_]*:\s*)?[*_]*\p{L}(?:[\p{L} ()]*[\p{L}()])?[*_]*:?\s+[$€£]?\d[\d,.:%-]*\s*(?:%|\p{L}{1,3})?\.?$/u;

/** A field as `key: value` ("status: paused", "campaign: old-summer"). */
const KV_FIELD = /^[\p{L}_ ]{1,30}:\s*\S[^:]*$/u;

/** A row of comma-separated values: three or more fields, no space after a comma outside quotes. */
export const CSV_ROW = /^(?:"[^"\n]*"|[^,\s"|][^,"|]*?)?(?:,(?:"[^"\n]*"|[^,\s"|][^,"|]*?)?){2,}$/u;

/** A bar chart's bar ("████████", "███░░░"). */
const BAR = /(?<!\s)\s*[█▓▒░■▇▆▅▄▃▂▁]{2,}\s*/u;

/** First person or Nova in a cell or a row: it says who acted ("| scheduled — I shifted it here from Tue |"). */
export const FIRST_PERSON_CELL =
  /(?:^|[^\p{L}'’])(?:i|i'(?:ve|m|d|ll)|i’(?:ve|m|d|ll)|me|my|mine|myself|we|we've|we’ve|nova)(?![\p{L}'’])/iu;

/** The words after "nova" that name Nova's own service ("nova-agent", "nova_assistant", "NovaBot", "nova.liaison"). */
const SERVICE = String.raw`(?:agent|assistant|bot|ai|liaison|svc|service)`;

/**
 * A value naming Nova: "me", "Nova", "nova-assistant", "the assistant (this chat)", "yours truly", and "liaison-agent",
 * the service name SPEC 1's "liaison agent" gives it in a log.
 */
export const NOVA_VALUE = new RegExp(
  String.raw`^\s*(?:\(\s*)?(?:me|myself|i|us|nova(?:[-_]?${SERVICE}|[-_]\p{L}+| (?:${SERVICE}|here|itself))?|(?:the |this |your )?(?:assistant|bot|chat|liaison(?:[-_ ]agent)?)|yours truly)\b`,
  "iu",
);

/** A value crediting Nova: "by me", "by Nova", "(mine)", "mine", "(me)", "(Nova)", "(via Nova)". */
export const NOVA_CREDIT =
  /(?:\b(?:by|via) (?:me|myself|nova|the assistant|(?:the )?liaison agent|yours truly)\b|\(\s*(?:via )?(?:mine|me|nova|my (?:edit|change|doing))\s*[,;)]|^\s*mine\b|\bmine\s*[,;)]|\bmine\s*$)/iu;

/**
 * A credit to Nova after a dash, then a time or a note, not a read ("— me, Tue 09:30", "— Nova"; not "— me (read)"):
 * kept apart from NOVA_CREDIT, whose every reader would take a dash for a credit.
 */
export const DASH_CREDIT = /\s[—–]\s*(?:me|myself|nova)\b(?!\s*\(\s*read)/iu;

/** A log's time stamp, date or level ("09:02:11Z", "2024-11-05 16:41 UTC", "Nov 30 18:00:01", "INFO"). */
const STAMP = String.raw`(?:(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?|(?:\p{Lu}\p{Ll}{2} )?(?:\d{1,2} )?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)(?: ?UTC)?|INFO|WARN(?:ING)?|ERROR|DEBUG|NOTICE)`;
export const STAMPS = String.raw`(?:${STAMP}\s+)*`;

/**
 * Log entries that name who acted, before what they say was done: "[nova] 13:07 retried job_ax91" (a bracketed actor;
 * a checkbox, "[x]", names no one), "nova[412]: published post_9930" (syslog), "09:10  you:  approved ap-1" (a time
 * and a label), "nova-agent  INFO  deleted pi_40" and "e41c9a0  nova  update posting schedule" (a service or an
 * author in the first columns).
 */
const LOG_ENTRIES = [
  new RegExp(
    String.raw`^${STAMPS}\[(?!(?:x|done|todo|to-do|open)\])(\p{L}[\p{L}\d ._-]{1,30})\]\s+${STAMPS}(\S.*)$`,
    "iu",
  ),
  new RegExp(String.raw`^${STAMPS}(?:[\w.-]+\s+)?(\p{L}[\w.-]*)\[\d+\]:\s+(\S.*)$`, "u"),
  // (a label of one to three words: "09:10 — Nova read the feed: p-5010" is Nova's read and what it found)
  new RegExp(
    String.raw`^${STAMP}(?:\s*[—–-]+\s*|\s+)${STAMPS}(\p{L}[\p{L}'’-]*(?: [\p{L}'’-]+){0,2}?):\s+(\S.*)$`,
    "u",
  ),
  new RegExp(String.raw`^(?:[\w.:-]+\s{2,})?((?:nova|liaison)[\w.@-]*)\s{2,}${STAMPS}(\S.*)$`, "iu"),
];
/** An access log's line: who, when, the method and the path ("nova-agent [07/Dec/2024:…] POST /posts/fr-77/publish"). */
const ACCESS_LOG = /^\S+ - (\S+) \[[^\]]+\] "?(GET|HEAD|POST|PUT|PATCH|DELETE) \/?(\S*)/u;
/** A key-value log's actor, message and action ("actor=nova", "msg=budget updated …", "op=UPDATE doc=posts/gv-30"). */
const KV_ACTOR = /(?:^|\s)(?:actor|principal|user|agent|logName|service|by)=("?)([^\s"]+)\1/u;
const KV_MESSAGE = /(?:^|\s)(?:msg|message)=(.+)$/u;
const KV_ACTION = /(?:^|\s)(?:action|op|operation|event|method|verb)=("?)([^\s"]+)\1/u;
/** The object after the action ("… doc=posts/gv-30"): read after the action's match, so its value is never re-split. */
const KV_TARGET = /\s(?:target|doc|path|resource|object)=(\S+)/u;

/** Names a log's label may hold that are a field's, not a doer's ("09:00 Status: retried", "14:00 Done: …"). */
const FIELD_LABEL =
  /^(?:status|state|result|outcome|note|notes|update|action|done|next|plan|summary|reason|error|event|change|changes)$/iu;

/** A log entry's actor is Nova ("[nova]", "nova-agent", "me:", "[liaison]", "principal=nova-agent@…"). */
export const isNovaActor = (actor: string) => NOVA_VALUE.test(actor);

/**
 * A log entry's actor and message, or null when the line is none: an access log's act is its path's last word or
 * its method's ("POST /posts/fr-77/publish", "DELETE …"), a key-value log's its message or its action and target.
 */
export function logEntry(line: string): { actor: string; message: string } | null {
  const plain = line.replace(LIST_ITEM, "").replace(/`/g, "").trim();
  const access = ACCESS_LOG.exec(plain);
  if (access) {
    const word =
      access[3]!
        .split(/[/?]/)
        .filter((w) => /^\p{L}+$/u.test(w))
        .at(-1) ?? "";
    const method = access[2]!.toUpperCase();
    const act =
      method === "DELETE" ? "delete" : method === "POST" ? word : ["PUT", "PATCH"].includes(method) ? "update" : method;
    return { actor: access[1]!, message: `${act} ${access[3]}` };
  }
  const actor = KV_ACTOR.exec(plain);
  if (actor && (plain.match(/\S=\S/g) ?? []).length >= 2) {
    const action = KV_ACTION.exec(plain);
    const target = action && KV_TARGET.exec(plain.slice(action.index + action[0].length))?.[1];
    const message = KV_MESSAGE.exec(plain)?.[1] ?? (action ? `${action[2]} ${target ?? ""}` : "");
    return { actor: actor[2]!, message: message.toLowerCase().trim() };
  }
  for (const entry of LOG_ENTRIES) {
    const m = entry.exec(plain);
    if (m && !FIELD_LABEL.test(m[1]!.trim())) return { actor: m[1]!.trim(), message: withTicks(line, m[2]!).trim() };
  }
  return null;
}

/**
 * The message as the line wrote it, its backticks kept ("Nova: confirmed by read — pub-6601 `cancelled`": a state
 * in code is the record's, not an act); the actor is matched without them ("`nova-agent`").
 */
function withTicks(line: string, message: string): string {
  const text = line.trimEnd();
  let left = message.replace(/`/g, "").length;
  let k = text.length;
  while (left > 0 && k > 0) if (text[--k] !== "`") left--;
  return text.slice(text[k - 1] === "`" ? k - 1 : k);
}

/** One to three capitalised words, captured, and maybe a note in brackets after them ("Ravi (11:03)"): a name. */
const NAMED = String.raw`(\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2})(?:\s*\([^)]{1,40}\))?`;

/**
 * A line a person speaks or signs, in a thread, a standup or a handoff ("Ravi: ok doing it myself", "> Inês: pushed
 * the carousel live", "**Priya Raman:** I approved pi-3", "— Émilie (Mon): approved …", "**Ingrid Solheim** —
 * approved …", "↳ 21:40 Eun-ji Park: on it"): the name, one to three capitalised words, and what follows it.
 */
const SPEAKER = new RegExp(
  String.raw`^(?:(?:>|↳)\s*|(?:[-*+•—–]|\d+[.)])\s+)*${STAMPS}(?:[—–-]\s*)?(\*\*|__)?${NAMED}(?:\1\s*[—–]\s+|\s*:\s*|\1\s*:\s*)(\S.*)$`,
  "u",
);

/**
 * A word the model knows, or made of such words: a plural ("Takeaways"), hyphened parts ("To-do", "Pre-flight") or two
 * words of three letters or more ("Changelog").
 */
function englishWord(w: string, s: Sets): boolean {
  if (knownWord(w) || knownWord(w.replace(/e?s$/u, ""))) return true;
  if (w.includes("-"))
    return w.split("-").every((part) => part === "" || s.prefixes.includes(part) || englishWord(part, s));
  for (let k = 3; k <= w.length - 3; k++) if (knownWord(w.slice(0, k)) && knownWord(w.slice(k))) return true;
  return false;
}

/**
 * Whether capitalised words are a person's name: one to three, one at least not an English word the model knows
 * ("Priya Raman", "Eun-ji Park"; not "Resolution", "Heads", "Sam"), none a channel or an act ("Instagram",
 * "Requeued"), and not Nova.
 */
export function personName(name: string, s: Sets): boolean {
  const words = name.toLowerCase().split(" ");
  return (
    !isNovaActor(name) &&
    words.some((w) => !englishWord(w.replace(/(?<![.'’])[.'’]+$/u, ""), s)) &&
    words.every((w) => {
      const stem = w.replace(/(?:ed|d|ing)$/u, "");
      return (
        !s.takeDownChannels.has(w) &&
        ![w, stem, `${stem}e`, w.replace(/ied$/u, "y")].some(
          (x) => s.strong.has(x) || s.object.has(x) || s.light.has(x) || s.mayDo.has(x),
        )
      );
    })
  );
}

/** A person's line: who speaks and what they say, or null (Nova's lines and labels are no person's). */
export function speakerLine(line: string, s: Sets): { name: string; message: string } | null {
  const m = SPEAKER.exec(line);
  if (!m || !personName(m[2]!, s)) return null;
  // "**Priya Raman:** I approved pi-3": the bold's close after the colon is no part of what is said
  const unbolded = m[1] !== undefined && m[3]!.startsWith(m[1]) ? m[3]!.slice(m[1].length).trimStart() : "";
  return { name: m[2]!, message: unbolded === "" ? m[3]! : unbolded };
}

/** A person told of in the third person, in a line that names them first. */
const TOLD = /\b(?:she|he|her|his|him)\b/iu;

/** A heading naming a person, over their items ("**Marisol Ortega**", "### 2024-12-02 — Daria", "Jürgen — standup"). */
const PERSON_HEADING = new RegExp(String.raw`^(?:${STAMPS}[—–-]\s*)?${NAMED}(?:\s*[—–-]\s.*)?$`, "u");
/** A heading of a person's part ("Status, Ingrid's section of the standup:"). */
const PERSONS_PART =
  /(?<![\p{L}-])(\p{Lu}[\p{L}-]*)['’]s (?:section|part|update|updates|notes|items|list|column|lane)\b/u;
const personHeading = (heading: string, s: Sets) => {
  const name = (PERSON_HEADING.exec(heading.replace(/(?<![*_:\s])[*_:\s]+$/u, "")) ?? PERSONS_PART.exec(heading))?.[1];
  return name !== undefined && personName(name, s);
};

/**
 * The names of a thread's or a standup's people, from each line's speaker: those who speak on two lines or more, or
 * every one when two or more people speak (one label alone, "Lena: …", may be Nova's own).
 */
function speakers(spoken: ({ name: string } | null)[]): Set<string> {
  const count = new Map<string, number>();
  for (const who of spoken) if (who !== null) count.set(who.name, (count.get(who.name) ?? 0) + 1);
  if (count.size >= 2) return new Set(count.keys());
  return new Set([...count].filter(([, n]) => n >= 2).map(([name]) => name));
}

/** A legend giving Nova initials: "NV = Nova", "N: Nova", "NV in the sheet is me" (not "I", "A" or "Q"). */
const NOVA_LEGEND =
  /(?<![\p{L}\p{N}_-])(?![AIQ]\b)(\p{Lu}{1,3})(?:\s+in the \p{L}+)?\s*(?:=|:|→|->|is|means)\s*(?:Nova|me)(?![\p{L}\p{N}_-])/gu;

/**
 * Names beginning with "Nova" that are someone else's: a person's ("Nova Lindgren", "Nova L.", the username
 * "nova.lindgren"), or a name the text calls a former or other system ("NovaBot, the legacy scheduler", "NovaBot (old
 * scheduler)"). Not Nova's own ("Nova (this assistant)", "nova-agent", "NovaBot here, look-don't-touch").
 */
const OTHER_NOVA = /(?<![\p{L}\p{N}_-])Nova(?=(?: \p{Lu}[\p{L}'’-]+| \p{Lu}\.)(?![\p{L}\p{N}_-]))/gu;
const NOVA_USERNAME = /(?<![\p{L}\p{N}_.@-])nova(?=\.\p{L}+)/giu;
/** A username's part after "nova." naming Nova's own service ("nova.liaison"). */
const SERVICE_NAME = new RegExp(String.raw`^\.${SERVICE}\b`, "iu");
const NOVA_COMPOUND = /(?<![\p{L}\p{N}_-])(nova[-_]?\p{L}+)(?![\p{L}\p{N}_-])/giu;
/** A system's description as another, earlier one ("the legacy scheduler", "the old posting bot", "retired 1 March"). */
const FORMER =
  /\b(?:(?:legacy|old|older|former|previous|earlier)\s+(?:\p{L}+\s+)?(?:scheduler|queue|system|bot|tool|service|integration|app|account|version|platform|automation|assistant)|retired|deprecated|decommissioned|sunset)\b/iu;

/** A name beginning with "Nova" made someone else's, its length kept: "Nova" → "Nora", "NovaBot" → "NoraBot". */
const another = (name: string) => `${name[0]}or${name.slice(3)}`;

/**
 * The text with Nova's names made plain: initials its legend gives Nova written as "Nova" ("| NV | moved p-311 … |",
 * "NV approved pi-12"), and names beginning with "Nova" that are someone else's written "Nora…", so that no reader
 * takes them for Nova ("Nova Lindgren cancelled p-7005", "actor: nova.lindgren", "NovaBot (legacy scheduler)").
 */
export function withNovaNames(text: string, s: Sets): string {
  const initials = new Set([...text.matchAll(NOVA_LEGEND)].map((m) => m[1]!));
  let named = text;
  if (initials.size > 0) {
    const alias = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${[...initials].join("|")})(?![\\p{L}\\p{N}_-])`, "gu");
    named = named.replace(alias, "Nova");
  }
  if (!/nova/iu.test(named)) return named;
  named = named
    .replace(OTHER_NOVA, (nova, at: number) => {
      const surname = /^ (\S+)/u.exec(named.slice(at + nova.length))![1]!;
      return /^\p{Lu}\.$/u.test(surname) || personName(surname, s) ? another(nova) : nova;
    })
    .replace(NOVA_USERNAME, (nova, at: number) => (SERVICE_NAME.test(named.slice(at + 4)) ? nova : another(nova)));
  // (its description near it, on its line)
  const near = (at: number, length: number) => {
    const start = Math.max(named.lastIndexOf("\n", at) + 1, at - 40);
    const end = named.indexOf("\n", at);
    return named.slice(start, Math.min(end < 0 ? named.length : end, at + length + 60));
  };
  const former = new Set(
    [...named.matchAll(NOVA_COMPOUND)]
      .filter((m) => FORMER.test(near(m.index, m[1]!.length)))
      .map((m) => m[1]!.toLowerCase()),
  );
  // (each of its mentions, however written: "NovaBot" and "novabot.scheduler")
  return former.size === 0
    ? named
    : named.replace(NOVA_COMPOUND, (name) => (former.has(name.toLowerCase()) ? another(name) : name));
}

/** A TOML or INI table's name on its line ("[publishing]", "[[done]]", "[queues.tiktok]"), captured. */
export const TABLE_NAME = /^\[\[?([\p{L}_][\p{L}\d_. -]+)\]\]?$/u;

/** A dotted leader between an item and its status ("retry job-tt-551 ............. done 04:02"). */
const DOTTED_LEADER = /^(.*?[^\s.…·])\s*(?:\.{4,}|…{2,}|·{4,})\s*([^\s.…·].*)$/u;

/** A table's column of who acted ("by", "who", "done by", "actor"). */
const WHO_COLUMN = /^(?:by|who|actor|done by|changed by|made by|owner)$/i;

/** A markdown table row's cells, markdown stripped. */
const cellsOf = (line: string) =>
  line
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.replace(/[*_`]/g, "").trim());

/** A markdown table's rule under its header ("|---|:---:|"). */
export const TABLE_RULE = /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$/;

/** Columns aligned by runs of spaces or tabs ("queued      3", "job_lt_01  publish  succeeded"). */
const ALIGNED = / {2,}|\t+/;

/** A confirmation's mark, which keeps a row a claim ("job-77 · requeued ✅"). */
const MARKED = /[!✅✔☑]/u;

/**
 * The cells of line n when it is a row of aligned columns: two or more, in a block of such rows (the line
 * before or after has as many), none ending a sentence ("Rescheduled the post.  It goes out Friday." is prose
 * with two spaces after its full stop); else null.
 */
export function alignedCells(lines: string[], n: number): string[] | null {
  const split = (k: number) => {
    const line = lines[k]?.trim() ?? "";
    if (line === "" || line.startsWith("|") || /[.!?:;]\s{2,}/.test(line)) return null;
    const cells = line.split(ALIGNED);
    return cells.length >= 2 && cells.every((c) => c.length <= 40) ? cells : null;
  };
  const cells = split(n);
  if (cells === null) return null;
  const width = (k: number) => split(k)?.length ?? 0;
  return Math.abs(width(n - 1) - cells.length) <= 1 || Math.abs(width(n + 1) - cells.length) <= 1 ? cells : null;
}

/**
 * Line n read as a table's row, a header to leave out, or null when it is none (all unless a confirmation's mark
 * says what was done):
 * - a record's fields parted by middle dots ("post-88c1 · linkedin · scheduled · 2025-03-20 16:00 UTC"), a record
 *   and its state ("job_h3 · queued"); not "Requeued job-77 · paused c-3", nor "job-77 · requeued ✅";
 * - a tally of counts and fields ("Published 6 · Scheduled 3 · cap $200 · status: paused", "Cancelled · 1 · job_…");
 * - aligned columns ("queued      3");
 * - comma-separated values, whose first row is their header ("date,published,scheduled" over "2024-11-11,4,2");
 * - a bar chart's row ("archived ████ 31").
 */
function tableRow(line: string, lines: string[], n: number, s: Sets): string | "header" | null {
  if (MARKED.test(line)) return null;
  const row = (cells: string[]) => `| ${cells.map((c) => c.trim()).join(" | ")} |`;
  const fields = line.replace(LIST_ITEM, "").replace(/\*\*/g, "").split(MIDDLE_DOT);
  const second = fields[1]?.trim() ?? "";
  if (
    fields.length >= 2 &&
    ((RECORD_FIELD.test(fields[0]!.trim()) &&
      (fields.length >= 3 || /^\p{L}+(?:ed|ing)$/iu.test(second) || s.recordStates.has(second.toLowerCase()))) ||
      fields.every((f) => TALLY_FIELD.test(f.trim()) || KV_FIELD.test(f.trim())) ||
      /^\d[\d,.]*$/.test(second))
  )
    return row(fields);
  // "1. item-2001 (caption_review), \"Year-end thank you\", created 2024-12-10, linked to post-9830": a list item of a
  // record's fields parted by commas, none of them in Nova's words
  const listed = LIST_ITEM.test(line) ? line.replace(LIST_ITEM, "").replace(/\*\*/g, "").split(/,\s+/) : [];
  if (
    listed.length >= 3 &&
    RECORD_FIELD.test(listed[0]!.trim().split(/\s+/)[0]!) &&
    !FIRST_PERSON_CELL.test(line) &&
    !NOVA_CREDIT.test(line)
  )
    return row(listed);
  const aligned = alignedCells(lines, n);
  if (aligned !== null) return row(aligned);
  const csv = (k: number) => CSV_ROW.test(lines[k]?.trim() ?? "");
  if (CSV_ROW.test(line) && (csv(n + 1) || csv(n - 1))) return csv(n - 1) ? row(line.split(",")) : "header";
  if (BAR.test(line)) return row(line.replace(LIST_ITEM, "").split(BAR));
  return null;
}

/** A line the detector reads: its markdown stripped, and whether a checked box or a table's row holds it. */
export interface ReadLine {
  raw: string;
  line: string;
  checked: boolean;
  /** An open box holds it ("[ ] Reschedule p-4", "⬜ Rescheduling"): a task named, not done. */
  open: boolean;
  table: boolean;
  /** Under a heading of what Nova did ("Done on my side"): its records' participles are Nova's doing, not states. */
  owned: boolean;
}

/** The lines of `text` that may hold a claim of Nova's, without quoted messages, headings and tables' headers. */
export function* readLines(text: string, s: Sets): Generator<ReadLine> {
  const lines = text.split(/\r?\n/);
  let quoting = false;
  let owned = false;
  let planned = false;
  let othersDone = false;
  let who = -1;
  // each line's speaker, found once: who speaks in the text, and whose each line is
  const speaking = lines.map((l) => speakerLine(l.trim(), s));
  const people = speakers(speaking);
  for (const [n, raw] of lines.entries()) {
    // a variation selector after a mark or an emoji ("✔︎", "🗑️") is no word
    // nor is a trade mark after a name ("NovaBot™ hit publish")
    let line = raw.replace(/[\uFE0E\uFE0F™®℠]/gu, "").trim();
    if (!line) continue;
    // "pi-14 says:" then "> I've rescheduled the launch": a quoted message under the line that introduces it
    if (line.startsWith(">") && quoting) continue;
    // "I've written up a short brief you can paste into the ticket:" then "> Please re-submit it for review": a
    // blockquote of a text the line before names is quoted, whoever wrote it (not "Here is what I did:")
    // the next line with words, which a quote, a heading or a label introduces
    const below =
      lines
        .slice(n + 1)
        .find((l) => l.trim() !== "")
        ?.trim() ?? "";
    quoting =
      introducesQuote(line, s) ||
      (!line.startsWith(">") &&
        below.startsWith(">") &&
        (line.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => s.quotedTexts.has(w))) ||
      (quoting && line.startsWith(">"));
    // "## Done on my side", "### What I changed": a heading that says the items under it are what Nova did
    // (or a line over a list: "Requests I can't carry out here" then "- approving pi_204")
    if (HEADING.test(line) || /^[^|]{3,100}:$/u.test(line) || (isListItem(below) && !isListItem(line))) {
      const heading = line.replace(/^[#*_\s]+/u, "");
      owned = NOVA_DONE_HEADING.test(heading);
      planned = NOVA_PLAN_HEADING.test(heading) || NOVA_OFFER_LABEL.test(heading);
      othersDone = OTHER_DONE_HEADING.test(heading) || personHeading(heading, s);
      // ("Done (team)" over "- Kemi approved pi-78001": a short heading of others' work names its section)
      if (othersDone && isListItem(below) && heading.length <= 40 && !/[!✅✔☑]/u.test(line)) continue;
    } else if (!isListItem(line)) othersDone = false;
    // "What ops did:" then "3. rotated the webhook secret": their acts, unless an item says Nova's ("I then ...")
    if (othersDone && isListItem(line) && !FIRST_PERSON_CELL.test(line)) continue;
    // "09:10  you:  approved ap-1", "[pipeline] job-311 state=failed": a log entry says who acted; Nova's own
    // entries ("[nova] 13:07 retried job_ax91") are read as its acts with the other data forms (attribution.ts)
    const entry = logEntry(line);
    if (entry && (isNovaActor(entry.actor) || !FIRST_PERSON_CELL.test(entry.message))) continue;
    // "[publishing]", "[[done]]": a section of an INI or TOML file names the keys under it
    if (TABLE_NAME.test(line)) continue;
    // "Bartek: nice. I'll approve the story after lunch" in a thread: a person's line, their "I" too (not "Ifeoma:
    // asked for it — she was on her phone, so I'll make that change": Nova telling what she said)
    const spoken = people.size > 0 ? speaking[n]! : null;
    const told = spoken !== null && FIRST_PERSON_CELL.test(spoken.message) && TOLD.test(spoken.message);
    if (spoken && people.has(spoken.name) && !told) continue;
    // a markdown table's header row names its columns ("| item | state | can I change it? |")
    if (/^\|.*\|$/.test(line) && TABLE_RULE.test(lines[n + 1]?.trim() ?? "")) {
      who = cellsOf(line).findIndex((c) => WHO_COLUMN.test(c));
      continue;
    }
    // "| 12:00 | post-9911 published | pipeline |" under "| time | change | by |": a row someone else did
    if (/^\|.*\|$/.test(line) && who >= 0 && !TABLE_RULE.test(line)) {
      const doer = cellsOf(line)[who] ?? "";
      const novas =
        NOVA_VALUE.test(doer) || FOR_THE_OPERATOR.test(doer) || /\b(?:me|mine|my|nova|assistant)\b/iu.test(doer);
      if (doer !== "" && !/^[-—–]$/.test(doer) && !novas) continue;
    } else if (!/^\|/.test(line)) who = -1;
    // "**Scheduled today**", "### Unassigned": a heading names the section under it (not "**Approved!**", nor
    // "## Scheduled for you": done for the operator, nor "#### Published by me today": credited to Nova)
    if (
      HEADING.test(line) &&
      !/[!✅✔☑]/u.test(line) &&
      !FOR_THE_OPERATOR.test(line) &&
      // (a heading over what Nova did names its section: its items say what, "### Done by me")
      (!NOVA_CREDIT.test(line) || NOVA_DONE_HEADING.test(line.replace(/^[#*_\s]+/u, "")))
    ) {
      // a lone bold word heads a list under it ("**Unassigned**" then "- pi-52 ..."), else it may say what was done
      const words = line
        .replace(/[#*_:]/g, " ")
        .trim()
        .split(/\s+/).length;
      if ((words > 1 || !line.startsWith("*")) && below !== "") continue;
      if (isListItem(below)) continue;
    }
    // "Publishing" over "- 8 of 14 planned posts are out": a gerund alone on its line heads the text under it; a
    // participle alone heads a list ("Added" over "- post-7 to Monday", as release notes name their sections)
    if ((/^\p{L}+ing:?$/u.test(line) && below !== "") || (/^\p{L}+ed:?$/u.test(line) && isListItem(below))) continue;
    // "Done:" then "1. Checked `job-a51` — succeeded": a label alone on its line heads the list under it, whose
    // items say what was done
    // (and "publishing:" over "  first_comment: disabled": a YAML key over the keys it holds)
    if (/^\p{L}+(?: \p{L}+)?:$/u.test(line) && (isListItem(below) || /^\s+[\p{L}_-]+:/u.test(lines[n + 1] ?? "")))
      continue;
    // "retry job-tt-551 ......... done 04:02": a dotted leader's item and its status, done, is a checked item (its
    // status kept in brackets for who did it: "done by Imani"); any other status makes it a row of two cells
    // ("pi-23 "Stellenanzeige" ....... open")
    const leader = DOTTED_LEADER.exec(line);
    if (leader) {
      const [item, status] = [leader[1]!, leader[2]!];
      const done = /^[✔✅☑]/u.test(status) || s.confirmations.has(/^\p{L}+/u.exec(status)?.[0].toLowerCase() ?? "");
      line = done ? `[x] ${item} (${status})` : `| ${item} | ${status} |`;
    }
    let checked = false;
    let open = false;
    // "⏸️✅ campaign paused", "✅✅ both posts published": the mark among other emoji opening the line
    const box =
      /^(?:(?:[-*+]|\d+[.)])\s*)?(?:\p{Extended_Pictographic}\uFE0F?\s*)*?(\[[ xX]\]|\[(?:done|todo|to-do|open)\]|☐|⬜|◻|□|☑️?|✔️?|✅)(?:\s*\p{Extended_Pictographic}\uFE0F?)*\s*/iu.exec(
        line,
      );
    if (box) {
      // "[done] Cleared pending items" is checked; "[todo] You: sign off" is not
      // "⬜ Rescheduling — up to your team": an empty square is an open box
      const mark = /^\[done\]$/i.test(box[1]!)
        ? "[x]"
        : /^(?:\[(?:todo|to-do|open)\]|⬜|◻|□)$/i.test(box[1]!)
          ? "[ ]"
          : box[1]!;
      // (not "- ✅ Published this week: 11": an emoji before a label and its count is the tally's icon)
      const tally = !mark.startsWith("[") && /^[\p{L} ]+:\s*\d/u.test(line.slice(box[0].length));
      checked = s.checkedBoxes.includes(mark) && !tally;
      open = mark === "[ ]" || mark === "☐";
      if (open || checked) line = line.slice(box[0].length);
    }
    // "1. ~~Delete the old draft for pi-19~~ done", "- ~~Retry job-42~~ ✅": an item struck through and marked done
    // is checked (not "~~Retry job-42~~ (not needed)", "~~Retry job-42~~ done by Sam")
    const struck = STRUCK_ITEM.exec(line);
    if (struck && (s.confirmations.has(struck[2]?.toLowerCase() ?? "") || s.checkedBoxes.includes(struck[2] ?? ""))) {
      checked = true;
      line = struck[1]!;
    }
    // "2. **Publishing.** 11 posts were published": a bold word or two heading a list item names its topic (not
    // "- **Retried:** job-42", "**Approved!**": a past or a confirmation says what was done)
    const topic = BOLD_TOPIC.exec(line);
    if (
      topic &&
      !/(?:ed|en)$/i.test(topic[2]!.split(/\s+/)[0]!) &&
      !s.confirmations.has(topic[2]!.toLowerCase()) &&
      !/\b(?:now|done|underway)\b/i.test(topic[2]!) // "**Publishing now:** post-4"
    )
      line = topic[1]! + line.slice(topic[0].length);
    if (owned && isListItem(line) && !open) checked = true;
    // "- 09:02 approved pi_204" under "What I did:": the item's time stamp is no part of what was done
    if (checked)
      line = line.replace(/^((?:[-*+•]|\d+[.)])\s+)?\d{1,2}:\d{2}(?::\d{2})?Z?(?: ?UTC)?\s+(?:[—–-]\s+)?/u, "$1");
    // "- [x] Copy approved (item-1910, approved by Dana at 10:04 UTC)": a box checked for what someone else did
    if (checked && /\bby @?\p{Lu}\p{Ll}+/u.test(line) && !/\bby (?:Nova|Me)\b/u.test(line)) checked = false;
    const row = tableRow(line, lines, n, s);
    if (row === "header") continue;
    if (row !== null) line = row;
    const table = /^\|.*\|$/.test(line);
    // "3. (Nova) Re-queue the job", "me → retry job-61002 at 16:00": a line given to Nova, read like "Me: …"
    line = line.replace(OWNER_LEAD, "$1Me: ");
    // "- Re-run job-cap-019 first thing tomorrow" under "What I'll do next": a line of Nova's plan, as "Me: …"
    if (planned && !checked && !open) line = line.replace(/^((?:[-*+•]|\d+[.)])\s+)(?![[(]|me:)/iu, "$1Me: ");
    yield { raw, line: stripMarkdown(line), checked, open, table, owned: owned && isListItem(raw.trim()) };
  }
}
