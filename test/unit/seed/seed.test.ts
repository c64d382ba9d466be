import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { toWire } from "../../support/wire";
import {
  GoalDoc,
  JOB_STATES,
  JobDoc,
  MEMBER_ROLES,
  MemberDoc,
  PendingItemDoc,
  PostDoc,
  storedSchemaFor,
  TrendSignalDoc,
  WorkspaceDoc,
} from "../../../functions/src/store/documents";
import {
  countByCollection,
  DEFAULT_SEED,
  generateSeed,
  SEED_NOW,
  SEED_NOW_MS,
  type SeedDoc,
} from "../../../scripts/seed/generate";
import { authAccount } from "../../../scripts/seed/load";

const seed = generateSeed();
const DAY = 24 * 3600 * 1000;

function docsUnder(prefix: string): SeedDoc[] {
  return seed.docs.filter((d) => d.path.startsWith(prefix));
}

function schemaFor(docPath: string) {
  const parts = docPath.split("/");
  if (parts[0] === "trendSignals" && parts.length === 2) return TrendSignalDoc;
  if (parts[0] === "workspaces" && parts.length === 2) return WorkspaceDoc;
  if (parts[0] === "workspaces" && parts.length === 4) {
    return { members: MemberDoc, posts: PostDoc, jobs: JobDoc, goals: GoalDoc, pendingItems: PendingItemDoc }[
      parts[2] as string
    ];
  }
  return undefined;
}

const isMeasured = (d: SeedDoc) => d.data.status === "published" && d.data.metrics != null;

describe("generateSeed: determinism", () => {
  it("gives deep-equal output for the same seed", () => {
    expect(generateSeed(DEFAULT_SEED)).toEqual(seed);
    expect(generateSeed(7)).toEqual(generateSeed(7));
  });

  it("gives different data for a different seed", () => {
    expect(generateSeed(7).canaries).not.toEqual(seed.canaries);
  });

  it("uses the fixed reference now", () => {
    expect(SEED_NOW).toBe("2026-11-30T00:00:00.000Z");
    expect(seed.now).toBe(SEED_NOW);
  });
});

