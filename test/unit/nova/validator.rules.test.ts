import { describe, expect, it } from "vitest";
import { EnvelopeSchema } from "nova-contract";
import { RULE_NAMES, validate, type Purpose, type RuleName } from "../../../nova/src/validator";
import {
  aggregate,
  answer,
  errorEnvelope,
  evId,
  insights,
  job,
  ledger,
  measured,
  noData,
  operatorFeed,
  postingWindows,
  record,
  signals,
  story,
  toolError,
} from "./fixtures";

interface Case {
  name: string;
  ledger: unknown;
  answer: unknown;
  purpose?: Purpose;
}

/** Answers that break exactly one rule, by rule. */
const REJECTED: Record<RuleName, Case[]> = {
  malformed_answer: [],
  skill_violation: [],
  unknown_evidence: [],
  evidence_level: [],
  false_no_data: [],
  hidden_error: [],
  altered_error: [],
  invalid_retry: [],
  mutation_claim: [],
  mock_evidence: [],
};
const ACCEPTED: Case[] = [];
/** tool_error claims that quote a standing error inexactly. */
const INEXACT: Case[] = [];

// ---------------------------------------------------------------- malformed_answer
{
  const s = signals(2);
  const l = ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, s.envelope]]);
  const good = answer("Two signals are trending.", [story("Short video is growing.", s.records[0]!)]);
  REJECTED.malformed_answer.push(
    { name: "answer with an unknown top-level key", ledger: l, answer: { ...good, confidence: 0.9 } },
    {
      name: "claim with an unknown key",
      ledger: l,
      answer: { text: good.text, claims: [{ ...good.claims[0], source: "web" }] },
    },
    {
      name: "story claim with no evidence ids",
      ledger: l,
      answer: { text: good.text, claims: [{ type: "story", text: "Video grows.", evidenceIds: [] }] },
    },
    {
      name: "unknown claim type",
      ledger: l,
      answer: { text: good.text, claims: [{ type: "opinion", text: "Video is great.", evidenceIds: [s.records[0]] }] },
    },
    {
      name: "tool_error claim without retryable",
      ledger: l,
      answer: {
        text: "x",
        claims: [
          {
            type: "tool_error",
            tool: "fetch_trend_signals",
            text: "failed",
            error: { code: "INTERNAL", category: "internal", message: "m" },
          },
        ],
      },
    },
    { name: "answer is a string", ledger: l, answer: "Two signals are trending." },
    {
      name: "ledger call with an unknown key",
      ledger: { ...l, calls: [{ ...l.calls[0], durationMs: 12 }] },
      answer: good,
    },
    {
      name: "ledger envelope in an impossible state (success with an error)",
      ledger: { ...l, calls: [{ ...l.calls[0], envelope: { ...s.envelope, error: errorEnvelope("INTERNAL").error } }] },
      answer: good,
    },
    { name: "ledger seq not numbered 1..n", ledger: { ...l, calls: [{ ...l.calls[0], seq: 2 }] }, answer: good },
    { name: "ledger without skillLoads", ledger: { invocationId: l.invocationId, calls: l.calls }, answer: good },
    {
      name: "ledger call time not ISO UTC",
      ledger: { ...l, calls: [{ ...l.calls[0], at: "2025-11-03 09:00:00+01:00" }] },
      answer: good,
    },
  );
}

// ---------------------------------------------------------------- skill_violation
{
  const s = signals(1);
  const j = job("failed");
  REJECTED.skill_violation.push(
    {
      name: "calls with no skill loaded",
      ledger: ledger([], [["fetch_trend_signals", { limit: 1 }, s.envelope]]),
      answer: answer("One signal.", [story("Video grows.", s.records[0]!)]),
    },
    {
      name: "no skill loaded and no calls",
      ledger: ledger([], []),
      answer: answer("I can only read pipeline data.", []),
    },
    {
      name: "two skill loads",
      ledger: ledger(["trend_scan", "job_status"], [["fetch_trend_signals", { limit: 1 }, s.envelope]]),
      answer: answer("One signal.", [story("Video grows.", s.records[0]!)]),
    },
    {
      name: "a tool outside the loaded skill",
      ledger: ledger("trend_scan", [["get_job_status", { jobId: "job_42" }, j.envelope]]),
      answer: answer("The job failed after 3 attempts.", [
        record("Job job_42 failed after 3 attempts.", j.records[0]!),
      ]),
    },
    {
      name: "an unknown skill",
      ledger: ledger("everything", [["fetch_trend_signals", { limit: 1 }, s.envelope]]),
      answer: answer("One signal.", [story("Video grows.", s.records[0]!)]),
    },
    {
      name: "an unknown tool",
      ledger: ledger("trend_scan", [["publish_post", null, s.envelope]]),
      answer: answer("One signal.", []),
    },
  );
}

// ---------------------------------------------------------------- unknown_evidence
{
  const s = signals(2);
  const l = ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, s.envelope]]);
  const other = signals(1);
  const typo = s.records[0]!.slice(0, -1) + (s.records[0]!.endsWith("A") ? "B" : "A");
  REJECTED.unknown_evidence.push(
    {
      name: "an id from another invocation",
      ledger: l,
      answer: answer("A signal.", [story("Video grows.", other.records[0]!)]),
    },
    {
      name: "a one-character typo of a real id",
      ledger: l,
      answer: answer("A signal.", [story("Video grows.", typo)]),
    },
    {
      name: "one good and one invented id",
      ledger: l,
      answer: answer("Two signals.", [aggregate("Both are about video.", s.records[0]!, "ev_madeUpButWellFormed1")]),
    },
    {
      name: "a free-form citation",
      ledger: l,
      answer: answer("A signal.", [story("Video grows.", "trendSignals/s1")]),
    },
  );
}

