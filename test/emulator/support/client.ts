import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectFunctionsEmulator, getFunctions, httpsCallable } from "firebase/functions";
import { EnvelopeSchema, type Envelope } from "nova-contract";
import { PROJECT_ID, readPorts } from "../../../scripts/emulators/suite";
import { DEV_PASSWORD } from "../../../scripts/seed/generate";

export const PASSWORD = DEV_PASSWORD;
const ports = readPorts();
const apps: FirebaseApp[] = [];
let counter = 0;

/**
 * A caller through the official client SDK: signed in as a seeded user (or not at all), calling
 * tools with httpsCallable over the callable protocol, exactly as a client would.
 */
export interface Caller {
  call(tool: string, data?: unknown): Promise<Envelope>;
  idToken(): Promise<string | null>;
}

/** One caller per email (null: not signed in), in the same order, typed as a tuple for destructuring. */
export function callersAs<const E extends readonly (string | null)[]>(
  emails: E,
): Promise<{ -readonly [K in keyof E]: Caller }> {
  return Promise.all(emails.map(callerAs)) as Promise<{ -readonly [K in keyof E]: Caller }>;
}

/**
 * A Firebase JS SDK app signed in as a seeded user (null: not signed in), its Auth and Functions
 * clients on the suite's emulators, as an operator's web app would be. closeCallers deletes it.
 */
export async function signedInApp(email: string | null) {
  const app = initializeApp(
    { projectId: PROJECT_ID, apiKey: "fake-api-key", appId: "nova-test" },
    `caller-${++counter}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const user = email ? (await signInWithEmailAndPassword(auth, email, PASSWORD)).user : null;
  const functions = getFunctions(app, "us-central1");
  connectFunctionsEmulator(functions, "127.0.0.1", ports.functions);
  return { auth, user, functions };
}

export async function callerAs(email: string | null): Promise<Caller> {
  const { auth, functions } = await signedInApp(email);
  return {
    async call(tool, data) {
      const result = await httpsCallable(functions, tool)(data);
      // Every answer must be a valid envelope: parse, but return the raw object as the wire gave it.
      EnvelopeSchema.parse(result.data);
      return result.data as Envelope;
    },
    async idToken() {
      return (await auth.currentUser?.getIdToken()) ?? null;
    },
  };
}

export async function closeCallers(): Promise<void> {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
}

/** A raw callable-protocol POST, for requests the SDK cannot make (bad tokens, custom headers). */
export async function rawCall(
  tool: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${ports.functions}/${PROJECT_ID}/us-central1/${tool}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
