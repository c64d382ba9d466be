import { EMULATOR_API_KEY, SEEDED_PASSWORD, authEmulatorBase } from "./config";
import { SignInError, UnreachableError, describeFetchFailure } from "./errors";

export interface SignInOptions {
  /** Auth emulator host ("127.0.0.1:9099") or URL. */
  authHost?: string;
  password?: string;
  fetch?: typeof fetch;
}

export interface SignedInUser {
  email: string;
  uid: string;
  idToken: string;
}

/**
 * Signs a seeded emulator user in by email and password through the Auth emulator's REST API
 * (accounts:signInWithPassword) and returns its Firebase ID token. Seeded users share the password
 * `nova-dev-pass`.
 */
export async function signInWithPassword(email: string, opts: SignInOptions = {}): Promise<SignedInUser> {
  const doFetch = opts.fetch ?? fetch;
  const url = `${authEmulatorBase(opts.authHost)}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${EMULATOR_API_KEY}`;
  let res: Response;
  try {
    res = await doFetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: opts.password ?? SEEDED_PASSWORD, returnSecureToken: true }),
    });
  } catch (err) {
    throw new UnreachableError(`the Auth emulator at ${authEmulatorBase(opts.authHost)}`, describeFetchFailure(err));
  }
  const text = await res.text();
  let body: { idToken?: unknown; localId?: unknown; error?: { message?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new SignInError(email, `the Auth emulator answered HTTP ${res.status} with a body that is not JSON`);
  }
  if (!res.ok || typeof body.idToken !== "string") {
    const reason = typeof body.error?.message === "string" ? body.error.message : `HTTP ${res.status}`;
    const hint = /EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD|USER_DISABLED/.test(reason)
      ? " (is this a seeded emulator user?)"
      : "";
    throw new SignInError(email, `${reason}${hint}`);
  }
  return { email, uid: typeof body.localId === "string" ? body.localId : "", idToken: body.idToken };
}
