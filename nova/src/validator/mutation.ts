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
  return accept.some((f) => entry.forms.has(f)) ? entry.verb : null;
}

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

/** Lower-cases, straightens quotes and splits "I've" into "i 've" so auxiliaries are tokens. */
function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02BC`]/g, "'")
    .toLowerCase()
    .replace(/\b(i|we)'(ve|ll|m|d|re)\b/g, "$1 '$2")
    .replace(/\blet's\b/g, "let's");
}

const TOKEN = /let's|[a-z0-9]+(?:[-'][a-z0-9]+)*|'(?:ve|ll|m|d|re)\b/g;

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Clauses: the chain and agent checks never cross these boundaries. */
function clauses(normalized: string): string[] {
  return normalized.split(/[.!?;:\n\r\u2022()"]+|,|\s[-\u2013\u2014]\s|\u2014|\bbut\b|\bwhile\b|\bbecause\b|\bwhich\b|\bwho\b|\bwhere\b|\bthat\b|\bif\b|\bunless\b|\bonce\b|\bwhen\b/);
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
    const accept: VerbForm[] = sawChainWord ? ["base", "past", "pp", "ing"] : t === "nova" ? ["s", "past"] : ["base", "past"];
    const verb = verbOf(next, accept);
    if (!verb) {
      // causative: "I'll have it published", "I got them approved"
      const obj = toks[j];
      const afterObj = verbOf(toks[j + 1], ["pp"]);
      const causative = ["have", "had", "got", "get", "'ve"].includes(toks[j - 1] ?? "");
      if (sawChainWord && causative && obj && ["it", "them", "this", "that", "everything"].includes(obj) && afterObj) {
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
      while (m < toks.length && ["then", "also", "just", "immediately", "successfully"].includes(toks[m]!)) m++;
      const verb = verbOf(toks[m], ["past"]);
      const obj = toks[m + 1];
      if (verb && obj !== undefined && (OBJECTS.has(obj) || /^\d/.test(obj))) {
        if (!out.some((f) => f.phrase.endsWith(toks.slice(k, m + 1).join(" ")))) {
          out.push({ form: "first_person", verb, phrase: `${toks[subject]} … ${toks.slice(k, m + 2).join(" ")}` });
        }
      }
    }
  }
}

function passiveAgent(toks: string[], out: MutationFinding[]): void {
  for (let i = 0; i < toks.length; i++) {
    const verb = verbOf(toks[i], ["pp"]);
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
    while (a >= 0 && ["now", "just", "already", "successfully", "all", "also"].includes(toks[a]!)) a--;
    const passiveAux = a >= 0 && ["is", "are", "was", "were", "been", "be", "'s", "got", "gets", "get"].includes(toks[a]!);
    const rest = toks.slice(i + 1, i + 5).join(" ");
    if (passiveAux && /^(?:(?:now|successfully) )?(?:for you\b|on your behalf\b|as (?:you )?requested\b|as (?:you )?asked\b|per your request\b)/.test(rest)) {
      out.push({ form: "passive_agent", verb, phrase: toks.slice(a, i + 3).join(" ") });
    }
  }
  // "on your behalf" with a mutation participle anywhere in the clause
  const joined = toks.join(" ");
  if (/\bon your behalf\b/.test(joined) && !out.some((f) => f.form === "passive_agent")) {
    const v = toks.map((t) => verbOf(t, ["pp", "past"])).find((x) => x !== null);
    if (v) out.push({ form: "passive_agent", verb: v, phrase: "on your behalf" });
  }
}

/** Sentence-level bare confirmations: "Done!", "Published!", "Approved ✅", "✅ scheduled". */
function confirmation(sentence: string, out: MutationFinding[]): void {
  const hasEmoji = CONFIRM_EMOJI.test(sentence);
  const exclaimed = /!/.test(sentence);
  const toks = tokens(normalize(sentence.replace(OTHER_SYMBOLS, " ")).replace(/ '(ve|ll|m|d|re)/g, "'$1"));
  if (toks.length === 0) return;
  const phrase = toks.join(" ");
  if (CONFIRMATION_PHRASES.has(phrase) || CONFIRMATION_PHRASES.has(phrase.replace(/^(?:ok|okay|sure|great|yes|yep|alright|perfect) /, ""))) {
    out.push({ form: "confirmation", verb: "done", phrase });
    return;
  }
  // strip leading interjections/adverbs and trailing "for you" / "as requested" / adverbs
  let core = toks.filter((t, k) => !(INTERJECTIONS.has(t) && (k === 0 || INTERJECTIONS.has(toks[k - 1]!))));
  core = core.join(" ").replace(/ (?:for you|as requested|as asked|successfully|now|right away|as well)$/, "").split(" ").filter(Boolean);
  if (core.length === 0) return;
  const head = core[0]!;
  // "Published!", "Scheduled.", "Approved ✅", "✅ scheduled" (and with a tiny object: "retried it")
  const pp = verbOf(head, ["pp", "past"]);
  if (pp && (core.length === 1 || (core.length === 2 && ["it", "that", "them", "this", "everything", "both", "all"].includes(core[1]!)))) {
    out.push({ form: "confirmation", verb: pp, phrase });
    return;
  }
  // "✅ scheduled for 9:00 UTC", "Published on LinkedIn!" — short, with a check emoji or "!"
  if (pp && (hasEmoji || exclaimed) && core.length <= 5 && /^(?:for|at|on|to|in)$/.test(core[1] ?? "")) {
    out.push({ form: "confirmation", verb: pp, phrase });
    return;
  }
  // "Post published ✅", "Job retried!", "It's scheduled ✅", "Everything is approved!"
  if ((hasEmoji || exclaimed) && core.length <= 4) {
    const idx = core.findIndex((t) => verbOf(t, ["pp"]) !== null);
    const subjectish = core.slice(0, Math.max(idx, 0)).every((t) => ["post", "posts", "job", "jobs", "item", "items", "it", "it's", "that's", "that", "this", "everything", "is", "are", "has", "been", "have", "your", "the", "all"].includes(t));
    if (idx > 0 && subjectish && !core.some((t) => NEGATIONS.has(t))) {
      out.push({ form: "confirmation", verb: verbOf(core[idx], ["pp"])!, phrase });
      return;
    }
  }
  // "Publishing it now", "Retrying that job now", "Scheduling your post for 9:00"
  const ing = verbOf(head, ["ing"]);
  if (ing && core.length <= 6 && ["it", "that", "them", "this", "now", "your", "everything"].includes(core[1] ?? "")) {
    out.push({ form: "confirmation", verb: ing, phrase });
  }
}

/** Every place where the text says or implies that Nova performed (or will perform) a mutation. */
export function findMutationClaims(text: string): MutationFinding[] {
  const out: MutationFinding[] = [];
  const normalized = normalize(text);
  for (const clause of clauses(normalized)) {
    const toks = tokens(clause);
    if (toks.length === 0) continue;
    firstPerson(toks, out);
    passiveAgent(toks, out);
  }
  // sentences for bare confirmations keep their emoji and "!"
  for (const sentence of text.split(/(?<=[.!?])\s+|[\n\r;\u2022]+|\s[-\u2013\u2014]\s/)) {
    if (sentence.trim()) confirmation(sentence, out);
  }
  const seen = new Set<string>();
  return out.map((f) => ({ ...f, phrase: f.phrase.replace(/ '(ve|ll|m|d|re)\b/g, "'$1") })).filter((f) => {
    const key = `${f.form}|${f.phrase}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function impliesMutation(text: string): boolean {
  return findMutationClaims(text).length > 0;
}
