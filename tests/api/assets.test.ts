import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAssets, PUBLIC_DIR } from "../../src/assets";

const REBUILDS = 15;

describe("island assets", () => {
  it("are never served half-written while another instance rebuilds them at start", async () => {
    const assets = await loadAssets();
    const files = [assets.script, assets.style].map((url) => join(PUBLIC_DIR, url));
    const expected = files.map((file) => readFileSync(file, "utf8"));
    // A second server starting beside this one rebuilds the same hashed files into the same folder.
    const rebuilder = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { buildAssets } = await import("./src/assets.ts"); for (let i = 0; i < ${REBUILDS}; i++) await buildAssets();`,
      ],
      { stdout: "ignore", stderr: "inherit" },
    );
    let reads = 0;
    let torn = 0;
    while (rebuilder.exitCode === null) {
      for (const [i, file] of files.entries()) {
        reads++;
        if (readFileSync(file, "utf8") !== expected[i]) torn++;
      }
      await Bun.sleep(0);
    }
    expect(await rebuilder.exited).toBe(0);
    expect(reads).toBeGreaterThan(100);
    expect(torn).toBe(0);
  });
});
