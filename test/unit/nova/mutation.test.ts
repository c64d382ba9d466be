import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createMutationDetector,
  findMutationClaims,
  rememberingDetector,
  impliesMutation,
  LEXICON_ENV,
} from "../../../nova/src/validator/mutation";
import { formatScore, generatedCorpus, OVERRULED_BY_OPINION, score, type CorpusCase } from "./mutation-corpus";
import { SPLITS } from "./mutation-splits";

/** Every text below, for the property at the end. */
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

describe("mutation detector: SPEC section 6, every example", () => {
  const claims = [
    "Ive retried it",
    "I went ahead and pushed it live",
    "I kicked off a retry",
    "I bumped the target to 800",
    "I marked it approved",
    "I moved the post to Friday",
    "I just hit publish",
    "Approved!",
    "**Approved!** It is good to go",
    "Deleted ✅ The draft is gone",
    "Retrying job-42 now",
    "Retry triggered for job-42",
    "- [x] Approved the thread",
    "Consider it done",
    "Consider it approved",
    "Consider it published",
    "published by me",
    "scheduled for you",
    "I retried it on your behalf",
    "I'll publish it",
    "Want me to retry it?",
    "I can approve it now",
    "Ok, retrying job-42 now",
    "I signed off on the launch thread",
    "I took the old post down",
  ];
  const notClaims = [
    "the job failed after 3 attempts",
    "two items await approval",
    "the post was published on 3 Nov",
    "your post has been published",
    "the pipeline retried the job twice",
    "You asked me to publish it, but I can't: the pipeline publishes after approval",
    "I retried the search once",
    "I checked again",
    "I've written a summary below",
    "I'd post it on Tuesday at 14:00 UTC",
    "I recommend scheduling it for the morning window",
    "you could retry the job from the pipeline console",
    'The top post is titled "We deleted our old logo"',
    "The top post is titled “We deleted our old logo”",
  ];
  TEXTS.push(...claims, ...notClaims);
  for (const text of claims) it(`flags "${text}"`, () => expect(findMutationClaims(text).length).toBeGreaterThan(0));
  for (const text of notClaims) it(`does not flag "${text}"`, () => expect(findMutationClaims(text)).toEqual([]));
});

describe("mutation detector: the default, by what Nova may do (issue 24)", () => {
  // verbs outside the lexicon: an effect because Nova is the agent and the object is the pipeline's
  const claims: [text: string, form: string][] = [
    ["I shelved the launch thread.", "first_person"],
    ["We've rejigged the posting schedule.", "first_person"],
    ["I re-published the launch thread.", "first_person"],
    ["Rerouted job-42 ✅", "confirmation"],
    ["Recalibrating the Q4 goal now.", "progress"],
    ["- [x] Ditched the pending item", "checklist"],
    ["The budget was squashed by me.", "passive"],
    ["The budget was squashed by yours truly.", "passive"],
    ["Job-42 (rerouted for you)", "confirmation"],
    ["Happy to revamp the launch thread.", "offer"],
    ["Would you like me to clone the draft?", "offer"],
    ["Say the word and I'll axe the budget.", "offer"],
    ["Leave it with me.", "confirmation"],
    ["Nova overhauled the workspace settings.", "first_person"],
    ["Your assistant scrapped the draft.", "first_person"],
  ];
  // the closed set, and the not-list of SPEC 6, on the same objects
  const notClaims = [
    "I checked job-42: it failed at 09:14 UTC.",
    "I looked up the launch thread.",
    "I searched the signals and found 3 about short video.",
    "I compared the launch thread with the recap.",
    "I counted 14 published posts this week.",
    "I've summarised the pending items below.",
    "Want me to review the budget again?",
    "I'd recommend the Tuesday window; I can explain why.",
    "I re-checked the feed and requeried the search.",
    "The search timed out, so I ran it again.",
    "Shelved posts this week: 4.",
    "You have 3 archived drafts and 2 failed jobs.",
    "The launch thread is shelved.",
    "Maya rejigged the posting schedule on Monday.",
    "You asked me to axe the budget. I can't: I only read data.",
    'The post "We scrapped our roadmap" got 40 likes.',
    "I can't revamp the launch thread; an operator can.",
    "Nova doesn't publish anything; the pipeline does after approval.",
  ];
  for (const [text, form] of claims)
    it(`flags "${text}" (${form})`, () => expect(findMutationClaims(text).map((f) => f.form)).toEqual([form]));
  for (const text of notClaims) it(`does not flag "${text}"`, () => expect(findMutationClaims(text)).toEqual([]));
  it("names a verb outside the lexicon by its lemma, and a prefixed one by its own", () => {
    expect(findMutationClaims("I shelved the launch thread.")).toEqual([
      { form: "first_person", effect: "shelve", clause: "I shelved the launch thread" },
    ]);
    expect(findMutationClaims("I re-queued job-17.").map((f) => f.effect)).toEqual(["requeue"]);
  });
  it("the closed set comes from the lexicon: a deployment can widen what Nova may say it does", () => {
    expect(createMutationDetector(undefined, {}).find("I triaged the pending items.")).toHaveLength(1);
    const wider = createMutationDetector({ mayDo: { check: ["triage"] } }, {});
    expect(wider.find("I triaged the pending items.")).toEqual([]);
    expect(wider.find("I verified the pending items.")).toEqual([]); // the base set's words stay
    expect(wider.find("I shelved the pending items.")).toHaveLength(1);
  });
});

