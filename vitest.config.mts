import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "emulator",
          include: ["test/emulator/**/*.test.ts"],
          // Fault and load tests start their own suites and take minutes: `npm run test:faults`.
          exclude: [...configDefaults.exclude, "test/emulator/faults/**"],
          environment: "node",
          // One emulator suite for all files, started once and stopped on every exit path.
          globalSetup: ["test/emulator/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