// ---------------------------------------------------------------- evidence_level
{
  const ins = insights(2);
  const feed = operatorFeed();
  const win = postingWindows();
  REJECTED.evidence_level.push(
    {
      name: "measured_post citing the takeaways dataset",
      ledger: ledger("engagement_insights", [["get_engagement_insights", null, ins.envelope]]),
      answer: answer("Post 1 did best.", [measured("Post 1 earned 1000 impressions.", ins.datasets[0]!)]),
    },
    {
      name: "record claim citing job-health dataset",
      ledger: ledger("signal_watch", [["get_operator_feed", null, feed.envelope]]),
      answer: answer("One job failed.", [record("A render job failed.", feed.datasets[0]!)]),
    },
    {
      name: "story claim citing a dataset",
      ledger: ledger("posting_schedule", [["suggest_posting_windows", null, win.envelope]]),
      answer: answer("Tuesday mornings.", [story("Tuesday 09:00-11:00 UTC is the best window.", win.datasets[0]!)]),
    },
  );
}

// ---------------------------------------------------------------- false_no_data
{
  const s = signals(3);
  const notFound = errorEnvelope("NOT_FOUND");
  const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
  const j = job("running");
  REJECTED.false_no_data.push(
    {
      name: "no_data for a tool that returned signals",
      ledger: ledger("trend_scan", [["fetch_trend_signals", { limit: 3 }, s.envelope]]),
      answer: answer("Nothing is trending.", [noData("fetch_trend_signals")]),
    },
    {
      name: "no_data for a tool whose final envelope is NOT_FOUND",
      ledger: ledger("job_status", [["get_job_status", { jobId: "job_9" }, notFound]]),
      answer: answer("No such job.", [noData("get_job_status"), toolError("get_job_status", notFound)]),
    },
    {
      name: "no_data for a tool whose final envelope is DEPENDENCY_UNAVAILABLE",
      ledger: ledger("trend_scan", [["search_trend_signals", { query: "ai", limit: 5 }, dep]]),
      answer: answer("Search is down.", [noData("search_trend_signals"), toolError("search_trend_signals", dep)]),
    },
    {
      name: "no_data for a tool that was never called",
      ledger: ledger("job_status", [["get_job_status", { jobId: "job_42" }, j.envelope]]),
      answer: answer("The job is running.", [
        record("Job job_42 is running.", j.records[0]!),
        noData("get_operator_feed"),
      ]),
    },
    {
      name: "no_data for a job that was found",
      ledger: ledger("job_status", [["get_job_status", { jobId: "job_42" }, j.envelope]]),
      answer: answer("Nothing about that job.", [noData("get_job_status")]),
    },
  );
}

// ---------------------------------------------------------------- hidden_error
{
  const notFound = errorEnvelope("NOT_FOUND");
  const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
  const denied = errorEnvelope("PERMISSION_DENIED");
  const j = job("succeeded", "mock", "job_2");
  const ins = insights(3);
  REJECTED.hidden_error.push(
    {
      name: "NOT_FOUND not reported",
      ledger: ledger("job_status", [["get_job_status", { jobId: "job_9" }, notFound]]),
      answer: answer("I could not find anything on that job.", []),
    },
    {
      name: "DEPENDENCY_UNAVAILABLE after its one retry, not reported",
      ledger: ledger("trend_scan", [
        ["fetch_trend_signals", { limit: 5 }, dep],
        ["fetch_trend_signals", { limit: 5 }, dep],
      ]),
      answer: answer("Trends are quiet today.", []),
    },
    {
      name: "one job NOT_FOUND, another found; only the found one reported",
      ledger: ledger("job_status", [
        ["get_job_status", { jobId: "job_1" }, notFound],
        ["get_job_status", { jobId: "job_2" }, j.envelope],
      ]),
      answer: answer("Job job_2 succeeded.", [record("Job job_2 succeeded.", j.records[0]!)]),
    },
    {
      name: "PERMISSION_DENIED on the feed hidden behind insights",
      ledger: ledger("posting_schedule", [
        ["get_engagement_insights", null, ins.envelope],
        ["get_operator_feed", null, denied],
      ]),
      answer: answer("Video posts do best.", [aggregate("Video posts earn more clicks.", ins.datasets[0]!)]),
    },
  );
}

