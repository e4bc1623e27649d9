import { join } from "node:path";

/** What a benchmark server tells its driver once it is listening (one JSON line on stdout). */
export interface Target {
  port: number;
  cookie?: string;
  listId?: number;
  taskId?: number;
  /** Callers of their own, each with a session cookie and one item: keyed writes spread over them stay under each caller's key limit. */
  keyed?: Array<{ cookie: string; taskId: number }>;
}

/**
 * Starts `bench/<script> <mode>` of `tree` (this checkout, or another to compare with in the same
 * run) pinned to CPU 0 (when taskset exists) on `port` (0: any free one), and waits for its Target line.
 * `appTree` (BENCH_APP_TREE) has this tree's script serve another checkout's app, seeded the same way.
 */
export async function startTarget(
  script: string,
  mode: string,
  { tree = join(import.meta.dir, ".."), port = 0, appTree }: { tree?: string; port?: number; appTree?: string } = {},
) {
  const pin = Bun.which("taskset") ? ["taskset", "-c", "0"] : [];
  const child = Bun.spawn([...pin, process.execPath, join(tree, "bench", script), mode], {
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, BENCH_PORT: String(port), ...(appTree ? { BENCH_APP_TREE: appTree } : {}) },
  });
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${script} ${mode} exited before listening`);
    text += new TextDecoder().decode(value);
  }
  return { child, target: JSON.parse(text.split("\n")[0]!) as Target };
}
