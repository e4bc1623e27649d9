import { afterAll, beforeAll, expect, it } from "vitest";
import { SETTLE_MS } from "../../src/domain/notify-batches";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import { createStore } from "../../src/store";
import type { Db } from "../../src/store/db";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import { describeEachDialect } from "../helpers/databases";
import { addTask } from "../helpers/tasks";
import { startWebhookWorld, type WebhookWorld } from "../helpers/webhook-world";

/**
 * What webhooks are sent (docs/decisions/063-webhooks.md), at a real receiver on 127.0.0.1:
 * Standard Webhooks signing, one webhook-id across retries, Retry-After, turned off after a day of
 * failures with the owner told, 410, the event filter, the ntfy format and the test event. Time
 * moves through the test clock; the worker's tick runs as its timer would.
 */
describeEachDialect("webhook delivery", (dialect) => {
  let w: WebhookWorld;
  beforeAll(async () => {
    w = await startWebhookWorld(dialect);
  });
  afterAll(() => w.close());

  it("adds a webhook whose calls are signed with its secret: {type, timestamp, data}, verified by standardwebhooks", async () => {
    const { sam, list } = await w.owner("sign");
    const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, { url: w.receiver.url("sign"), format: "standard" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      listId: list.id,
      url: w.receiver.url("sign"),
      events: ["task_created", "task_updated", "task_deleted", "tasks_reordered", "tasks_reset", "list_updated", "sections_updated"],
      format: "standard",
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      lastDelivery: null,
    });
    const secret = res.body.secret as string;
    await addTask(sam, { listId: list.id, title: "Milk" });
    await w.settle();
    const [call] = w.receiver.to("sign");
    expect(w.receiver.to("sign")).toHaveLength(1);
    expect(call!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    const verified = w.verify(secret, call!) as Record<string, unknown>;
    expect(verified).toEqual({
      type: "task_created",
      timestamp: expect.any(String),
      data: {
        listId: list.id,
        listName: "Groceries",
        actor: "Sam_sign",
        action: "added",
        subject: "Milk",
        payload: expect.objectContaining({ title: "Milk", listId: list.id }),
      },
    });
    expect(() => w.verify(`whsec_${btoa("another secret of enough bytes")}`, call!)).toThrow();
    const listed = await sam.get<{ webhooks: Array<Record<string, unknown>> }>(`/api/task-lists/${list.id}/webhooks`);
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([
      {
        id: res.body.id,
        listId: list.id,
        url: w.receiver.url("sign"),
        events: expect.any(Array),
        format: "standard",
        createdAt: res.body.createdAt,
        lastDelivery: { at: expect.any(String), status: 200, ok: true },
        disabledAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it("tries a 500 again within 30 s with the same webhook-id, then a 200 is done", async () => {
    const { sam, list } = await w.owner("retry");
    const { id } = await w.hook(sam, list.id, "retry");
    w.receiver.answer("retry", { status: 500 });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await w.settle();
    expect(w.receiver.to("retry").map((call) => call.status)).toEqual([500]);
    expect(
      (await sam.get<{ webhooks: Array<{ lastDelivery: unknown }> }>(`/api/task-lists/${list.id}/webhooks`)).body.webhooks[0]!.lastDelivery,
    ).toEqual({ at: expect.any(String), status: 500, ok: false });
    await w.pass(24_000);
    expect(w.receiver.to("retry")).toHaveLength(1);
    await w.pass(1_500);
    const [first, second] = w.receiver.to("retry");
    expect(second?.status).toBe(200);
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);
    expect(await w.queuedFor(id)).toEqual([]);
  });

  it("honours Retry-After: a 503 asking for 120 s is not tried at 60 s, and is at 120 s", async () => {
    const { sam, list } = await w.owner("later");
    await w.hook(sam, list.id, "later");
    w.receiver.answer("later", { status: 503, retryAfter: "120" });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await w.settle();
    await w.pass(60_000);
    expect(w.receiver.to("later").map((call) => call.status)).toEqual([503]);
    await w.pass(60_500);
    expect(w.receiver.to("later").map((call) => call.status)).toEqual([503, 200]);
  });

  it("turns a webhook off after a day of failures and tells its owner in the inbox; nothing more is sent", async () => {
    const { sam, list } = await w.owner("down");
    const { id } = await w.hook(sam, list.id, "down");
    w.receiver.answer("down", ...Array.from({ length: 40 }, () => ({ status: 502 })));
    await addTask(sam, { listId: list.id, title: "Milk" });
    await w.settle();
    for (let hour = 0; hour < 23; hour++) await w.pass(60 * 60 * 1000);
    const stillOn = (await sam.get<{ webhooks: Array<{ disabledAt: unknown }> }>(`/api/task-lists/${list.id}/webhooks`)).body;
    expect(stillOn.webhooks[0]!.disabledAt).toBeNull();
    for (let hour = 0; hour < 2; hour++) await w.pass(60 * 60 * 1000);
    const off = (await sam.get<{ webhooks: Array<{ disabledAt: unknown; lastDelivery: unknown }> }>(`/api/task-lists/${list.id}/webhooks`))
      .body;
    expect(off.webhooks[0]).toMatchObject({ disabledAt: expect.any(String), lastDelivery: { status: 502, ok: false } });
    expect(await w.queuedFor(id)).toEqual([]);
    const inbox = await sam.get<{ notifications: Array<Record<string, unknown>> }>("/api/notifications");
    expect(inbox.body.notifications[0]).toMatchObject({
      listId: list.id,
      title: "Groceries",
      body: `The webhook to 127.0.0.1:${new URL(w.receiver.url("")).port} was turned off after a day of failed deliveries`,
      url: "/settings",
      read: false,
    });
    const calls = w.receiver.to("down").length;
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await w.settle();
    await w.pass(60 * 60 * 1000);
    expect(w.receiver.to("down")).toHaveLength(calls);
    expect(await sam.post(`/api/webhooks/${id}/test`)).toMatchObject({ status: 400, body: { error: "WEBHOOK_DISABLED" } });
  });

  it("turns a webhook off when its receiver answers 410 Gone", async () => {
    const { sam, list } = await w.owner("gone");
    await w.hook(sam, list.id, "gone");
    w.receiver.answer("gone", { status: 410 });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await w.settle();
    const listed = (await sam.get<{ webhooks: Array<{ disabledAt: unknown }> }>(`/api/task-lists/${list.id}/webhooks`)).body;
    expect(listed.webhooks[0]!.disabledAt).toEqual(expect.any(String));
  });

  it("hears only the event types it asked for: a task_created hook hears no tick, an all-events hook does", async () => {
    const { sam, list } = await w.owner("filter");
    await w.hook(sam, list.id, "created-only", { events: ["task_created"] });
    await w.hook(sam, list.id, "everything");
    const milk = await addTask(sam, { listId: list.id, title: "Milk" });
    expect((await sam.patch(`/api/tasks/${milk.id}`, { completed: true })).status).toBe(200);
    await w.settle();
    expect(w.parsed("created-only").map((call) => call.type)).toEqual(["task_created"]);
    expect(w.parsed("everything").map((call) => [call.type, call.data.action])).toEqual([
      ["task_created", "added"],
      ["task_updated", "ticked"],
    ]);
  });

  it("posts ntfy's plain text with Title and Tags, unsigned", async () => {
    const { sam, list } = await w.owner("ntfy");
    await w.hook(sam, list.id, "ntfy", { format: "ntfy" });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await w.settle();
    const [call] = w.receiver.to("ntfy");
    expect(call!.body).toBe("Sam_ntfy added Milk to Groceries");
    expect(call!.headers).toMatchObject({ title: "Groceries", tags: "heavy_plus_sign,task_created" });
    expect(call!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(call!.headers["webhook-signature"]).toBeUndefined();
  });

  it("sends a test event at once: 202, then one signed webhook.test call", async () => {
    const { sam, list } = await w.owner("ping");
    const { id, secret } = await w.hook(sam, list.id, "ping", { events: ["task_deleted"] });
    const res = await sam.post(`/api/webhooks/${id}/test`);
    expect(res).toMatchObject({ status: 202, body: { queued: true } });
    await w.pass(0);
    const [call] = w.receiver.to("ping");
    expect(w.verify(secret, call!)).toMatchObject({
      type: "webhook.test",
      data: { listId: list.id, listName: "Groceries", payload: { message: "This is a test event from Listwell" } },
    });
  });

  it("checks the address before every try: with private addresses refused meanwhile nothing is sent, and the retry goes once they are allowed", async () => {
    const { sam, list } = await w.owner("recheck");
    await w.hook(sam, list.id, "recheck");
    await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: false });
    try {
      await addTask(sam, { listId: list.id, title: "Milk" });
      await w.settle();
      expect(w.receiver.to("recheck")).toEqual([]);
      const listed = await sam.get<{ webhooks: Array<{ lastDelivery: unknown }> }>(`/api/task-lists/${list.id}/webhooks`);
      expect(listed.body.webhooks[0]!.lastDelivery).toEqual({ at: expect.any(String), status: null, ok: false });
    } finally {
      await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true });
    }
    await w.pass(30_500);
    expect(w.receiver.to("recheck").map((call) => call.status)).toEqual([200]);
  });

  it("checks documentation addresses before every try as it checks private ones", async () => {
    const { sam, list } = await w.owner("testnet");
    const url = "http://192.0.2.1/testnet";
    await w.hook(sam, list.id, "testnet", { url });
    const sent: string[] = [];
    // No host answers at a documentation address: this sender stands in for one, and lets other calls through.
    const send = async (request: Request) => {
      if (request.url !== url) return fetch(request);
      sent.push(request.url);
      return new Response(null, { status: 200 });
    };
    const { store, bus, config } = w.t;
    const recording = createNotifier({ store, bus, config, logger: createLogger("silent"), send });
    await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: false });
    try {
      await addTask(sam, { listId: list.id, title: "Milk" });
      w.t.clock.advance(SETTLE_MS);
      await recording.tick();
      expect(sent).toEqual([]);
      const listed = await sam.get<{ webhooks: Array<{ lastDelivery: unknown }> }>(`/api/task-lists/${list.id}/webhooks`);
      expect(listed.body.webhooks[0]!.lastDelivery).toEqual({ at: expect.any(String), status: null, ok: false });
    } finally {
      await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true });
    }
    w.t.clock.advance(30_500);
    await recording.tick();
    expect(sent).toEqual([url]);
  });

  it("tells a list's deletion under the name the list had, in both formats", async () => {
    const { sam, list } = await w.owner("deleted");
    await w.hook(sam, list.id, "deleted", { events: ["list_updated"] });
    await w.hook(sam, list.id, "deleted-ntfy", { events: ["list_updated"], format: "ntfy" });
    expect((await sam.delete(`/api/task-lists/${list.id}`)).status).toBe(200);
    await w.settle();
    expect(w.parsed("deleted")).toEqual([
      {
        type: "list_updated",
        timestamp: expect.any(String),
        data: expect.objectContaining({ listId: list.id, listName: "Groceries", payload: { id: list.id, deleted: true } }),
      },
    ]);
    const calls = w.receiver.to("deleted-ntfy");
    expect(calls.map((call) => call.headers.title)).toEqual(["Groceries"]);
    expect(calls[0]!.body).toMatch(/ Groceries$/);
  });

  it("two instances on one database queue and send each change once", async () => {
    const { sam, list } = await w.owner("two");
    await w.hook(sam, list.id, "two", { events: ["task_created"] });
    const { t } = w;
    const second: Db = dialect === "postgres" ? openPostgres(t.databaseUrl) : openSqlite(t.databaseUrl);
    try {
      const other = createNotifier({ store: createStore(second, t.clock), bus: t.bus, config: t.config, logger: createLogger("silent") });
      const both = () => Promise.all([w.notifier.tick(), other.tick(), w.notifier.tick(), other.tick()]);
      for (let i = 0; i < 5; i++) await Promise.all([addTask(sam, { listId: list.id, title: `A${i}` }), both()]);
      t.clock.advance(2000);
      await both();
      await both();
      const calls = w.parsed("two");
      expect(calls.map((call) => call.data.subject).sort()).toEqual(["A0", "A1", "A2", "A3", "A4"]);
      expect(new Set(w.receiver.to("two").map((call) => call.headers["webhook-id"])).size).toBe(5);
    } finally {
      await second.close();
    }
  });
});
