import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_ITEMS_PER_LIST } from "../../src/shared/tasks";
import type { Task } from "../../src/shared/types";
import {
  answered,
  byId,
  createItem,
  createList,
  HttpClient,
  LiveCopy,
  LONG_FAULTS,
  pick,
  runConcurrently,
  signUp,
  type Outcome,
  visible,
} from "../helpers/fault-load";
import { startServerProcess } from "../helpers/server-process";

/**
 * 200 people editing one list through its share link (anonymous link holders, docs/product-rules.md#guests)
 * for 10 s (60 s with LISTWELL_FAULTS=long): creating up to the limit, ticking, renaming, deleting
 * and reordering, while five websocket clients keep their own copy from the events they receive.
 * No answer may be a 5xx, the list never holds more than 100 items, its positions stay distinct,
 * and every client's copy ends equal to the server's.
 */
const EDITORS = 200;
const WATCHERS = 5;
const DURATION_MS = LONG_FAULTS ? 60_000 : 10_000;
const SEEDED = 40;

describe("200 concurrent editors on one list", () => {
  it("answers no 5xx, never exceeds the item limit, keeps positions distinct and every live copy equal to the server's", {
    timeout: DURATION_MS + 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-editors-"));
    const databasePath = join(dir, "listwell.db");
    const server = await startServerProcess({ DATABASE_URL: databasePath, INVITE_CODE: "editors", LOG_LEVEL: "warn" });
    const committed = new Database(databasePath, { readonly: true });
    try {
      const owner = await signUp(server, "owner");
      const list = await createList(owner, "Party");
      for (let n = 0; n < SEEDED; n++) await createItem(owner, list.id, `Seed ${n}`);
      const watchers = await Promise.all(Array.from({ length: WATCHERS }, () => LiveCopy.follow(server.url, list.shareId)));

      // What the editors pick their items from: the list as last sampled, like a page a little behind.
      let view: Task[] = [];
      let mostItems = 0;
      // Between two samples of the API, the file itself says what is committed: read it far more often.
      let mostCommitted = 0;
      const countCommitted = committed.query<{ n: number }, [number]>(
        "SELECT COUNT(*) AS n FROM tasks WHERE list_id = ? AND deleted_at IS NULL",
      );
      const fileSampler = setInterval(() => (mostCommitted = Math.max(mostCommitted, countCommitted.get(list.id)!.n)), 10);
      const sampler = new HttpClient(server.url, list.shareId);
      const sample = async () => {
        const answer = await sampler.send<Task[]>("GET", "/api/tasks");
        if (answer.status === 200) {
          view = answer.body;
          mostItems = Math.max(mostItems, view.length);
        }
      };
      await sample();

      const statuses = new Map<string, number>();
      const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
      const editors = Array.from({ length: EDITORS }, () => new HttpClient(server.url, list.shareId));
      let created = 0;
      const edit = async (index: number) => {
        const editor = editors[index]!;
        const roll = Math.random();
        const target = pick(view);
        let outcome: Outcome<unknown>;
        if (roll < 0.2 || !target) outcome = await editor.attempt("POST", "/api/tasks", { title: `Editor ${index} item ${++created}` });
        else if (roll < 0.45) outcome = await editor.attempt("POST", `/api/tasks/${target.id}/toggle`);
        else if (roll < 0.7)
          outcome = await editor.attempt("PATCH", `/api/tasks/${target.id}`, { title: `Editor ${index} renamed ${Date.now()}` });
        else if (roll < 0.85) outcome = await editor.attempt("DELETE", `/api/tasks/${target.id}`);
        else {
          // A drag from a view that may be stale: swap two items' positions.
          const other = pick(view)!;
          outcome = await editor.attempt("POST", "/api/tasks/reorder", [
            { id: target.id, position: other.position },
            { id: other.id, position: target.position },
          ]);
        }
        count(answered(outcome) ? String(outcome.status) : outcome.error);
      };

      const until = Date.now() + DURATION_MS;
      const running = () => Date.now() < until;
      let samples = 0;
      const [requests] = await Promise.all([
        runConcurrently(EDITORS, edit, () => !running()),
        (async () => {
          while (running()) {
            await sample();
            samples++;
            await Bun.sleep(20);
          }
        })(),
      ]);
      clearInterval(fileSampler);
      await sample();

      const served = view.map(visible).sort(byId);
      // The events of the last writes are still on their way: give them a moment.
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && watchers.some((watcher) => !Bun.deepEquals(watcher.copy(), served))) await Bun.sleep(100);
      const serverErrors = [...statuses].filter(([status]) => Number(status) >= 500 || Number.isNaN(Number(status)));
      console.log(
        `editors: ${EDITORS} for ${DURATION_MS / 1000} s, ${requests} requests (${JSON.stringify(Object.fromEntries(statuses))}), ` +
          `5xx or no answer ${serverErrors.reduce((sum, [, n]) => sum + n, 0)}, most items served ${mostItems} in ${samples} samples (committed ${mostCommitted}), ` +
          `${served.length} at the end, events per watcher ${watchers.map((watcher) => watcher.events).join("/")}, refetches ${watchers.map((watcher) => watcher.refetches).join("/")}`,
      );

      expect(serverErrors).toEqual([]);
      expect(mostItems).toBeLessThanOrEqual(MAX_ITEMS_PER_LIST);
      expect(mostCommitted).toBeLessThanOrEqual(MAX_ITEMS_PER_LIST);
      expect(mostCommitted, "the limit was reached").toBe(MAX_ITEMS_PER_LIST);
      // Positive controls: the limit was reached and refused, and the watchers did hear the edits.
      expect(statuses.get("403")).toBeGreaterThan(0);
      for (const watcher of watchers) expect(watcher.events).toBeGreaterThan(requests / 10);
      for (const watcher of watchers) expect(watcher.copy()).toEqual(served);
      const positions = served.map((task) => task.position);
      expect(new Set(positions).size, `positions ${JSON.stringify([...positions].sort((a, b) => a - b))}`).toBe(served.length);
      for (const watcher of watchers) watcher.close();
    } finally {
      committed.close();
      await server.stop();
    }
  });
});
