import { buildAssets } from "../../src/assets";

/** Bundles the islands once for the whole run; every test app and browser test serves this build. */
export default async function setup() {
  await buildAssets();
}
