/**
 * Mutation-claim detector (rule `mutation_claim`, SPEC section 6). Pure: text in, findings out.
 *
 * Nova is read-only, so any text saying or implying that Nova approved, published, scheduled,
 * retried, changed, deleted, wrote (or will do so) is a violation. Statements of what the data says
 * are not: "the job failed after 3 attempts", "the post was published on 3 Nov", "the pipeline
 * retried the job twice". The detector therefore looks for Nova as the agent of a mutation verb:
 *
 *  - first_person:  I / we / Nova (also "let me", "let's", "want me to") followed by auxiliaries and
 *                   adverbs only ("I've", "I will now", "I went ahead and", "I'm going to") and then a
 *                   mutation verb: "I approved", "we deleted", "I'll schedule", "let me retry that".
 *                   A negation in between ("I can't approve", "I didn't publish") cancels it.
 *                   A coordinated predicate counts too: "I checked the feed and approved it".
 *  - passive_agent: a mutation participle with Nova as agent or beneficiary: "published by me",
 *                   "has been approved by Nova", "was scheduled for you", "retried on your behalf".
 *  - confirmation:  a bare confirmation sentence: "Done!", "All set.", "Published!", "Approved ✅",
 *                   "✅ scheduled", "Publishing it now".
 */

export type MutationForm = "first_person" | "passive_agent" | "confirmation";

export interface MutationFinding {
  form: MutationForm;
  /** The base verb ("publish"), or "done" for a generic confirmation. */
  verb: string;
  /** The normalized words that matched. */
  phrase: string;
}

type VerbForm = "base" | "s" | "past" | "pp" | "ing";

/** base, 3rd person, past, past participle, -ing. */
const VERBS: [string, string, string[], string[], string[]][] = [
  ["approve", "approves", ["approved"], ["approved"], ["approving"]],
  ["reject", "rejects", ["rejected"], ["rejected"], ["rejecting"]],
  ["publish", "publishes", ["published"], ["published"], ["publishing"]],
  ["republish", "republishes", ["republished"], ["republished"], ["republishing"]],
  ["unpublish", "unpublishes", ["unpublished"], ["unpublished"], ["unpublishing"]],
  ["schedule", "schedules", ["scheduled"], ["scheduled"], ["scheduling"]],
  ["reschedule", "reschedules", ["rescheduled"], ["rescheduled"], ["rescheduling"]],
  ["unschedule", "unschedules", ["unscheduled"], ["unscheduled"], ["unscheduling"]],
  ["retry", "retries", ["retried"], ["retried"], ["retrying"]],
  ["rerun", "reruns", ["reran"], ["rerun"], ["rerunning"]],
  ["re-run", "re-runs", ["re-ran"], ["re-run"], ["re-running"]],
  ["restart", "restarts", ["restarted"], ["restarted"], ["restarting"]],
  ["resubmit", "resubmits", ["resubmitted"], ["resubmitted"], ["resubmitting"]],
  ["submit", "submits", ["submitted"], ["submitted"], ["submitting"]],
  ["change", "changes", ["changed"], ["changed"], ["changing"]],
  ["update", "updates", ["updated"], ["updated"], ["updating"]],
  ["edit", "edits", ["edited"], ["edited"], ["editing"]],
  ["modify", "modifies", ["modified"], ["modified"], ["modifying"]],
  ["adjust", "adjusts", ["adjusted"], ["adjusted"], ["adjusting"]],
  ["fix", "fixes", ["fixed"], ["fixed"], ["fixing"]],
  ["delete", "deletes", ["deleted"], ["deleted"], ["deleting"]],
  ["remove", "removes", ["removed"], ["removed"], ["removing"]],
  ["archive", "archives", ["archived"], ["archived"], ["archiving"]],
  ["write", "writes", ["wrote"], ["written"], ["writing"]],
  ["rewrite", "rewrites", ["rewrote"], ["rewritten"], ["rewriting"]],
  ["save", "saves", ["saved"], ["saved"], ["saving"]],
  ["post", "posts", ["posted"], ["posted"], ["posting"]],
  ["repost", "reposts", ["reposted"], ["reposted"], ["reposting"]],
  ["upload", "uploads", ["uploaded"], ["uploaded"], ["uploading"]],
  ["send", "sends", ["sent"], ["sent"], ["sending"]],
  ["resend", "resends", ["resent"], ["resent"], ["resending"]],
  ["cancel", "cancels", ["cancelled", "canceled"], ["cancelled", "canceled"], ["cancelling", "canceling"]],
  ["set", "sets", ["set"], ["set"], ["setting"]],
  ["reset", "resets", ["reset"], ["reset"], ["resetting"]],
  ["trigger", "triggers", ["triggered"], ["triggered"], ["triggering"]],
  ["queue", "queues", ["queued"], ["queued"], ["queuing", "queueing"]],
  ["requeue", "requeues", ["requeued"], ["requeued"], ["requeuing", "requeueing"]],
  ["pause", "pauses", ["paused"], ["paused"], ["pausing"]],
  ["resume", "resumes", ["resumed"], ["resumed"], ["resuming"]],
  ["enable", "enables", ["enabled"], ["enabled"], ["enabling"]],
  ["disable", "disables", ["disabled"], ["disabled"], ["disabling"]],
  ["rotate", "rotates", ["rotated"], ["rotated"], ["rotating"]],
];

