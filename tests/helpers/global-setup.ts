import type { TestProject } from "vitest/node";
import { buildAssets } from "../../src/assets";
import { startTestRun } from "./test-run";

/**
 * Bundles the islands and migrates one template database per dialect, once for the whole run;
 * every test app copies a template and every browser test serves this build.
 */
export default async function setup(project: TestProject) {
  const [, { run, end }] = await Promise.all([buildAssets(), startTestRun()]);
  project.provide("testRun", run);
  return end;
}
