import { startSuite, type RunningSuite } from "../../scripts/emulators/suite";

let suite: RunningSuite | undefined;

/** Starts the emulator suite once for the emulator tests; the teardown runs on failure too. */
export default async function setup(): Promise<() => Promise<void>> {
  suite = await startSuite({ logDir: ".emulators/test" });
  return async () => {
    await suite?.stop();
    suite = undefined;
  };
}
