/**
 * @module
 * Logging in or registering through a share link makes the list the user's "Shared with me"
 * (docs/product-rules.md#screens) at the link's level, and never more (docs/product-rules.md#access).
 */
import { SQL } from "bun";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SharedWithMeItem } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/** What each level may do to an item, as the user notices it: add one, tick one. */
async function powers(client: Client, listId: number, taskId: number) {
  const add = await client.post("/api/tasks", { listId, title: "Added" });
  const tick = await client.post(`/api/tasks/${taskId}/toggle`);
  return { add: add.status, tick: tick.status };
}

describeEachDialect("claiming a share link", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const expected = {
    read: { add: 403, tick: 403 },
    check: { add: 403, tick: 200 },
    write: { add: 201, tick: 200 },
  } as const;

  for (const level of ["read", "check", "write"] as const) {
    it(`gives a ${level} share through a ${level} link, by login and by registering`, async () => {
      const owner = await registerUser(t, `own_${level}`);
      const list = await createList(owner, `Claimed ${level}`);
      const task = (await owner.post<{ id: number }>("/api/tasks", { listId: list.id, title: "Milk" })).body;
      expect((await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: level })).status).toBe(200);
      await registerUser(t, `in_${level}`);

      const member = new Client(t);
      const login = await member.post("/api/login", { username: `in_${level}`, password: TEST_PASSWORD, shareId: list.shareId });
      expect(login).toMatchObject({ status: 200, body: { sharedList: list.shareId } });
      const newcomer = new Client(t);
      const register = await newcomer.post("/api/register", {
        username: `new_${level}`,
        password: TEST_PASSWORD,
        inviteCode: TEST_INVITE_CODE,
        shareId: list.shareId,
      });
      expect(register).toMatchObject({ status: 201, body: { sharedList: list.shareId } });

      const rows = await t.store.db.all<{ access_level: string }>("SELECT access_level FROM list_shares WHERE list_id = ? ORDER BY id", [
        list.id,
      ]);
      expect(rows.map((row) => row.access_level)).toEqual([level, level]);
      for (const client of [member, newcomer]) {
        const shared = (await client.get<SharedWithMeItem[]>("/api/shared-with-me")).body;
        expect(shared.map((item) => [item.list.id, item.shared.accessLevel])).toEqual([[list.id, level]]);
        expect((await client.get(`/api/list/${list.id}`)).body).toMatchObject({ accessLevel: level, isOwner: false });
        expect(await powers(client, list.id, task.id)).toEqual(expected[level]);
      }
    });
  }

  it("never raises a share the user already has when they come back through a wider link", async () => {
    const owner = await registerUser(t, "own_wider");
    const list = await createList(owner, "Wider later");
    const task = (await owner.post<{ id: number }>("/api/tasks", { listId: list.id, title: "Milk" })).body;
    await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: "check" });
    await registerUser(t, "in_wider");
    const member = new Client(t);
    await member.post("/api/login", { username: "in_wider", password: TEST_PASSWORD, shareId: list.shareId });
    await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: "write" });
    const again = new Client(t);
    expect((await again.post("/api/login", { username: "in_wider", password: TEST_PASSWORD, shareId: list.shareId })).status).toBe(200);
    expect(await t.store.db.all("SELECT access_level FROM list_shares WHERE list_id = ?", [list.id])).toEqual([{ access_level: "check" }]);
    // Positive control: the link itself now writes, for a holder without a share of their own.
    const guest = new Client(t);
    expect((await guest.post(`/api/tasks?shareId=${list.shareId}`, { listId: list.id, title: "By link" })).status).toBe(201);
    expect(await powers(again, list.id, task.id)).toEqual(expected.check);
  });

  // SQLite runs one transaction at a time, so only PostgreSQL lets an owner's change hold the
  // list while a claim is under way.
  it.runIf(dialect === "postgres")("waits for the owner narrowing the link at that moment, and gives the narrower level", async () => {
    const owner = await registerUser(t, "own_race");
    const list = await createList(owner, "Race");
    await registerUser(t, "in_race");
    const other = new SQL(t.databaseUrl);
    try {
      const narrowed = await other.reserve();
      await narrowed.unsafe("BEGIN");
      await narrowed.unsafe("UPDATE task_lists SET link_access = 'read' WHERE id = $1", [list.id]);
      let settled = false;
      const login = new Client(t)
        .post("/api/login", { username: "in_race", password: TEST_PASSWORD, shareId: list.shareId })
        .finally(() => (settled = true));
      // The claim either answers at once with the level it read, or waits on the owner's change.
      let waiting = false;
      while (!settled && !waiting) {
        const rows = await other.unsafe("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        waiting = rows.length > 0;
      }
      await narrowed.unsafe("COMMIT");
      narrowed.release();
      expect((await login).status).toBe(200);
      expect(await t.store.db.all("SELECT access_level FROM list_shares WHERE list_id = ?", [list.id])).toEqual([{ access_level: "read" }]);
      expect(waiting).toBe(true);
    } finally {
      await other.close();
    }
  });
});
