/**
 * `npm run bench`: every benchmark in turn, each in its own process (they pin their servers and
 * load generators to CPUs themselves). Benchmarks print ratios; nothing here passes or fails.
 * `bun bench/run.ts ws-fanout` runs only the named ones.
 */
import { join } from "node:path";

const BENCHMARKS = [
  { name: "http", file: "http.ts", needs: "wrk" },
  { name: "ws-fanout", file: "ws-fanout.ts" },
  { name: "page-load", file: "page-load.ts", needs: "chromium" },
  { name: "page-render", file: "page-render.ts" },
  { name: "long-poll-delivery", file: "long-poll-delivery.ts" },
  { name: "ws-memory", file: "ws-memory.ts" },
  { name: "flat-reads", file: "flat-reads.ts" },
  { name: "suggestions", file: "suggestions.ts" },
];

const wanted = process.argv.slice(2);
for (const bench of BENCHMARKS) {
  if (wanted.length > 0 && !wanted.includes(bench.name)) continue;
  if (bench.needs && !Bun.which(bench.needs)) {
    console.log(`\nskipping ${bench.name}: needs ${bench.needs}`);
    continue;
  }
  console.log(`\n== ${bench.name} ==`);
  const child = Bun.spawn([process.execPath, join(import.meta.dir, bench.file)], { stdout: "inherit", stderr: "inherit" });
  const code = await child.exited;
  if (code !== 0) console.log(`${bench.name} exited with ${code}`);
}
