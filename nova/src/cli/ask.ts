import { NovaClientError, ProtocolError, UnreachableError, hostsFromEnv, signInWithPassword } from "../client";
import {
  DEFAULT_MAX_REASKS,
  ModelChoiceError,
  NovaModelError,
  genkitFor,
  parseModelChoice,
  quietGenkitLogs,
  runNova,
} from "../runtime";
import { formatJson } from "./json";
import { ASK_USAGE } from "./usage";
import { parseCommand, purposeOption, UsageError, type Io } from "./io";

/** A host on this machine: what a script model may run against (the emulators). */
function isLoopback(hostOrUrl: string): boolean {
  const withScheme = /^https?:\/\//i.test(hostOrUrl.trim()) ? hostOrUrl.trim() : `http://${hostOrUrl.trim()}`;
  const host = new URL(withScheme).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

export async function askCommand(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(argv, ["as", "password", "model", "purpose", "max-reasks"], ASK_USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const [question, ...extra] = positionals;
  if (!question?.trim()) throw new UsageError("missing QUESTION", ASK_USAGE);
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]} (quote the question)`, ASK_USAGE);
  if (!values.as)
    throw new UsageError("missing --as EMAIL (a seeded emulator user, e.g. operator@acme.test)", ASK_USAGE);
  if (!values.model)
    throw new UsageError("missing --model MODEL (script:PATH, googleai/MODEL or vertexai/MODEL)", ASK_USAGE);
  const purpose = purposeOption(values.purpose, ASK_USAGE);
  const reasksText = values["max-reasks"] ?? String(DEFAULT_MAX_REASKS);
  if (!/^\d{1,3}$/.test(reasksText))
    throw new UsageError(`--max-reasks must be a whole number from 0 to 999, got "${reasksText}"`, ASK_USAGE);

  const { functionsUrl, authHost } = hostsFromEnv(io.env);
  quietGenkitLogs();
  try {
    const choice = parseModelChoice(values.model);
    if (choice.kind === "script" && !(isLoopback(functionsUrl) && isLoopback(authHost))) {
      throw new UsageError(
        `a script model runs only against the emulators; NOVA_FUNCTIONS_URL (${functionsUrl}) and FIREBASE_AUTH_EMULATOR_HOST (${authHost}) must be local`,
      );
    }
    const { ai, model } = await genkitFor(choice, io.env);
    const user = await signInWithPassword(values.as, {
      authHost,
      fetch: io.fetch,
      ...(values.password !== undefined ? { password: values.password } : {}),
    });
    const result = await runNova(ai, {
      question,
      model,
      idToken: user.idToken,
      functionsUrl,
      purpose,
      maxReasks: Number(reasksText),
      ...(io.fetch ? { fetch: io.fetch } : {}),
    });
    const { invocationId, answer, ledger, validation, attempts, fallback } = result;
    io.stdout(
      formatJson({
        invocationId,
        answer,
        ledger,
        validation: { valid: validation.valid, violations: validation.violations },
        attempts,
        fallback,
      }) + "\n",
    );
    return fallback ? 1 : 0;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if (err instanceof ModelChoiceError) throw new UsageError(err.message, ASK_USAGE);
    if (err instanceof ProtocolError) throw new UsageError(err.message);
    if (err instanceof UnreachableError)
      throw new UsageError(`${err.message} (is the emulator suite running? npm start)`);
    if (err instanceof NovaClientError) throw new UsageError(err.message);
    // Our own short message: the provider's body, the request and the key stay out of it.
    if (err instanceof NovaModelError) throw new UsageError(`no invocation could run: ${err.message}`);
    throw new UsageError(`no invocation could run: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
  }
}
