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

const BROWSER_LANE = LANES.indexOf("tests/e2e/");
const FAULT_LANE = LANES.indexOf("tests/faults/");

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
    const sorted = [...files].sort((a, b) => laneOf(a) - laneOf(b) || waitsFirst(a) - waitsFirst(b) || size.get(b)! - size.get(a)!);
    return dealFaultsAmongBrowserFiles(sorted);
  }
}

/**
 * The fault files mostly wait on servers of their own, and browser files keep both cores busy: a
 * fault file dealt in every so often lets the other worker's Chromium have the CPU meanwhile,
 * where run together at the end of the browser lane their waits left both cores half idle.
 */
function dealFaultsAmongBrowserFiles(sorted: TestSpecification[]): TestSpecification[] {
  const faults = sorted.filter((spec) => laneOf(spec) === FAULT_LANE);
  const browser = sorted.filter((spec) => laneOf(spec) === BROWSER_LANE);
  const rest = sorted.filter((spec) => laneOf(spec) !== FAULT_LANE && laneOf(spec) !== BROWSER_LANE);
  const dealt: TestSpecification[] = [];
  const every = browser.length / Math.max(1, faults.length);
  browser.forEach((spec, index) => {
    dealt.push(spec);
    if (faults.length > 0 && (index + 1) % Math.max(1, Math.round(every)) === 0) dealt.push(faults.shift()!);
  });
  return [...dealt, ...faults, ...rest];
}
