import { createServer } from "node:net";

/** The real entry point as `npm start` runs it, in its own process, for tests that kill, stop or starve it. */
export interface ServerProcess {
  child: ReturnType<typeof Bun.spawn>;
  url: string;
  port: number;
  /** Everything the process printed on stdout so far. */
  output(): string;
  /** Everything it printed on stderr (warnings and errors), kept out of the test run's own output. */
  errors(): string;
  inviteCode: string | undefined;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals | number): Promise<number | null>;
}

/** A port nobody listens on right now (the kernel picks it, so parallel test files never collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The invite code is printed last at start: the server is serving then. */
const READY = /invite code: \S+\n/;

/**
 * Starts `bun src/server.ts` (or `command`, in `cwd`) with `env` and resolves once it printed its
 * invite code, or `ready` (it is serving then).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number; command?: string[]; cwd?: string; ready?: RegExp } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ready = options.ready ?? READY;
  const child = Bun.spawn(options.command ?? [process.execPath, "src/server.ts"], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let printed = "";
  let warned = "";
  const collect = async (stream: ReadableStream<Uint8Array>, add: (text: string) => void) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) add(decoder.decode(chunk, { stream: true }));
  };
  const pump = Promise.all([collect(child.stdout, (text) => (printed += text)), collect(child.stderr, (text) => (warned += text))]);
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (!ready.test(printed) && Date.now() < deadline && child.exitCode === null) await Bun.sleep(20);
  if (!ready.test(printed)) {
    child.kill(9);
    throw new Error(`server did not start (exit ${child.exitCode}): ${printed}${warned}`);
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => printed,
    errors: () => warned,
    inviteCode: printed.match(/Registration invite code: (\S+)/)?.[1],
    async stop(signal: NodeJS.Signals | number = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await child.exited;
      await pump.catch(() => {});
      return code;
    },
  };
}
