import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createItem, createList, LONG_FAULTS, signUp } from "../helpers/fault-load";
import { startServerProcess } from "../helpers/server-process";
import { BUSY_WAIT_MS } from "../../src/store/sqlite";

/**
 * Another process holding SQLite's write lock used to stall every request,
 * even pages that need no write, because the write waiting for the lock slept inside SQLite and
 * stopped the event loop; the write then got a generic 500. Now a write waits for the lock without
 * blocking, then answers 503 with Retry-After, and everything else keeps being served.
 */
/**
 * The longest the other process holds the lock: twice the server's wait for it. The test lets it
 * go as soon as every request was answered; a request that waits for the lock to end is answered
 * only after this, and fails the check that it was answered during the lock.
 */
const LOCK_MS = 2 * BUSY_WAIT_MS;
/** Requests of each kind sent while the lock is held; the long form sends more. */
const EACH = LONG_FAULTS ? 10 : 1;

/** A second process holding BEGIN IMMEDIATE on the file, as a backup tool or a stray sqlite3 shell would. */
function holdWriteLock(path: string) {
  const script = `
    const { Database } = require("bun:sqlite");
    const db = new Database(process.env.LOCK_DB);
    db.exec("BEGIN IMMEDIATE");
    console.log("locked");
    const release = () => { db.exec("ROLLBACK"); db.close(); console.log("released"); process.exit(0); };
    setTimeout(release, Number(process.env.LOCK_MS));
    process.stdin.on("data", release);
  `;
  const child = Bun.spawn([process.execPath, "-e", script], {
    env: { ...process.env, LOCK_DB: path, LOCK_MS: String(LOCK_MS) },
    stdin: "pipe",
    stdout: "pipe",
  });
  let printed = "";
  const state = { locked: false, released: false };
  const seen = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      printed += decoder.decode(chunk);
      state.locked = printed.includes("locked");
      state.released = printed.includes("released");
    }
    state.released = true;
  })();
  return {
    state,
    async locked() {
      while (!state.locked && child.exitCode === null) await Bun.sleep(5);
      if (!state.locked) throw new Error(`the lock holder exited: ${printed}`);
    },
    /** Lets the lock go now, if it is still held. */
    release() {
      child.stdin.write("release\n");
      child.stdin.flush();
      return seen.then(() => child.exited);
    },
  };
}

interface Timed {
  what: string;
  status: number;
  retryAfter: string | null;
  body: string;
  /** Whether the other process still held the lock when the answer arrived. */
  duringLock: boolean;
}

describe("a foreign process holding the SQLite write lock", () => {
  it(
    "keeps pages and reads answering during it, answers writes 503 with Retry-After (none hangs), and writes again after it",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "listwell-lock-"));
      const path = join(dir, "listwell.db");
      const server = await startServerProcess({ DATABASE_URL: path, INVITE_CODE: "lock" });
      try {
        const owner = await signUp(server, "owner");
        const list = await createList(owner, "Locked out");
        await createItem(owner, list.id, "Before the lock");

        const lock = holdWriteLock(path);
        await lock.locked();
        const call = async (what: string, method: string, path: string, body?: unknown): Promise<Timed> => {
          const headers: Record<string, string> = { cookie: owner.cookie };
          if (body !== undefined) headers["content-type"] = "application/json";
          const response = await fetch(server.url + path, {
            method,
            headers,
            redirect: "manual",
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await response.text();
          return {
            what,
            status: response.status,
            retryAfter: response.headers.get("retry-after"),
            body: text,
            duringLock: !lock.state.released,
          };
        };
        // Writes first, so with the old code they would be the ones stopping everything behind them.
        const writes = Array.from({ length: 4 * EACH }, (_, n) =>
          call("write", "POST", "/api/tasks", { listId: list.id, title: `During the lock ${n}` }),
        );
        await Bun.sleep(50);
        const reads = Array.from({ length: EACH }).flatMap(() => [
          call("auth page", "GET", "/auth"),
          call("home page", "GET", "/"),
          call("user", "GET", "/api/user"),
          call("list read", "GET", `/api/tasks?listId=${list.id}`),
        ]);
        const answered = await Promise.all([...reads, ...writes]);
        await lock.release();
        const after = await call("write after", "POST", "/api/tasks", { listId: list.id, title: "After the lock" });

        const stalled = answered.filter((answer) => !answer.duringLock);
        console.log(
          `foreign lock: ${stalled.length} of ${answered.length} requests stalled until the lock was released; statuses ${answered.map((a) => `${a.what} ${a.status}`).join(", ")}`,
        );
        // Asked after the writes and answered while the other process still held the lock.
        const readAnswers = answered.slice(0, reads.length);
        expect(readAnswers.every((answer) => answer.duringLock)).toBe(true);
        // /auth sends a signed-in person home; the rest is served.
        expect(readAnswers.map((answer) => answer.status)).toEqual(Array.from({ length: EACH }).flatMap(() => [302, 200, 200, 200]));
        // Every write was answered while the lock was still held: none waited for it to end.
        for (const answer of answered.slice(reads.length)) {
          expect(answer.duringLock).toBe(true);
          if (answer.status !== 201) {
            expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
            expect(JSON.parse(answer.body)).toMatchObject({ error: "DATABASE_BUSY", message: expect.stringContaining("busy") });
          }
        }
        expect(after.status).toBe(201);
        const titles = ((await owner.expect<Array<{ title: string }>>(200, "GET", `/api/tasks?listId=${list.id}`)) ?? []).map(
          (task) => task.title,
        );
        expect(titles).toEqual([
          "Before the lock",
          ...answered
            .slice(reads.length)
            .filter((a) => a.status === 201)
            .map((a) => JSON.parse(a.body).title),
          "After the lock",
        ]);
      } finally {
        await server.stop(9);
      }
    },
    LONG_FAULTS ? 120_000 : 60_000,
  );
});
