import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SKILLS, type SkillName, type Envelope } from "nova-contract";
import { Invocation } from "../../../nova/src/client/invocation";
import { signInWithPassword } from "../../../nova/src/client/auth";
import { validate } from "../../../nova/src/validator";
import type { Answer } from "../../../nova/src/schemas";
import { readPorts } from "../../../scripts/emulators/suite";

const ports = readPorts();
const hosts = { functionsUrl: `127.0.0.1:${ports.functions}`, authHost: `127.0.0.1:${ports.auth}` };

type Claim = Answer["claims"][number];

/** The functions' trace lines for an invocation, as the emulator log has them (they arrive a bit late). */
async function tracedLines(invocationId: string, expected: number): Promise<string[]> {
  let lines: string[] = [];
  for (let i = 0; i < 50 && lines.length < expected; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    lines = readFileSync(".emulators/test/firebase.log", "utf8")
      .split("\n")
      .filter((l) => l.includes(invocationId) && l.includes('"callId"'));
  }
  return lines;
}

/** Evidence kind by id, from the envelope the claim will cite. */
function kindOf(env: Envelope, id: string) {
  return env.evidence.find((e) => e.evidenceId === id)?.kind;
}

/**
 * What an honest Nova answer says about one envelope: a tool_error quoted exactly, no_data for an
 * empty success, otherwise one claim per cited evidence item at the level its kind supports.
 */
function claimsFor(tool: string, env: Envelope): Claim[] {
  if (env.status === "error")
    return [{ type: "tool_error", tool, text: `${tool} failed: ${env.error!.message}`, error: env.error! }];
  if (env.evidence.length === 0) return [{ type: "no_data", tool, text: `${tool} found nothing to report.` }];
  return env.evidence.slice(0, 5).map((e): Claim => {
    if (kindOf(env, e.evidenceId) === "dataset")
      return { type: "aggregate", text: `Across the measured posts: ${e.ref}.`, evidenceIds: [e.evidenceId] };
    const type = e.ref.startsWith("trendSignals/") ? "story" : /\/posts\//.test(e.ref) ? "measured_post" : "record";
    return { type, text: `About ${e.ref}.`, evidenceIds: [e.evidenceId] } as Claim;
  });
}

/** One scripted invocation per skill: who asks, and which calls the skill makes. */
const SCRIPTS: Record<SkillName, { as: string; calls: [tool: string, args: Record<string, unknown> | null][] }> = {
  trend_scan: {
    as: "viewer@acme.test",
    calls: [
      ["fetch_trend_signals", { limit: 3 }],
      ["search_trend_signals", { query: "   " }],
      ["search_trend_signals", { query: "creator economy", limit: 3 }],
    ],
  },
  signal_watch: {
    as: "operator@acme.test",
    calls: [
      ["search_trend_signals", { query: "zzzz-nothing-matches", limit: 5 }],
      ["get_operator_feed", null],
    ],
  },
  engagement_insights: { as: "owner@globex.test", calls: [["get_engagement_insights", null]] },
  posting_schedule: {
    as: "owner@initech.test",
    calls: [
      ["get_engagement_insights", {}],
      ["suggest_posting_windows", null],
    ],
  },
  job_status: {
    as: "liaison@acme.test",
    calls: [
      ["get_job_status", { jobId: "job-failed-1" }],
      ["get_job_status", { jobId: "job-globex-1" }],
    ],
  },
};

describe("Nova end to end: load, call, answer, validate", () => {
  it("scripts every skill of the registry", () => {
    expect(Object.keys(SCRIPTS).sort()).toEqual(Object.keys(SKILLS).sort());
  });

  for (const skill of Object.keys(SCRIPTS) as SkillName[]) {
    it(`runs the ${skill} skill and its answer validates against the ledger`, async () => {
      const script = SCRIPTS[skill];
      const user = await signInWithPassword(script.as, { authHost: hosts.authHost });
      const inv = new Invocation({ idToken: user.idToken, functionsUrl: hosts.functionsUrl });
      inv.loadSkill(skill);
      // A tool outside the skill is refused on Nova's side, before any request.
      const outside = ["get_job_status", "fetch_trend_signals"].find(
        (t) => !(SKILLS[skill] as readonly string[]).includes(t),
      )!;
      await expect(inv.call(outside, null)).rejects.toThrow(/outside skill/);

      const claims: Claim[] = [];
      for (const [tool, args] of script.calls) {
        const env = await inv.call(tool, args);
        claims.push(...claimsFor(tool, env));
      }
      // A validation error followed by a corrected call counts as corrected: drop its claim.
      const answer: Answer = {
        text: `Here is what the ${skill} tools report.`,
        claims: claims.filter((c) => !(c.type === "tool_error" && c.error.category === "validation")),
      };

      const ledger = inv.ledger();
      expect(ledger.calls.map((c) => c.tool)).toEqual(script.calls.map(([t]) => t));
      // The ledger holds the envelopes byte for byte as the functions answered them.
      for (const [i, raw] of inv.rawResponses().entries())
        expect(raw.rawBody).toBe(JSON.stringify({ result: ledger.calls[i]!.envelope }));

      const verdict = validate(ledger, answer, "chat");
      expect(verdict.violations).toEqual([]);
      expect(verdict.valid).toBe(true);
      // Seeded data is mock: the same answer is refused as a submission.
      const cited = answer.claims.some((c) => "evidenceIds" in c && c.evidenceIds.length > 0);
      expect(
        validate(ledger, answer, "submission")
          .violations.map((v) => v.rule)
          .includes("mock_evidence"),
      ).toBe(cited);

      // Tampering is caught: an answer claiming the action, or citing evidence never returned.
      const tampered = validate(ledger, { ...answer, text: `${answer.text} I've retried the job for you.` }, "chat");
      expect(tampered.violations.map((v) => v.rule)).toContain("mutation_claim");

      // Operators see the skill and invocation in the functions' trace of each call.
      const traced = await tracedLines(inv.invocationId, script.calls.length);
      expect(traced.length).toBe(script.calls.length);
      for (const line of traced) expect(line).toContain(`"skill":"${skill}"`);
    });
  }
});

describe("npx nova-tools call against the emulators", () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, ["nova/bin/nova-tools.js", "call", ...args], {
      encoding: "utf8",
      env: { ...process.env, NOVA_FUNCTIONS_URL: hosts.functionsUrl, FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost },
    });

  it("signs in as a seeded user and prints the envelope", () => {
    const ok = run([
      "get_job_status",
      '{"jobId":"job-failed-1"}',
      "--as",
      "operator@acme.test",
      "--skill",
      "job_status",
    ]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      status: "success",
      data: { job: { jobId: "job-failed-1", state: "failed" } },
    });
    const denied = run(["get_operator_feed", "--as", "noclaim@nova.test"]);
    expect(denied.status).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ status: "error", error: { code: "PERMISSION_DENIED" } });
  });

  it("refuses unknown users, tools and out-of-skill calls with exit 2", () => {
    expect(run(["get_job_status", '{"jobId":"x"}', "--as", "nobody@nova.test"]).status).toBe(2);
    expect(run(["publish_post", "{}", "--as", "operator@acme.test"]).status).toBe(2);
    const refused = run(["get_job_status", '{"jobId":"x"}', "--as", "operator@acme.test", "--skill", "trend_scan"]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/outside skill/);
  });
});
