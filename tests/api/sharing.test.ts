import { afterAll, beforeAll, expect, it } from "vitest";
import type { ListShareEntry } from "../../src/shared/lists";
import type { ShareRecord, SharedWithMeItem, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, publishedSince, snapshot } from "../helpers/lists";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachDialect("sharing", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("shares by username (any case) with write by default, and tells both users", async () => {
    const amy = await registerUser(t, "amy");
    const bob = await registerUser(t, "Bob");
    const list = await createList(amy, "Trip");
    const mark = t.published.length;
    const res = await amy.post<ShareRecord>("/api/share-by-username", { listId: list.id, username: "  bob " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      listId: list.id,
      listName: "Trip",
      sharedWithId: bob.user.id,
      sharedWithName: "Bob",
      accessLevel: "write",
      createdAt: expect.stringMatching(ISO),
    });
    const grant = await t.store.shares.find(list.id, bob.user.id);
    expect(grant).toMatchObject({ id: res.body.id, accessLevel: "write" });
    expect(publishedSince(t, mark)).toEqual([
      { topic: `user:${amy.user.id}`, message: { type: "share_added", listId: list.id } },
      { topic: `user:${bob.user.id}`, message: { type: "share_added", listId: list.id } },
    ]);
    // The list id may also arrive as a string, and a read level is kept as asked.
    const cy = await registerUser(t, "cyd");
    const read = await amy.post<ShareRecord>("/api/share-by-username", { listId: String(list.id), username: "cyd", accessLevel: "read" });
    expect(read).toMatchObject({ status: 201, body: { sharedWithId: cy.user.id, accessLevel: "read" } });
  });

  it("refuses bad shares with the spec's messages and changes nothing", async () => {
    const dee = await registerUser(t, "dee");
    await registerUser(t, "eli");
    const list = await createList(dee, "Private");
    expect((await dee.post("/api/share-by-username", { listId: list.id, username: "eli" })).status).toBe(201);
    const before = await snapshot(t);
    const mark = t.published.length;
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ listId: list.id, username: "" }, 400, "Username cannot be empty", "VALIDATION_ERROR"],
      [{ listId: list.id, username: "   " }, 400, "Username cannot be empty", "VALIDATION_ERROR"],
      [{ listId: list.id }, 400, "Username cannot be empty", "VALIDATION_ERROR"],
      [{ listId: list.id, username: "nobody_at_all" }, 404, "User not found", "USER_NOT_FOUND"],
      [{ listId: list.id, username: "DEE" }, 400, "You cannot share a list with yourself", "SHARE_WITH_SELF"],
      [{ listId: list.id, username: "Eli" }, 409, "List is already shared with this user", "ALREADY_SHARED"],
      [
        { listId: list.id, username: "eli", accessLevel: "owner" },
        400,
        "Access level must be read, check, write or admin",
        "VALIDATION_ERROR",
      ],
      [{ listId: "abc", username: "eli" }, 400, "listId must be a number", "VALIDATION_ERROR"],
      [{ listId: 999999, username: "eli" }, 404, "List not found", undefined],
    ];
    for (const [payload, status, message, error] of cases) {
      const res = await dee.post("/api/share-by-username", payload);
      expect({ payload, status: res.status, message: res.body.message, error: res.body.error }).toEqual({
        payload,
        status,
        message,
        error,
      });
    }
    expect((await new Client(t).post("/api/share-by-username", { listId: list.id, username: "eli" })).status).toBe(401);
    expect(await snapshot(t)).toEqual(before);
    expect(publishedSince(t, mark)).toEqual([]);
  });

  it("answers shared-with-me, my-shared-lists, shared-list-ids and shared-by-list", async () => {
    const fox = await registerUser(t, "fox");
    const gus = await registerUser(t, "gus");
    const one = await createList(fox, "One");
    const two = await createList(fox, "Two");
    await createList(fox, "Unshared");
    await fox.post("/api/share-by-username", { listId: one.id, username: "gus", accessLevel: "read" });
    await fox.post("/api/share-by-username", { listId: two.id, username: "gus" });

    const mine = await gus.get<SharedWithMeItem[]>("/api/shared-with-me");
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        shared: { id: expect.any(Number), accessLevel: "write", createdAt: expect.stringMatching(ISO), ownerName: "fox" },
        list: { id: two.id, name: "Two", shareId: two.shareId, userId: fox.user.id },
      },
      {
        shared: { id: expect.any(Number), accessLevel: "read", createdAt: expect.stringMatching(ISO), ownerName: "fox" },
        // A read-level recipient is not handed the link, which would open the list for writing.
        list: { id: one.id, name: "One", shareId: "", userId: fox.user.id },
      },
    ]);
    expect((await gus.get("/api/shared-list-ids")).body).toEqual([one.id, two.id]);
    expect((await fox.get("/api/shared-list-ids")).body).toEqual([]);
    expect((await fox.get("/api/shared-with-me")).body).toEqual([]);

    const records = await fox.get<ShareRecord[]>("/api/my-shared-lists");
    expect(records.body).toEqual([
      {
        id: expect.any(Number),
        listId: two.id,
        listName: "Two",
        sharedWithId: gus.user.id,
        sharedWithName: "gus",
        accessLevel: "write",
        createdAt: expect.stringMatching(ISO),
      },
      {
        id: expect.any(Number),
        listId: one.id,
        listName: "One",
        sharedWithId: gus.user.id,
        sharedWithName: "gus",
        accessLevel: "read",
        createdAt: expect.stringMatching(ISO),
      },
    ]);
    expect((await gus.get("/api/my-shared-lists")).body).toEqual([]);

    const byList = await fox.get<ListShareEntry[]>(`/api/shared-by-list/${one.id}`);
    expect(byList).toMatchObject({ status: 200 });
    expect(byList.body).toEqual([{ ...records.body[1], shareId: one.shareId }]);
    const none = await createList(fox, "Lonely");
    expect((await fox.get(`/api/shared-by-list/${none.id}`)).body).toEqual([]);
    expect((await fox.get("/api/shared-by-list/999999")).body).toEqual({ message: "List not found" });

    for (const path of ["/api/shared-with-me", "/api/my-shared-lists", "/api/shared-list-ids", `/api/shared-by-list/${one.id}`]) {
      expect({ path, status: (await new Client(t).get(path)).status }).toEqual({ path, status: 401 });
    }
  });

  it("unshares: the owner removes a recipient, who loses access and is told at once", async () => {
    const hux = await registerUser(t, "hux");
    const ivy = await registerUser(t, "ivy");
    const list = await createList(hux, "Shared");
    await hux.post("/api/share-by-username", { listId: list.id, username: "ivy" });
    expect((await ivy.get(`/api/list/${list.id}`)).status).toBe(200);
    const mark = t.published.length;
    const res = await hux.delete(`/api/unshare/${list.id}/${ivy.user.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: "List unshared", listId: list.id, userId: ivy.user.id } });
    expect(await t.store.shares.find(list.id, ivy.user.id)).toBeUndefined();
    expect(publishedSince(t, mark)).toEqual([
      { topic: `user:${hux.user.id}`, message: { type: "share_removed", listId: list.id } },
      { topic: `user:${ivy.user.id}`, message: { type: "share_removed", listId: list.id } },
      { topic: `user:${ivy.user.id}`, message: { type: "access_revoked", listId: list.id } },
    ]);
    expect(await ivy.get(`/api/list/${list.id}`)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect((await ivy.get("/api/shared-with-me")).body).toEqual([]);
    const again = await hux.delete(`/api/unshare/${list.id}/${ivy.user.id}`);
    expect(again).toMatchObject({ status: 404, body: { message: "This list is not shared with that user" } });
    expect((await hux.delete(`/api/unshare/${list.id}/abc`)).status).toBe(404);
    expect((await new Client(t).delete(`/api/unshare/${list.id}/${ivy.user.id}`)).status).toBe(401);
  });

  it("refuses a recipient who unshares anyone, themselves included: only the owner unshares", async () => {
    const jay = await registerUser(t, "jay");
    const kit = await registerUser(t, "kit");
    const lou = await registerUser(t, "lou");
    const list = await createList(jay, "Team");
    await jay.post("/api/share-by-username", { listId: list.id, username: "kit" });
    await jay.post("/api/share-by-username", { listId: list.id, username: "lou" });
    const refused = await kit.delete(`/api/unshare/${list.id}/${lou.user.id}`);
    expect(refused).toMatchObject({ status: 403, body: { message: "Only the list's owner can unshare this list", error: "OWNER_ONLY" } });
    expect(await t.store.shares.find(list.id, lou.user.id)).toBeDefined();
    const own = await kit.delete(`/api/unshare/${list.id}/${kit.user.id}`);
    expect(own).toMatchObject({ status: 403, body: { message: "Only the list's owner can unshare this list", error: "OWNER_ONLY" } });
    expect(await t.store.shares.find(list.id, kit.user.id)).toBeDefined();
    expect((await jay.get<ShareRecord[]>("/api/my-shared-lists")).body.map((r) => r.sharedWithName).sort()).toEqual(["kit", "lou"]);
  });

  it("registers with a shareId: answers sharedList and lists it in shared-with-me at the link's level", async () => {
    const max = await registerUser(t, "max");
    const list = await createList(max, "Party");
    const newcomer = new Client(t);
    const mark = t.published.length;
    const res = await newcomer.post("/api/register", {
      username: "ned",
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
      shareId: list.shareId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), username: "ned", createdAt: expect.any(Number), sharedList: list.shareId });
    const shared = await newcomer.get<SharedWithMeItem[]>("/api/shared-with-me");
    expect(shared.body).toEqual([
      {
        shared: expect.objectContaining({ accessLevel: "write", ownerName: "max" }),
        list: { id: list.id, name: "Party", shareId: list.shareId, userId: max.user.id },
      },
    ]);
    expect(publishedSince(t, mark).map((e) => [e.topic, e.message])).toEqual([
      [`user:${max.user.id}`, { type: "share_added", listId: list.id }],
      [`user:${res.body.id}`, { type: "share_added", listId: list.id }],
    ]);
  });

  it("logs in with a shareId of a read-only link, and ignores unknown or own links", async () => {
    const ola = await registerUser(t, "ola");
    await registerUser(t, "pam");
    const list = await createList(ola, "Readers");
    await ola.patch(`/api/task-lists/${list.id}`, { linkAccess: "read" });
    const pam = new Client(t);
    const res = await pam.post("/api/login", { username: "pam", password: TEST_PASSWORD, shareId: list.shareId });
    expect(res).toMatchObject({ status: 200, body: { username: "pam", sharedList: list.shareId } });
    const shared = await pam.get<SharedWithMeItem[]>("/api/shared-with-me");
    expect(shared.body.map((item) => [item.list.id, item.shared.accessLevel])).toEqual([[list.id, "read"]]);
    expect((await pam.get(`/api/list/${list.id}`)).body).toMatchObject({ accessLevel: "read", isOwner: false });
    // Logging in again with the same link changes nothing.
    const again = await new Client(t).post("/api/login", { username: "pam", password: TEST_PASSWORD, shareId: list.shareId });
    expect(again.body).toMatchObject({ sharedList: list.shareId });
    expect((await pam.get<SharedWithMeItem[]>("/api/shared-with-me")).body).toHaveLength(1);

    for (const blank of ["", "  ", null]) {
      const plain = await new Client(t).post("/api/login", { username: "pam", password: TEST_PASSWORD, shareId: blank });
      expect(plain.status).toBe(200);
      expect(plain.body).not.toHaveProperty("sharedList");
    }
    const unknown = await new Client(t).post("/api/login", { username: "pam", password: TEST_PASSWORD, shareId: "no-such-link" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).not.toHaveProperty("sharedList");
    const own = await new Client(t).post("/api/login", { username: "ola", password: TEST_PASSWORD, shareId: list.shareId });
    expect(own.body).toMatchObject({ sharedList: list.shareId });
    expect((await ola.get("/api/shared-with-me")).body).toEqual([]);
    expect((await t.store.db.all("SELECT id FROM list_shares WHERE list_id = ?", [list.id])).length).toBe(1);
    const lists = (await ola.get<TaskList[]>("/api/task-lists")).body;
    expect(lists.map((l) => l.id)).toEqual([list.id]);
  });
});
