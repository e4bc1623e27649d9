import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/**
 * Bounds on Idempotency-Key: keys only for a signed-in caller or a live link, never
 * for a call carrying a password, at most 1,000 a caller a day, and answers over 16 KB kept as
 * status and error only. Whatever a caller sends, the rows it can leave behind stay small.
 */
const keyed = (key: string) => ({ "Idempotency-Key": key });
const HOUR_MS = 60 * 60 * 1000;

describeEachDialect("Idempotency-Key bounds", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const callersOfKeys = async () =>
    (await t.store.db.all<{ caller: string }>("SELECT DISTINCT caller FROM idempotency_keys ORDER BY caller")).map((row) => row.caller);
  const keyCount = async () => Number((await t.store.db.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM idempotency_keys"))!.n);
  const titlesIn = async (listId: number) =>
    (await t.store.db.all<{ title: string }>("SELECT title FROM tasks WHERE list_id = ? ORDER BY id", [listId])).map((row) => row.title);

  it("keeps no key for a made-up, over-long or rotated link, and keeps one for a live link's guest", async () => {
    const owner = await registerUser(t, "olga");
    const list = await createList(owner, "Open");
    const guest = new Client(t);
    const keysBefore = await callersOfKeys();
    const madeUp = await guest.post(`/api/tasks?shareId=${"z".repeat(64)}`, { title: "Tea" }, keyed("made-up"));
    const overLong = await guest.post(`/api/tasks?shareId=${"z".repeat(4_000)}`, { title: "Tea" }, keyed("over-long"));
    const rotated = (await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    const old = await guest.post(`/api/tasks?shareId=${list.shareId}`, { title: "Tea" }, keyed("old-link"));
    expect([madeUp.status, overLong.status, old.status]).toEqual([404, 400, 404]);
    expect(await callersOfKeys()).toEqual(keysBefore);
    expect(await titlesIn(list.id)).toEqual([]);
    // The live link's guest keeps its key: a second try replays the first answer.
    const live = await guest.post<Task>(`/api/tasks?shareId=${rotated.shareId}`, { title: "Tea" }, keyed("live-link"));
    const again = await guest.post<Task>(`/api/tasks?shareId=${rotated.shareId}`, { title: "Tea" }, keyed("live-link"));
    expect([live.status, again.status, again.body, again.headers.get("idempotent-replayed")]).toEqual([201, 201, live.body, "true"]);
    expect(await callersOfKeys()).toEqual([...keysBefore, `share:${rotated.shareId}`].sort());
    expect(await titlesIn(list.id)).toEqual(["Tea"]);
  });

  it("never keys a call carrying a password: login through a link, register and a password change store nothing", async () => {
    const owner = await registerUser(t, "pia");
    const list = await createList(owner, "Hers");
    const keys = await keyCount();
    const login = await new Client(t).post(`/api/login?shareId=${list.shareId}`, { username: "pia", password: TEST_PASSWORD }, keyed("in"));
    const register = await new Client(t).post(
      `/api/register?shareId=${list.shareId}`,
      { username: "quin", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
      keyed("new"),
    );
    const change = await owner.patch(
      "/api/change-password",
      { currentPassword: TEST_PASSWORD, newPassword: "another-secret", confirmPassword: "another-secret" },
      keyed("pw"),
    );
    expect([login.status, register.status, change.status]).toEqual([200, 201, 200]);
    expect(await keyCount()).toBe(keys);
    // The same signed-in caller's other keyed calls are kept, so the count above would have moved.
    expect((await owner.post("/api/user/theme", { theme: "ocean" }, keyed("theme"))).status).toBe(200);
    expect(await keyCount()).toBe(keys + 1);
  });

  it("lets a link's other guests go on changing the list once its 1,000 keys of the day are taken, unkeyed", async () => {
    const owner = await registerUser(t, "lina");
    const list = await createList(owner, "Party");
    // One guest spent the link's keys of the day.
    const madeAt = t.clock.now() - HOUR_MS;
    await t.store.db.transaction(async (tx) => {
      for (let n = 0; n < 1_000; n++) {
        await tx.run(
          "INSERT INTO idempotency_keys (caller, request_key, fingerprint, lease, lease_until, applied, status, content_type, body, created_at) VALUES (?, ?, 'f', 'l', 0, 1, 201, NULL, '', ?)",
          [`share:${list.shareId}`, `spent-${n}`, madeAt],
        );
      }
    });
    const guest = new Client(t);
    const added = await guest.post<Task>(`/api/tasks?shareId=${list.shareId}`, { title: "Cake" }, keyed("another-guest"));
    expect([added.status, added.body.title, added.headers.get("idempotent-replayed")]).toEqual([201, "Cake", null]);
    expect(await titlesIn(list.id)).toEqual(["Cake"]);
    const kept = await t.store.db.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE caller = ?", [
      `share:${list.shareId}`,
    ]);
    expect(Number(kept!.n)).toBe(1_000);
    // The keys kept before the limit still stand: one sent with another request is refused.
    expect((await guest.post(`/api/tasks?shareId=${list.shareId}`, { title: "Pie" }, keyed("spent-0"))).status).toBe(422);
    expect(await titlesIn(list.id)).toEqual(["Cake"]);
  });

  it("keeps at most 1,000 keys a caller a day: the next new key answers 429 with Retry-After and changes nothing", async () => {
    const rex = await registerUser(t, "rex");
    const list = await createList(rex, "Busy");
    const first = await rex.post<Task>("/api/tasks", { listId: list.id, title: "First" }, keyed("key-0"));
    expect(first.status).toBe(201);
    // 998 more keys made 23 h ago, as a day of changes would have left them.
    const madeAt = t.clock.now() - 23 * HOUR_MS;
    await t.store.db.transaction(async (tx) => {
      for (let n = 1; n < 999; n++) {
        await tx.run(
          "INSERT INTO idempotency_keys (caller, request_key, fingerprint, lease, lease_until, applied, status, content_type, body, created_at) VALUES (?, ?, 'f', 'l', 0, 1, 201, NULL, '', ?)",
          [`user:${rex.user.id}`, `key-${n}`, madeAt],
        );
      }
    });
    expect((await rex.post("/api/tasks", { listId: list.id, title: "Thousandth" }, keyed("key-999"))).status).toBe(201);
    const over = await rex.post("/api/tasks", { listId: list.id, title: "Over" }, keyed("key-1000"));
    expect([over.status, over.body]).toEqual([
      429,
      { message: "Too many changes with an Idempotency-Key today. Try again later.", error: "IDEMPOTENCY_KEY_LIMIT" },
    ]);
    // Until the oldest key turns 24 h old: one hour.
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(3_599);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(3_600);
    expect(await titlesIn(list.id)).toEqual(["First", "Thousandth"]);
    const rows = await t.store.db.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE caller = ?", [
      `user:${rex.user.id}`,
    ]);
    expect(Number(rows!.n)).toBe(1_000);
    // A kept key still replays, and another caller is not held back.
    const replay = await rex.post<Task>("/api/tasks", { listId: list.id, title: "First" }, keyed("key-0"));
    expect([replay.status, replay.body, replay.headers.get("idempotent-replayed")]).toEqual([201, first.body, "true"]);
    const sam = await registerUser(t, "sam");
    expect((await sam.post("/api/task-lists", { name: "Mine" }, keyed("key-1000"))).status).toBe(201);
    // Once the day-old keys age out there is room again.
    t.clock.advance(HOUR_MS + 1_000);
    const later = await rex.post("/api/tasks", { listId: list.id, title: "Over" }, keyed("key-1000"));
    expect(later.status).toBe(201);
    expect(await titlesIn(list.id)).toEqual(["First", "Thousandth", "Over"]);
  });

  it("keeps an answer over 16 KB as its status and error only, and a smaller one whole", async () => {
    const uma = await registerUser(t, "uma");
    const list = await createList(uma, "Long");
    const items = Array.from({ length: 100 }, (_, n) => ({ title: `Item number ${n} with a longer title`, description: "d".repeat(40) }));
    expect((await uma.post("/api/tasks/bulk", { listId: list.id, items })).status).toBe(201);
    const tasks = (await uma.get<Task[]>(`/api/tasks?listId=${list.id}`)).body;
    const order = tasks.map((task, n) => ({ id: task.id, position: tasks.length - n }));
    const big = await uma.post<{ tasks: Task[] }>(`/api/tasks/reorder?listId=${list.id}`, order, keyed("big"));
    expect(big.status).toBe(200);
    expect(JSON.stringify(big.body).length).toBeGreaterThan(16 * 1024);
    const replay = await uma.post(`/api/tasks/reorder?listId=${list.id}`, order, keyed("big"));
    expect([replay.status, replay.body, replay.headers.get("idempotent-replayed")]).toEqual([200, {}, "true"]);
    expect(replay.headers.get("content-type")).toContain("application/json");
    const kept = await t.store.db.get<{ body: string }>("SELECT body FROM idempotency_keys WHERE caller = ? AND request_key = 'big'", [
      `user:${uma.user.id}`,
    ]);
    expect(kept!.body).toBe("{}");
    // A small answer is kept whole.
    const small = await uma.patch<Task>(`/api/tasks/${tasks[0]!.id}`, { title: "Small" }, keyed("small"));
    const smallAgain = await uma.patch<Task>(`/api/tasks/${tasks[0]!.id}`, { title: "Small" }, keyed("small"));
    expect([small.status, smallAgain.status, smallAgain.body]).toEqual([200, 200, small.body]);
    expect(small.body.title).toBe("Small");
  });
});