// ---------------------------------------------------------------- altered_error
{
  const notFound = errorEnvelope("NOT_FOUND");
  const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
  const s = signals(2);
  const feed = operatorFeed();
  const jl = ledger("job_status", [["get_job_status", { jobId: "job_9" }, notFound]]);
  const exact = toolError("get_job_status", notFound);
  const withError = (e: Record<string, unknown>) =>
    answer("That job could not be read.", [
      { ...exact, error: { ...(exact as { error: object }).error, ...e } } as never,
    ]);
  // An inexact claim for a standing error is altered_error AND leaves the error hidden (SPEC section 6):
  // those cases break two rules, and are asserted in "an inexact tool_error claim reports nothing" below.
  INEXACT.push(
    { name: "message paraphrased", ledger: jl, answer: withError({ message: "The job does not exist." }) },
    { name: "code changed", ledger: jl, answer: withError({ code: "PERMISSION_DENIED", category: "authorization" }) },
    { name: "retryable flipped", ledger: jl, answer: withError({ retryable: true }) },
    { name: "category changed", ledger: jl, answer: withError({ category: "validation" }) },
  );
  REJECTED.altered_error.push(
    {
      name: "tool_error for a tool that succeeded",
      ledger: ledger("signal_watch", [["get_operator_feed", null, feed.envelope]]),
      answer: answer("The feed failed.", [toolError("get_operator_feed", dep)]),
    },
    {
      name: "tool_error quoting a transient error that its retry overcame",
      ledger: ledger("trend_scan", [
        ["fetch_trend_signals", { limit: 2 }, dep],
        ["fetch_trend_signals", { limit: 2 }, s.envelope],
      ]),
      answer: answer("Two signals.", [story("Video grows.", s.records[0]!), toolError("fetch_trend_signals", dep)]),
    },
    {
      name: "tool_error for a tool never called",
      ledger: ledger("signal_watch", [["get_operator_feed", null, feed.envelope]]),
      answer: answer("Two items await approval.", [
        record("Approve post 1 awaits approval.", feed.records[0]!),
        toolError("search_trend_signals", dep),
      ]),
    },
  );
}

// ---------------------------------------------------------------- invalid_retry
{
  const s1 = signals(2);
  const s2 = signals(2);
  const invalid = errorEnvelope("INVALID_QUERY");
  const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
  const notFound = errorEnvelope("NOT_FOUND");
  const f1 = operatorFeed();
  const f2 = operatorFeed();
  REJECTED.invalid_retry.push(
    {
      name: "repeat of a successful call",
      ledger: ledger("trend_scan", [
        ["fetch_trend_signals", { limit: 2 }, s1.envelope],
        ["fetch_trend_signals", { limit: 2 }, s2.envelope],
      ]),
      answer: answer("Two signals.", [story("Video grows.", s2.records[0]!)]),
    },
    {
      name: "repeat of a successful call with keys reordered",
      ledger: ledger("trend_scan", [
        ["search_trend_signals", { query: "video", limit: 2 }, s1.envelope],
        ["search_trend_signals", { limit: 2, query: "video" }, s2.envelope],
      ]),
      answer: answer("Two signals.", [story("Video grows.", s1.records[0]!)]),
    },
    {
      name: "repeat of a successful no-argument call (null then {})",
      ledger: ledger("signal_watch", [
        ["get_operator_feed", null, f1.envelope],
        ["get_operator_feed", {}, f2.envelope],
      ]),
      answer: answer("Two items await approval.", [record("Approve post 1 awaits approval.", f2.records[0]!)]),
    },
    {
      name: "retry after the non-retryable INVALID_QUERY",
      ledger: ledger("trend_scan", [
        ["search_trend_signals", { query: " ", limit: 3 }, invalid],
        ["search_trend_signals", { query: " ", limit: 3 }, invalid],
      ]),
      answer: answer("The search query was empty.", [toolError("search_trend_signals", invalid)]),
    },
    {
      name: "retry after NOT_FOUND",
      ledger: ledger("job_status", [
        ["get_job_status", { jobId: "job_9" }, notFound],
        ["get_job_status", { jobId: "job_9" }, notFound],
      ]),
      answer: answer("No such job.", [toolError("get_job_status", notFound)]),
    },
    {
      name: "a second retry after DEPENDENCY_UNAVAILABLE",
      ledger: ledger("trend_scan", [
        ["fetch_trend_signals", { limit: 2 }, dep],
        ["fetch_trend_signals", { limit: 2 }, dep],
        ["fetch_trend_signals", { limit: 2 }, s1.envelope],
      ]),
      answer: answer("Two signals.", [story("Video grows.", s1.records[0]!)]),
    },
  );
}

