import { startSuite } from "./suite";

/** `npm start`: the emulator suite in the foreground until Ctrl-C, which stops all it started. */
async function main() {
  const suite = await startSuite({ echo: true });
  process.stderr.write(
    `\nEmulators running (Auth ${suite.ports.auth}, Firestore ${suite.ports.firestore}, Functions ${suite.ports.functions}). Ctrl-C stops them.\n`,
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write("\nStopping the emulators...\n");
    await suite.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
