import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Lanes in the order they start: the browser and fault files take longest (docs/decisions/035-test-lanes.md). */
const LANES = ["tests/e2e/", "tests/faults/", "tests/ops/", "tests/api/", "tests/unit/"];

const laneOf = (spec: TestSpecification) => {
  const lane = LANES.findIndex((folder) => spec.moduleId.includes(`/${folder}`));
  return lane === -1 ? LANES.length : lane;
};

/**
 * Starts the slow lanes first, the larger files of a lane first, so no worker is left running a
 * long browser file alone at the end while the other idles. The same order on every machine: CI's
 * fresh clone has no timings of earlier runs to sort by.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const size = new Map(files.map((spec) => [spec, statSync(spec.moduleId).size]));
    return [...files].sort((a, b) => laneOf(a) - laneOf(b) || size.get(b)! - size.get(a)!);
  }
}