// ---------------------------------------------------------------- mutation_claim
{
  const feed = operatorFeed();
  const j = job("failed");
  const s = signals(1);
  const fl = ledger("signal_watch", [["get_operator_feed", null, feed.envelope]]);
  const jl = ledger("job_status", [["get_job_status", { jobId: "job_42" }, j.envelope]]);
  const jobClaim = record("Job job_42 failed after 3 attempts.", j.records[0]!);
  REJECTED.mutation_claim.push(
    {
      name: "first person past: I approved",
      ledger: fl,
      answer: answer("I approved the pending item.", [record("Approve post 1 awaited approval.", feed.records[0]!)]),
    },
    {
      name: "claim text: I've retried the job",
      ledger: jl,
      answer: answer("Job job_42 failed after 3 attempts.", [
        record("Job job_42 failed; I've retried the job.", j.records[0]!),
      ]),
    },
    {
      name: "only a claim's text, with a verb outside the lexicon: rerouted by Nova",
      ledger: jl,
      answer: answer("Job job_42 failed after 3 attempts.", [
        record("Job job_42: failed after 3 attempts, rerouted by Nova", j.records[0]!),
      ]),
    },
    {
      name: "bare confirmation: Done!",
      ledger: jl,
      answer: answer("Done! Job job_42 failed after 3 attempts.", [jobClaim]),
    },
    {
      name: "emoji confirmation: Approved ✅",
      ledger: fl,
      answer: answer("Approved ✅", [record("Approve post 1 awaited approval.", feed.records[0]!)]),
    },
    {
      name: "future promise: I'll publish it tomorrow",
      ledger: fl,
      answer: answer("The launch recap is ready; I'll publish it tomorrow at 09:00 UTC.", [
        record("Launch recap is pending approval.", feed.records[0]!),
      ]),
    },
    {
      name: "offer: let me retry that",
      ledger: jl,
      answer: answer("Job job_42 failed after 3 attempts. Let me retry that for you.", [jobClaim]),
    },
    {
      name: "passive with Nova as agent",
      ledger: fl,
      answer: answer("Two items await approval.", [record("Launch recap was published by Nova.", feed.records[2]!)]),
    },
    {
      name: "we deleted",
      ledger: ledger("trend_scan", [["fetch_trend_signals", { limit: 1 }, s.envelope]]),
      answer: answer("One signal is trending; we deleted the stale ones.", [story("Video grows.", s.records[0]!)]),
    },
  );
}

// ---------------------------------------------------------------- mock_evidence
{
  const s = signals(2, "mock");
  const live = signals(1, "live");
  const ins = insights(2, "mock");
  const mockWindows = postingWindows("mock");
  const mixed = ledger("trend_scan", [
    ["fetch_trend_signals", { limit: 2 }, s.envelope],
    ["search_trend_signals", { query: "video", limit: 1 }, live.envelope],
  ]);
  REJECTED.mock_evidence.push(
    {
      name: "submission citing a mock signal",
      purpose: "submission",
      ledger: mixed,
      answer: answer("Video is trending.", [story("Video grows.", s.records[0]!)]),
    },
    {
      name: "submission citing a mock record beside a live one",
      purpose: "submission",
      ledger: mixed,
      answer: answer("Video is trending.", [aggregate("Video dominates.", live.records[0]!, s.records[1]!)]),
    },
    {
      name: "submission citing mock measured posts",
      purpose: "submission",
      ledger: ledger("engagement_insights", [["get_engagement_insights", null, ins.envelope]]),
      answer: answer("Post 1 did best.", [measured("Post 1 earned 1000 impressions.", ins.records[0]!)]),
    },
    {
      name: "submission citing a mock dataset in an aggregate",
      purpose: "submission",
      ledger: ledger("posting_schedule", [["suggest_posting_windows", null, mockWindows.envelope]]),
      answer: answer("Tuesday mornings.", [
        aggregate("Tuesday 09:00-11:00 UTC is the best window.", mockWindows.datasets[0]!),
      ]),
    },
  );
}

