import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * POST /api/tasks/restore brings back only what the same caller deleted (the same
 * user, or a guest through the same link); the list's owner may restore any of its rows. Anyone
 * else, at any level, gets the 404 of an id that never was.
 */
describeEachDialect("restore by the deleter or the owner", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const notFound = { status: 404, body: { message: "Task not found" } };
  const deletedBy = async (ids: number[]) => {
    const rows = await t.store.db.all<{ deleted_by: string | null }>(
      `SELECT deleted_by FROM tasks WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
      ids,
    );
    return rows.map((row) => row.deleted_by);
  };

  it("a write-link guest restores what it deleted through that link, nothing deleted by others or before the link", async () => {
    const ann = await registerUser(t, "ann");
    const writer = await registerUser(t, "ann_writer");
    const list = await createList(ann, "Groceries");
    await ann.post("/api/share-by-username", { listId: list.id, username: "ann_writer", accessLevel: "write" });
    const added: Task[] = [];
    for (const title of ["Owner's", "Old link's", "Writer's", "Guest's", "Party"])
      added.push(await addTask(ann, { listId: list.id, title }));
    const [byOwner, byOldLink, byWriter, byGuest, party] = added;
    const cake = await addTask(ann, { listId: list.id, title: "Cake" });
    await ann.patch(`/api/tasks/${party!.id}`, { isParent: true });
    await ann.patch(`/api/tasks/${cake.id}`, { parentId: party!.id });

    const guest = new Client(t);
    await guest.delete(`/api/tasks/${byOldLink!.id}?shareId=${list.shareId}`);
    const { shareId } = (await ann.post<{ shareId: string }>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    const asGuest = `?shareId=${shareId}`;
    await ann.delete(`/api/tasks/${byOwner!.id}`);
    await writer.delete(`/api/tasks/${byWriter!.id}`);
    await guest.delete(`/api/tasks/${byGuest!.id}${asGuest}`, { "X-Guest-Name": "Sam" });
    await guest.delete(`/api/tasks/${party!.id}${asGuest}`);
    // Guessing ids: the owner's, the writer's and the old link's deletes answer as an unknown id does.
    const snapshot = await taskSnapshot(t);
    for (const ids of [[byOwner!.id], [byWriter!.id], [byOldLink!.id], [999_999], [byGuest!.id, byOwner!.id]]) {
      expect(await guest.post(`/api/tasks/restore${asGuest}`, { ids })).toMatchObject(notFound);
    }
    for (const ids of [[byOwner!.id], [byGuest!.id], [byOldLink!.id], [999_999], [byWriter!.id, byOwner!.id]]) {
      expect(await writer.post("/api/tasks/restore", { ids })).toMatchObject(notFound);
    }
    expect(await taskSnapshot(t)).toEqual(snapshot);
    // Each delete recorded who made it: the user, or the link a guest came through.
    expect(await deletedBy([byOwner!.id, byOldLink!.id, byWriter!.id, byGuest!.id, party!.id, cake.id])).toEqual([
      `user:${ann.user.id}`,
      `share:${list.shareId}`,
      `user:${writer.user.id}`,
      `share:${shareId}`,
      `share:${shareId}`,
      `share:${shareId}`,
    ]);

    // The deleter's own Undo works, whatever name the guest goes by now.
    expect(await guest.post<{ tasks: Task[] }>(`/api/tasks/restore${asGuest}`, { ids: [byGuest!.id] })).toMatchObject({
      status: 200,
      body: { tasks: [byGuest] },
    });
    expect((await guest.post(`/api/tasks/restore${asGuest}`, { ids: [party!.id, cake.id] })).status).toBe(200);
    expect(await writer.post("/api/tasks/restore", { ids: [byWriter!.id] })).toMatchObject({ status: 200, body: { tasks: [byWriter] } });
    // The owner restores any row of the list, the old link's included.
    expect(await ann.post("/api/tasks/restore", { ids: [byOldLink!.id, byOwner!.id] })).toMatchObject({ status: 200 });
    expect(await deletedBy([byOwner!.id, byOldLink!.id, byWriter!.id, byGuest!.id])).toEqual([null, null, null, null]);
  });

  it("a read or check caller gets the same answer for a deleted id as for one that never existed", async () => {
    const ben = await registerUser(t, "ben");
    const reader = await registerUser(t, "ben_reader");
    const ticker = await registerUser(t, "ben_ticker");
    const list = await createList(ben, "Chores");
    await ben.post("/api/share-by-username", { listId: list.id, username: "ben_reader", accessLevel: "read" });
    await ben.post("/api/share-by-username", { listId: list.id, username: "ben_ticker", accessLevel: "check" });
    const gone = await addTask(ben, { listId: list.id, title: "Sweep" });
    const live = await addTask(ben, { listId: list.id, title: "Dust" });
    await ben.delete(`/api/tasks/${gone.id}`);
    const never = gone.id + 1_000;
    const snapshot = await taskSnapshot(t);
    const answers = async (call: (ids: number[]) => Promise<{ status: number; body: unknown }>) => {
      const [deleted, unknown, living] = [await call([gone.id]), await call([never]), await call([live.id])];
      return { deleted: [deleted.status, deleted.body], unknown: [unknown.status, unknown.body], living: [living.status, living.body] };
    };
    const guest = new Client(t);
    for (const level of ["read", "check"] as const) {
      await t.store.lists.update(list.id, { linkAccess: level });
      const callers = [level === "read" ? reader : ticker, guest];
      for (const caller of callers) {
        const query = caller === guest ? `?shareId=${list.shareId}` : "";
        const seen = await answers((ids) => caller.post(`/api/tasks/restore${query}`, { ids }));
        expect(seen).toEqual({ deleted: [404, notFound.body], unknown: [404, notFound.body], living: [404, notFound.body] });
      }
    }
    expect(await taskSnapshot(t)).toEqual(snapshot);
    // The id was there to restore all along: its owner gets it back.
    expect(await ben.post("/api/tasks/restore", { ids: [gone.id] })).toMatchObject({ status: 200, body: { tasks: [gone] } });
  });
});
