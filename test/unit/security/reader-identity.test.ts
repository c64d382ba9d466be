import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  EMULATOR_READER_CLAIM,
  EMULATOR_READER_UID,
  emulatorReaderSettings,
  emulatorReaderToken,
} from "../../../functions/src/store/firestore";
import { REPO_ROOT } from "../../../scripts/emulators/locate";
import { PROJECT_ID } from "../../../scripts/emulators/suite";

/**
 * Layer 3 of docs/security.md, the parts that need no emulator: when the reader identity is used,
 * what its token says, and that firestore.rules names the same identity (the emulator test
 * test/emulator/reader-identity.test.ts shows the rules then allow its reads and refuse its writes).
 */
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;

describe("the emulator reader identity", () => {
  it("is used on the emulator binding only", () => {
    expect(emulatorReaderSettings({})).toBeNull();
    expect(emulatorReaderSettings({ GCLOUD_PROJECT: "nova-prod" })).toBeNull();
    expect(emulatorReaderSettings({ FUNCTIONS_EMULATOR: "true", GCLOUD_PROJECT: PROJECT_ID })).not.toBeNull();
    expect(
      emulatorReaderSettings({ FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080", GCLOUD_PROJECT: PROJECT_ID }),
    ).not.toBeNull();
    expect(() => emulatorReaderSettings({ FUNCTIONS_EMULATOR: "true" })).toThrow(/GCLOUD_PROJECT/);
  });

  it("is an unsigned token for the fixed uid, with the reader claim, for the demo project", () => {
    const now = Date.UTC(2026, 10, 30);
    const auth = emulatorReaderSettings({ FUNCTIONS_EMULATOR: "true", GCLOUD_PROJECT: PROJECT_ID }, now)!.customHeaders
      .Authorization;
    expect(auth).toBe(`Bearer ${emulatorReaderToken(PROJECT_ID, now)}`);
    const [header, payload, signature] = auth.slice("Bearer ".length).split(".");
    expect(decode(header!)).toEqual({ alg: "none", typ: "JWT" });
    expect(signature).toBe("");
    expect(decode(payload!)).toMatchObject({
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      sub: EMULATOR_READER_UID,
      iat: now / 1000,
      [EMULATOR_READER_CLAIM]: true,
    });
    expect((decode(payload!).exp as number) > now / 1000).toBe(true);
  });

  it("is the identity firestore.rules grants reads to, and only on the demo project's audience", () => {
    // Comments out: they may name what the rules do not do.
    const rules = readFileSync(join(REPO_ROOT, "firestore.rules"), "utf8").replace(/\/\/.*$/gm, "");
    const fn = /function emulatorReader\(\) \{([\s\S]*?)\n {4}\}/.exec(rules)?.[1] ?? "";
    expect(fn).toContain(`request.auth.uid == '${EMULATOR_READER_UID}'`);
    expect(fn).toContain(`request.auth.token.get('${EMULATOR_READER_CLAIM}', false) == true`);
    expect(fn).toContain(`request.auth.token.get('aud', '') == '${PROJECT_ID}'`);
    // It appears in read rules only: no rule in the file allows any write.
    expect(rules).not.toMatch(/allow[^:;]*\b(write|create|update|delete)\b/);
    expect(rules.match(/emulatorReader\(\)/g)).toHaveLength(2); // its definition and one `allow get, list`
  });
});