// ---------------------------------------------------------------- valid in tricky ways
{
  const notFound = errorEnvelope("NOT_FOUND");
  const jl = ledger("job_status", [["get_job_status", { jobId: "job_9" }, notFound]]);
  ACCEPTED.push({
    name: "a tool_error reported exactly",
    ledger: jl,
    answer: answer("I could not read job job_9.", [
      toolError("get_job_status", notFound, "No such job in your workspace."),
    ]),
  });

  const empty = signals(0);
  ACCEPTED.push({
    name: "no_data after an empty search (count 0)",
    ledger: ledger("trend_scan", [["search_trend_signals", { query: "quantum knitting", limit: 5 }, empty.envelope]]),
    answer: answer("Nothing matches that query.", [
      noData("search_trend_signals", "No signal mentions quantum knitting."),
    ]),
  });

  const invalid = errorEnvelope("INVALID_QUERY");
  const corrected = signals(2);
  const cl = ledger("trend_scan", [
    ["search_trend_signals", { query: "   ", limit: 5 }, invalid],
    ["search_trend_signals", { query: "video", limit: 5 }, corrected.envelope],
  ]);
  ACCEPTED.push({
    name: "a corrected search after INVALID_QUERY (error not reported)",
    ledger: cl,
    answer: answer("Two video signals.", [
      story("Video grows.", corrected.records[0]!),
      story("Shorts rise.", corrected.records[1]!),
    ]),
  });
  ACCEPTED.push({
    name: "a corrected search after INVALID_QUERY (error reported exactly)",
    ledger: cl,
    answer: answer("My first query was blank; two video signals.", [
      toolError("search_trend_signals", invalid),
      story("Video grows.", corrected.records[0]!),
    ]),
  });

  const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
  const after = signals(1);
  ACCEPTED.push({
    name: "one retry after DEPENDENCY_UNAVAILABLE that succeeded",
    ledger: ledger("trend_scan", [
      ["fetch_trend_signals", { limit: 1 }, dep],
      ["fetch_trend_signals", { limit: 1 }, after.envelope],
    ]),
    answer: answer("One signal.", [story("Video grows.", after.records[0]!)]),
  });
  ACCEPTED.push({
    name: "one retry after DEPENDENCY_UNAVAILABLE that failed again, reported exactly",
    ledger: ledger("trend_scan", [
      ["fetch_trend_signals", { limit: 1 }, dep],
      ["fetch_trend_signals", { limit: 1 }, dep],
    ]),
    answer: answer("Trend data is unavailable right now; please try again later.", [
      toolError("fetch_trend_signals", dep),
    ]),
  });

  const feed = operatorFeed({ pending: 2 });
  const fj = job("failed");
  ACCEPTED.push({
    name: "text about pending approvals, pipeline retries and published posts",
    ledger: ledger("signal_watch", [["get_operator_feed", null, feed.envelope]]),
    answer: answer(
      "Two items await approval and approvals are pending since this morning. The pipeline retried the render job twice, and the launch recap was published on 3 Nov. I can't approve posts; an operator can.",
      [
        aggregate("2 items await approval.", feed.records[0]!, feed.records[1]!),
        record("The post was published on 3 Nov.", feed.records[3]!),
        aggregate("One job failed after the pipeline retried it.", feed.datasets[0]!),
      ],
    ),
  });
  ACCEPTED.push({
    name: "job failed after 3 attempts, stated as data",
    ledger: ledger("job_status", [["get_job_status", { jobId: "job_42" }, fj.envelope]]),
    answer: answer("The job failed after 3 attempts. I found it in your workspace; an operator can retry it.", [
      record("Job job_42 failed after 3 attempts.", fj.records[0]!),
    ]),
  });

  const live = signals(2, "live");
  ACCEPTED.push({
    name: "submission citing only live evidence",
    purpose: "submission",
    ledger: ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, live.envelope]]),
    answer: answer("Two signals.", [story("Video grows.", live.records[0]!)]),
  });
  const mock = signals(2, "mock");
  ACCEPTED.push({
    name: "mock evidence in a chat answer",
    ledger: ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, mock.envelope]]),
    answer: answer("Two signals.", [story("Video grows.", mock.records[0]!)]),
  });

  const a = signals(3);
  const b = signals(2);
  ACCEPTED.push({
    name: "same tool, other arguments: a new request, not a retry",
    ledger: ledger("trend_scan", [
      ["search_trend_signals", { query: "video", limit: 3 }, a.envelope],
      ["search_trend_signals", { query: "audio", limit: 2 }, b.envelope],
    ]),
    answer: answer("Signals on video and audio.", [
      story("Video grows.", a.records[0]!),
      story("Podcasts rise.", b.records[1]!),
    ]),
  });
  const none = signals(0);
  ACCEPTED.push({
    name: "no_data for one search while another search returned records",
    ledger: ledger("trend_scan", [
      ["search_trend_signals", { query: "video", limit: 3 }, a.envelope],
      ["search_trend_signals", { query: "quantum knitting", limit: 3 }, none.envelope],
    ]),
    answer: answer("Video signals, nothing on knitting.", [
      story("Video grows.", a.records[1]!),
      noData("search_trend_signals", "Nothing on quantum knitting."),
    ]),
  });

  const ins0 = insights(0);
  ACCEPTED.push({
    name: "no_data for insights with no measured posts",
    ledger: ledger("engagement_insights", [["get_engagement_insights", {}, ins0.envelope]]),
    answer: answer("No measured posts yet.", [noData("get_engagement_insights")]),
  });

  const ins = insights(3);
  const win = postingWindows();
  ACCEPTED.push({
    name: "aggregates citing record and dataset evidence",
    ledger: ledger("posting_schedule", [
      ["get_engagement_insights", null, ins.envelope],
      ["suggest_posting_windows", null, win.envelope],
    ]),
    answer: answer("Tuesday 09:00-11:00 UTC works best; 3 posts were published last week.", [
      aggregate("3 posts were measured.", ...ins.records),
      aggregate("Video posts earn more clicks.", ins.datasets[0]!),
      aggregate("Tuesday 09:00-11:00 UTC is the best window.", win.datasets[0]!),
      measured("Post 1 earned 1000 impressions.", ins.records[0]!),
    ]),
  });

  const j1 = errorEnvelope("NOT_FOUND");
  const j2 = errorEnvelope("INVALID_ID");
  const j3 = job("succeeded", "mock", "job_3");
  ACCEPTED.push({
    name: "several job requests, each error reported exactly",
    ledger: ledger("job_status", [
      ["get_job_status", { jobId: "job_1" }, j1],
      ["get_job_status", { jobId: "job 2!" }, j2],
      ["get_job_status", { jobId: "job_3" }, j3.envelope],
    ]),
    answer: answer("job_1 does not exist, 'job 2!' is not a job id and job_3 succeeded.", [
      toolError("get_job_status", j1),
      toolError("get_job_status", j2),
      record("Job job_3 succeeded.", j3.records[0]!),
    ]),
  });

  ACCEPTED.push({
    name: "a skill loaded and nothing called",
    ledger: ledger("trend_scan", []),
    answer: answer("I can only read pipeline data; I never change it.", []),
  });
  const denied = errorEnvelope("PERMISSION_DENIED");
  ACCEPTED.push({
    name: "PERMISSION_DENIED reported exactly, nothing retried",
    ledger: ledger("posting_schedule", [["suggest_posting_windows", null, denied]]),
    answer: answer("You are not an active member of this workspace.", [toolError("suggest_posting_windows", denied)]),
  });
}

const rulesOf = (c: Case) => validate(c.ledger, c.answer, c.purpose ?? "chat").violations.map((v) => v.rule);