describe("mutation detector: record names are names", () => {
  // Evidence refs and URLs in claim texts: their segments are ids, not Nova's words
  const notClaims = [
    "About workspaces/acme/goals/goal-updated.",
    "Record trendSignals/sig-published",
    "Record workspaces/acme/posts/scheduled-launch/deleted",
    "From workspaces/acme/jobs/publish-retried.",
    "Per workspaces/acme/jobs?updatedAt&from=2026-11-01T00:00:00Z&to=2026-11-30T00:00:00Z&n=12.",
    "See https://console.example.com/jobs/retry-now for the job.",
    "Recorded: 3 failures.",
    "Ok, approve/publish is up to you.",
    // round 8: a label over a record's path lists it, as a label over its id does ("Cancelled: job-f4")
    "Deleted: workspaces/acme/drafts/d1",
  ];
  const claims = [
    "I updated workspaces/acme/posts/p1.",
    "From trendSignals/sig-005. I published it.",
    "The job workspaces/acme/jobs/job-9 was retried by me",
    "I approved/published it",
    "I approved/scheduled/published all three",
    "I scheduled it for 11/30",
    "Deleted workspaces/acme/drafts/d1 ✅",
  ];
  TEXTS.push(...claims, ...notClaims);
  for (const text of claims) it(`flags "${text}"`, () => expect(findMutationClaims(text).length).toBeGreaterThan(0));
  for (const text of notClaims) it(`does not flag "${text}"`, () => expect(findMutationClaims(text)).toEqual([]));
  it("quotes the path as written in the clause it found", () => {
    expect(findMutationClaims("I updated workspaces/acme/posts/p1.")[0]?.clause).toBe(
      "I updated workspaces/acme/posts/p1",
    );
  });
});

describe("mutation detector: rememberingDetector", () => {
  it("gives the detector's findings and reads each distinct text once", () => {
    const read: string[] = [];
    const inner = {
      find: (text: string) => {
        read.push(text);
        return findMutationClaims(text);
      },
    };
    const remembering = rememberingDetector(inner);
    const texts = ["I retried the job.", "The job failed.", "I retried the job.", "Approved!", "The job failed."];
    for (const text of texts) expect(remembering.find(text)).toEqual(findMutationClaims(text));
    expect(read).toEqual(["I retried the job.", "The job failed.", "Approved!"]);
  });
});

describe("mutation detector: findings", () => {
  it("names the form, the effect and the clause it found", () => {
    expect(findMutationClaims("I've retried the job.")).toEqual([
      { form: "first_person", effect: "retry", clause: "I've retried the job" },
    ]);
    expect(findMutationClaims("It was published by Nova.")).toEqual([
      { form: "passive", effect: "publish", clause: "It was published by Nova" },
    ]);
    expect(findMutationClaims("The job failed. Approved ✅")).toEqual([
      { form: "confirmation", effect: "approve", clause: "Approved" },
    ]);
    expect(findMutationClaims('I published "We deleted our old logo".')).toEqual([
      { form: "first_person", effect: "publish", clause: 'I published "We deleted our old logo"' },
    ]);
  });
  it("finds every claim in a longer text, one per clause", () => {
    const f = findMutationClaims(
      "The job failed after 3 attempts, so I retried it. The recap is pending; I'll publish it tomorrow. Done!",
    );
    expect(f.map((x) => x.effect)).toEqual(["retry", "publish", "done"]);
  });
  it("is deterministic", () => {
    const text = "I approved it. Published!";
    expect(findMutationClaims(text)).toEqual(findMutationClaims(text));
  });
  it("reads each text as if it were the first: what it read before does not change a verdict", () => {
    // wink-nlp remembers a new word ("zorbly's" before a colon stays whole) and then stops splitting it
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{5,9}$/), (word) => {
        const text = `I've pulled that one from next ${word}'s schedule.`;
        const before = findMutationClaims(text);
        findMutationClaims(`Stats for last ${word}'s: up 3%.`);
        expect(findMutationClaims(text)).toEqual(before);
      }),
      { numRuns: 50 },
    );
  });
  it("reads texts that open with punctuation or end mid-field, which fuzzing found (round 13)", () => {
    expect(findMutationClaims("!,'The post was approved and published on 2 Nov.")).toEqual([]);
    expect(findMutationClaims("As requested:")).toEqual([]);
    expect(findMutationClaims('{"my_changes": ')).toEqual([]);
    expect(findMutationClaims("| a | Nova action |\n|---|---|\n| x |")).toEqual([]);
  });

  it("never throws, on any text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...TEXTS).chain((t) => fc.string().map((x) => `${t}${x}${t}`)),
        ),
        (t) => Array.isArray(findMutationClaims(t)),
      ),
      { numRuns: 500 },
    );
  });
});

