import { readFileSync } from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findMutationClaims, findMutationClaimsExhaustive, impliesMutation } from "../../../nova/src/validator/mutation";

/** Every text below, for the test of the detector's shortcut at the end. */
const TEXTS: string[] = [];

/** The verbs of the issue, with their past, past participle and base forms. */
const VERBS: [base: string, past: string, pp: string][] = [
  ["approve", "approved", "approved"],
  ["publish", "published", "published"],
  ["schedule", "scheduled", "scheduled"],
  ["retry", "retried", "retried"],
  ["change", "changed", "changed"],
  ["update", "updated", "updated"],
  ["edit", "edited", "edited"],
  ["modify", "modified", "modified"],
  ["delete", "deleted", "deleted"],
  ["remove", "removed", "removed"],
  ["write", "wrote", "written"],
  ["save", "saved", "saved"],
  ["post", "posted", "posted"],
  ["send", "sent", "sent"],
  ["cancel", "cancelled", "cancelled"],
  ["set", "set", "set"],
];

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

describe("mutation detector: every verb, every form people write", () => {
  for (const [base, past, pp] of VERBS) {
    const flagged = [
      `I ${past} the item.`,
      `I've ${pp} the job.`,
      `I have ${pp} it for you.`,
      `I will ${base} the post tomorrow.`,
      `I'll ${base} it at 09:00 UTC.`,
      `We ${past} it this morning.`,
      `Nova ${past} the post.`,
      `The post was ${pp} by me.`,
      `It has been ${pp} by Nova.`,
      `${cap(pp)}!`,
      `${cap(pp)} ✅`,
      `✅ ${pp}`,
      `Let me ${base} that.`,
      `I'm going to ${base} it now.`,
      `I went ahead and ${past} the item.`,
      `Would you like me to ${base} it?`,
    ];
    const notFlagged = [
      `The post was ${pp} on 3 Nov.`,
      `3 posts were ${pp} last week.`,
      `I can't ${base} anything; an operator can.`,
      `I did not ${base} anything.`,
      `An operator can ${base} it from the console.`,
      `Nothing was ${pp}.`,
    ];
    TEXTS.push(...flagged, ...notFlagged);
    for (const text of flagged) it(`flags "${text}"`, () => expect(findMutationClaims(text).length).toBeGreaterThan(0));
    for (const text of notFlagged) it(`does not flag "${text}"`, () => expect(findMutationClaims(text)).toEqual([]));
  }
});

describe("mutation detector: the forms in the issue", () => {
  const flagged = [
    "I approved it.",
    "I've retried the job",
    "I’ve retried the job",
    "I will publish the recap.",
    "I'll schedule it for Tuesday.",
    "we deleted the stale drafts",
    "the post was published by me",
    "The post was published by Nova on Monday.",
    "It has been approved by Nova.",
    "Done!",
    "All done ✅",
    "Consider it done.",
    "All set!",
    "Published!",
    "Approved ✅",
    "✅ scheduled",
    "✅ Scheduled for 09:00 UTC",
    "Post published ✅",
    "Retried it.",
    "Okay, scheduled!",
    "I'll publish it tomorrow",
    "let me retry that",
    "Let's retry the job.",
    "Publishing it now!",
    "I checked the feed and approved it.",
    "Your post has been scheduled for you.",
    "The job was retried on your behalf.",
    "I'll have it published by noon.",
    "I can publish it for you now.",
    "Should I approve it?",
    "I just sent the report to the channel.",
    "I re-ran the job.",
    "I am approving the item now",
    "I've set the daily budget to 200.",
  ];
  TEXTS.push(...flagged);
  for (const text of flagged) it(`flags "${text}"`, () => expect(impliesMutation(text)).toBe(true));
});

