import { describe, expect, it } from "vitest";
import { findMutationClaims, impliesMutation } from "../../../nova/src/validator/mutation";

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