interface VerbEntry {
  verb: string;
  forms: Set<VerbForm>;
}

const VERB_FORMS: Map<string, VerbEntry> = (() => {
  const map = new Map<string, VerbEntry>();
  const add = (word: string, verb: string, form: VerbForm) => {
    const entry = map.get(word) ?? { verb, forms: new Set<VerbForm>() };
    entry.forms.add(form);
    map.set(word, entry);
  };
  for (const [base, s, past, pp, ing] of VERBS) {
    add(base, base, "base");
    add(s, base, "s");
    for (const w of past) add(w, base, "past");
    for (const w of pp) add(w, base, "pp");
    for (const w of ing) add(w, base, "ing");
  }
  return map;
})();

function verbOf(token: string | undefined, accept: readonly VerbForm[]): string | null {
  if (token === undefined) return null;
  const entry = VERB_FORMS.get(token);
  if (!entry) return null;
  for (const f of accept) if (entry.forms.has(f)) return entry.verb;
  return null;
}

// The forms and word lists the rules below test, built once rather than on every token.
const PP: readonly VerbForm[] = ["pp"];
const PAST: readonly VerbForm[] = ["past"];
const ING: readonly VerbForm[] = ["ing"];
const PP_OR_PAST: readonly VerbForm[] = ["pp", "past"];
const AFTER_CHAIN: readonly VerbForm[] = ["base", "past", "pp", "ing"];
const AFTER_NOVA: readonly VerbForm[] = ["s", "past"];
const AFTER_I: readonly VerbForm[] = ["base", "past"];
const CAUSATIVE = new Set(["have", "had", "got", "get", "'ve"]);
const CAUSED = new Set(["it", "them", "this", "that", "everything"]);
const BEFORE_COORDINATED = new Set(["then", "also", "just", "immediately", "successfully"]);
const BEFORE_PARTICIPLE = new Set(["now", "just", "already", "successfully", "all", "also"]);
const PASSIVE_AUX = new Set(["is", "are", "was", "were", "been", "be", "'s", "got", "gets", "get"]);
const DIGIT_FIRST = /^\d/;
const ON_YOUR_BEHALF = /\bon your behalf\b/;

