import {
  Invocation,
  NovaClientError,
  ProtocolError,
  UnreachableError,
  callTool,
  hostsFromEnv,
  signInWithPassword,
} from "../client";
import { SKILLS, isSkillName, isToolName, skillAllows, TOOL_NAMES } from "../tools";
import { CALL_USAGE } from "./usage";
import { parseCommand, UsageError, type Io } from "./io";

function parseJsonArgs(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`JSON-ARGS is not valid JSON: ${(err as Error).message}`, CALL_USAGE);
  }
  if (value === null) return null;
  if (typeof value !== "object" || Array.isArray(value))
    throw new UsageError("JSON-ARGS must be a JSON object (or null)", CALL_USAGE);
  return value as Record<string, unknown>;
}

export async function callCommand(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(argv, ["as", "password", "skill"], CALL_USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const [tool, jsonArgs, ...extra] = positionals;
  if (!tool) throw new UsageError("missing TOOL", CALL_USAGE);
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`, CALL_USAGE);
  if (!isToolName(tool)) throw new UsageError(`unknown tool "${tool}"; tools: ${TOOL_NAMES.join(", ")}`);
  const args = parseJsonArgs(jsonArgs);
  if (values.skill !== undefined && !isSkillName(values.skill)) {
    throw new UsageError(`unknown skill "${values.skill}"; skills: ${Object.keys(SKILLS).join(", ")}`);
  }
  if (values.skill !== undefined && !skillAllows(values.skill as keyof typeof SKILLS, tool)) {
    // The same refusal the Invocation gives, before signing in: nothing is sent.
    throw new UsageError(
      `refused: tool ${tool} is outside skill "${values.skill}" (allowed: ${SKILLS[values.skill as keyof typeof SKILLS].join(", ")})`,
    );
  }
  if (!values.as)
    throw new UsageError("missing --as EMAIL (a seeded emulator user, e.g. operator@acme.test)", CALL_USAGE);

  const { functionsUrl, authHost } = hostsFromEnv(io.env);
  try {
    const user = await signInWithPassword(values.as, {
      authHost,
      fetch: io.fetch,
      ...(values.password !== undefined ? { password: values.password } : {}),
    });
    let envelope;
    if (values.skill !== undefined) {
      const invocation = new Invocation({ idToken: user.idToken, functionsUrl, fetch: io.fetch });
      invocation.loadSkill(values.skill);
      envelope = await invocation.call(tool, args);
    } else {
      envelope = (await callTool(tool, args, { idToken: user.idToken, functionsUrl, fetch: io.fetch })).envelope;
    }
    io.stdout(JSON.stringify(envelope) + "\n");
    // The call worked whatever the envelope says: scripts read its status, as Nova does.
    return 0;
  } catch (err) {
    if (err instanceof ProtocolError)
      throw new UsageError(
        `${err.message}${err.status === 404 ? ` (is ${tool} deployed on the functions emulator?)` : ""}`,
      );
    if (err instanceof UnreachableError)
      throw new UsageError(`${err.message} (is the emulator suite running? npm start)`);
    if (err instanceof NovaClientError) throw new UsageError(err.message);
    throw err;
  }
}
