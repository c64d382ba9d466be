import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EnvelopeSchema } from "nova-contract";
import {
  Invocation,
  InvalidEnvelopeError,
  ProtocolError,
  RefusedError,
  SignInError,
  UnreachableError,
  callTool,
  functionsPrefix,
  signInWithPassword,
  toolUrl,
} from "../../../nova/src/client";
import { LedgerSchema } from "../../../nova/src/schemas";
import { validate } from "../../../nova/src/validator";
import { answer, errorEnvelope, signals, story, toolError } from "./fixtures";
import { startFakeServer, type FakeServer } from "./fake-server";

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.responses.clear();
});

const fixedClock = () => {
  let t = Date.UTC(2025, 10, 3, 9, 0, 0);
  return () => new Date((t += 1000));
};

describe("Invocation", () => {
  it("sends the callable protocol with the token, skill and invocation headers, and records byte-identical envelopes", async () => {
    const s = signals(2);
    // deliberately odd spacing and key order: the ledger keeps the parsed object, the raw text is kept too
    const body = `{"result": {"evidence": ${JSON.stringify(s.envelope.evidence)}, "status": "success", "error": null, "data": ${JSON.stringify(s.envelope.data)}}}`;
    server.responses.set("fetch_trend_signals", body);
    const dep = errorEnvelope("DEPENDENCY_UNAVAILABLE");
    server.responses.set("search_trend_signals", JSON.stringify({ result: dep }));

    const inv = new Invocation({
      idToken: "tok-123",
      functionsUrl: server.host,
      invocationId: "inv_fixed",
      now: fixedClock(),
    });
    inv.loadSkill("trend_scan");
    const env1 = await inv.call("fetch_trend_signals", { limit: 2 });
    const env2 = await inv.call("search_trend_signals", { query: "video", limit: 3 });

    expect(server.requests).toHaveLength(2);
    const [r1, r2] = server.requests;
    expect(r1!.method).toBe("POST");
    expect(r1!.url).toBe("/demo-nova/us-central1/fetch_trend_signals");
    expect(r1!.headers.authorization).toBe("Bearer tok-123");
    expect(r1!.headers["content-type"]).toBe("application/json");
    expect(r1!.headers["x-nova-skill"]).toBe("trend_scan");
    expect(r1!.headers["x-nova-invocation"]).toBe("inv_fixed");
    expect(r1!.body).toBe('{"data":{"limit":2}}');
    expect(r2!.url).toBe("/demo-nova/us-central1/search_trend_signals");

    const ledger = inv.ledger();
    expect(LedgerSchema.safeParse(ledger).success).toBe(true);
    expect(ledger).toEqual({
      invocationId: "inv_fixed",
      skillLoads: ["trend_scan"],
      calls: [
        { seq: 1, tool: "fetch_trend_signals", args: { limit: 2 }, at: "2025-11-03T09:00:01.000Z", envelope: env1 },
        {
          seq: 2,
          tool: "search_trend_signals",
          args: { query: "video", limit: 3 },
          at: "2025-11-03T09:00:02.000Z",
          envelope: env2,
        },
      ],
    });
    // the exact object as parsed from the response, key order included, and the raw text byte for byte
    const raw = inv.rawResponses();
    expect(raw.map((r) => r.rawBody)).toEqual([body, JSON.stringify({ result: dep })]);
    expect(JSON.stringify(ledger.calls[0]!.envelope)).toBe(JSON.stringify(JSON.parse(body).result));
    expect(Object.keys(ledger.calls[0]!.envelope)).toEqual(["evidence", "status", "error", "data"]);
    expect(JSON.stringify({ result: ledger.calls[1]!.envelope })).toBe(raw[1]!.rawBody);
    expect(EnvelopeSchema.safeParse(ledger.calls[0]!.envelope).success).toBe(true);

    // and the ledger feeds the validator directly
    const a = answer("Two signals; search is unavailable.", [
      story("Video grows.", s.records[0]!),
      toolError("search_trend_signals", dep),
    ]);
    expect(validate(JSON.parse(JSON.stringify(ledger)), a, "chat")).toEqual({ valid: true, violations: [] });
  });

  it("sends data null when a tool has no arguments and records args null", async () => {
    server.responses.set("get_engagement_insights", JSON.stringify({ result: errorEnvelope("PERMISSION_DENIED") }));
    const inv = new Invocation({ idToken: "t", functionsUrl: `${server.origin}/` });
    inv.loadSkill("engagement_insights");
    await inv.call("get_engagement_insights");
    expect(server.requests[0]!.body).toBe('{"data":null}');
    expect(inv.ledger().calls[0]!.args).toBeNull();
    expect(inv.invocationId).toMatch(/^inv_[A-Za-z0-9_-]{20,}$/);
  });

  it("records as args exactly the JSON it sent: an own __proto__ key (from a model's JSON) stays a key in both", async () => {
    server.responses.set("fetch_trend_signals", JSON.stringify({ result: errorEnvelope("INVALID_ARGUMENT") }));
    const inv = new Invocation({ idToken: "t", functionsUrl: `${server.origin}/` });
    inv.loadSkill("trend_scan");
    const args = JSON.parse('{"limit":2,"__proto__":{"limit":3}}') as Record<string, unknown>;
    await inv.call("fetch_trend_signals", args);
    const sent = JSON.parse(server.requests[0]!.body) as { data: Record<string, unknown> };
    expect(server.requests[0]!.body).toBe('{"data":{"limit":2,"__proto__":{"limit":3}}}');
    const recorded = inv.ledger().calls[0]!.args!;
    expect(Object.prototype.hasOwnProperty.call(recorded, "__proto__")).toBe(true);
    expect(JSON.stringify(recorded)).toBe(JSON.stringify(sent.data));
  });

  it("refuses any call before a skill is loaded, without a request", async () => {
    const inv = new Invocation({ idToken: "t", functionsUrl: server.host });
    await expect(inv.call("fetch_trend_signals", { limit: 1 })).rejects.toBeInstanceOf(RefusedError);
    expect(server.requests).toEqual([]);
    expect(inv.ledger().calls).toEqual([]);
  });

  it("refuses a tool outside the loaded skill (and unknown tools), without a request", async () => {
    const inv = new Invocation({ idToken: "t", functionsUrl: server.host });
    inv.loadSkill("job_status");
    await expect(inv.call("fetch_trend_signals", { limit: 1 })).rejects.toThrow(/outside skill "job_status"/);
    await expect(inv.call("get_operator_feed")).rejects.toBeInstanceOf(RefusedError);
    await expect(inv.call("publish_post")).rejects.toThrow(/unknown tool/);
    expect(server.requests).toEqual([]);
    expect(inv.ledger()).toMatchObject({ skillLoads: ["job_status"], calls: [] });
  });

  it("loads exactly one skill: a second load and unknown skills are refused", () => {
    const inv = new Invocation({ idToken: "t" });
    expect(() => inv.loadSkill("admin")).toThrow(RefusedError);
    inv.loadSkill("trend_scan");
    expect(() => inv.loadSkill("job_status")).toThrow(/already loaded/);
    expect(inv.ledger().skillLoads).toEqual(["trend_scan"]);
    expect(inv.allowedTools()).toEqual(["fetch_trend_signals", "search_trend_signals"]);
  });

  it("does not record calls that got no envelope", async () => {
    server.responses.set("get_job_status", [401, '{"error":{"message":"Unauthenticated","status":"UNAUTHENTICATED"}}']);
    server.responses.set("get_operator_feed", '{"result":{"status":"success","data":null,"error":null,"evidence":[]}}');
    const inv = new Invocation({ idToken: "bad", functionsUrl: server.host });
    inv.loadSkill("job_status");
    const err = await inv.call("get_job_status", { jobId: "j" }).catch((e) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect(err.status).toBe(401);
    expect(err.callableError).toEqual({ message: "Unauthenticated", status: "UNAUTHENTICATED" });
    const inv2 = new Invocation({ idToken: "t", functionsUrl: server.host });
    inv2.loadSkill("signal_watch");
    await expect(inv2.call("get_operator_feed")).rejects.toBeInstanceOf(InvalidEnvelopeError);
    expect(inv.ledger().calls).toEqual([]);
    expect(inv2.ledger().calls).toEqual([]);
  });

  it("reports an unreachable server", async () => {
    const inv = new Invocation({ idToken: "t", functionsUrl: "127.0.0.1:9" });
    inv.loadSkill("trend_scan");
    await expect(inv.call("fetch_trend_signals", { limit: 1 })).rejects.toBeInstanceOf(UnreachableError);
  });
});

describe("callTool and URLs", () => {
  it("builds emulator URLs from a host, an origin or a full prefix", () => {
    expect(functionsPrefix()).toBe("http://127.0.0.1:5001/demo-nova/us-central1");
    expect(toolUrl("get_job_status", { functionsUrl: "localhost:5001" })).toBe(
      "http://localhost:5001/demo-nova/us-central1/get_job_status",
    );
    expect(toolUrl("get_job_status", { functionsUrl: "http://h:1/p/r/" })).toBe("http://h:1/p/r/get_job_status");
    expect(toolUrl("get_job_status", { functionsUrl: "https://us-central1-prod.cloudfunctions.net/x" })).toBe(
      "https://us-central1-prod.cloudfunctions.net/x/get_job_status",
    );
  });

  it("a direct call sends no skill headers", async () => {
    const s = signals(1);
    server.responses.set("fetch_trend_signals", JSON.stringify({ result: s.envelope }));
    const r = await callTool("fetch_trend_signals", { limit: 1 }, { idToken: "t", functionsUrl: server.host });
    expect(r.envelope).toEqual(s.envelope);
    expect(server.requests[0]!.headers["x-nova-skill"]).toBeUndefined();
  });
});

describe("signInWithPassword", () => {
  it("posts email, password and returnSecureToken to the Auth emulator and returns the ID token", async () => {
    const u = await signInWithPassword("operator@acme.test", { authHost: server.host });
    expect(u).toEqual({
      email: "operator@acme.test",
      uid: "uid-operator@acme.test",
      idToken: "token-for-operator@acme.test",
    });
    const req = server.requests[0]!;
    expect(req.url).toBe("/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key");
    expect(JSON.parse(req.body)).toEqual({
      email: "operator@acme.test",
      password: "nova-dev-pass",
      returnSecureToken: true,
    });
  });

  it("fails clearly for an unknown user and an unreachable emulator", async () => {
    await expect(signInWithPassword("nobody@x.test", { authHost: server.host })).rejects.toBeInstanceOf(SignInError);
    await expect(signInWithPassword("operator@acme.test", { authHost: "127.0.0.1:9" })).rejects.toBeInstanceOf(
      UnreachableError,
    );
  });
});