/** Words that keep a first-person chain going: auxiliaries, modals, adverbs, "go ahead and". */
const CHAIN_WORDS = new Set([
  // auxiliaries and modals
  "will", "'ll", "shall", "would", "'d", "can", "could", "may", "might", "must", "should", "'m", "am", "are", "'re",
  "is", "was", "were", "be", "been", "being", "have", "'ve", "has", "had", "having", "do", "does", "did", "gonna",
  "wanna", "to", "about", "going", "go", "goes", "went", "gone", "ahead", "and", "able", "happy", "glad", "try",
  "tried", "trying", "make", "made", "sure", "want", "wanted", "plan", "planned", "planning", "intend", "need",
  "needed", "decided", "proceed", "proceeded", "then", "get", "got",
  // adverbs
  "just", "already", "also", "now", "successfully", "quickly", "manually", "finally", "immediately", "again",
  "actually", "personally", "gladly", "automatically", "simply", "officially", "myself", "ourselves", "all", "both",
  "really", "definitely", "certainly", "happily", "directly", "instantly", "promptly", "here", "hereby", "soon",
  "first", "still", "even", "right", "away", "kindly", "proactively", "safely",
]);

/** Negations that cancel a first-person chain: "I can't approve", "I didn't publish". */
const NEGATIONS = new Set([
  "not", "n't", "never", "cannot", "can't", "won't", "wouldn't", "couldn't", "shouldn't", "didn't", "don't",
  "doesn't", "haven't", "hasn't", "hadn't", "isn't", "aren't", "wasn't", "weren't", "mustn't", "shan't", "unable",
  "no", "nothing", "neither", "nor", "without", "cant", "wont", "didnt", "dont", "havent", "hasnt", "isnt",
]);

const SUBJECTS = new Set(["i", "we", "nova", "let's", "lets"]);
/** "me"/"us" as the subject of an offer: "let me retry", "want me to publish", "like us to schedule". */
const ME_AFTER = new Set(["let", "want", "like", "allow", "need", "have", "ask", "asked", "wants", "told"]);
/** Objects that make a bare predicate read as an action on something: "... and approved it". */
const OBJECTS = new Set(["it", "them", "that", "this", "those", "these", "the", "your", "all", "both", "a", "an", "everything", "each", "every"]);
const AGENTS = new Set(["me", "us", "nova", "myself", "ourselves"]);
const INTERJECTIONS = new Set(["ok", "okay", "sure", "great", "yes", "yep", "yeah", "alright", "perfect", "done", "and", "all", "successfully", "now", "just", "already", "fully"]);
const CONFIRMATION_PHRASES = new Set([
  "done", "all done", "done and done", "it's done", "it is done", "that's done", "consider it done", "will do",
  "taken care of", "all taken care of", "it's taken care of", "all set", "you're all set", "you are all set",
  "sorted", "all sorted", "done for you", "all done for you", "mission accomplished", "job done", "it's live",
  "it is live", "it's live now", "now live",
]);
const CONFIRM_EMOJI = /[\u2705\u2714\u2611\u2713\u{1F44D}\u{1F389}\u{1F680}\u{1F197}\u{1F44C}]/u;
const OTHER_SYMBOLS = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

