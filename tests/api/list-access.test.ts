import { afterAll, beforeAll, expect, it } from "vitest";
import type { ListCan } from "../../src/shared/can";
import type { SharedListResponse, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, insertTask, publishedSince, snapshot } from "../helpers/lists";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Call = [method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown];

/** Every lists and sharing call that names one list, as a caller who wants to change or read it. */
function callsOn(list: TaskList, recipientId: number, shareIdQuery = ""): Call[] {
  const q = shareIdQuery ? `?shareId=${shareIdQuery}` : "";
  return [
    ["PATCH", `/api/task-lists/${list.id}${q}`, { name: "Hijacked" }],
    ["PATCH", `/api/task-lists/${list.id}${q}`, { linkAccess: "write" }],
    ["DELETE", `/api/task-lists/${list.id}${q}`],
    ["POST", `/api/task-lists/${list.id}/rotate-share-id${q}`],
    ["POST", `/api/task-lists/reorder${q}`, [{ id: list.id, position: 7 }]],
    ["GET", `/api/shared-by-list/${list.id}${q}`],
    ["POST", `/api/share-by-username${q}`, { listId: list.id, username: "outsider", accessLevel: "admin" }],
    ["DELETE", `/api/unshare/${list.id}/${recipientId}${q}`],
  ];
}

/** The list page's island props, as islands/hydrate.tsx reads them from the page. */
function listScreenProps(html: string): { can: ListCan } {
  const attribute = /data-island="ListScreen" data-props="([^"]*)"/.exec(html)?.[1] ?? "";
  const entities: Record<string, string> = { "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&" };
  return JSON.parse(attribute.replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => entities[entity]!));
}

const READS = (list: TaskList): Call[] => [
  ["GET", `/api/list/${list.id}`],
  ["GET", `/api/list/${list.id}?shareId=not-the-link`],
  ["GET", "/api/list?shareId=not-the-link"],
  ["GET", "/api/task-lists/by-share-id/not-the-link"],
];

