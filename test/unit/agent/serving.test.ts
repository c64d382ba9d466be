import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AskError, parseAskInput } from "../../../agent/src/ask";
import { ServingConfigError, servingConfig } from "../../../agent/src/config";
import { callerOf } from "../../../agent/src/flow";
import { REPO_ROOT } from "../../../scripts/emulators/locate";

const AGENT = join(REPO_ROOT, "agent");
const dotenv = (file: string) =>
  Object.fromEntries(
    readFileSync(join(AGENT, file), "utf8")
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

describe("servingConfig: a production deploy refuses a script model", () => {
  const emulator = { FUNCTIONS_EMULATOR: "true", GCLOUD_PROJECT: "demo-nova" };

  it("agent/.env.local serves the script model on the emulators, against the Functions emulator's port", () => {
    const cfg = servingConfig({ ...emulator, ...dotenv(".env"), ...dotenv(".env.local") }, AGENT);
    expect(cfg.model).toEqual({ kind: "script", path: join(AGENT, "models", "seeded.mjs") });
    expect(cfg.modelName).toBe("script/seeded");
    const firebase = JSON.parse(readFileSync(join(REPO_ROOT, "firebase.json"), "utf8"));
    expect(cfg.functionsUrl).toBe(`http://127.0.0.1:${firebase.emulators.functions.port}`);
  });

  it("agent/.env (what a deploy reads) names a provider model and derives the tools' URL from the project", () => {
    const cfg = servingConfig({ GCLOUD_PROJECT: "nova-prod-1", ...dotenv(".env") }, AGENT);
    expect(cfg.model.kind).toBe("vertexai");
    expect(cfg.functionsUrl).toBe("https://us-central1-nova-prod-1.cloudfunctions.net");
  });

  it.each([
    [
      "a script model outside the emulators",
      { GCLOUD_PROJECT: "p", NOVA_MODEL: "script:models/seeded.mjs" },
      /script model/,
    ],
    [
      "a script model on the emulators against remote tools",
      { ...emulator, NOVA_MODEL: "script:m.mjs", NOVA_FUNCTIONS_URL: "https://us-central1-p.cloudfunctions.net" },
      /script model/,
    ],
    [
      "the wire double outside the emulators",
      { GCLOUD_PROJECT: "p", NOVA_MODEL: "googleai/gemini-2.5-flash", NOVA_GEMINI_BASE_URL: "http://127.0.0.1:7777" },
      /emulators only/,
    ],
    ["no model", { GCLOUD_PROJECT: "p" }, /NOVA_MODEL is not set/],
    ["an unknown provider", { GCLOUD_PROJECT: "p", NOVA_MODEL: "openai/gpt" }, /NOVA_MODEL: --model must be/],
  ])("refuses %s", (_n, env, message) => {
    expect(() => servingConfig(env, AGENT)).toThrow(ServingConfigError);
    expect(() => servingConfig(env, AGENT)).toThrow(message);
  });

  it("the built codebase refuses to load with a script model outside the emulators (what firebase deploy runs)", async () => {
    const { spawnSync } = await import("node:child_process");
    const r = spawnSync(process.execPath, ["-e", 'require("./lib/index.js")'], {
      cwd: AGENT,
      encoding: "utf8",
      env: { PATH: process.env.PATH, GCLOUD_PROJECT: "nova-prod-1", NOVA_MODEL: "script:models/seeded.mjs" },
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("is a script model: it runs only on the emulators");
  });
});

describe("parseAskInput: strict, 1 to 2,000 code points after trimming", () => {
  it.each([
    [{ question: "  What is trending?  " }, { question: "What is trending?" }],
    [
      { question: "x", purpose: "submission" },
      { question: "x", purpose: "submission" },
    ],
    [{ question: "🙂".repeat(2000) }, { question: "🙂".repeat(2000) }],
  ])("accepts %j", (input, want) => expect(parseAskInput(input)).toEqual(want));

  it.each([
    [{ question: "" }, /question: question must be 1 to 2000/],
    [{ question: " \n\t " }, /question must be 1 to 2000/],
    [{ question: "🙂".repeat(2001) }, /question must be 1 to 2000/],
    [{ question: "x", workspaceId: "globex" }, /unknown key "workspaceId"/],
    [{ question: "x", purpose: "publish" }, /purpose/],
    [{ question: 42 }, /question/],
    [null, /input/],
    ["What is trending?", /input/],
  ])("refuses %j with INVALID_ARGUMENT in the catalog shape", (input, message) => {
    let err: unknown;
    try {
      parseAskInput(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AskError);
    const e = err as AskError;
    expect(e.code).toBe("invalid-argument");
    expect(e.details).toMatchObject({ code: "INVALID_ARGUMENT", category: "validation", retryable: false });
    expect(e.message).toMatch(message);
  });
});

describe("callerOf: only a verified caller with a raw ID token", () => {
  it("UNAUTHENTICATED without auth or without the raw token", () => {
    for (const ctx of [
      undefined,
      {},
      { auth: { uid: "u1", token: {} } },
      { auth: { uid: "u1", token: {}, rawToken: "" } },
    ]) {
      expect(() => callerOf(ctx)).toThrow(AskError);
      try {
        callerOf(ctx);
      } catch (e) {
        expect((e as AskError).code).toBe("unauthenticated");
        expect((e as AskError).details).toMatchObject({ code: "UNAUTHENTICATED", category: "authorization" });
      }
    }
    expect(callerOf({ auth: { uid: "u1", token: {}, rawToken: "t" } }).rawToken).toBe("t");
  });
});
