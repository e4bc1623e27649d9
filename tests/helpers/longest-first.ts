import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Lanes in the order they start: the browser and fault files take longest (docs/decisions/035-test-lanes.md). */
const LANES = ["tests/e2e/", "tests/faults/", "tests/ops/", "tests/api/", "tests/unit/"];

/**
 * Files that mostly wait on real timers (presence TTLs, an idle poll, a bus's retries) and are
 * small: sorted by size they came last in their lanes, and the idle poll's 12 s ended the run with
 * one worker waiting and the other done. First in their lanes, their waits overlap the lane's
 * other files (docs/decisions/068-suite-order-and-workers.md).
 */
const WAITING = [
  "tests/api/presence.test.ts",
  "tests/api/long-poll-idle.test.ts",
  "tests/api/server-process.test.ts",
  "tests/unit/realtime-bus.test.ts",
];

const laneOf = (spec: TestSpecification) => {
  const lane = LANES.findIndex((folder) => spec.moduleId.includes(`/${folder}`));
  return lane === -1 ? LANES.length : lane;
};

const waitsFirst = (spec: TestSpecification) => (WAITING.some((file) => spec.moduleId.endsWith(`/${file}`)) ? 0 : 1);

/**
 * Starts the slow lanes first, and in a lane its waiting files, then its larger files, so no
 * worker is left running a long file alone at the end while the other idles. The same order on
 * every machine: CI's fresh clone has no timings of earlier runs to sort by.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const size = new Map(files.map((spec) => [spec, statSync(spec.moduleId).size]));
    return [...files].sort((a, b) => laneOf(a) - laneOf(b) || waitsFirst(a) - waitsFirst(b) || size.get(b)! - size.get(a)!);
  }
}
