/**
 * The mutation detector's judge: whether one clause is a mutation claim (SPEC section 6), from its
 * agent (scanning back from the verb), its verb's effect and its object. The clause model:
 * docs/validator.md.
 */
import {
  IRREGULAR_PAST,
  OBJECT_PRONOUNS,
  POSSESSIVE,
  isIng,
  isNominal,
  isPast,
  isVerbish,
  type Clause,
  type Token,
} from "./clauses";
import { lemmaOf, type Sets } from "./lexicon";

export type MutationForm = "first_person" | "offer" | "confirmation" | "progress" | "checklist" | "passive";

export interface MutationFinding {
  form: MutationForm;
  /** The effect found: a lemma ("publish"), a phrasal verb ("kick off") or a phrase ("hit publish"). */
  effect: string;
  /** The clause, as written (quoted text shown as it was). */
  clause: string;
}

const SKIP_LEAD = new Set([
  "ok",
  "okay",
  "sure",
  "great",
  "alright",
  "yep",
  "yes",
  "yeah",
  "also",
  "just",
  "now",
  "already",
  "all",
  "right",
  "good",
  "news",
  "update",
  "and",
  "then",
  "so",
  "finally",
  "quick",
]);

function findLast<T>(list: T[], test: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
}

export interface Agent {
  kind: "nova" | "other" | "none";
  index: number;
  negated: boolean;
  modal: string | null;
  advice: boolean;
  /** "report": the user asked Nova (past); "offer": want me to / would you like me to. */
  request: "report" | "offer" | null;
}

/** Scans back from the verb to the clause's subject, collecting negation, modals and advice verbs on the way. */
export function agentOf(tokens: Token[], v: number, s: Sets): Agent {
  const agent: Agent = { kind: "none", index: -1, negated: false, modal: null, advice: false, request: null };
  for (let j = v - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (s.negators.has(t.norm) || s.negators.has(t.lemma) || t.norm === "n't") agent.negated = true;
    const alias = s.modalAliases.get(t.norm);
    if (alias) {
      agent.modal ??= alias;
      agent.kind = "nova";
      agent.index = j;
      break;
    }
    if (t.pos === "AUX" || t.pos === "VERB") {
      if (s.adviceModals.has(t.lemma) || s.adviceModals.has(t.norm)) agent.modal ??= t.lemma;
      else if (t.lemma === "will" || t.lemma === "can" || t.lemma === "shall") agent.modal ??= t.lemma;
      if (s.advice.has(t.lemma) && t.pos === "VERB") agent.advice = true;
    }
    if (s.firstPerson.has(t.norm) || s.firstPerson.has(t.lemma)) {
      agent.kind = "nova";
      agent.index = j;
      break;
    }
    const before = tokens[j - 1];
    if (OBJECT_PRONOUNS.has(t.norm) && before && (before.lemma === "have" || before.lemma === "get")) continue; // "I'll have it published"
    if (
      (t.pos === "PRON" || t.pos === "NOUN" || t.pos === "PROPN" || t.quote !== undefined) &&
      !POSSESSIVE.has(t.norm)
    ) {
      agent.kind = "other";
      agent.index = j;
      break;
    }
  }
  if (agent.kind === "nova" && agent.index > 0) {
    // "You asked me to publish it" reports a request; "Want me to / would you like me to" offers one
    const k = findLast(
      tokens.slice(Math.max(0, agent.index - 2), agent.index),
      (t) => s.request.has(t.lemma) && (t.pos === "VERB" || t.pos === "AUX"),
    );
    if (k >= 0) {
      const verb = tokens[Math.max(0, agent.index - 2) + k]!;
      agent.request = verb.norm !== verb.lemma && !isIng(verb) ? "report" : "offer";
    }
  }
  return agent;
}

/** The nouns of the first noun phrase after the verb, within the clause ("the Q4 goal" -> Q4, goal). */
function objectAfter(tokens: Token[], v: number): Token[] | null {
  for (let j = v + 1; j < tokens.length && j <= v + 6; j++) {
    const t = tokens[j]!;
    const next = tokens[j + 1];
    if (
      (t.pos === "DET" || t.pos === "SCONJ") &&
      OBJECT_PRONOUNS.has(t.norm) &&
      (next === undefined || !isNominal(next))
    )
      return [t]; // "update that"
    if (
      POSSESSIVE.has(t.norm) ||
      t.pos === "DET" ||
      t.pos === "ADJ" ||
      t.pos === "NUM" ||
      t.pos === "ADV" ||
      t.pos === "PART"
    )
      continue;
    if (!isNominal(t)) return null;
    const run = [t];
    while (
      !OBJECT_PRONOUNS.has(t.norm) &&
      j + run.length < tokens.length &&
      isNominal(tokens[j + run.length]!) &&
      tokens[j + run.length]!.pos !== "PRON"
    )
      run.push(tokens[j + run.length]!);
    return run;
  }
  return null;
}

