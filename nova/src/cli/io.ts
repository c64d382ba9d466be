import { parseArgs } from "node:util";
import { PURPOSES, type Purpose } from "../validator/types";

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
}

/** Wrong arguments or unusable input: message on stderr, exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** A command's arguments: its string options by name, and its positionals. */
export interface CommandArgs {
  readonly values: Readonly<Record<string, string | undefined>>;
  readonly positionals: string[];
}

/**
 * Parses a command's arguments the way every nova-tools command takes them: string options, -h or
 * --help, nothing unknown. A parse failure is a UsageError with the usage; null means the usage was
 * printed for --help (exit 0).
 */
export function parseCommand(
  argv: string[],
  options: readonly string[],
  usage: string,
  io: Io,
  allowPositionals = true,
): CommandArgs | null {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(options.map((name) => [name, { type: "string" as const }])),
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals,
    });
  } catch (err) {
    throw new UsageError((err as Error).message, usage);
  }
  if (parsed.values.help) {
    io.stdout(usage);
    return null;
  }
  return { values: parsed.values as Record<string, string | undefined>, positionals: parsed.positionals };
}

/** The --purpose option of validate and ask: chat (the default) or submission. */
export function purposeOption(value: string | undefined, usage: string): Purpose {
  const purpose = value ?? "chat";
  if (!(PURPOSES as readonly string[]).includes(purpose))
    throw new UsageError(`--purpose must be chat or submission, got "${purpose}"`, usage);
  return purpose as Purpose;
}
