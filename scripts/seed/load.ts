/**
 * Writes the seed into a running Firestore emulator, and the Auth emulator's import files.
 *
 * loadSeed() refuses to run unless FIRESTORE_EMULATOR_HOST is set: it must never reach a real
 * project. writeAuthExport() is plain file output in the layout the Auth emulator imports
 * (firebase-tools lib/emulator/auth/index.js importData: config.json, then accounts*.json posted to
 * accounts:batchCreate; passwords as "fakeHash:salt=S:password=P", claims as a JSON string).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { PROJECT_ID, SEED_NOW_MS, type Seed, type SeedUser } from "./generate";

export const BATCH_SIZE = 400;

/** Dates become Firestore Timestamps, recursively; everything else is copied as is. */
export function toFirestoreValue(value: unknown): unknown {
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (Array.isArray(value)) return value.map(toFirestoreValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFirestoreValue(v)]));
  }
  return value;
}

/** Writes every document of the seed (set, not merge) into the emulator named by FIRESTORE_EMULATOR_HOST. */
export async function loadSeed(seed: Seed, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (!env.FIRESTORE_EMULATOR_HOST)
    throw new Error("loadSeed: FIRESTORE_EMULATOR_HOST is not set; refusing to write anywhere else");
  let app: App | undefined;
  try {
    app = initializeApp({ projectId: PROJECT_ID }, `nova-seed-${process.pid}-${SEED_NOW_MS}`);
    const db = getFirestore(app);
    let written = 0;
    for (let i = 0; i < seed.docs.length; i += BATCH_SIZE) {
      const batch = db.batch();
      for (const doc of seed.docs.slice(i, i + BATCH_SIZE)) {
        batch.set(db.doc(doc.path), toFirestoreValue(doc.data) as Record<string, unknown>);
      }
      await batch.commit();
      written += Math.min(BATCH_SIZE, seed.docs.length - i);
    }
    return written;
  } finally {
    if (app) await deleteApp(app);
  }
}

export function saltOf(user: SeedUser): string {
  return `fakeSaltNovaSeed-${user.uid}`;
}

/** One account in the shape the Auth emulator's accounts:batchGet exports and batchCreate imports. */
export function authAccount(user: SeedUser): Record<string, unknown> {
  const salt = saltOf(user);
  const created = String(SEED_NOW_MS - 30 * 24 * 3600 * 1000);
  const account: Record<string, unknown> = {
    localId: user.uid,
    email: user.email,
    emailVerified: true,
    displayName: user.displayName,
    passwordHash: `fakeHash:salt=${salt}:password=${user.password}`,
    salt,
    passwordUpdatedAt: Number(created),
    providerUserInfo: [
      {
        providerId: "password",
        email: user.email,
        federatedId: user.email,
        rawId: user.email,
        displayName: user.displayName,
      },
    ],
    validSince: String(Math.floor(Number(created) / 1000)),
    createdAt: created,
    lastLoginAt: created,
    disabled: false,
  };
  if (user.workspaceId !== undefined) account.customAttributes = JSON.stringify({ workspaceId: user.workspaceId });
  return account;
}

/** Writes DIR/accounts.json and DIR/config.json (DIR is the export's `auth_export` folder). */
export function writeAuthExport(users: readonly SeedUser[], dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const sorted = [...users].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const accounts = { kind: "identitytoolkit#DownloadAccountResponse", users: sorted.map(authAccount) };
  const config = { signIn: { allowDuplicateEmails: false }, emailPrivacyConfig: { enableImprovedEmailPrivacy: false } };
  const accountsFile = path.join(dir, "accounts.json");
  const configFile = path.join(dir, "config.json");
  fs.writeFileSync(accountsFile, `${JSON.stringify(accounts, null, 2)}\n`);
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  return [accountsFile, configFile];
}
