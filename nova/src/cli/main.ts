import { UsageError, type Io } from "./io";
import { MAIN_USAGE } from "./usage";
import { validateCommand } from "./validate";

export { formatJson } from "./json";
export { UsageError, type Io } from "./io";

const processIo = (): Io => ({
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
});

/** Runs `nova-tools` and resolves with the exit status (0, 1 or 2). */
export async function run(argv: string[], io: Io = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "validate":
        return validateCommand(rest, io);
      // Each loaded on demand: the Firebase client SDK (call) takes about 90 ms to load and Genkit (ask) most of
      // a second, and validate, the command operators and checks run most, needs neither.
      case "call":
        return await (await import("./call.js")).callCommand(rest, io);
      case "ask":
        return await (await import("./ask.js")).askCommand(rest, io);
      case "-h":
      case "--help":
      case "help":
        io.stdout(MAIN_USAGE);
        return 0;
      case undefined:
        throw new UsageError("missing command", MAIN_USAGE);
      default:
        throw new UsageError(`unknown command "${command}"`, MAIN_USAGE);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`nova-tools: ${err.message}\n${err.usage ? `\n${err.usage}` : ""}`);
      return 2;
    }
    io.stderr(`nova-tools: unexpected failure: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}