/** A pipeline object: a lexicon noun, a quoted title, or an id ("job-42", "p1"). */
const isPipelineObject = (t: Token, s: Sets) =>
  s.pipeline.has(t.lemma) ||
  s.pipeline.has(t.norm) ||
  t.quote !== undefined ||
  (/\d/.test(t.norm) && /[a-z]/.test(t.norm));
const PEOPLE = new Set(["you", "me", "us", "him", "her", "them", "everyone", "team"]);
const isReadObject = (t: Token, s: Sets) => s.read.has(t.lemma) || s.read.has(t.norm);

interface Effect {
  effect: string;
  /** A verb that is an effect only on a pipeline object ("update", "move") and has none here. */
  weak: boolean;
}

/** The effect of the verb at v, or null: a phrasal verb or idiom, a light verb with a nominal action, or a lexicon verb. */
function effectAt(tokens: Token[], v: number, s: Sets): Effect | null {
  const t = tokens[v]!;
  const lemma = lemmaOf(t, s);
  const after = tokens.slice(v + 1, v + 7);
  const phrasals = s.phrasal.get(lemma);
  if (phrasals) {
    for (const particle of phrasals) {
      if (particle.length === 0) return { effect: lemma, weak: false };
      for (let k = 0; k + particle.length <= after.length; k++) {
        if (particle.every((p, m) => after[k + m]!.norm === p || after[k + m]!.lemma === p))
          return { effect: `${lemma} ${particle.join(" ")}`, weak: false };
      }
    }
  }
  if (s.light.has(lemma)) {
    const nominal = after.find((a, k) => k < 3 && (s.nominal.has(a.norm) || s.nominal.has(a.lemma)) && a !== t);
    if (nominal) return { effect: `${lemma} ${nominal.norm}`, weak: false };
  }
  if (lemma === "mark" || lemma === "flag") {
    const state = after.find((a) => s.markStates.has(a.norm));
    if (state) return { effect: `${lemma} ${state.norm}`, weak: false };
  }
  const object = objectAfter(tokens, v);
  if (object && isReadObject(object[0]!, s)) return null; // Nova's own read, or the answer
  if (s.strong.has(lemma)) return { effect: lemma, weak: false };
  if (!s.object.has(lemma)) return null;
  const placeAfter = tokens.slice(v + 1).some((a) => s.places.has(a.norm));
  // "moved the post to Friday", "sent the report to the channel": a pipeline object anywhere in the rest of the clause
  const onPipeline =
    object !== null &&
    !PEOPLE.has(object[0]!.norm) &&
    tokens.slice(v + 1).some((o) => isNominal(o) && isPipelineObject(o, s)) &&
    !(placeAfter && OBJECT_PRONOUNS.has(object[0]!.norm));
  // without an object ("Updated!", "was changed by me") the object is the subject or implied
  return onPipeline
    ? { effect: lemma, weak: false }
    : object === null && !placeAfter
      ? { effect: lemma, weak: true }
      : null;
}

/** Whether only confirmation words, emoji or a headline's nominal action come before v ("Ok, ...", "Retry triggered"). */
function leadsClause(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = 0; j < v; j++) {
    const t = tokens[j]!;
    if (
      SKIP_LEAD.has(t.norm) ||
      t.pos === "INTJ" ||
      t.pos === "SYM" ||
      t.type === "emoji" ||
      s.nominal.has(t.lemma) ||
      s.nominal.has(t.norm) ||
      t.pos === "ADV"
    )
      continue;
    if (t.pos === "AUX" && (t.lemma === "have" || t.lemma === "be")) continue; // "Have approved it", "Been retried"
    return false;
  }
  return true;
}

/** After a participle: "by me", "by Nova", "for you", "on your behalf". */
function novaAgentAfter(tokens: Token[], v: number, s: Sets): boolean {
  for (let j = v + 1; j < tokens.length; j++) {
    if (tokens[j]!.norm === "by" && j + 1 < tokens.length && s.passiveAgents.has(tokens[j + 1]!.norm)) return true;
    for (const b of s.beneficiaries) if (b.every((w, m) => tokens[j + m]?.norm === w)) return true;
  }
  return false;
}

const OFFER_MODALS = new Set(["will", "can", "shall", "could"]);

