/**
 * @module A checkout's own server for a benchmark: `bun src/server.ts` of the tree given (this one,
 * or another to compare with) on a fresh SQLite file in a folder of its own, counted as started
 * once its `/healthz` answers. The invite code is the server's name.
 */
import type { Subprocess } from "bun";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TreeServer {
  base: string;
  /** The SQLite file, for a benchmark that reads its tables. */
  file: string;
  /** The running server's process id, for a benchmark that reads its CPU time. */
  readonly pid: number | undefined;
  /** The running server's CPU time so far in µs (utime + stime, in clock ticks of 10 ms; Linux). */
  cpuMicros(): number;
  /** POSTs JSON as the same-origin page would; a refusal throws with its status and body. */
  post(path: string, body: unknown, cookie?: string): Promise<Response>;
  /** Registers `username` with the server's invite code; answers the session cookie to send. */
  signUp(username: string): Promise<string>;
  /** Starts the server (again, after `stop`, on the same file); settles once it answers. */
  start(): Promise<void>;
  /** Ends the server with `signal` and waits for it to exit. */
  stop(signal?: NodeJS.Signals | number): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

export function treeServer(tree: string, port: number, name: string, stderr: "inherit" | "ignore" = "inherit"): TreeServer {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `listwell-${name}-`));
  const file = join(dir, `${name}.db`);
  let child: Subprocess | undefined;
  const answers = () =>
    fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );

  async function stop(signal: NodeJS.Signals | number = "SIGTERM") {
    child?.kill(signal);
    await child?.exited;
    child = undefined;
  }

  async function post(path: string, body: unknown, cookie = "") {
    const response = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  return {
    base,
    file,
    get pid() {
      return child?.pid;
    },
    cpuMicros() {
      const fields = readFileSync(`/proc/${child!.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10_000;
    },
    post,
    async signUp(username) {
      const registered = await post("/api/register", { username, password: "bench-password", inviteCode: name });
      return registered.headers.get("set-cookie")!.split(";")[0]!;
    },
    async start() {
      child = Bun.spawn([process.execPath, "src/server.ts"], {
        cwd: tree,
        env: { ...process.env, DATABASE_URL: file, PORT: String(port), HOST: "127.0.0.1", INVITE_CODE: name, LOG_LEVEL: "error" },
        stdout: "ignore",
        stderr,
      });
      const deadline = Date.now() + 20_000;
      while (!(await answers())) {
        if (Date.now() > deadline) throw new Error(`the server of ${tree} did not start on port ${port}`);
        await Bun.sleep(20);
      }
    },
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
