import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    // Browser checks poll for what a person would see; under a loaded 2-core CI a second is too short.
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});
