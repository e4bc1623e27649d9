import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/helpers/longest-first";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // One argon2id hash per password per worker, not one per registration (docs/decisions/041-suite-time.md).
    setupFiles: ["tests/helpers/password-hashes.ts"],
    testTimeout: 30_000,
    // Browser checks poll for what a person would see. On a 2-core CI with two Chromiums busy, a
    // server's answer and the toast after it took over 5 s now and then (CI's Reset failure);
    // a check that never holds still fails, 10 s later.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // One process per worker for all its files, not one per file: a third of the wall time on
    // unit + API (docs/decisions/035-test-lanes.md). Tests share no state but what they make.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});