describe("generateSeed: documents", () => {
  it("has unique, well-formed document paths", () => {
    const paths = seed.docs.map((d) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.split("/").every((s) => /^[A-Za-z0-9_-]{1,128}$/.test(s))).toBe(true);
  });

  it("every document passes the strict data contract of SPEC section 5 and the schema its tools read it with", () => {
    for (const doc of seed.docs) {
      // Dates as ISO strings, as the store adapter hands documents to tools.
      const stored = toWire(doc.data);
      for (const schema of [storedSchemaFor(doc.path), schemaFor(doc.path)]) {
        expect(schema, doc.path).toBeDefined();
        const parsed = schema!.safeParse(stored);
        expect(parsed.success, `${doc.path}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
      }
    }
  });

  it("has the three workspaces with their timezones", () => {
    const ws = Object.fromEntries(
      docsUnder("workspaces/")
        .filter((d) => d.path.split("/").length === 2)
        .map((d) => [d.path, d.data.timezone]),
    );
    expect(ws).toEqual({
      "workspaces/acme": "America/New_York",
      "workspaces/globex": "Europe/Berlin",
      "workspaces/initech": "Asia/Tokyo",
    });
  });

  it("no timestamp is after SEED_NOW except goals' due dates", () => {
    for (const doc of seed.docs) {
      if (doc.path.includes("/goals/")) continue;
      const walk = (v: unknown): void => {
        if (v instanceof Date) expect(v.getTime(), doc.path).toBeLessThanOrEqual(SEED_NOW_MS);
        else if (v && typeof v === "object") Object.values(v).forEach(walk);
      };
      walk(doc.data);
    }
  });
});

describe("generateSeed: posts", () => {
  it("acme has 300+ measured posts over at least 12 weeks, before SEED_NOW", () => {
    const measured = docsUnder("workspaces/acme/posts/").filter(isMeasured);
    expect(measured.length).toBeGreaterThanOrEqual(300);
    const times = measured.map((d) => (d.data.publishedAt as Date).getTime());
    expect(Math.max(...times)).toBeLessThan(SEED_NOW_MS);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(12 * 7 * DAY);
    expect(SEED_NOW_MS - Math.min(...times)).toBeLessThanOrEqual(14 * 7 * DAY);
    for (const d of measured) {
      const m = d.data.metrics as { measuredAt: Date };
      expect(m.measuredAt.getTime()).toBeGreaterThan((d.data.publishedAt as Date).getTime());
    }
    expect(new Set(measured.map((d) => d.data.channel))).toEqual(new Set(["instagram", "tiktok", "linkedin", "x"]));
  });

  it("acme engagement has a weekly rhythm: Tue/Thu 14-17 UTC beats the rest, weekends lag", () => {
    const rate = (pred: (dow: number, hour: number) => boolean) => {
      let imp = 0;
      let eng = 0;
      for (const d of docsUnder("workspaces/acme/posts/").filter(isMeasured)) {
        const t = d.data.publishedAt as Date;
        if (!pred(t.getUTCDay(), t.getUTCHours())) continue;
        const m = d.data.metrics as Record<string, number>;
        imp += m.impressions!;
        eng += m.likes! + m.comments! + m.shares! + m.clicks!;
      }
      return eng / imp;
    };
    const peak = rate((dow, h) => (dow === 2 || dow === 4) && h >= 14 && h < 17);
    const weekday = rate((dow, h) => dow >= 1 && dow <= 5 && !((dow === 2 || dow === 4) && h >= 14 && h < 17));
    const weekend = rate((dow) => dow === 0 || dow === 6);
    expect(peak).toBeGreaterThan(1.5 * weekday);
    expect(weekend).toBeLessThan(0.75 * weekday);
  });

  it("acme has zero-impression posts, unmeasured published posts, and drafts/scheduled without publishedAt", () => {
    const posts = docsUnder("workspaces/acme/posts/");
    expect(
      posts.filter((d) => isMeasured(d) && (d.data.metrics as { impressions: number }).impressions === 0).length,
    ).toBeGreaterThanOrEqual(3);
    expect(posts.filter((d) => d.data.status === "published" && d.data.metrics == null).length).toBeGreaterThanOrEqual(
      2,
    );
    const unpublished = posts.filter((d) => d.data.status === "draft" || d.data.status === "scheduled");
    expect(new Set(unpublished.map((d) => d.data.status))).toEqual(new Set(["draft", "scheduled"]));
    for (const d of unpublished) expect(d.data.publishedAt ?? null).toBeNull();
  });

  it("globex has about 40 measured posts over 6 weeks; initech exactly 3", () => {
    const globex = docsUnder("workspaces/globex/posts/").filter(isMeasured);
    expect(globex.length).toBeGreaterThanOrEqual(38);
    expect(globex.length).toBeLessThanOrEqual(45);
    for (const d of globex) expect(SEED_NOW_MS - (d.data.publishedAt as Date).getTime()).toBeLessThanOrEqual(42 * DAY);
    expect(docsUnder("workspaces/initech/posts/").filter(isMeasured)).toHaveLength(3);
  });
});

describe("generateSeed: jobs and canaries", () => {
  it("every workspace has a job in every state", () => {
    for (const wid of ["acme", "globex", "initech"]) {
      const states = new Set(docsUnder(`workspaces/${wid}/jobs/`).map((d) => d.data.state));
      expect([...states].sort(), wid).toEqual([...JOB_STATES].sort());
    }
  });

  it("has the named jobs", () => {
    const byPath = new Map(seed.docs.map((d) => [d.path, d.data]));
    expect(byPath.get("workspaces/acme/jobs/job-failed-1")).toMatchObject({ state: "failed", attempts: 3 });
    expect(byPath.get("workspaces/acme/jobs/job-running-1")).toMatchObject({ state: "running" });
    expect(byPath.get("workspaces/globex/jobs/job-globex-1")).toBeDefined();
    expect(byPath.has("workspaces/acme/jobs/job-globex-1")).toBe(false);
    for (const d of seed.docs.filter((x) => x.path.includes("/jobs/"))) {
      const p = d.data.progress as number | undefined;
      if (d.data.state === "running") expect(p).toBeGreaterThanOrEqual(0);
      else expect(p).toBeUndefined();
      if (d.data.state === "failed") expect(d.data.error).toBeDefined();
      expect((d.data.updatedAt as Date).getTime()).toBeGreaterThanOrEqual((d.data.createdAt as Date).getTime());
    }
  });

  it("canaries are unique, well-formed, each in exactly one internal field, and every internal field has one", () => {
    expect(new Set(seed.canaries).size).toBe(seed.canaries.length);
    for (const c of seed.canaries) expect(c).toMatch(/^CANARY-[A-Za-z0-9_-]+-[0-9a-f]{8}$/);
    const internal: string[] = [];
    for (const d of seed.docs.filter((x) => x.path.includes("/jobs/"))) {
      for (const f of ["prompt", "draft", "credentialsRef"]) internal.push(d.data[f] as string);
      const e = d.data.error as { code: string; providerBody: string; stack: string } | undefined;
      if (e) {
        internal.push(e.providerBody, e.stack);
        expect(e.code).not.toMatch(/CANARY/);
      }
    }
    for (const value of internal) {
      expect(typeof value).toBe("string");
      expect(seed.canaries.filter((c) => value.includes(c))).toHaveLength(1);
    }
    const everything = JSON.stringify(seed.docs);
    for (const c of seed.canaries) expect(everything.split(c).length - 1, c).toBe(1);
    // Nothing outside the internal job fields carries a canary.
    const stripped = seed.docs.map((d) => {
      if (!d.path.includes("/jobs/")) return d.data;
      const { prompt: _p, draft: _d, credentialsRef: _c, error, ...rest } = d.data as Record<string, unknown>;
      return { ...rest, code: (error as { code?: string } | undefined)?.code };
    });
    expect(JSON.stringify(stripped)).not.toMatch(/CANARY/);
    expect(seed.canaries.length).toBe(internal.length);
  });
});

describe("generateSeed: trend signals", () => {
  const signals = docsUnder("trendSignals/");

  it("has 60+ signals observed in the last 30 days, scores in [0,1], distinct times", () => {
    expect(signals.length).toBeGreaterThanOrEqual(60);
    const times = signals.map((d) => (d.data.observedAt as Date).getTime());
    expect(new Set(times).size).toBe(times.length);
    for (const t of times) {
      expect(t).toBeLessThanOrEqual(SEED_NOW_MS);
      expect(t).toBeGreaterThanOrEqual(SEED_NOW_MS - 30 * DAY);
    }
  });

  it("holds exactly the fields SPEC section 5 lists for a signal, no search index or other derived field", () => {
    for (const d of signals)
      expect(Object.keys(d.data).sort(), d.path).toEqual([
        "observedAt",
        "score",
        "source",
        "summary",
        "title",
        "topics",
        "url",
      ]);
  });

  it("carries prompt injections and fake envelopes, some among the newest ten", () => {
    const summaryOf = (id: string) => signals.find((d) => d.path === `trendSignals/${id}`)!.data.summary as string;
    expect(seed.fixtures.injectionSignalIds.length).toBeGreaterThanOrEqual(5);
    expect(seed.fixtures.fakeEnvelopeSignalIds.length).toBeGreaterThanOrEqual(3);
    expect(seed.fixtures.injectionSignalIds.some((id) => /ignore previous instructions/i.test(summaryOf(id)))).toBe(
      true,
    );
    expect(seed.fixtures.injectionSignalIds.some((id) => /SYSTEM: you are now admin/.test(summaryOf(id)))).toBe(true);
    for (const id of seed.fixtures.fakeEnvelopeSignalIds) expect(summaryOf(id)).toMatch(/"evidenceId":"ev_fake/);
    const newest = [...signals]
      .sort((a, b) => (b.data.observedAt as Date).getTime() - (a.data.observedAt as Date).getTime())
      .slice(0, 10)
      .map((d) => d.path.split("/")[1]);
    expect(newest.some((id) => seed.fixtures.injectionSignalIds.includes(id!))).toBe(true);
    expect(newest.some((id) => seed.fixtures.fakeEnvelopeSignalIds.includes(id!))).toBe(true);
  });
});

describe("generateSeed: users, members, goals, pending items", () => {
  const byPath = new Map(seed.docs.map((d) => [d.path, d.data]));

  it("has the specified users with stable uids and the dev password", () => {
    const emails = seed.users.map((u) => u.email).sort();
    expect(emails).toEqual(
      [
        "owner@acme.test",
        "operator@acme.test",
        "viewer@acme.test",
        "liaison@acme.test",
        "disabled@acme.test",
        "noclaim@nova.test",
        "outsider@nova.test",
        "multi@nova.test",
        "owner@globex.test",
        "owner@initech.test",
      ].sort(),
    );
    expect(new Set(seed.users.map((u) => u.uid)).size).toBe(seed.users.length);
    for (const u of seed.users) expect(u.password).toBe("nova-dev-pass");
  });

  it("member documents match the users' intended access", () => {
    const member = (wid: string, email: string) =>
      byPath.get(`workspaces/${wid}/members/${seed.users.find((u) => u.email === email)!.uid}`);
    expect(member("acme", "disabled@acme.test")).toMatchObject({ disabled: true });
    expect(member("acme", "outsider@nova.test")).toBeUndefined();
    expect(member("acme", "multi@nova.test")).toBeDefined();
    expect(member("globex", "multi@nova.test")).toBeDefined();
    expect(seed.users.find((u) => u.email === "multi@nova.test")!.workspaceId).toBe("globex");
    expect(seed.users.find((u) => u.email === "noclaim@nova.test")!.workspaceId).toBeUndefined();
    for (const d of seed.docs.filter((x) => x.path.includes("/members/"))) expect(MEMBER_ROLES).toContain(d.data.role);
  });

  it("auth accounts carry the claim as a JSON string and a fake password hash", () => {
    const owner = authAccount(seed.users.find((u) => u.email === "owner@acme.test")!);
    expect(JSON.parse(owner.customAttributes as string)).toEqual({ workspaceId: "acme" });
    expect(owner.passwordHash).toBe(`fakeHash:salt=${owner.salt}:password=nova-dev-pass`);
    expect(authAccount(seed.users.find((u) => u.email === "noclaim@nova.test")!).customAttributes).toBeUndefined();
  });

  it("every workspace has goals and pending items; postIds point at real posts", () => {
    for (const wid of ["acme", "globex", "initech"]) {
      expect(docsUnder(`workspaces/${wid}/goals/`).length).toBeGreaterThan(0);
      expect(docsUnder(`workspaces/${wid}/pendingItems/`).length).toBeGreaterThan(0);
    }
    const withPost = seed.docs.filter((d) => d.path.includes("/pendingItems/") && d.data.postId !== undefined);
    expect(withPost.length).toBeGreaterThanOrEqual(3);
    for (const d of withPost) {
      const wid = d.path.split("/")[1];
      expect(byPath.has(`workspaces/${wid}/posts/${d.data.postId as string}`), d.path).toBe(true);
    }
  });
});

describe("the data contract (store/documents.ts storedSchemaFor)", () => {
  const first = (prefix: string) =>
    toWire(seed.docs.find((d) => d.path.startsWith(prefix))!.data) as Record<string, unknown>;
  const failedJob = () =>
    toWire(seed.docs.find((d) => d.path.includes("/jobs/") && d.data.error !== undefined)!.data) as Record<
      string,
      unknown
    >;

  it("refuses a field SPEC section 5 does not list, a search index included", () => {
    const signal = first("trendSignals/");
    expect(storedSchemaFor("trendSignals/x")!.safeParse(signal).success).toBe(true);
    expect(storedSchemaFor("trendSignals/x")!.safeParse({ ...signal, keywords: ["ai"] }).success).toBe(false);
    expect(
      storedSchemaFor("workspaces/acme/posts/p")!.safeParse({ ...first("workspaces/acme/posts/"), engagementRate: 0.1 })
        .success,
    ).toBe(false);
    expect(
      storedSchemaFor("workspaces/acme/jobs/j")!.safeParse({
        ...failedJob(),
        error: { ...(failedJob().error as object), message: "x" },
      }).success,
    ).toBe(false);
  });

  it("allows the job's internal fields, where the seed plants its canaries", () => {
    const job = failedJob();
    expect(Object.keys(job)).toEqual(expect.arrayContaining(["error", "prompt", "draft", "credentialsRef"]));
    expect(storedSchemaFor("workspaces/acme/jobs/j")!.safeParse(job).success).toBe(true);
    const internal = JSON.stringify([job.error, job.prompt, job.draft, job.credentialsRef]);
    expect(seed.canaries.some((c) => internal.includes(c))).toBe(true);
  });

  it("refuses a timestamp that is not ISO-8601 UTC after conversion, and a path section 5 does not describe", () => {
    expect(
      storedSchemaFor("trendSignals/x")!.safeParse({ ...first("trendSignals/"), observedAt: "30/11/2026" }).success,
    ).toBe(false);
    expect(storedSchemaFor("searchIndex/x")).toBeUndefined();
    expect(storedSchemaFor("workspaces/acme/drafts/d")).toBeUndefined();
  });
});

describe("committed emulator-data", () => {
  const dir = path.resolve(__dirname, "../../../emulator-data");
  const manifestFile = path.join(dir, "seed-manifest.json");

  it.runIf(fs.existsSync(manifestFile))(
    "seed-manifest.json matches the generator (regenerate: npx tsx scripts/seed/export.ts)",
    () => {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as {
        seed: number;
        seedNow: string;
        counts: unknown;
        canaries: string[];
      };
      expect(manifest.seed).toBe(DEFAULT_SEED);
      expect(manifest.seedNow).toBe(SEED_NOW);
      expect(manifest.counts).toEqual(countByCollection(seed.docs));
      expect(manifest.canaries).toEqual(seed.canaries);
      const meta = JSON.parse(fs.readFileSync(path.join(dir, "firebase-export-metadata.json"), "utf8")) as {
        firestore: { metadata_file: string };
        auth: { path: string };
      };
      expect(fs.existsSync(path.join(dir, meta.firestore.metadata_file))).toBe(true);
      const accounts = JSON.parse(fs.readFileSync(path.join(dir, meta.auth.path, "accounts.json"), "utf8")) as {
        kind: string;
        users: unknown[];
      };
      expect(accounts.kind).toBe("identitytoolkit#DownloadAccountResponse");
      expect(accounts.users).toEqual([...seed.users].sort((a, b) => (a.uid < b.uid ? -1 : 1)).map(authAccount));
    },
  );
});
