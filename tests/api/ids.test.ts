import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, snapshot } from "../helpers/lists";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Every other way `Number()` would read the id as the same number. */
const otherSpellings = (id: number) => [`0x${id.toString(16)}`, `${id}.0`, `${id}e0`, `+${id}`, `%20${id}`, `0${id}`];

describeEachDialect("one address per item", (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  let listId: number;
  let shareId: string;
  let item: Task;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
    bob = await registerUser(t, "bob");
    // A few lists, so the ids under test are not all 1.
    for (const name of ["One", "Two", "Three", "Four", "Five"]) await createList(owner, name);
    const list = await createList(owner, "Spelled list");
    [listId, shareId] = [list.id, list.shareId];
    item = (await owner.post<Task>("/api/tasks", { title: "Spelled item", listId, isParent: true })).body;
    expect((await owner.post("/api/share-by-username", { listId, username: "bob" })).status).toBe(201);
  });
  afterAll(() => t.close());

  it("renders /list/{id} for its decimal id only, to the owner and to a signed-out link visitor", async () => {
    const visitor = new Client(t);
    for (const spelling of otherSpellings(listId)) {
      const page = await owner.get(`/list/${spelling}`);
      expect([spelling, page.status]).toEqual([spelling, 404]);
      expect(page.body).not.toContain("Spelled list");
      const linked = await visitor.get(`/list/${spelling}?shareId=${shareId}`);
      expect([spelling, linked.status]).toEqual([spelling, 404]);
      expect(linked.body).not.toContain("Spelled list");
    }
    const page = await owner.get(`/list/${listId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Spelled list");
    const linked = await visitor.get(`/list/${listId}?shareId=${shareId}`);
    expect(linked.status).toBe(200);
    expect(linked.body).toContain("Spelled list");
  });

  it("opens a parent's sub-items for its decimal ?parentId= only; another spelling goes back to the list", async () => {
    const hex = await owner.get(`/list/${listId}?parentId=0x${item.id.toString(16)}`);
    expect(hex.status).toBe(302);
    expect(hex.headers.get("location")).toBe(`/list/${listId}`);
    const plain = await owner.get(`/list/${listId}?parentId=${item.id}`);
    expect(plain.status).toBe(200);
  });

  it("answers the API's list and sharing calls for the decimal id only, changing nothing otherwise", async () => {
    const before = await snapshot(t);
    const hexList = `0x${listId.toString(16)}`;
    const refused = [
      await owner.get(`/api/list/${hexList}`),
      await owner.get(`/api/list/${listId}e0`),
      await owner.patch(`/api/task-lists/${hexList}`, { name: "Renamed" }),
      await owner.post(`/api/task-lists/${listId}.0/rotate-share-id`),
      await owner.delete(`/api/task-lists/+${listId}`),
      await owner.get(`/api/shared-by-list/${listId}e0`),
      await owner.delete(`/api/unshare/${hexList}/${bob.user.id}`),
    ];
    expect(refused.map((res) => [res.status, res.body])).toEqual(Array(refused.length).fill([404, { message: "List not found" }]));
    const hexUser = await owner.delete(`/api/unshare/${listId}/0x${bob.user.id.toString(16)}`);
    expect(hexUser).toMatchObject({ status: 404, body: { message: "This list is not shared with that user" } });
    expect(await snapshot(t)).toEqual(before);

    expect((await owner.get(`/api/list/${listId}`)).status).toBe(200);
    const recipients = await owner.get<Array<{ sharedWithId: number }>>(`/api/shared-by-list/${listId}`);
    expect(recipients.body.map((share) => share.sharedWithId)).toEqual([bob.user.id]);
    expect((await owner.delete(`/api/unshare/${listId}/${bob.user.id}`)).status).toBe(200);
    expect(await t.store.shares.find(listId, bob.user.id)).toBeUndefined();
  });

  it("answers the item calls for the decimal id only, changing nothing otherwise", async () => {
    const before = await snapshot(t);
    for (const spelling of otherSpellings(item.id)) {
      const calls = [
        await owner.patch(`/api/tasks/${spelling}`, { title: "Renamed" }),
        await owner.post(`/api/tasks/${spelling}/toggle`),
        await owner.delete(`/api/tasks/${spelling}`),
        await owner.get(`/api/tasks/parent/${spelling}?listId=${listId}`),
      ];
      expect([spelling, calls.map((res) => [res.status, res.body])]).toEqual([
        spelling,
        Array(calls.length).fill([404, { message: "Task not found" }]),
      ]);
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await owner.get(`/api/tasks/parent/${item.id}?listId=${listId}`)).status).toBe(200);
    expect((await owner.post(`/api/tasks/${item.id}/toggle`)).body).toMatchObject({ id: item.id, completed: true });
  });

  it("reads ids in query strings in decimal digits only: another spelling is 400 and changes nothing", async () => {
    const before = await snapshot(t);
    for (const spelling of otherSpellings(listId)) {
      const calls = [
        await owner.get(`/api/tasks?listId=${spelling}`),
        await owner.post(`/api/tasks/clear-completed?listId=${spelling}`),
        await owner.post(`/api/tasks/reorder?listId=${spelling}`, [{ id: item.id, position: 5 }]),
      ];
      expect([spelling, calls.map((res) => [res.status, res.body])]).toEqual([
        spelling,
        Array(calls.length).fill([400, expect.objectContaining({ message: "listId must be written in decimal digits" })]),
      ]);
    }
    const parent = await owner.get(`/api/tasks?listId=${listId}&parentId=0x${item.id.toString(16)}`);
    expect(parent).toMatchObject({ status: 400, body: { message: "parentId must be written in decimal digits" } });
    expect(await snapshot(t)).toEqual(before);

    expect((await owner.get<Task[]>(`/api/tasks?listId=${listId}`)).body.map((task) => task.id)).toEqual([item.id]);
    expect((await owner.get<Task[]>(`/api/tasks?listId=${listId}&parentId=${item.id}`)).status).toBe(200);
    expect((await owner.get<Task[]>(`/api/tasks?listId=${listId}&parentId=0`)).body.map((task) => task.id)).toEqual([item.id]);
  });

  it("reads ids in bodies as JSON numbers or decimal digits only: another spelling is 400 and changes nothing", async () => {
    const before = await snapshot(t);
    const hexList = `0x${listId.toString(16)}`;
    const hexItem = `0x${item.id.toString(16)}`;
    const message = (field: string) => expect.objectContaining({ message: `${field} must be written in decimal digits` });
    for (const spelling of [hexList, `0${listId}`, `+${listId}`, ` ${listId}`, `${listId}.0`, `${listId}e0`]) {
      const calls = [
        await owner.post("/api/tasks", { title: "Spelled", listId: spelling }),
        await owner.post("/api/tasks/bulk", { listId: spelling, items: [{ title: "Spelled" }] }),
        await owner.post("/api/tasks/reset-completions", { listId: spelling }),
        await owner.post("/api/share-by-username", { listId: spelling, username: "bob" }),
      ];
      expect([spelling, calls.map((res) => [res.status, res.body])]).toEqual([
        spelling,
        Array(calls.length).fill([400, message("listId")]),
      ]);
    }
    const calls: Array<[string, Awaited<ReturnType<typeof owner.post>>]> = [
      ["parentId", await owner.post("/api/tasks", { title: "Spelled", listId, parentId: hexItem })],
      ["parentId", await owner.patch(`/api/tasks/${item.id}`, { parentId: `0${item.id}` })],
      ["id", await owner.post(`/api/tasks/reorder?listId=${listId}`, [{ id: hexItem, position: 5 }])],
      ["id", await owner.post("/api/tasks/restore", { ids: [`${item.id}.0`] })],
      ["id", await owner.post("/api/task-lists/reorder", [{ id: hexList, position: 5 }])],
    ];
    for (const [field, res] of calls) expect([field, res.status, res.body]).toEqual([field, 400, message(field)]);
    const unsafe = await owner.post("/api/tasks", { title: "Huge", listId: 2 ** 53 });
    expect(unsafe).toMatchObject({ status: 400, body: { message: "listId is too large" } });
    const connected = await owner.post<{ clientId: string }>("/api/poll/connect", {});
    const subscribed = await owner.post("/api/poll/subscribe", { clientId: connected.body.clientId, listId: hexList });
    expect(subscribed).toMatchObject({ status: 400, body: { message: "listId must be written in decimal digits" } });
    expect(await snapshot(t)).toEqual(before);

    // A JSON number, and the same number in decimal digits (as older clients send it), are the one id.
    expect((await owner.post<Task>("/api/tasks", { title: "By number", listId })).status).toBe(201);
    expect(
      (await owner.post<Task>("/api/tasks", { title: "By digits", listId: String(listId), parentId: String(item.id) })).body,
    ).toMatchObject({
      listId,
      parentId: item.id,
    });
    const again = await owner.post("/api/poll/subscribe", { clientId: connected.body.clientId, listId: String(listId) });
    expect(again.status).toBe(200);
  });

  it("reads a poll's lastEventId in decimal digits only", async () => {
    // An unknown client answers 404 once the query is read: a spelled-out number never gets there.
    for (const spelling of ["1e0", "0x1", "1.0", "-1", "+1"]) {
      const res = await owner.get(`/api/poll/no-such-client?lastEventId=${encodeURIComponent(spelling)}`);
      expect([spelling, res.status]).toEqual([spelling, 400]);
    }
    expect((await owner.get("/api/poll/no-such-client?lastEventId=1")).status).toBe(404);
    expect((await owner.get("/api/poll/no-such-client?lastEventId=0")).status).toBe(404);
    // Empty means "no event yet", as if it were left out.
    expect((await owner.get("/api/poll/no-such-client?lastEventId=")).status).toBe(404);
  });
});