describe("mutation detector: statements of what the data says", () => {
  const clean = [
    "the job failed after 3 attempts",
    "two items await approval",
    "the post was published on 3 Nov",
    "the pipeline retried the job twice",
    "approvals are pending",
    "3 posts were published last week",
    "I found 2 pending approvals",
    "I can't approve posts; an operator can",
    "I cannot publish anything; an operator can.",
    "I didn't change anything.",
    "I haven't published anything.",
    "I'm unable to retry jobs.",
    "I'm not able to approve posts.",
    "I won't schedule anything; I only read data.",
    "Nova can't approve or publish posts.",
    "I can only read data; I never write to Firestore.",
    "Nothing was changed.",
    "The job was retried twice by the pipeline.",
    "The job has been retried 2 times by the scheduler.",
    "The post was approved by the owner.",
    "I found that the post was published by Acme's team.",
    "Post p1 was scheduled for 9:00 UTC.",
    "Scheduled posts: 2",
    "Your scheduled post goes out at 9.",
    "Three posts are scheduled for tomorrow.",
    "Your post is scheduled to publish at 9:00 UTC.",
    "The best window to post is 09:00-11:00 UTC.",
    "Publishing at 9am gets the most clicks.",
    "Posting frequency is highest on Tuesdays.",
    "I recommend scheduling it at 9am.",
    "You could retry the job from the pipeline console.",
    "An operator can approve it.",
    "The post has been published.",
    "Deleted posts are not counted.",
    "Updated 2 hours ago.",
    "Status: done.",
    "Job j1: succeeded ✅",
    "I'll update you when the job finishes.",
    "I see the job was retried by the scheduler.",
    "I looked at the feed: 2 items need approval.",
    "I checked the job status and it failed.",
    "The post was approved and published on 2 Nov.",
    "The retry count is 2.",
    "The job is queued.",
    "Approved posts: 4, published posts: 3.",
    "I searched for 'ai' and found 3 signals.",
    "Job j7 was cancelled on 2 Nov.",
    "The goal target was changed last week.",
    "Let me know if you want an operator to approve it.",
    "We have 3 posts scheduled this week.",
    "I have updates on the job: it failed.",
    "I have changes to report: engagement is up.",
    "Once the operator approves it, it will be published.",
    "I noticed the job was retried 3 times.",
    "I wasn't able to retry it; only the pipeline can.",
    "I set out the numbers below.",
    "Great news — 3 posts were published!",
    "Your post was published!",
    "Summary: 2 pending, 1 failed, 3 published.",
    "I'd recommend an operator approve the recap first.",
    "The render job failed after 3 attempts; the pipeline will retry it automatically.",
    "",
  ];
  TEXTS.push(...clean);
  for (const text of clean) it(`does not flag "${text}"`, () => expect(findMutationClaims(text)).toEqual([]));
});

describe("mutation detector: findings", () => {
  it("names the form, the verb and the phrase", () => {
    expect(findMutationClaims("I've retried the job.")).toEqual([{ form: "first_person", verb: "retry", phrase: "i've retried" }]);
    expect(findMutationClaims("It was published by Nova.")).toEqual([{ form: "passive_agent", verb: "publish", phrase: "published by nova" }]);
    expect(findMutationClaims("Approved ✅")).toEqual([{ form: "confirmation", verb: "approve", phrase: "approved" }]);
  });
  it("finds every mutation in a longer text", () => {
    const f = findMutationClaims("The job failed after 3 attempts, so I retried it. The recap is pending; I'll publish it tomorrow. Done!");
    expect(f.map((x) => x.verb)).toEqual(expect.arrayContaining(["retry", "publish", "done"]));
  });
  it("is pure and deterministic", () => {
    const text = "I approved it. Published!";
    expect(findMutationClaims(text)).toEqual(findMutationClaims(text));
  });
});

/** The words the detector reads: every lower-case word quoted in its source. */
const VOCABULARY = [
  ...new Set(
    [...readFileSync(path.resolve(__dirname, "../../../nova/src/validator/mutation.ts"), "utf8").matchAll(/"([a-z' -]+)"/g)].flatMap((m) => m[1]!.split(" ")).filter(Boolean),
  ),
];