describeEachDialect("list access", (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let reader: Awaited<ReturnType<typeof registerUser>>;
  let outsider: Awaited<ReturnType<typeof registerUser>>;
  let list: TaskList;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
    reader = await registerUser(t, "reader");
    outsider = await registerUser(t, "outsider");
    list = await createList(owner, "Private plans");
    await insertTask(t, { listId: list.id, userId: owner.user.id, title: "Secret", position: 0 });
    await owner.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "read" });
  });
  afterAll(() => t.close());

  it("answers 404 'List not found' to a third user on every call, and changes nothing", async () => {
    const before = await snapshot(t);
    const mark = t.published.length;
    for (const [method, path, body] of [...callsOn(list, reader.user.id), ...READS(list)]) {
      const res = await outsider.request(method, path, body);
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 404,
        body: { message: "List not found" },
      });
    }
    expect(await snapshot(t)).toEqual(before);
    expect(publishedSince(t, mark)).toEqual([]);
    expect((await outsider.get("/api/shared-with-me")).body).toEqual([]);
    expect((await outsider.get("/api/task-lists")).body).toEqual([]);
  });

  it("asks an anonymous visitor without the link to log in, the same for a list that does not exist", async () => {
    const signedOut = { status: 401, body: { message: "Authentication required. Please log in again." } };
    for (const path of [`/api/list/${list.id}`, "/api/list/999999"]) {
      const res = await new Client(t).get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, ...signedOut });
    }
    // With a link that opens nothing, the list is not found.
    for (const [method, path] of READS(list).filter(([, path]) => path.includes("shareId"))) {
      const res = await new Client(t).request(method, path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { message: "List not found" } });
    }
  });

  it("lets a read-level recipient read, and answers 403 to every owner action", async () => {
    const view = await reader.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ list: { id: list.id }, accessLevel: "read", isOwner: false, ownerInfo: { username: "owner" } });
    const before = await snapshot(t);
    const mark = t.published.length;
    const calls = callsOn(list, outsider.user.id).filter(([, path]) => !path.startsWith("/api/unshare/"));
    for (const [method, path, body] of calls) {
      const res = await reader.request(method, path, body);
      expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: "OWNER_ONLY" });
      expect(res.body.message).toMatch(/^Only the list's owner can /);
    }
    expect((await reader.delete(`/api/unshare/${list.id}/${owner.user.id}`)).status).toBe(403);
    expect(await snapshot(t)).toEqual(before);
    expect(publishedSince(t, mark)).toEqual([]);
  });

  it("shares at level check: the recipient reads without learning the link, and every owner action answers 403", async () => {
    const ticker = await registerUser(t, "ticker");
    const shared = await owner.post("/api/share-by-username", { listId: list.id, username: "ticker", accessLevel: "check" });
    expect([shared.status, shared.body.accessLevel]).toEqual([201, "check"]);
    const mine = await owner.get<Array<{ sharedWithName: string; accessLevel: string }>>("/api/my-shared-lists");
    expect(mine.body.find((record) => record.sharedWithName === "ticker")?.accessLevel).toBe("check");
    const withMe = await ticker.get<Array<{ shared: { accessLevel: string }; list: { shareId: string } }>>("/api/shared-with-me");
    expect(withMe.body).toMatchObject([{ shared: { accessLevel: "check" }, list: { shareId: "" } }]);
    // A check recipient who learnt the (write) link could edit while signed out: it is never shown.
    const view = await ticker.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(view.body).toMatchObject({ accessLevel: "check", isOwner: false, list: { shareId: "" } });
    const through = await ticker.get<SharedListResponse>(`/api/list?shareId=${list.shareId}`);
    expect(through.body.accessLevel).toBe("check");
    const before = await snapshot(t);
    const mark = t.published.length;
    for (const [method, path, body] of callsOn(list, reader.user.id).filter(([, path]) => !path.startsWith("/api/unshare/"))) {
      const res = await ticker.request(method, path, body);
      expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: "OWNER_ONLY" });
    }
    expect(await snapshot(t)).toEqual(before);
    expect(publishedSince(t, mark)).toEqual([]);
    await owner.delete(`/api/unshare/${list.id}/${ticker.user.id}`);
  });

  it("gives a check-level link's holder level check, and one who signs in with it joins at check", async () => {
    await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: "check" });
    try {
      const holder = await new Client(t).get<SharedListResponse>(`/api/list?shareId=${list.shareId}`);
      expect(holder.body).toMatchObject({ accessLevel: "check", list: { linkAccess: "check", shareId: list.shareId } });
      const joined = await registerUser(t, "joiner");
      const login = await joined.post("/api/login", { username: "joiner", password: "password123", shareId: list.shareId });
      expect(login.body.sharedList).toBe(list.shareId);
      expect((await joined.get<SharedListResponse>(`/api/list/${list.id}`)).body.accessLevel).toBe("check");
    } finally {
      await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: "write" });
    }
  });

  it("keeps a named read recipient read-only even through a write link", async () => {
    const res = await reader.get<SharedListResponse>(`/api/list?shareId=${list.shareId}`);
    expect(res.body).toMatchObject({ accessLevel: "read", isOwner: false });
  });

  it("lets an anonymous visitor read through the link, with tasks in order", async () => {
    const other = await createList(owner, "Other list");
    const second = await insertTask(t, { listId: list.id, userId: owner.user.id, title: "Second", position: 2, isParent: true });
    await insertTask(t, { listId: list.id, userId: owner.user.id, title: "Child", position: 3, parentId: second, completed: true });
    await insertTask(t, { listId: other.id, userId: owner.user.id, title: "Elsewhere", position: 1 });
    const visitor = new Client(t);
    const res = await visitor.get<SharedListResponse>(`/api/list?shareId=${list.shareId}&_t=123`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      list,
      tasks: expect.any(Array),
      accessLevel: "write",
      isOwner: false,
      ownerInfo: { username: "owner" },
      can: {
        tick: true,
        edit: true,
        clearCompleted: false,
        restoreAnyDeleted: false,
        renameList: false,
        setRoutine: false,
        share: false,
        deleteList: false,
        beTold: true,
      },
      sections: [],
    });
    expect(res.body.tasks.map((task) => task.title)).toEqual(["Secret", "Second", "Child"]);
    expect(res.body.tasks[2]).toEqual({
      id: expect.any(Number),
      title: "Child",
      description: "",
      completed: true,
      position: 3,
      listId: list.id,
      userId: owner.user.id,
      isParent: false,
      parentId: second,
      createdAt: expect.stringMatching(/Z$/),
      // Put straight into the store, it has no known author.
      createdBy: null,
      completedBy: null,
      dueAt: null,
      remindAt: null,
      repeat: null,
      quantity: null,
      sectionId: null,
    });
    expect(res.body.tasks[0]).toMatchObject({ parentId: 0, completed: false, isParent: false });
    expect(res.body.tasks[1]).toMatchObject({ isParent: true, parentId: 0 });
    // The numeric form, and the link of another list does not open this one.
    expect((await visitor.get(`/api/list/${list.id}?shareId=${list.shareId}`)).body).toMatchObject({ list: { id: list.id } });
    expect((await visitor.get(`/api/list/${list.id}?shareId=${other.shareId}`)).status).toBe(404);
    expect(await visitor.get("/api/list")).toMatchObject({ status: 400, body: { message: "shareId is required" } });
    expect((await visitor.get(`/api/task-lists/by-share-id/${list.shareId}`)).body).toEqual(list);
  });

  it("answers the owner's own view as owner", async () => {
    const res = await owner.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(res.body).toMatchObject({ list, accessLevel: "admin", isOwner: true, ownerInfo: { username: "owner" } });
  });

  it("tells each caller what it may do (can), and the server allows exactly that", async () => {
    const shared = await createList(owner, "Who may do what");
    const item = await insertTask(t, { listId: shared.id, userId: owner.user.id, title: "Bread", position: 0 });
    const tried = async (client: Client, q: string): Promise<Omit<ListCan, "restoreAnyDeleted" | "deleteList" | "beTold">> => {
      const amp = q ? `&${q.slice(1)}` : "";
      const ok = (res: { status: number }) => res.status < 300;
      return {
        // Unticked, so the owner's clear-completed leaves the item for the callers after it.
        tick: ok(await client.patch<Task>(`/api/tasks/${item}${q}`, { completed: false })),
        edit: ok(await client.post(`/api/tasks${q}`, { title: "Milk", listId: shared.id })),
        clearCompleted: ok(await client.post(`/api/tasks/clear-completed?listId=${shared.id}${amp}`)),
        renameList: ok(await client.patch(`/api/task-lists/${shared.id}${q}`, { name: "Who may do what" })),
        setRoutine: ok(await client.patch(`/api/task-lists/${shared.id}${q}`, { routine: null })),
        share: ok(await client.get(`/api/shared-by-list/${shared.id}${q}`)),
      };
    };
    const owns = { clearCompleted: true, restoreAnyDeleted: true, renameList: true, setRoutine: true, share: true, deleteList: true };
    const none = { clearCompleted: false, restoreAnyDeleted: false, renameList: false, setRoutine: false, share: false, deleteList: false };
    const expected: [string, Client, string, ListCan][] = [["owner", owner, "", { tick: true, edit: true, ...owns, beTold: true }]];
    for (const level of ["read", "check", "write", "admin"] as const) {
      const recipient = await registerUser(t, `${level}_recipient`);
      await t.store.shares.grant(shared.id, recipient.user.id, level);
      const can = { tick: level !== "read", edit: level === "write" || level === "admin", ...none, beTold: true };
      expected.push([`${level} recipient`, recipient, "", can]);
    }
    for (const level of ["read", "check", "write"] as const) {
      const link = `?shareId=${shared.shareId}`;
      const can = { tick: level !== "read", edit: level === "write", ...none };
      expected.push([`${level} link guest`, new Client(t), link, { ...can, beTold: true }]);
      expected.push([`${level} link signed in`, await registerUser(t, `${level}_link_reader`), link, { ...can, beTold: false }]);
    }
    for (const [who, client, q, can] of expected) {
      const level = who.includes(" link ") ? who.split(" ")[0] : undefined;
      if (level) await t.store.lists.update(shared.id, { linkAccess: level as "read" | "check" | "write" });
      const view = await client.get<SharedListResponse>(`/api/list/${shared.id}${q}`);
      expect({ who, can: view.body.can }).toEqual({ who, can });
      const page = await client.get<string>(`/list/${shared.id}${q}`);
      expect({ who, status: page.status, can: listScreenProps(page.body).can }).toEqual({ who, status: 200, can });
      const { restoreAnyDeleted: _any, deleteList: _delete, beTold, ...tryable } = can;
      expect({ who, allowed: await tried(client, q) }).toEqual({ who, allowed: tryable });
      // Told: an account has a mode of the list (a guest's is their browser's subscription: tests/api/push-guests.test.ts).
      if (!who.endsWith("guest")) {
        const mode = await client.get(`/api/task-lists/${shared.id}/notifications${q}`);
        expect({ who, mode: mode.status }).toEqual({ who, mode: beTold ? 200 : 404 });
      }
    }
    // The last flag the server acts on: only the owner deletes the list.
    expect((await expected[1]![1].delete(`/api/task-lists/${shared.id}`)).status).toBe(403);
    expect((await owner.delete(`/api/task-lists/${shared.id}`)).status).toBe(200);
  });

  it("gives link holders the link's level and 403 (not 404) on owner actions", async () => {
    const holder = new Client(t);
    const mark = t.published.length;
    const res = await holder.patch(`/api/task-lists/${list.id}?shareId=${list.shareId}`, { name: "Mine now" });
    expect(res.status).toBe(401);
    for (const [method, path, body] of callsOn(list, reader.user.id, list.shareId)) {
      const r = await outsider.request(method, path, body);
      expect({ method, path, status: r.status }).toEqual({ method, path, status: 403 });
    }
    expect(publishedSince(t, mark)).toEqual([]);
    expect((await t.store.lists.findById(list.id))!.name).toBe("Private plans");

    await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: "read" });
    expect((await holder.get<SharedListResponse>(`/api/list?shareId=${list.shareId}`)).body.accessLevel).toBe("read");
    await owner.patch(`/api/task-lists/${list.id}`, { linkAccess: "write" });
    expect((await holder.get<SharedListResponse>(`/api/list?shareId=${list.shareId}`)).body.accessLevel).toBe("write");
  });
});