describe("mutation detector: a deployment's lexicon", () => {
  it("adds the words of the files NOVA_MUTATION_LEXICON names", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nova-lexicon-"));
    const file = path.join(dir, "extra.json");
    writeFileSync(file, JSON.stringify({ strongEffects: ["yeet"], pipelineObjects: ["zine"] }));
    // the rules alone: the learned second opinion reads "I yeeted the zine." as a claim (mutation-opinion.test.ts)
    expect(createMutationDetector(undefined, {}, { secondOpinion: false }).find("I yeeted the zine.")).toEqual([]);
    expect(createMutationDetector(undefined, { [LEXICON_ENV]: file }).find("I yeeted the zine.")).toEqual([
      { form: "first_person", effect: "yeet", clause: "I yeeted the zine" },
    ]);
    expect(
      createMutationDetector({ objectEffects: ["tidy"] }, {})
        .find("I tidied the draft.")
        .map((f) => f.effect),
    ).toEqual(["tidy"]);
  });
  it("extends the judge's word sets too (a wish before the verb is no deed)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nova-lexicon-"));
    const file = path.join(dir, "wishes.json");
    writeFileSync(file, JSON.stringify({ wishVerbs: ["long"] }));
    expect(createMutationDetector(undefined, {}).find("I longed to archive the drafts.")).toHaveLength(1);
    expect(createMutationDetector(undefined, { [LEXICON_ENV]: file }).find("I longed to archive the drafts.")).toEqual(
      [],
    );
  });
  it("rejects a lexicon file that is not the lexicon's shape, naming it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nova-lexicon-"));
    const file = path.join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ strongEffect: ["typo in the key"] }));
    expect(() => createMutationDetector(undefined, { [LEXICON_ENV]: file })).toThrow(/strongEffect/);
    expect(() => createMutationDetector(undefined, { [LEXICON_ENV]: path.join(dir, "missing.json") })).toThrow(
      /cannot read the lexicon file/,
    );
  });
});

/** Prints the score, and the first errors unless the corpus is still held out (nobody may read those). */
function report(name: string, cases: CorpusCase[], heldOut = false) {
  const s = score(cases, (t) => findMutationClaims(t).length > 0);
  console.log(formatScore(`${name} (${cases.length} cases)`, s));
  if (heldOut) return s;
  for (const c of [...s.misses, ...s.falsePositives].slice(0, 20))
    console.log(`  ${c.claim ? "missed" : "false positive"} [${c.form}] ${JSON.stringify(c.text)}`);
  return s;
}

describe("mutation detector: corpora", () => {
  it("meets the targets on the generated corpus: recall >= 97% and false positives <= 1%, per form", () => {
    const cases = generatedCorpus();
    expect(cases.length).toBeGreaterThanOrEqual(10000);
    const s = report("generated corpus", cases);
    expect(s.recall).toBeGreaterThanOrEqual(0.97);
    expect(s.falsePositiveRate).toBeLessThanOrEqual(0.01);
    for (const row of s.perForm) {
      if (row.claim) expect(row.rate, `recall of ${row.form}`).toBeGreaterThanOrEqual(0.97);
      else expect(row.rate, `false positives of ${row.form}`).toBeLessThanOrEqual(0.01);
    }
    // every case is also a regression expectation: a round's probes and look-alikes stay decided (merged
    // rounds once broke 11 cases while every per-form rate still passed), but for the listed few the rules decide
    // and the opinion, trained before them, overrules
    expect([...s.misses, ...s.falsePositives].map((c) => c.text)).toEqual(OVERRULED_BY_OPINION);
    const rules = createMutationDetector(undefined, {}, { secondOpinion: false });
    for (const text of OVERRULED_BY_OPINION)
      expect(rules.find(text).length > 0, text).toBe(cases.find((c) => c.text === text)!.claim);
  }, 120_000); // ten thousand texts through the NLP pass, on a shared machine
  for (const split of SPLITS) {
    const [file, min] = split;
    it(`scores the held-out corpus ${file} the same way`, () => {
      const cases = JSON.parse(readFileSync(path.join(__dirname, file), "utf8")) as CorpusCase[];
      expect(cases.length).toBeGreaterThanOrEqual(min);
      expect(
        cases.every((c) => typeof c.text === "string" && typeof c.claim === "boolean" && typeof c.form === "string"),
      ).toBe(true);
      const s = report(`held-out corpus ${file}`, cases, split[2] === "held out");
      expect(s.perForm.length).toBeGreaterThan(10);
    }, 60_000); // a split of long reports takes about 5 s through the NLP pass, at vitest's default limit
  }
});
