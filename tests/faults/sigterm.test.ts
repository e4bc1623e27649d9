import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { answered, closeCode, createItem, createList, HttpClient, signIn, signUp, type Outcome } from "../helpers/fault-load";
import { TestSocket } from "../helpers/live";
import { startServerProcess } from "../helpers/server-process";

/**
 * SIGTERM used to reset open connections, so requests in flight got ECONNRESET and
 * toggles were applied without ever being answered. A stop must answer what it already took.
 */
const TOGGLES = 80;
const PAGE_READS = 40;

describe("SIGTERM under load", { concurrent: true }, () => {
  it("answers every request in flight, keeps every acknowledged toggle, answers the long-poll, closes the websocket with 1001 and exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-sigterm-"));
    const env = { DATABASE_URL: join(dir, "listwell.db"), INVITE_CODE: "sigterm" };
    const server = await startServerProcess(env);
    const owner = await signUp(server, "owner");
    const busy = await createList(owner, "Busy");
    const quiet = await createList(owner, "Quiet");
    const items: Task[] = [];
    for (let n = 0; n < TOGGLES; n++) items.push(await createItem(owner, busy.id, `Item ${n}`));

    const socket = await TestSocket.open(`${server.url.replace("http", "ws")}/ws`, { cookie: owner.cookie });
    expect((await socket.connect({ listId: busy.id })).type).toBe("connect");
    const socketClosed = closeCode(socket.ws);
    // The long-poll follows a list nobody changes, so it is still waiting when the signal comes.
    const { clientId } = await owner.expect<{ clientId: string }>(200, "POST", "/api/poll/connect", {});
    await owner.expect(200, "POST", "/api/poll/subscribe", { clientId, listId: quiet.id });
    const poll = owner.attempt<{ events: unknown[] }>("GET", `/api/poll/${clientId}`);
    await Bun.sleep(300);

    // Each toggle flips its own item once, from not done to done. Page renders keep the server busy,
    // so plenty is still in flight when the first answer comes back and the signal is sent.
    let firstAnswer!: () => void;
    const oneAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const track = <T>(outcome: Promise<Outcome<T>>) => outcome.finally(firstAnswer);
    const toggles = items.map((item) => track(owner.attempt<Task>("POST", `/api/tasks/${item.id}/toggle`)));
    const reads = Array.from({ length: PAGE_READS }, () =>
      track(new HttpClient(server.url).attempt<string>("GET", `/list/${busy.id}?shareId=${busy.shareId}`)),
    );
    await oneAnswered;
    const exited = server.stop("SIGTERM");

    const toggled = await Promise.all(toggles);
    const read = await Promise.all(reads);
    const lost = [...toggled, ...read].filter((outcome: Outcome<unknown>) => !answered(outcome));
    expect(lost, `requests in flight that got no answer; the server said:\n${server.output()}`).toEqual([]);
    expect(toggled.map((outcome) => answered(outcome) && outcome.status)).toEqual(items.map(() => 200));
    expect(toggled.map((outcome) => answered(outcome) && outcome.body.completed)).toEqual(items.map(() => true));
    expect(read.map((outcome) => answered(outcome) && outcome.status)).toEqual(read.map(() => 200));
    expect(await poll).toEqual({ status: 200, body: { events: [] } });
    expect(await socketClosed).toBe(1001);
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(
      /Stopped listening: \d+ request\(s\) were in flight, 1 websocket\(s\) closed\nStopped: event bus and database closed/,
    );

    const restarted = await startServerProcess(env);
    try {
      const after = await readAfterRestart(restarted.url, busy.id);
      // Every item was toggled once and every toggle was answered done: applied equals answered.
      expect(after.filter((task) => task.completed).length).toBe(TOGGLES);
    } finally {
      await restarted.stop();
    }
  });

  it("exits at once on a second signal while the first is still waiting for a request", async () => {
    const { server, hanging } = await startWithHangingRequest();
    server.child.kill("SIGTERM");
    await Bun.sleep(500);
    expect(server.child.exitCode, "the first signal waits for the request in flight").toBeNull();
    const exited = await server.stop("SIGTERM");
    expect(exited).not.toBe(0);
    expect(await hanging).toBe("lost");
    expect(server.output()).not.toMatch(/Stopped listening/);
  });

  it("gives up on a request that outlasts the 10 s grace period: cuts it off, says so, and still exits 0", {
    timeout: 40_000,
  }, async () => {
    const { server, hanging } = await startWithHangingRequest();
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(await hanging).toBe("lost");
    expect(server.output()).toMatch(
      /Stopped listening: 1 request\(s\) were in flight, 1 cut off unanswered after 10 s, 0 websocket\(s\) closed\nStopped: event bus and database closed/,
    );
  });
});

async function readAfterRestart(url: string, listId: number): Promise<Task[]> {
  const owner = await signIn(url, "owner");
  return owner.expect<Task[]>(200, "GET", `/api/tasks?listId=${listId}`);
}

/** A server process with one request in flight that never ends: its body never finishes arriving. */
async function startWithHangingRequest() {
  const dir = mkdtempSync(join(tmpdir(), "listwell-sigterm-"));
  const server = await startServerProcess({ DATABASE_URL: join(dir, "listwell.db"), INVITE_CODE: "sigterm" });
  const owner = await signUp(server, "owner");
  const list = await createList(owner, "Quiet");
  const { promise: never } = Promise.withResolvers<void>();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode('{"title":'));
      await never;
    },
  });
  const hanging = fetch(`${server.url}/api/tasks?listId=${list.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: owner.cookie },
    body,
    duplex: "half",
  } as RequestInit).then(
    (response) => response.status,
    () => "lost",
  );
  await Bun.sleep(300);
  return { server, hanging };
}
