import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { answered, createList, HttpClient, LONG_FAULTS, pick, signUp, type Outcome } from "../helpers/fault-load";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";

/**
 * "An acknowledged write is on disk: a kill -9 right after a 2xx loses nothing."
 * Writers create, rename and toggle their own items (and delete some, to stay within the limit)
 * while the process is killed; after each restart every acknowledged write must be there, and
 * nothing appears that nobody wrote. A write whose answer was lost may or may not be there.
 * A short cycle costs about a second (mostly the restart), so 20 fit in `npm test`; LISTWELL_FAULTS=long
 * runs 50 cycles of longer load.
 */
const CYCLES = LONG_FAULTS ? 50 : 20;
/** How long the writers run before the kill: a random moment in this range. */
const LOAD_MS = LONG_FAULTS ? [1_000, 3_000] : [100, 400];
const LISTS = 6;
const WRITERS_PER_LIST = 3;
/** Each writer keeps between these many items, so a list stays under its limit of 100. */
const FEWEST = 5;
const MOST = 30;

interface Item {
  title: string;
  completed: boolean;
}

type Pending =
  | { kind: "create"; title: string }
  | { kind: "rename"; id: number; title: string }
  | { kind: "toggle"; id: number }
  | { kind: "delete"; id: number };

/** One writer's acknowledged view of its own items, and the write (at most one) whose answer was lost. */
class Writer {
  readonly items = new Map<number, Item>();
  pending: Pending | undefined;
  acknowledged = 0;
  refused: string[] = [];
  private seq = 0;

  constructor(
    readonly name: string,
    readonly listId: number,
  ) {}

  /** Writes until a call gets no answer (the process is gone). */
  async run(client: HttpClient) {
    for (;;) {
      const op = this.next();
      const outcome = await this.send(client, op);
      if (!answered(outcome)) {
        this.pending = op;
        return;
      }
      this.settle(op, outcome.status, outcome.body as Task);
    }
  }

  private next(): Pending {
    const ids = [...this.items.keys()];
    const roll = Math.random();
    if (ids.length < FEWEST || (ids.length < MOST && roll < 0.25)) return { kind: "create", title: `${this.name} created ${++this.seq}` };
    const id = pick(ids)!;
    if (ids.length >= MOST || roll < 0.4) return { kind: "delete", id };
    return roll < 0.7 ? { kind: "rename", id, title: `${this.name} renamed ${++this.seq}` } : { kind: "toggle", id };
  }

  private send(client: HttpClient, op: Pending): Promise<Outcome<unknown>> {
    switch (op.kind) {
      case "create":
        return client.attempt("POST", "/api/tasks", { listId: this.listId, title: op.title });
      case "rename":
        return client.attempt("PATCH", `/api/tasks/${op.id}`, { title: op.title });
      case "toggle":
        return client.attempt("POST", `/api/tasks/${op.id}/toggle`);
      case "delete":
        return client.attempt("DELETE", `/api/tasks/${op.id}`);
    }
  }

  private settle(op: Pending, status: number, task: Task) {
    const expected = op.kind === "create" ? 201 : 200;
    if (status !== expected) {
      this.refused.push(`${op.kind}: ${status} ${JSON.stringify(task)}`);
      return;
    }
    this.acknowledged++;
    if (op.kind === "create") this.items.set(task.id, { title: op.title, completed: false });
    else if (op.kind === "delete") this.items.delete(op.id);
    else this.items.set(op.id, { title: task.title, completed: task.completed });
  }

  /**
   * Compares the acknowledged view with what the restarted server serves, then takes the served
   * state as the truth for the write whose answer was lost. Answers what was lost and what appeared.
   */
  reconcile(served: Task[]): { lost: string[]; unexpected: string[] } {
    const mine = served.filter((task) => task.title.startsWith(`${this.name} `));
    const byId = new Map(mine.map((task) => [task.id, task]));
    const pending = this.pending;
    const lost: string[] = [];
    for (const [id, item] of this.items) {
      const task = byId.get(id);
      const uncertain = pending && pending.kind !== "create" && pending.id === id ? pending : undefined;
      if (!task) {
        if (uncertain?.kind !== "delete") lost.push(`item ${id} "${item.title}" is gone`);
        continue;
      }
      if (task.title !== item.title && !(uncertain?.kind === "rename" && task.title === uncertain.title))
        lost.push(`item ${id} is "${task.title}", acknowledged "${item.title}"`);
      if (task.completed !== item.completed && uncertain?.kind !== "toggle")
        lost.push(`item ${id} completed=${task.completed}, acknowledged ${item.completed}`);
    }
    const unexpected = mine
      .filter((task) => !this.items.has(task.id) && !(pending?.kind === "create" && task.title === pending.title && !task.completed))
      .map((task) => `item ${task.id} "${task.title}" is there but was deleted or never written`);
    this.items.clear();
    for (const task of mine) this.items.set(task.id, { title: task.title, completed: task.completed });
    this.pending = undefined;
    return { lost, unexpected };
  }
}

describe("kill -9 during concurrent writes", () => {
  it(`loses no acknowledged write over ${CYCLES} kill/restart cycles`, { timeout: LONG_FAULTS ? 600_000 : 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-kill9-"));
    const env = { DATABASE_URL: join(dir, "listwell.db"), INVITE_CODE: "kill9" };
    let server: ServerProcess = await startServerProcess(env);
    const owner = await signUp(server, "owner");
    const writers: Writer[] = [];
    for (let l = 0; l < LISTS; l++) {
      const list = await createList(owner, `List ${l}`);
      for (let w = 0; w < WRITERS_PER_LIST; w++) writers.push(new Writer(`w${l}.${w}`, list.id));
    }
    const lost: string[] = [];
    const appeared: string[] = [];
    let inFlightAtKill = 0;
    try {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        // Sessions are rows in the database, so the cookie outlives the process.
        const client = new HttpClient(server.url);
        client.cookie = owner.cookie;
        const load = Promise.all(writers.map((writer) => writer.run(client)));
        await Bun.sleep(LOAD_MS[0]! + Math.random() * (LOAD_MS[1]! - LOAD_MS[0]!));
        await server.stop(9);
        await load;
        inFlightAtKill += writers.filter((writer) => writer.pending).length;

        server = await startServerProcess(env);
        const reader = new HttpClient(server.url);
        reader.cookie = owner.cookie;
        const served = new Map<number, Task[]>();
        for (const listId of new Set(writers.map((writer) => writer.listId)))
          served.set(listId, await reader.expect<Task[]>(200, "GET", `/api/tasks?listId=${listId}`));
        for (const writer of writers) {
          const found = writer.reconcile(served.get(writer.listId)!);
          lost.push(...found.lost.map((line) => `cycle ${cycle}: ${line}`));
          appeared.push(...found.unexpected.map((line) => `cycle ${cycle}: ${line}`));
        }
      }
    } finally {
      await server.stop(9);
    }
    const acknowledged = writers.reduce((sum, writer) => sum + writer.acknowledged, 0);
    console.log(
      `kill -9: ${CYCLES} cycles, ${acknowledged} acknowledged writes, ${inFlightAtKill} unanswered at a kill, lost ${lost.length}, there but deleted or never written ${appeared.length}`,
    );
    expect(writers.flatMap((writer) => writer.refused)).toEqual([]);
    expect(lost).toEqual([]);
    expect(appeared).toEqual([]);
    expect(acknowledged).toBeGreaterThan(CYCLES * 50);
  });
});