describe("validator: answers that break exactly one rule", () => {
  for (const rule of RULE_NAMES) {
    describe(rule, () => {
      it("has at least two rejected cases", () => expect(REJECTED[rule].length).toBeGreaterThanOrEqual(2));
      for (const c of REJECTED[rule]) {
        it(`rejects: ${c.name}`, () => {
          const result = validate(c.ledger, c.answer, c.purpose ?? "chat");
          expect(result.valid).toBe(false);
          expect(result.violations.length).toBeGreaterThan(0);
          expect([...new Set(rulesOf(c))]).toEqual([rule]);
          for (const v of result.violations) expect(typeof v.detail).toBe("string");
        });
      }
    });
  }
});

describe("validator: answers valid in tricky ways", () => {
  for (const c of ACCEPTED) {
    it(`accepts: ${c.name}`, () => {
      expect(validate(c.ledger, c.answer, c.purpose ?? "chat")).toEqual({ valid: true, violations: [] });
    });
  }
});

describe("validator: general behaviour", () => {
  it("returns every violation, not just the first", () => {
    const s = signals(2, "mock");
    const again = signals(2, "mock"); // a repeat returns fresh evidence ids: one id in two calls is a malformed ledger
    const notFound = errorEnvelope("NOT_FOUND");
    const ds = insights(1);
    const l = ledger(
      ["trend_scan", "job_status"],
      [
        ["fetch_trend_signals", { limit: 2 }, s.envelope],
        ["fetch_trend_signals", { limit: 2 }, again.envelope],
        ["get_job_status", { jobId: "x" }, notFound],
        ["get_engagement_insights", null, ds.envelope],
      ],
    );
    const a = answer("Published! I retried the job.", [
      story("Video grows.", s.records[0]!),
      story("Made up.", "ev_notInThisLedger000000"),
      measured("Post 1.", ds.datasets[0]!),
      noData("fetch_trend_signals"),
      toolError("search_trend_signals", notFound),
    ]);
    const rules = new Set(validate(l, a, "submission").violations.map((v) => v.rule));
    expect([...rules].sort()).toEqual(
      [
        "altered_error",
        "evidence_level",
        "false_no_data",
        "hidden_error",
        "invalid_retry",
        "mock_evidence",
        "mutation_claim",
        "skill_violation",
        "unknown_evidence",
      ].sort(),
    );
  });

  it("runs the ledger-only rules when only the answer is malformed", () => {
    const s = signals(1);
    const l = ledger([], [["fetch_trend_signals", { limit: 1 }, s.envelope]]);
    expect(new Set(validate(l, { text: 1 }, "chat").violations.map((v) => v.rule))).toEqual(
      new Set(["malformed_answer", "skill_violation"]),
    );
  });

  it("runs mutation_claim when only the ledger is malformed", () => {
    expect(new Set(validate({}, answer("Done!", []), "chat").violations.map((v) => v.rule))).toEqual(
      new Set(["malformed_answer", "mutation_claim"]),
    );
  });

  it("is pure: does not modify its inputs and gives the same result twice", () => {
    const s = signals(2);
    const l = ledger("trend_scan", [["fetch_trend_signals", { limit: 2 }, s.envelope]]);
    const a = answer("Done!", [story("x", "ev_unknown0000000000000")]);
    const deepFreeze = (o: unknown): unknown => {
      if (o && typeof o === "object") {
        Object.values(o).forEach(deepFreeze);
        Object.freeze(o);
      }
      return o;
    };
    const before = JSON.stringify([l, a]);
    deepFreeze(l);
    deepFreeze(a);
    const r1 = validate(l, a, "submission");
    const r2 = validate(l, a, "submission");
    expect(r2).toEqual(r1);
    expect(JSON.stringify([l, a])).toBe(before);
  });

  it("rejects an unknown purpose", () => {
    expect(() => validate({}, {}, "publish" as Purpose)).toThrow(TypeError);
  });

  it("names every violation with a SPEC rule and a detail", () => {
    for (const cases of Object.values(REJECTED)) {
      for (const c of cases) {
        for (const v of validate(c.ledger, c.answer, c.purpose ?? "chat").violations) {
          expect(RULE_NAMES).toContain(v.rule);
          expect(v.detail.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

/** The rules of a validation, sorted and distinct. */
const decidedRules = (l: unknown, a: unknown, purpose: Purpose = "chat") =>
  [...new Set(validate(l, a, purpose).violations.map((v) => v.rule))].sort();

describe("validator: SPEC section 6, how the rules read several calls of one tool", () => {
  it("a request is the tool and its arguments as sent: key order ignored, null and {} the same, strings not normalised", () => {
    const a = signals(1);
    const b = signals(1);
    const keyOrder = ledger("trend_scan", [
      ["search_trend_signals", { query: "ai", limit: 1 }, a.envelope],
      ["search_trend_signals", { limit: 1, query: "ai" }, b.envelope],
    ]);
    expect(
      validate(keyOrder, answer("One signal.", [story("Video grows.", a.records[0]!)])).violations.map((v) => v.rule),
    ).toEqual(["invalid_retry"]);
    const spaced = ledger("trend_scan", [
      ["search_trend_signals", { query: "ai", limit: 1 }, a.envelope],
      ["search_trend_signals", { query: " ai", limit: 1 }, b.envelope],
    ]);
    expect(decidedRules(spaced, answer("One signal.", [story("Video grows.", a.records[0]!)]))).toEqual([]);
    const f1 = operatorFeed();
    const f2 = operatorFeed();
    const nullAndEmpty = ledger("signal_watch", [
      ["get_operator_feed", null, f1.envelope],
      ["get_operator_feed", {}, f2.envelope],
    ]);
    expect(decidedRules(nullAndEmpty, answer("Your feed.", [record("An item is pending.", f1.records[0]!)]))).toEqual([
      "invalid_retry",
    ]);
  });

  it("hidden_error: a later success of another request does not answer an earlier request's error", () => {
    const notFound = errorEnvelope("NOT_FOUND");
    const j = job("running", "mock", "job_b");
    const l = ledger("job_status", [
      ["get_job_status", { jobId: "job_a" }, notFound],
      ["get_job_status", { jobId: "job_b" }, j.envelope],
    ]);
    expect(decidedRules(l, answer("job_b is running.", [record("job_b is running.", j.records[0]!)]))).toEqual([
      "hidden_error",
    ]);
    expect(
      decidedRules(
        l,
        answer("job_b is running; job_a was not found.", [
          record("job_b is running.", j.records[0]!),
          toolError("get_job_status", notFound),
        ]),
      ),
    ).toEqual([]);
  });

  it("hidden_error: a validation error followed by a later call of the same tool counts as corrected, and may still be reported", () => {
    const invalid = errorEnvelope("INVALID_QUERY");
    const s = signals(1);
    const l = ledger("trend_scan", [
      ["search_trend_signals", { query: " ", limit: 1 }, invalid],
      ["search_trend_signals", { query: "ai", limit: 1 }, s.envelope],
    ]);
    expect(decidedRules(l, answer("One signal.", [story("Video grows.", s.records[0]!)]))).toEqual([]);
    expect(
      decidedRules(
        l,
        answer("One signal.", [story("Video grows.", s.records[0]!), toolError("search_trend_signals", invalid)]),
      ),
    ).toEqual([]);
    // a non-validation error is not corrected by another request
    const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
    const l2 = ledger("trend_scan", [
      ["search_trend_signals", { query: "video", limit: 1 }, dep],
      ["search_trend_signals", { query: "ai", limit: 1 }, s.envelope],
    ]);
    expect(decidedRules(l2, answer("One signal.", [story("Video grows.", s.records[0]!)]))).toEqual(["hidden_error"]);
  });

  it("an inexact tool_error claim reports nothing: it is an altered_error, and the request's error is still a hidden_error", () => {
    expect(INEXACT.length).toBe(4);
    for (const c of INEXACT) {
      const violations = validate(c.ledger, c.answer).violations;
      expect(
        violations.map((v) => v.rule),
        c.name,
      ).toEqual(["hidden_error", "altered_error"]);
      expect(violations[0]).toMatchObject({ tool: "get_job_status", seq: 1, code: "NOT_FOUND" });
      expect(violations[1]).toMatchObject({ tool: "get_job_status", claimIndex: 0 });
    }
    // the exact claim beside the inexact one reports the error: altered_error alone
    const notFound = errorEnvelope("NOT_FOUND");
    const jl = ledger("job_status", [["get_job_status", { jobId: "job_9" }, notFound]]);
    const exact = toolError("get_job_status", notFound);
    const wrong = { ...exact, error: { ...(exact as { error: object }).error, retryable: true } } as never;
    expect(decidedRules(jl, answer("The job could not be read.", [exact, wrong]))).toEqual(["altered_error"]);
  });

  it("altered_error: a tool_error claim for a tool never called, or whose errors were all overcome", () => {
    const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
    const s = signals(1);
    const overcome = ledger("trend_scan", [
      ["fetch_trend_signals", { limit: 1 }, dep],
      ["fetch_trend_signals", { limit: 1 }, s.envelope],
    ]);
    expect(
      decidedRules(
        overcome,
        answer("One signal.", [story("Video grows.", s.records[0]!), toolError("fetch_trend_signals", dep)]),
      ),
    ).toEqual(["altered_error"]);
    expect(
      decidedRules(
        overcome,
        answer("One signal.", [story("Video grows.", s.records[0]!), toolError("search_trend_signals", dep)]),
      ),
    ).toEqual(["altered_error"]);
  });

  it("a success is without records when every list in its data is empty, whatever aggregate fields it carries", () => {
    const empty = signals(0); // {signals: [], count: 0}
    expect(
      decidedRules(
        ledger("trend_scan", [["fetch_trend_signals", { limit: 5 }, empty.envelope]]),
        answer("Nothing is trending.", [noData("fetch_trend_signals")]),
      ),
    ).toEqual([]);
    const basis = evId("ds");
    const windows = EnvelopeSchema.parse({
      status: "success",
      data: { windows: [], basis: { measuredPosts: 12, evidenceIds: [basis] }, timezone: "UTC" },
      error: null,
      evidence: [
        {
          evidenceId: basis,
          kind: "dataset",
          ref: "workspaces/acme/posts:measured",
          provenance: "mock",
          observedAt: "2025-11-03T09:00:00.000Z",
        },
      ],
    });
    expect(
      decidedRules(
        ledger("posting_schedule", [["suggest_posting_windows", null, windows]]),
        answer("No window stands out.", [noData("suggest_posting_windows")]),
      ),
    ).toEqual([]);
  });

  it("false_no_data needs one request ending in a success without records; the other requests' errors are still owed", () => {
    const full = signals(2);
    const empty = signals(0);
    const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
    const mixed = ledger("trend_scan", [
      ["search_trend_signals", { query: "video", limit: 2 }, full.envelope],
      ["search_trend_signals", { query: "podcasts", limit: 2 }, empty.envelope],
    ]);
    expect(
      decidedRules(
        mixed,
        answer("Video trends; podcasts do not.", [
          story("Video grows.", full.records[0]!),
          noData("search_trend_signals"),
        ]),
      ),
    ).toEqual([]);
    const withError = ledger("trend_scan", [
      ["search_trend_signals", { query: "video", limit: 2 }, dep],
      ["search_trend_signals", { query: "podcasts", limit: 2 }, empty.envelope],
    ]);
    expect(decidedRules(withError, answer("Nothing on podcasts.", [noData("search_trend_signals")]))).toEqual([
      "hidden_error",
    ]);
    expect(
      decidedRules(
        withError,
        answer("Nothing on podcasts.", [noData("search_trend_signals"), toolError("search_trend_signals", dep)]),
      ),
    ).toEqual([]);
    const allErrors = ledger("trend_scan", [["search_trend_signals", { query: "video", limit: 2 }, dep]]);
    expect(
      decidedRules(
        allErrors,
        answer("Nothing.", [noData("search_trend_signals"), toolError("search_trend_signals", dep)]),
      ),
    ).toEqual(["false_no_data"]);
    expect(decidedRules(ledger("trend_scan", []), answer("Nothing.", [noData("search_trend_signals")]))).toEqual([
      "false_no_data",
    ]);
  });
});

describe("validator: SPEC section 6, malformed_answer's further cases", () => {
  const s = signals(1);
  const good = answer("One signal.", [story("Video grows.", s.records[0]!)]);
  const l = ledger("trend_scan", [["fetch_trend_signals", { limit: 1 }, s.envelope]]);
  const call = l.calls[0]!;
  const notFound = errorEnvelope("NOT_FOUND");
  const cases: [string, unknown][] = [
    ["seq not running 1..n", { ...l, calls: [call, { ...call, seq: 3, envelope: signals(1).envelope }] }],
    [
      "an error whose retryable contradicts the catalog",
      {
        ...l,
        calls: [
          { ...call, envelope: { ...notFound, error: { ...(notFound as { error: object }).error, retryable: true } } },
        ],
      },
    ],
    [
      "an error whose category contradicts the catalog",
      {
        ...l,
        calls: [
          {
            ...call,
            envelope: { ...notFound, error: { ...(notFound as { error: object }).error, category: "dependency" } },
          },
        ],
      },
    ],
    [
      "an evidence item that data does not reference",
      {
        ...l,
        calls: [
          {
            ...call,
            envelope: {
              ...s.envelope,
              evidence: [
                ...(s.envelope.evidence as object[]),
                { ...(s.envelope.evidence[0] as object), evidenceId: evId("extra") },
              ],
            },
          },
        ],
      },
    ],
    ["an evidence id that appears in two calls", { ...l, calls: [call, { ...call, seq: 2, args: { limit: 2 } }] }],
  ];
  for (const [name, badLedger] of cases) {
    it(`${name} is malformed, and the rules that need only the answer still run`, () => {
      const v = validate(badLedger, { ...good, text: "Published! One signal." }).violations;
      expect(v.map((x) => x.rule)).toEqual(["malformed_answer", "mutation_claim"]);
      expect(v[0]).toMatchObject({ document: "ledger" });
    });
  }
  it("an evidence-backed claim with no id is malformed, and the ledger-only rules still run", () => {
    const twice = ledger("trend_scan", [
      ["fetch_trend_signals", { limit: 1 }, s.envelope],
      ["fetch_trend_signals", { limit: 1 }, signals(1).envelope],
    ]);
    expect(
      validate(twice, { text: "x", claims: [{ type: "story", text: "Video grows.", evidenceIds: [] }] }).violations.map(
        (x) => x.rule,
      ),
    ).toEqual(["malformed_answer", "invalid_retry"]);
  });
  it("an unknown skill is a skill_violation, not a malformed ledger", () => {
    expect(decidedRules(ledger("everything", [["fetch_trend_signals", { limit: 1 }, s.envelope]]), good)).toEqual([
      "skill_violation",
    ]);
  });
});

describe("validator: arguments as sent", () => {
  it("an own __proto__ key in args makes another request than {} (JSON.parse keeps it; the ledger is read as given)", () => {
    const f1 = operatorFeed();
    const f2 = operatorFeed();
    const l = JSON.parse(
      JSON.stringify(
        ledger("signal_watch", [
          ["get_operator_feed", {}, f1.envelope],
          ["get_operator_feed", { x: 1 }, f2.envelope],
        ]),
      ).replace('"args":{"x":1}', '"args":{"__proto__":1}'),
    );
    expect(Object.keys(l.calls[1].args)).toEqual(["__proto__"]);
    expect(
      validate(l, answer("Your feed.", [record("An item is pending.", f1.records[0]!)])).violations.map((v) => v.rule),
    ).toEqual([]);
  });
});
