import { defineConfig } from "vitest/config";

/**
 * Fault injection and load, end to end (`npm run test:faults`, after `npm test` in CI). Each file
 * starts its own emulator suite (the fault file puts a TCP proxy in front of Firestore), so there
 * is no global setup, and files run one at a time on the shared emulator ports.
 */
export default defineConfig({
  test: {
    name: "faults",
    include: ["test/emulator/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