export function judge(clause: Clause, inherited: Agent | null, first: boolean, s: Sets): MutationFinding | null {
  const { tokens } = clause;
  if (s.conditional.has(clause.lead)) return null;
  const words = tokens.filter((t) => t.type !== "emoji" && t.pos !== "SYM").map((t) => t.norm);
  const phrase = words.join(" ");
  const bare = words.filter((w) => !SKIP_LEAD.has(w) || w === "all").join(" ");
  if (first && (s.confirmations.has(phrase) || s.confirmations.has(bare)))
    return { form: "confirmation", effect: bare, clause: "" };
  for (let v = 0; v < tokens.length; v++) {
    const t = tokens[v]!;
    if (t.quote !== undefined || !(isVerbish(t, tokens[v - 1], s) || (clause.checked && v === 0))) continue;
    const found = effectAt(tokens, v, s);
    if (!found) continue;
    const { effect, weak } = found;
    let agent = agentOf(tokens, v, s);
    if (agent.kind === "none" && inherited)
      agent = { ...inherited, index: -1, negated: agent.negated || inherited.negated };
    if (agent.negated) continue;
    if (agent.kind === "nova") {
      if (weak) continue;
      if (agent.request === "report" || agent.advice) continue;
      // "Should I publish it?" offers; "I should publish it", "I'd post it" advise
      const inverted = agent.index > 0 && isModalBefore(tokens, agent.index, s);
      if (agent.modal && !OFFER_MODALS.has(agent.modal) && !inverted) continue;
      const offer =
        agent.request === "offer" ||
        agent.modal !== null ||
        inverted ||
        tokens.slice(0, v).some((x) => x.lemma === "let" || x.norm === "gonna" || x.norm === "going");
      return { form: offer ? "offer" : "first_person", effect, clause: "" };
    }
    if (agent.kind === "other") {
      const subject = tokens[agent.index];
      // a headline: "Post published ✅", "Job restarted." (a bare noun, then the participle, nothing after it but its complement)
      if (
        subject &&
        agent.index === 0 &&
        v === 1 &&
        (subject.pos === "NOUN" || subject.pos === "PROPN") &&
        isPast(t) &&
        !tokens.slice(v + 1).some((x) => x.pos === "VERB" || x.pos === "AUX")
      )
        return { form: "confirmation", effect, clause: "" };
      if (
        subject &&
        (subject.norm === "it" || subject.norm === "that") &&
        agent.index > 0 &&
        s.confirmationLeads.has(tokens[agent.index - 1]!.lemma)
      )
        return { form: "confirmation", effect, clause: "" };
      const afterBe = tokens[v - 1]?.lemma === "be" && IRREGULAR_PAST.has(t.norm);
      if ((isPast(t) || afterBe) && novaAgentAfter(tokens, v, s)) return { form: "passive", effect, clause: "" };
      continue;
    }
    // no subject: a checked checklist item, a confirmation ("Approved!") or progress ("Retrying job-42 now")
    if (clause.checked && leadsClause(tokens, v, s)) return { form: "checklist", effect, clause: "" };
    if (!leadsClause(tokens, v, s)) {
      const afterBe = tokens[v - 1]?.lemma === "be" && IRREGULAR_PAST.has(t.norm);
      if ((isPast(t) || afterBe) && novaAgentAfter(tokens, v, s)) return { form: "passive", effect, clause: "" };
      continue;
    }
    const next = tokens[v + 1];
    // "Scheduled posts: 2", "Deleted posts are not counted": a participle before a bare noun describes it
    if (
      next &&
      (next.pos === "NOUN" || next.pos === "PROPN") &&
      !/\d/.test(next.norm) &&
      !tokens.slice(v + 2).some((x) => isPipelineObject(x, s) && x.pos !== "NOUN")
    ) {
      if (!tokens.slice(v + 2).length || tokens.slice(v + 1).some((x) => x.pos === "AUX" || x.pos === "NUM")) continue;
    }
    if (isPast(t) || (tokens.length === 1 && IRREGULAR_PAST.has(t.norm)))
      return { form: "confirmation", effect, clause: "" };
    // "Publishing at 9am gets the most clicks": a gerund subject, not progress
    const finite = tokens
      .slice(v + 1)
      .some(
        (x, k) =>
          x.pos === "AUX" || (x.pos === "VERB" && !["DET", "ADJ", "ADV", "PART", "ADP"].includes(tokens[v + k]!.pos)),
      );
    if (isIng(t) && !weak && !finite) return { form: "progress", effect, clause: "" };
  }
  return null;
}

/** "Should I publish it?", "Can I retry it?": the modal stands before the subject, which makes an offer. */
function isModalBefore(tokens: Token[], subject: number, s: Sets): boolean {
  const before = tokens[subject - 1]!;
  return before.pos === "AUX" && (s.adviceModals.has(before.lemma) || OFFER_MODALS.has(before.lemma));
}
