/**
 * The caller's context for the Genkit CLI's `--context`: what onCallGenkit hands nova_ask for a
 * signed-in caller (firebase-functions' AuthData: uid, the ID token's claims, the raw token), for a
 * seeded user signed in on the Auth emulator. The flow calls the tools with `rawToken`, and the
 * tools verify it themselves; uid and claims only name the caller in the invocation record.
 *
 *   npx genkit flow:run nova_ask '{"question":"What is trending?"}' \
 *     --context "$(npm run -s genkit:context -- viewer@acme.test)" -- npx tsx agent/src/dev.ts
 */
import { signInWithPassword } from "nova-tools";

export interface CallerContext {
  auth: { uid: string; token: Record<string, unknown>; rawToken: string };
}

/** The context for an ID token: its claims, read from its payload as the callable's verified token carries them. */
export function callerContext(idToken: string): CallerContext {
  const payload = idToken.split(".")[1];
  if (!payload) throw new Error("not a JWT: an ID token has three dot-separated parts");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  if (typeof claims.sub !== "string") throw new Error("the ID token has no subject");
  return { auth: { uid: claims.sub, token: { ...claims, uid: claims.sub }, rawToken: idToken } };
}

async function main(argv: string[]) {
  const email = argv[0];
  if (!email || argv.length > 1) throw new Error("usage: npm run -s genkit:context -- EMAIL (a seeded user)");
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const user = await signInWithPassword(email, authHost ? { authHost } : {});
  process.stdout.write(`${JSON.stringify(callerContext(user.idToken))}\n`);
}

if (require.main === module)
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`genkit:context: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
