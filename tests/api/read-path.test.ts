import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createMemoryBus } from "../../src/realtime/bus";
import type { SharedListResponse, Task, TaskList } from "../../src/shared/types";
import { createStore } from "../../src/store";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import type { Db } from "../../src/store/db";
import { describeEachDialect } from "../helpers/databases";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/**
 * docs/product-rules.md#access and docs/decisions/009: the list reads come from the database on every call, so
 * logout, a password change, an unshare and a rotated link made through one instance refuse the
 * very next read made through another instance sharing the database, with nothing in memory to
 * wait out. Each case reads through instance B just before the change (allowed) and just after.
 */
describeEachDialect("list reads on a second instance over one database", (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let ownDb: Db;

  beforeAll(async () => {
    a = await makeTestApp(dialect);
    // Instance B: its own connection(s) to the same database, its own store and snapshot cache.
    ownDb = dialect === "sqlite" ? openSqlite(a.databaseUrl) : openPostgres(a.databaseUrl);
    const store = createStore(ownDb);
    b = { ...a, store, app: createApp({ store, config: a.config, bus: createMemoryBus(), assets: a.assets }) };
  });
  afterAll(async () => {
    await ownDb.close();
    await a.close();
  });

  /** The same signed-in caller (same cookie) speaking to instance B. */
  const onB = (client: Client) => Object.assign(new Client(b), { cookie: client.cookie });

  async function ownerWithList(name: string) {
    const owner = await registerUser(a, name);
    const list = (await owner.post<TaskList>("/api/task-lists", { name: `${name}'s list` })).body;
    await addTask(owner, { title: "Milk", listId: list.id });
    return { owner, list };
  }

  it("refuses the session on B as soon as it logs out on A", async () => {
    const { owner, list } = await ownerWithList("logan");
    expect((await onB(owner).get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.title)).toEqual(["Milk"]);
    expect((await onB(owner).get(`/api/list/${list.id}`)).status).toBe(200);
    const [tasksOnB, listOnB] = [onB(owner), onB(owner)];

    expect((await owner.post("/api/logout")).status).toBe(200);

    expect((await tasksOnB.get(`/api/tasks?listId=${list.id}`)).status).toBe(401);
    expect((await listOnB.get(`/api/list/${list.id}`)).status).toBe(401);
  });

  it("refuses the other sessions on B as soon as the password changes on A, and keeps the one that changed it", async () => {
    const { owner, list } = await ownerWithList("paula");
    const elsewhere = new Client(a);
    expect((await elsewhere.post("/api/login", { username: "paula", password: TEST_PASSWORD })).status).toBe(200);
    const elsewhereOnB = onB(elsewhere);
    expect((await elsewhereOnB.get(`/api/tasks?listId=${list.id}`)).status).toBe(200);

    const changed = await owner.patch("/api/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "another-password-1",
      confirmPassword: "another-password-1",
    });
    expect(changed.status).toBe(200);

    expect((await elsewhereOnB.get(`/api/tasks?listId=${list.id}`)).status).toBe(401);
    expect((await onB(owner).get(`/api/list/${list.id}`)).status).toBe(200);
  });

  it("refuses a recipient on B as soon as the list is unshared on A", async () => {
    const { owner, list } = await ownerWithList("uma");
    const recipient = await registerUser(a, "ursula");
    expect((await owner.post("/api/share-by-username", { listId: list.id, username: "ursula" })).status).toBe(201);
    const recipientOnB = onB(recipient);
    expect((await recipientOnB.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.title)).toEqual(["Milk"]);
    const shared = await recipientOnB.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(shared.body).toMatchObject({ accessLevel: "write", isOwner: false, ownerInfo: { username: "uma" } });

    expect((await owner.delete(`/api/unshare/${list.id}/${recipient.user.id}`)).status).toBe(200);

    expect((await recipientOnB.get(`/api/tasks?listId=${list.id}`)).status).toBe(404);
    expect((await recipientOnB.get(`/api/list/${list.id}`)).status).toBe(404);
    // Still signed in: only the list is gone for them.
    expect((await recipientOnB.get("/api/user")).status).toBe(200);
  });

  it("refuses the old link on B as soon as it is rotated on A, and opens the new one", async () => {
    const { owner, list } = await ownerWithList("rory");
    const guestOnB = new Client(b);
    const oldLink = `shareId=${list.shareId}`;
    expect((await guestOnB.get<Task[]>(`/api/tasks?${oldLink}`)).body.map((task) => task.title)).toEqual(["Milk"]);
    expect((await guestOnB.get(`/api/list?${oldLink}`)).status).toBe(200);

    const rotated = await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`);
    expect(rotated.status).toBe(200);

    expect((await guestOnB.get(`/api/tasks?${oldLink}`)).status).toBe(404);
    expect((await guestOnB.get(`/api/list?${oldLink}`)).status).toBe(404);
    const fresh = await guestOnB.get<SharedListResponse>(`/api/list?shareId=${rotated.body.shareId}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.tasks.map((task) => task.title)).toEqual(["Milk"]);
  });

  it("answers /api/list with the same body the items' cached JSON is spliced into", async () => {
    const { owner, list } = await ownerWithList("jay");
    await addTask(owner, { title: 'Quote " and \\ and é', listId: list.id });
    const ownerOnB = onB(owner);
    const response = await ownerOnB.get<SharedListResponse>(`/api/list/${list.id}`);
    const tasks = (await ownerOnB.get<Task[]>(`/api/tasks?listId=${list.id}`)).body;
    expect(response.body).toEqual({
      list: { ...list, createdAt: expect.any(String) },
      tasks,
      accessLevel: "admin",
      isOwner: true,
      ownerInfo: { username: "jay" },
      can: {
        tick: true,
        edit: true,
        clearCompleted: true,
        restoreAnyDeleted: true,
        renameList: true,
        setRoutine: true,
        share: true,
        deleteList: true,
        beTold: true,
      },
      sections: [],
    });
    expect(Object.keys(response.body)).toEqual(["list", "tasks", "accessLevel", "isOwner", "ownerInfo", "can", "sections"]);
  });
});