/**
 * Between and inside words: every separator the detector splits on, characters that NFKC,
 * lower-casing or the emoji handling change ("™" becomes "tm", fullwidth letters, "İ"), and
 * joins a word-boundary search would miss ("let's" + word, "_").
 */
const GLUE = [
  " ", " ", " ", ", ", ". ", "! ", "? ", "; ", ": ", "\n", "\r\n", " - ", " \u2013 ", " \u2014 ", "\u2014", "\u2026", "\u2022 ", " (", ") ",
  '"', "", "_", "'", "`", "\u2019", "\u02BC", "-", ".", "!", "?!", ". - ", "\u00A0", "\t", "\u3000", " \u2705 ", "\u2705", "\u{1F389}", "\u200D",
  "\uFE0F", "\u0301", "\u2122", "\u2139", "\u0130", "\uFF50\uFF55\uFF42", " but ", " which ", " when ",
];

/**
 * Text of the detector's words and odd glue: word soup, and clauses shaped like its findings
 * (subject, auxiliaries, a verb form, a tail such as "for you" or "by me"). The texts above only
 * exist once the suites are collected, hence a function.
 */
function textArb(): fc.Arbitrary<string> {
  const vocabulary = fc.constantFrom(...VOCABULARY);
  const word = fc.oneof(
    { weight: 6, arbitrary: vocabulary },
    { weight: 1, arbitrary: vocabulary.map((w) => w.toUpperCase()) },
    { weight: 1, arbitrary: vocabulary.map((w) => w.charAt(0).toUpperCase() + w.slice(1)) },
    { weight: 1, arbitrary: fc.constantFrom("I", "We", "Nova", "I've", "I\u2019ll", "Let's", "let\u2019s", "3", "9:00", "datasets", "x-approved") },
    { weight: 1, arbitrary: fc.constantFrom(...TEXTS.filter(Boolean)) },
  );
  const glue = fc.constantFrom(...GLUE);
  const soup = fc.array(fc.tuple(word, glue), { minLength: 1, maxLength: 30 }).map((parts) => parts.flat().join(""));
  const clause = fc
    .tuple(
      fc.constantFrom("", "I ", "We ", "Nova ", "Let me ", "Let's ", "Want me to ", "The post ", "It ", "3 posts ", "Ok, "),
      fc.array(fc.constantFrom("will", "'ll", "have", "has been", "was", "is", "just", "already", "not", "can't", "went ahead and", "am going to", "'ve", "then"), { maxLength: 3 }),
      word,
      fc.constantFrom("", " it", " them", " the job", " for you", " as asked", " as requested", " as you asked", " per your request", " on your behalf", " by me", " by Nova", " by the team", " now", " and published it", " and approved 2 posts"),
    )
    .map(([subject, chain, verb, tail]) => `${subject}${chain.map((w) => `${w} `).join("")}${verb}${tail}`);
  const clauses = fc.array(fc.tuple(clause, glue), { minLength: 1, maxLength: 6 }).map((parts) => parts.flat().join(""));
  return fc.oneof(soup, clauses);
}

/** Joins where the raw text hides a token start from a word-boundary search. */
const JOINS = ["I_approved it.", "x_published by me", "let'sretry it", "Let`sapprove it", "let\u2019sretry it", "LET'SPUBLISH it", "_Done!", "ok_done"];

describe("mutation detector: its shortcut (examining only the stretches around a trigger word)", () => {
  it("reads the detector's vocabulary", () => expect(VOCABULARY).toEqual(expect.arrayContaining(["approved", "done", "let's", "behalf", "successfully"])));

  it("finds exactly what examining every clause and sentence finds, on every text above", () => {
    for (const t of [...TEXTS, ...JOINS]) expect(findMutationClaims(t), t).toEqual(findMutationClaimsExhaustive(t));
  });

  it("finds exactly what examining every clause and sentence finds, on text made of the detector's own words", () => {
    fc.assert(
      fc.property(textArb(), (t) => {
        expect(findMutationClaims(t)).toEqual(findMutationClaimsExhaustive(t));
      }),
      { numRuns: 4000 },
    );
  });
});
