import { afterAll, beforeAll, expect, it } from "vitest";
import type { ActivityEntry } from "../../src/shared/attribution";
import { DAY_MS } from "../../src/shared/rules/links";
import type { TaskList } from "../../src/shared/types";
import { migrate, migrationNames } from "../../src/store/migrate";
import { describeEachDialect, freshDatabase } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * The activity panel has the live replay's floor (docs/product-rules.md#history-floor). A caller reads a list's changes
 * from when their access began (their share, or the current link), so nobody added later learns
 * the titles of items deleted before, or a name the list had before. The owner reads everything.
 */
describeEachDialect("activity from when access began", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const activity = async (client: Client, listId: number, query = "") => {
    const res = await client.get<{ activity: ActivityEntry[] }>(`/api/task-lists/${listId}/activity${query}`);
    expect(res.status).toBe(200);
    return res.body.activity.map(({ action, subject }) => [action, subject]);
  };

  /** A list whose past holds a secret: an item deleted and a name it no longer has. */
  async function listWithAPast(owner: Client, name: string): Promise<TaskList> {
    const list = await createList(owner, name);
    const secret = await addTask(owner, { listId: list.id, title: "Ring for Dana" });
    await owner.delete(`/api/tasks/${secret.id}`);
    await owner.patch(`/api/task-lists/${list.id}`, { name: "Surprise for Dana" });
    await owner.patch(`/api/task-lists/${list.id}`, { name });
    return list;
  }

  const past = [
    ["updated", "Groceries"],
    ["updated", "Surprise for Dana"],
    ["deleted", "Ring for Dana"],
    ["added", "Ring for Dana"],
  ];

  it("a recipient shared later reads only the changes since their share; shared again, since then", async () => {
    const ann = await registerUser(t, "ann");
    const late = await registerUser(t, "ann_late");
    const list = await listWithAPast(ann, "Groceries");
    await ann.post("/api/share-by-username", { listId: list.id, username: "ann_late", accessLevel: "read" });
    await addTask(ann, { listId: list.id, title: "Milk" });

    expect(await activity(late, list.id)).toEqual([["added", "Milk"]]);
    // The owner had access from the start: the same read shows the whole past (the control).
    expect(await activity(ann, list.id)).toEqual([["added", "Milk"], ...past]);

    await ann.delete(`/api/unshare/${list.id}/${late.user.id}`);
    await addTask(ann, { listId: list.id, title: "Gift for Dana" });
    await ann.post("/api/share-by-username", { listId: list.id, username: "ann_late", accessLevel: "write" });
    await addTask(late, { listId: list.id, title: "Bread" });
    expect(await activity(late, list.id)).toEqual([["added", "Bread"]]);
    const row = await t.store.db.get<{ since: number | string }>(
      "SELECT since_event_id AS since FROM list_shares WHERE list_id = ? AND user_id = ?",
      [list.id, late.user.id],
    );
    expect(Number(row?.since)).toBe((await activityIds(ann, list.id))[1]);
  });

  const activityIds = async (client: Client, listId: number) =>
    (await client.get<{ activity: ActivityEntry[] }>(`/api/task-lists/${listId}/activity`)).body.activity.map((entry) => entry.id);

  it("a link guest reads from when the current link began: made with the list, rotated, or brought back after it expired", async () => {
    const ben = await registerUser(t, "ben");
    const list = await listWithAPast(ben, "Groceries");
    const guest = new Client(t);
    // The first link is as old as the list: its holders could always read all of it.
    expect(await activity(guest, list.id, `?shareId=${list.shareId}`)).toEqual(past);

    const rotated = (await ben.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    await addTask(ben, { listId: list.id, title: "Bread" });
    const asGuest = `?shareId=${rotated.shareId}`;
    expect(await activity(guest, list.id, asGuest)).toEqual([
      ["added", "Bread"],
      ["updated", "Groceries"],
    ]);

    // A write recipient who also holds the live link reads from the link's start, the earlier one.
    const writer = await registerUser(t, "ben_writer");
    await ben.post("/api/share-by-username", { listId: list.id, username: "ben_writer", accessLevel: "write" });
    expect(await activity(writer, list.id)).toEqual([]);
    expect(await activity(writer, list.id, asGuest)).toEqual([
      ["added", "Bread"],
      ["updated", "Groceries"],
    ]);

    await ben.patch(`/api/task-lists/${list.id}`, { linkExpiresInDays: 1 });
    t.clock.advance(DAY_MS + 1);
    const bread = (await ben.get<{ tasks: Array<{ id: number }> }>(`/api/list/${list.id}`)).body.tasks[0]!;
    await ben.delete(`/api/tasks/${bread.id}`);
    expect((await guest.get(`/api/task-lists/${list.id}/activity${asGuest}`)).status).toBe(404);
    await ben.patch(`/api/task-lists/${list.id}`, { linkExpiresInDays: 7 });
    await addTask(ben, { listId: list.id, title: "Eggs" });
    expect(await activity(guest, list.id, asGuest)).toEqual([
      ["added", "Eggs"],
      ["updated", "Groceries"],
    ]);
    // The owner's read of the same list holds what happened while the link was dead.
    expect((await activity(ben, list.id)).slice(0, 4)).toEqual([
      ["added", "Eggs"],
      ["updated", "Groceries"],
      ["deleted", "Bread"],
      ["updated", "Groceries"],
    ]);
  });

  it("an upgraded database starts each share at its last earlier event and each link after its last rotation", async () => {
    const { db, drop } = await freshDatabase(dialect);
    try {
      const names = migrationNames(dialect);
      await migrate(
        db,
        names.findIndex((name) => name.includes("deleted_by_and_access_start")),
      );
      await db.run(
        "INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (1, 'a', 'a', 'x', 0), (2, 'b', 'b', 'x', 0)",
      );
      await db.run(
        "INSERT INTO task_lists (id, name, user_id, share_id, created_at) VALUES (1, 'Rotated', 1, 'new', 0), (2, 'Kept', 1, 'same', 0)",
      );
      const event = (id: number, listId: number, shareId: string, at: number) =>
        db.run(
          "INSERT INTO events (id, list_id, share_id, type, payload, message_id, created_at) VALUES (?, ?, ?, 'task_created', 'null', ?, ?)",
          [id, listId, shareId, `m${id}`, at],
        );
      for (const [id, at] of [
        [1, 100],
        [2, 200],
        [3, 300],
      ] as const)
        await event(id, 1, id === 3 ? "new" : "old", at);
      await event(4, 2, "same", 100);
      await db.run("INSERT INTO list_shares (list_id, user_id, access_level, created_at) VALUES (1, 2, 'read', 250), (2, 2, 'read', 50)");
      await migrate(db);
      const shares = await db.all<{ list_id: number | string; since: number | string }>(
        "SELECT list_id, since_event_id AS since FROM list_shares ORDER BY list_id",
      );
      expect(shares.map((row) => [Number(row.list_id), Number(row.since)])).toEqual([
        [1, 2],
        [2, 0],
      ]);
      const links = await db.all<{ id: number | string; since: number | string }>(
        "SELECT id, link_since_event_id AS since FROM task_lists ORDER BY id",
      );
      expect(links.map((row) => [Number(row.id), Number(row.since)])).toEqual([
        [1, 2],
        [2, 0],
      ]);
    } finally {
      await drop();
    }
  });
});
