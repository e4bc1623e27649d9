import { afterAll, beforeAll, expect, it } from "vitest";
import { KEY_KEPT_MS, purgeIdempotencyKeys } from "../../src/domain/idempotency";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, listEventsSince, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/** Idempotency-Key: each key applied once per caller, its first answer replayed for 24 h (docs/http-contract.md#idempotency-key). */
const keyed = (key: string) => ({ "Idempotency-Key": key });

const rowsIn = async (t: TestApp, listId: number) =>
  (
    await t.store.db.all<{ title: string; completed: number | string }>(
      "SELECT title, completed FROM tasks WHERE list_id = ? ORDER BY id",
      [listId],
    )
  ).map((row) => [row.title, Number(row.completed)]);
const eventsOf = async (t: TestApp, listId: number) =>
  (await t.store.db.all<{ type: string }>("SELECT type FROM events WHERE list_id = ? ORDER BY id", [listId])).map((row) => row.type);
const keyCount = async (t: TestApp) =>
  Number((await t.store.db.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM idempotency_keys"))!.n);

describeEachDialect("Idempotency-Key", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("replays the first answer, status and body, and applies the change once: one row, one event", async () => {
    const amy = await registerUser(t, "amy");
    const list = await createList(amy, "Replays");
    const from = t.published.length;
    const first = await amy.post<Task>("/api/tasks", { listId: list.id, title: "Milk" }, keyed("k-create"));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await amy.post<Task>("/api/tasks", { listId: list.id, title: "Milk" }, keyed("k-create"));
    expect([again.status, again.body]).toEqual([201, first.body]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(await rowsIn(t, list.id)).toEqual([["Milk", 0]]);
    expect(await eventsOf(t, list.id)).toEqual(["task_created"]);
    expect(listEventsSince(t, from).map((entry) => entry.message.type)).toEqual(["task_created"]);
    // The key was marked applied in the write's own transaction; a refused call's key was not,
    // and a call at a list the caller cannot see keeps no key at all.
    expect((await amy.post("/api/tasks", { listId: list.id, title: "x".repeat(81) }, keyed("k-refused"))).status).toBe(400);
    expect((await amy.post("/api/tasks", { listId: 999_999, title: "Nowhere" }, keyed("k-unseen"))).status).toBe(404);
    const applied = await t.store.db.all<{ request_key: string; applied: number | string }>(
      "SELECT request_key, applied FROM idempotency_keys WHERE request_key IN ('k-create', 'k-refused', 'k-unseen') ORDER BY request_key",
    );
    expect(applied.map((row) => [row.request_key, Number(row.applied)])).toEqual([
      ["k-create", 1],
      ["k-refused", 0],
    ]);
  });

  it("applies a toggle once when its answer was lost and the client sends it again", async () => {
    const ben = await registerUser(t, "ben");
    const list = await createList(ben, "Lost answers");
    const milk = await addTask(ben, { listId: list.id, title: "Milk" });
    const from = t.published.length;
    // The answer never reaches the phone; the outbox sends the same change with the same key.
    await ben.post(`/api/tasks/${milk.id}/toggle`, undefined, keyed("tick-1"));
    const retry = await ben.post<Task>(`/api/tasks/${milk.id}/toggle`, undefined, keyed("tick-1"));
    expect([retry.status, retry.body.completed, retry.headers.get("idempotent-replayed")]).toEqual([200, true, "true"]);
    expect(await rowsIn(t, list.id)).toEqual([["Milk", 1]]);
    expect(listEventsSince(t, from).filter((entry) => entry.message.type === "task_updated")).toHaveLength(1);
    // Positive control: another key is another change.
    expect((await ben.post<Task>(`/api/tasks/${milk.id}/toggle`, undefined, keyed("tick-2"))).body.completed).toBe(false);
  });

  it("applies concurrent duplicates once: the others are told it is in progress or get the same answer", async () => {
    const cat = await registerUser(t, "cat");
    const list = await createList(cat, "Races");
    const sends = Array.from({ length: 6 }, () => cat.post<Task>("/api/tasks", { listId: list.id, title: "Eggs" }, keyed("race")));
    const answers = await Promise.all(sends);
    const created = answers.filter((answer) => answer.status === 201);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(created.length + busy.length).toBe(answers.length);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.id))).toEqual(new Set([created[0]!.body.id]));
    for (const answer of busy) {
      expect(answer.body).toEqual({
        message: "A request with this Idempotency-Key is still in progress",
        error: "IDEMPOTENCY_KEY_IN_PROGRESS",
      });
      expect(answer.headers.get("retry-after")).toBe("1");
    }
    const later = await cat.post<Task>("/api/tasks", { listId: list.id, title: "Eggs" }, keyed("race"));
    expect([later.status, later.body]).toEqual([201, created[0]!.body]);
    expect(await rowsIn(t, list.id)).toEqual([["Eggs", 0]]);
    expect(await eventsOf(t, list.id)).toEqual(["task_created"]);
  });

  it("keeps each caller's keys apart: the same key from another user is another change, never their answer", async () => {
    const dan = await registerUser(t, "dan");
    const eve = await registerUser(t, "eve");
    const dans = await createList(dan, "Dan's");
    const eves = await createList(eve, "Eve's");
    const mine = await dan.post<Task>("/api/tasks", { listId: dans.id, title: "Bread" }, keyed("shared-key"));
    const hers = await eve.post<Task>("/api/tasks", { listId: eves.id, title: "Bread" }, keyed("shared-key"));
    expect([mine.status, hers.status, hers.headers.get("idempotent-replayed")]).toEqual([201, 201, null]);
    expect(hers.body.id).not.toBe(mine.body.id);
    // Eve sending Dan's exact request with his key gets her own answer: she may not see his list.
    const copy = await eve.post("/api/tasks", { listId: dans.id, title: "Bread" }, keyed("shared-key"));
    expect([copy.status, copy.body.message]).toEqual([422, "This Idempotency-Key was used for a different request"]);
    const snooping = await eve.post("/api/tasks", { listId: dans.id, title: "Bread" }, keyed("eve-own"));
    expect([snooping.status, snooping.body]).toEqual([404, { message: "List not found" }]);
    expect(await rowsIn(t, dans.id)).toEqual([["Bread", 0]]);
    expect(await rowsIn(t, eves.id)).toEqual([["Bread", 0]]);
  });

  it("refuses a key reused for another request with 422, and a malformed key with 400, changing nothing", async () => {
    const fay = await registerUser(t, "fay");
    const list = await createList(fay, "Reuse");
    const milk = await addTask(fay, { listId: list.id, title: "Milk" });
    expect((await fay.patch(`/api/tasks/${milk.id}`, { title: "Oat milk" }, keyed("edit"))).status).toBe(200);
    const before = await taskSnapshot(t);
    const keys = await keyCount(t);
    const reused = [
      await fay.patch(`/api/tasks/${milk.id}`, { title: "Soy milk" }, keyed("edit")),
      await fay.delete(`/api/tasks/${milk.id}`, keyed("edit")),
      await fay.post(`/api/tasks/${milk.id}/toggle`, undefined, keyed("edit")),
    ];
    for (const answer of reused) {
      expect([answer.status, answer.body]).toEqual([
        422,
        { message: "This Idempotency-Key was used for a different request", error: "IDEMPOTENCY_KEY_REUSED" },
      ]);
    }
    for (const bad of ["", "has space", "x".repeat(201), "naïve"]) {
      const answer = await fay.patch(`/api/tasks/${milk.id}`, { title: "Rice milk" }, { "Idempotency-Key": bad });
      expect([answer.status, answer.body]).toEqual([
        400,
        { message: "Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID", error: "INVALID_IDEMPOTENCY_KEY" },
      ]);
    }
    expect(await taskSnapshot(t)).toEqual(before);
    expect(await keyCount(t)).toBe(keys);
    // Positive control: the longest allowed key works.
    expect((await fay.patch(`/api/tasks/${milk.id}`, { title: "Rice milk" }, keyed("k".repeat(200)))).status).toBe(200);
  });

  it("scopes a share-link guest's keys to the link", async () => {
    const gus = await registerUser(t, "gus");
    const one = await createList(gus, "One");
    const two = await createList(gus, "Two");
    const guest = new Client(t);
    const onFirst = await guest.post<Task>(`/api/tasks?shareId=${one.shareId}`, { title: "Tea" }, keyed("guest-key"));
    const onSecond = await guest.post<Task>(`/api/tasks?shareId=${two.shareId}`, { title: "Tea" }, keyed("guest-key"));
    expect([onFirst.status, onSecond.status, onSecond.headers.get("idempotent-replayed")]).toEqual([201, 201, null]);
    const replay = await new Client(t).post<Task>(`/api/tasks?shareId=${one.shareId}`, { title: "Tea" }, keyed("guest-key"));
    expect([replay.status, replay.body, replay.headers.get("idempotent-replayed")]).toEqual([201, onFirst.body, "true"]);
    // The owner's keys are the owner's, even on the same link.
    const owner = await gus.post<Task>(`/api/tasks?shareId=${one.shareId}`, { title: "Tea" }, keyed("guest-key"));
    expect([owner.status, owner.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await rowsIn(t, one.id)).toEqual([
      ["Tea", 0],
      ["Tea", 0],
    ]);
    expect(await rowsIn(t, two.id)).toEqual([["Tea", 0]]);
  });

  it("keeps no key for an anonymous call: logging in twice with one key logs in twice", async () => {
    await registerUser(t, "hal");
    const keys = await keyCount(t);
    const first = await new Client(t).post("/api/login", { username: "hal", password: TEST_PASSWORD }, keyed("login-key"));
    const second = await new Client(t).post("/api/login", { username: "hal", password: TEST_PASSWORD }, keyed("login-key"));
    expect([first.status, second.status, second.headers.get("idempotent-replayed")]).toEqual([200, 200, null]);
    expect(second.headers.get("set-cookie")).toContain("session");
    expect(await keyCount(t)).toBe(keys);
  });

  it("replays a refusal as a refusal: an item past the limit stays refused even after room is made", async () => {
    const ida = await registerUser(t, "ida");
    const list = await createList(ida, "Full");
    const items = Array.from({ length: 100 }, (_, index) => ({ title: `Item ${index + 1}` }));
    expect((await ida.post("/api/tasks/bulk", { listId: list.id, items })).status).toBe(201);
    const refused = await ida.post("/api/tasks", { listId: list.id, title: "One more" }, keyed("late-add"));
    expect([refused.status, refused.body]).toEqual([
      403,
      { message: "This list has reached its limit of 100 items", error: "ITEM_LIMIT_REACHED" },
    ]);
    const [first] = (await ida.get<Task[]>(`/api/tasks?listId=${list.id}`)).body;
    expect((await ida.delete(`/api/tasks/${first!.id}`)).status).toBe(200);
    const before = await taskSnapshot(t);
    const replay = await ida.post("/api/tasks", { listId: list.id, title: "One more" }, keyed("late-add"));
    expect([replay.status, replay.body, replay.headers.get("idempotent-replayed")]).toEqual([403, refused.body, "true"]);
    expect(await taskSnapshot(t)).toEqual(before);
    // Positive control: the same change under a new key now fits.
    expect((await ida.post("/api/tasks", { listId: list.id, title: "One more" }, keyed("late-add-2"))).status).toBe(201);
  });

  it("lets go of a key its caller's access refused: the same retry applies once the owner grants write", async () => {
    const owner = await registerUser(t, "kai");
    const reader = await registerUser(t, "lou");
    const list = await createList(owner, "Shared");
    const share = (accessLevel: string) => owner.post("/api/share-by-username", { listId: list.id, username: "lou", accessLevel });
    expect((await share("read")).status).toBe(201);
    const send = () => reader.post<Task>("/api/tasks", { listId: list.id, title: "Pears" }, keyed("lou-pears"));
    const refused = await send();
    expect([refused.status, refused.body]).toMatchObject([403, { error: "READ_ONLY" }]);
    expect(await rowsIn(t, list.id)).toEqual([]);
    expect((await owner.delete(`/api/unshare/${list.id}/${reader.user.id}`)).status).toBe(200);
    expect((await share("write")).status).toBe(201);
    const applied = await send();
    expect([applied.status, applied.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await rowsIn(t, list.id)).toEqual([["Pears", 0]]);
    // Applied now, it is kept: the same key replays instead of adding twice.
    const replay = await send();
    expect([replay.status, replay.body.id, replay.headers.get("idempotent-replayed")]).toEqual([201, applied.body.id, "true"]);
    expect(await rowsIn(t, list.id)).toEqual([["Pears", 0]]);
  });

  it("forgets keys after 24 h: an old key is a new change, and the purge removes it", async () => {
    const joy = await registerUser(t, "joy");
    const list = await createList(joy, "Purge");
    const send = () => joy.post("/api/tasks", { listId: list.id, title: "Old" }, keyed("old-key"));
    expect((await send()).status).toBe(201);
    // The store's clock moves; no test sleeps. An hour short of a day the key still replays.
    t.clock.advance(KEY_KEPT_MS - 60 * 60 * 1000);
    expect(await purgeIdempotencyKeys(t.store)).toBe(0);
    expect((await send()).headers.get("idempotent-replayed")).toBe("true");
    // A day on, before any purge ran, the key is a new change.
    t.clock.advance(60 * 60 * 1000 + 60_000);
    const fresh = await send();
    expect([fresh.status, fresh.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await rowsIn(t, list.id)).toEqual([
      ["Old", 0],
      ["Old", 0],
    ]);
    // The purge removes every key of the earlier tests (over a day old now) and keeps the fresh one.
    const keys = await keyCount(t);
    expect(await purgeIdempotencyKeys(t.store)).toBe(keys - 1);
    expect((await send()).headers.get("idempotent-replayed")).toBe("true");
    t.clock.advance(KEY_KEPT_MS + 60_000);
    expect(await purgeIdempotencyKeys(t.store)).toBe(1);
    expect(await keyCount(t)).toBe(0);
  });
});