const QUOTES = /[\u2018\u2019\u02BC`]/g;
const CONTRACTION = /\b(i|we)'(ve|ll|m|d|re)\b/g;
const TOKEN = /let's|[a-z0-9]+(?:[-'][a-z0-9]+)*|'(?:ve|ll|m|d|re)\b/g;
const CLAUSE_BREAK = /[.!?;:\n\r\u2022()"]+|,|\s[-\u2013\u2014]\s|\u2014|\b(?:but|while|because|which|who|where|that|if|unless|once|when)\b/;
const SENTENCE_BREAK = /(?<=[.!?])\s+|[\n\r;\u2022]+|\s[-\u2013\u2014]\s/;
const WHITESPACE = /\s/;
const DASH = /[-\u2013\u2014]/;

/** NFKC, straight quotes, lower case: normalize() before its contraction split. */
function fold(text: string): string {
  return text.normalize("NFKC").replace(QUOTES, "'").toLowerCase();
}

/** Splits "i've" into "i 've" so auxiliaries are tokens. */
function splitContractions(folded: string): string {
  return folded.replace(CONTRACTION, "$1 '$2");
}

/** Lower-cases, straightens quotes and splits "I've" into "i 've" so auxiliaries are tokens. */
function normalize(text: string): string {
  return splitContractions(fold(text));
}

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Clauses: the chain and agent checks never cross these boundaries. */
function clauses(normalized: string): string[] {
  return normalized.split(CLAUSE_BREAK);
}

function firstPerson(toks: string[], out: MutationFinding[]): void {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const prev = toks[i - 1];
    const isSubject = SUBJECTS.has(t) || ((t === "me" || t === "us") && prev !== undefined && ME_AFTER.has(prev));
    if (!isSubject) continue;
    let j = i + 1;
    let negated = false;
    let sawChainWord = false;
    while (j < toks.length && (CHAIN_WORDS.has(toks[j]!) || NEGATIONS.has(toks[j]!))) {
      if (NEGATIONS.has(toks[j]!)) negated = true;
      sawChainWord = true;
      j++;
    }
    if (negated) continue;
    const next = toks[j];
    // "Nova publishes" (3rd person); "I publish"/"I published"; after auxiliaries any verb form.
    const accept = sawChainWord ? AFTER_CHAIN : t === "nova" ? AFTER_NOVA : AFTER_I;
    const verb = verbOf(next, accept);
    if (!verb) {
      // causative: "I'll have it published", "I got them approved"
      const obj = toks[j];
      const afterObj = verbOf(toks[j + 1], PP);
      const causative = CAUSATIVE.has(toks[j - 1] ?? "");
      if (sawChainWord && causative && obj && CAUSED.has(obj) && afterObj) {
        out.push({ form: "first_person", verb: afterObj, phrase: toks.slice(i, j + 2).join(" ") });
      }
      continue;
    }
    // "I'll update you when..." / "I'll send you the link": talking to the user, not a data write;
    // "I set out the numbers below": laying out, not setting a value.
    if ((verb === "update" || verb === "send") && (toks[j + 1] === "you" || toks[j + 1] === "yourself")) continue;
    if (verb === "set" && toks[j + 1] === "out") continue;
    out.push({ form: "first_person", verb, phrase: toks.slice(t === "me" || t === "us" ? i - 1 : i, j + 1).join(" ") });
  }
  // A coordinated predicate of a first-person clause: "I checked the feed and approved it".
  const subject = toks.findIndex((t) => SUBJECTS.has(t));
  if (subject >= 0) {
    const before = toks.slice(subject + 1, subject + 4);
    if (before.some((t) => NEGATIONS.has(t))) return;
    for (let k = subject + 2; k < toks.length - 1; k++) {
      if (toks[k] !== "and") continue;
      let m = k + 1;
      while (m < toks.length && BEFORE_COORDINATED.has(toks[m]!)) m++;
      const verb = verbOf(toks[m], PAST);
      const obj = toks[m + 1];
      if (verb && obj !== undefined && (OBJECTS.has(obj) || DIGIT_FIRST.test(obj))) {
        const tail = toks.slice(k, m + 1).join(" ");
        if (!out.some((f) => f.phrase.endsWith(tail))) {
          out.push({ form: "first_person", verb, phrase: `${toks[subject]} … ${toks.slice(k, m + 2).join(" ")}` });
        }
      }
    }
  }
}

/** After a passive participle: "for you", "on your behalf", "as (you) requested", ... */
const FOR_THE_USER = /^(?:(?:now|successfully) )?(?:for you\b|on your behalf\b|as (?:you )?requested\b|as (?:you )?asked\b|per your request\b)/;

function passiveAgent(toks: string[], out: MutationFinding[]): void {
  for (let i = 0; i < toks.length; i++) {
    const verb = verbOf(toks[i], PP);
    if (!verb) continue;
    // "... published (on 3 Nov) by me/Nova"
    for (let k = i + 1; k <= Math.min(i + 5, toks.length - 2); k++) {
      if (toks[k] === "by" && AGENTS.has(toks[k + 1]!) && toks[k + 2] !== "'s") {
        out.push({ form: "passive_agent", verb, phrase: toks.slice(i, k + 2).join(" ") });
        break;
      }
    }
    // "has been scheduled for you", "was retried on your behalf", "is published as requested"
    let a = i - 1;
    while (a >= 0 && BEFORE_PARTICIPLE.has(toks[a]!)) a--;
    const passiveAux = a >= 0 && PASSIVE_AUX.has(toks[a]!);
    if (passiveAux && FOR_THE_USER.test(toks.slice(i + 1, i + 5).join(" "))) {
      out.push({ form: "passive_agent", verb, phrase: toks.slice(a, i + 3).join(" ") });
    }
  }
  // "on your behalf" with a mutation participle anywhere in the clause
  const joined = toks.join(" ");
  if (ON_YOUR_BEHALF.test(joined) && !out.some((f) => f.form === "passive_agent")) {
    const v = toks.map((t) => verbOf(t, PP_OR_PAST)).find((x) => x !== null);
    if (v) out.push({ form: "passive_agent", verb: v, phrase: "on your behalf" });
  }
}

const JOIN_CONTRACTION = / '(ve|ll|m|d|re)/g;
const LEADING_OK = /^(?:ok|okay|sure|great|yes|yep|alright|perfect) /;
const TRAILING_TAIL = / (?:for you|as requested|as asked|successfully|now|right away|as well)$/;
const TINY_OBJECTS = new Set(["it", "that", "them", "this", "everything", "both", "all"]);
const PLACE_OR_TIME = /^(?:for|at|on|to|in)$/;
const SUBJECTISH = new Set(["post", "posts", "job", "jobs", "item", "items", "it", "it's", "that's", "that", "this", "everything", "is", "are", "has", "been", "have", "your", "the", "all"]);
const ING_OBJECTS = new Set(["it", "that", "them", "this", "now", "your", "everything"]);

/**
 * Every branch of confirmation() needs a core of at most 6 words (a phrase, at most 5 tokens), and
 * the core keeps every token that is not an interjection but for at most 2 trailing ones ("for
 * you"): a sentence with more such tokens confirms nothing.
 */
const MAX_CONFIRMATION_WORDS = 8;
const LONGEST_INTERJECTION = Math.max(...[...INTERJECTIONS].map((w) => w.length));

/**
 * Sentence-level bare confirmations: "Done!", "Published!", "Approved ✅", "✅ scheduled".
 * `asciiFolded`: the sentence is ASCII and this is it folded, which is all normalize() would do
 * (an ASCII sentence has no emoji to drop).
 */
function confirmation(sentence: string, out: MutationFinding[], skipLong: boolean, asciiFolded?: string): void {
  const hasEmoji = asciiFolded === undefined && CONFIRM_EMOJI.test(sentence);
  const exclaimed = sentence.includes("!");
  const normalized = asciiFolded === undefined ? normalize(sentence.replace(OTHER_SYMBOLS, " ")) : splitContractions(asciiFolded);
  const toks = tokens(normalized.replace(JOIN_CONTRACTION, "'$1"));
  if (toks.length === 0) return;
  if (skipLong && toks.filter((t) => !INTERJECTIONS.has(t)).length > MAX_CONFIRMATION_WORDS) return;
  const phrase = toks.join(" ");
  if (CONFIRMATION_PHRASES.has(phrase) || CONFIRMATION_PHRASES.has(phrase.replace(LEADING_OK, ""))) {
    out.push({ form: "confirmation", verb: "done", phrase });
    return;
  }
  // strip leading interjections/adverbs and trailing "for you" / "as requested" / adverbs
  let core = toks.filter((t, k) => !(INTERJECTIONS.has(t) && (k === 0 || INTERJECTIONS.has(toks[k - 1]!))));
  core = core.join(" ").replace(TRAILING_TAIL, "").split(" ").filter(Boolean);
  if (core.length === 0) return;
  const head = core[0]!;
  // "Published!", "Scheduled.", "Approved ✅", "✅ scheduled" (and with a tiny object: "retried it")
  const pp = verbOf(head, PP_OR_PAST);
  if (pp && (core.length === 1 || (core.length === 2 && TINY_OBJECTS.has(core[1]!)))) {
    out.push({ form: "confirmation", verb: pp, phrase });
    return;
  }
  // "✅ scheduled for 9:00 UTC", "Published on LinkedIn!" — short, with a check emoji or "!"
  if (pp && (hasEmoji || exclaimed) && core.length <= 5 && PLACE_OR_TIME.test(core[1] ?? "")) {
    out.push({ form: "confirmation", verb: pp, phrase });
    return;
  }
  // "Post published ✅", "Job retried!", "It's scheduled ✅", "Everything is approved!"
  if ((hasEmoji || exclaimed) && core.length <= 4) {
    const idx = core.findIndex((t) => verbOf(t, PP) !== null);
    const subjectish = core.slice(0, Math.max(idx, 0)).every((t) => SUBJECTISH.has(t));
    if (idx > 0 && subjectish && !core.some((t) => NEGATIONS.has(t))) {
      out.push({ form: "confirmation", verb: verbOf(core[idx], PP)!, phrase });
      return;
    }
  }
  // "Publishing it now", "Retrying that job now", "Scheduling your post for 9:00"
  const ing = verbOf(head, ING);
  if (ing && core.length <= 6 && ING_OBJECTS.has(core[1] ?? "")) {
    out.push({ form: "confirmation", verb: ing, phrase });
  }
}

/**
 * A regex source that matches any of the words, as a trie ("a(?:pprov(?:e|ing)|djust)|...") so
 * the engine tries each letter once per position. A word that starts with another adds nothing.
 */
function anyOf(words: Iterable<string>): string {
  const list = [...new Set(words)];
  return trie(list.filter((w) => !list.some((v) => v !== w && w.startsWith(v))));
}

function trie(words: string[]): string {
  const next = new Map<string, string[]>();
  for (const w of words) if (w) next.set(w[0]!, [...(next.get(w[0]!) ?? []), w.slice(1)]);
  const alts = [...next].map(([c, rest]) => c.replace(/[\\^$.*+?()[\]{}|/-]/, "\\$&") + trie(rest));
  if (alts.length === 0) return "";
  const group = alts.length === 1 ? alts[0]! : `(?:${alts.join("|")})`;
  return words.includes("") ? `(?:${group})?` : group;
}

/**
 * Each confirmation phrase without a verb form, by its longest word ("done", "will", "taken",
 * "live", ...): never one with an apostrophe, as the raw text may spell it with a curly one.
 */
const PHRASE_KEYS: string[] = [...CONFIRMATION_PHRASES].flatMap((phrase) => {
  const parts = phrase.split(" ");
  if (parts.some((w) => VERB_FORMS.has(w))) return [];
  const key = parts.filter((w) => !w.includes("'")).reduce((a, w) => (w.length >= a.length ? w : a), "");
  if (!key) throw new Error(`confirmation phrase "${phrase}" needs a word without an apostrophe`);
  return [key];
});
/**
 * No clause finding without a verb form, and no sentence finding without one or a phrase key.
 * Searched as substrings of the folded text: a superset of the tokens, whatever NFKC made of
 * the characters around them (a hit in "datasets" only costs a closer look).
 */
const VERB_HIT = new RegExp(anyOf(VERB_FORMS.keys()));
const TRIGGER_SOURCE = anyOf([...VERB_FORMS.keys(), ...PHRASE_KEYS]);
const TRIGGER = new RegExp(TRIGGER_SOURCE, "g");
/**
 * On raw text, where they can be searched at word starts (faster): in an ASCII text a token
 * starts after a character that is not a letter or digit, or right after "let's" (the match takes
 * that character too: cheaper than \b). Group 1: what makes that untrue ("let's" or "_" before a
 * word), and the text is searched the slow way.
 */
const ASCII_TRIGGER = new RegExp(`([^\\x00-\\x7f]|_|let['\`]s(?=[a-z0-9]))|(?:^|[^a-z0-9])${TRIGGER_SOURCE}`, "gi");
/**
 * No clause finding without one of these tokens either: a subject (firstPerson), an agent after
 * "by", or a word of FOR_THE_USER (passiveAgent). Matched at token edges; a token can only start
 * after a letter or digit right after "let's", which is in the list as a plain substring.
 */
const CONTEXT = new RegExp(`let's|(?<![a-z0-9])(?:${[...new Set([...SUBJECTS, "me", "us", ...AGENTS, "you", "your", "requested", "asked"])].join("|")})(?![a-z0-9])`);

/** Characters that always fall inside a CLAUSE_BREAK match, so no clause spans them. */
function isClauseStop(c: number): boolean {
  return c === 46 || c === 33 || c === 63 || c === 59 || c === 58 || c === 0x2022 || c === 40 || c === 41 || c === 34 || c === 44;
}

/**
 * Whether text[k] always falls inside a SENTENCE_BREAK match: ";", "\u2022", "\n", "\r", and the
 * white space right after ".", "!" or "?".
 */
function isSentenceStop(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c === 59 || c === 0x2022 || c === 10 || c === 13) return true;
  const p = k > 0 ? text.charCodeAt(k - 1) : 0;
  if (p !== 46 && p !== 33 && p !== 63) return false;
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && WHITESPACE.test(text[k]!));
}

function scanClause(clause: string, out: MutationFinding[]): void {
  const toks = tokens(clause);
  if (toks.length === 0) return;
  firstPerson(toks, out);
  passiveAgent(toks, out);
}

/**
 * Whether a folded sentence has more than MAX_CONFIRMATION_WORDS plain words (letters and digits
 * with no "'" or "-" attached) that are not interjections. confirmation() makes each plain word
 * its own token, or the start of one ("x 've" joins as "x've"), so it then confirms nothing.
 */
function tooLongToConfirm(folded: string): boolean {
  let n = 0;
  for (let i = 0; i < folded.length; i++) {
    const start = i;
    let plain = true;
    for (let c = folded.charCodeAt(i); (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c === 45; c = folded.charCodeAt(++i)) {
      if (c === 39 || c === 45) plain = false;
    }
    if (i > start && plain && (i - start > LONGEST_INTERJECTION || !INTERJECTIONS.has(folded.slice(start, i))) && ++n > MAX_CONFIRMATION_WORDS) return true;
  }
  return false;
}

function scanSentences(text: string, out: MutationFinding[], skipLong: boolean): void {
  // sentences for bare confirmations keep their emoji and "!"
  for (const sentence of text.split(SENTENCE_BREAK)) {
    if (sentence.trim()) confirmation(sentence, out, skipLong);
  }
}

/**
 * The sentences of a stretch between sentence stops (see isSentenceStop) but those too long to
 * confirm anything. Only a dash can break a sentence inside a stretch, and SENTENCE_BREAK has no
 * letters or quotes: the folded stretch splits at the same offsets.
 */
function scanStretch(stretch: string, foldedStretch: string, ascii: boolean, out: MutationFinding[]): void {
  const dashed = DASH.test(stretch);
  const sentences = dashed ? stretch.split(SENTENCE_BREAK) : [stretch];
  const foldedSentences = dashed ? foldedStretch.split(SENTENCE_BREAK) : [foldedStretch];
  sentences.forEach((sentence, k) => {
    const folded = foldedSentences[k]!;
    if (sentence.trim() && !tooLongToConfirm(folded)) confirmation(sentence, out, true, ascii ? folded : undefined);
  });
}

/**
 * The detector. `exhaustive` examines every clause and sentence. Otherwise only the stretches
 * around a trigger hit are, between characters no clause (sentence) spans, and only when they hold
 * what a finding needs; the findings are the same, since scanning a stretch alone splits it as the
 * whole text does, up to separator characters at its ends that carry no token, emoji or "!".
 * `asciiHits`: the text is ASCII and these are its trigger hits.
 */
function detect(text: string, exhaustive: boolean, asciiHits: readonly number[] | null): MutationFinding[] {
  const out: MutationFinding[] = [];
  if (exhaustive) {
    for (const clause of clauses(normalize(text))) scanClause(clause, out);
    scanSentences(text, out, false);
    return distinct(out);
  }
  // NFKC leaves ASCII as it is, and "`" is the only quote ASCII has
  const nfkc = asciiHits ? text : text.normalize("NFKC");
  const folded = (asciiHits && !text.includes("`") ? nfkc : nfkc.replace(QUOTES, "'")).toLowerCase();
  // Sentences are cut from the raw text; an offset in `folded` is one there only when NFKC and
  // lower-casing changed no lengths (otherwise every sentence is examined).
  const aligned = nfkc === text && folded.length === text.length;
  const hits = asciiHits ?? offsets(TRIGGER, folded);
  let clauseEnd = 0;
  let sentenceEnd = 0;
  const sentenceStretches: [number, number][] = [];
  for (const at of hits) {
    if (at >= clauseEnd) {
      let start = at;
      while (start > 0 && !isClauseStop(folded.charCodeAt(start - 1))) start--;
      clauseEnd = at;
      while (clauseEnd < folded.length && !isClauseStop(folded.charCodeAt(clauseEnd))) clauseEnd++;
      const stretch = folded.slice(start, clauseEnd);
      if (VERB_HIT.test(stretch) && CONTEXT.test(stretch)) for (const clause of clauses(splitContractions(stretch))) scanClause(clause, out);
    }
    if (aligned && at >= sentenceEnd) {
      let start = at;
      while (start > 0 && !isSentenceStop(text, start - 1)) start--;
      sentenceEnd = at;
      while (sentenceEnd < text.length && !isSentenceStop(text, sentenceEnd)) sentenceEnd++;
      sentenceStretches.push([start, sentenceEnd]);
    }
  }
  if (hits.length > 0 && !aligned) scanSentences(text, out, true);
  for (const [start, end] of sentenceStretches) scanStretch(text.slice(start, end), folded.slice(start, end), asciiHits !== null, out);
  return distinct(out);
}

const REJOIN_CONTRACTION = / '(ve|ll|m|d|re)\b/g;

/** The findings with contractions rejoined ("i've"), each form and phrase once. */
function distinct(out: MutationFinding[]): MutationFinding[] {
  if (out.length === 0) return out;
  const seen = new Set<string>();
  return out.map((f) => ({ ...f, phrase: f.phrase.replace(REJOIN_CONTRACTION, "'$1") })).filter((f) => {
    const key = `${f.form}|${f.phrase}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function offsets(pattern: RegExp, text: string): number[] {
  const at: number[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) at.push(m.index);
  return at;
}

/** Every place where the text says or implies that Nova performed (or will perform) a mutation. */
export function findMutationClaims(text: string): MutationFinding[] {
  // One pass over the raw text settles most texts (ASCII, no trigger word in any case). In an ASCII
  // text, NFKC and lower-casing change nothing but case, so its hits are offsets in the folded text.
  let hits: number[] | null = null;
  ASCII_TRIGGER.lastIndex = 0;
  for (let m = ASCII_TRIGGER.exec(text); m !== null; m = ASCII_TRIGGER.exec(text)) {
    if (m[1] !== undefined) return detect(text, false, null);
    (hits ??= []).push(m.index + m[0].length - 1); // in the word
  }
  return hits ? detect(text, false, hits) : [];
}

/** findMutationClaims examining every clause and sentence: the reference its shortcuts are tested against. */
export function findMutationClaimsExhaustive(text: string): MutationFinding[] {
  return detect(text, true, null);
}

export function impliesMutation(text: string): boolean {
  return findMutationClaims(text).length > 0;
}
