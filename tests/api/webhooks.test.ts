import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLE_MS } from "../../src/domain/notify-batches";
import { PRIVATE_ADDRESS_MESSAGE } from "../../src/domain/webhook-address";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

/**
 * Webhooks (docs/decisions/063-webhooks.md) against a real receiver on 127.0.0.1, allowed by the
 * Admin switch: Standard Webhooks signing, one webhook-id across retries, Retry-After, turned off
 * after a day of failures with the owner told, private addresses refused, owner only, the event
 * filter, the ntfy format and the test event. Time moves through the test clock; the worker's
 * tick runs as its timer would.
 */
describeEachDialect("webhooks", (dialect) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let admin: Client;
  let notifier: ReturnType<typeof createNotifier>;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    receiver = startWebhookReceiver();
    notifier = createNotifier({ store: t.store, bus: t.bus, config: t.config, logger: createLogger("silent") });
    admin = await registerUser(t, "Admin");
    expect((await admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true })).status).toBe(200);
  });
  afterAll(async () => {
    receiver.stop();
    await t.close();
  });

  async function pass(ms: number) {
    t.clock.advance(ms);
    await notifier.tick();
  }
  /** The change is read once it settled, queued and sent in the same pass. */
  const settle = () => pass(SETTLE_MS);

  async function owner(tag: string) {
    const sam = await registerUser(t, `Sam_${tag}`);
    const list = await createList(sam, "Groceries");
    return { sam, list };
  }
  async function hook(client: Client, listId: number, path: string, extra: Record<string, unknown> = {}) {
    const res = await client.post<{ id: number; secret: string }>(`/api/task-lists/${listId}/webhooks`, {
      url: receiver.url(path),
      format: "standard",
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body;
  }
  const parsed = (path: string) =>
    receiver.to(path).map((call) => JSON.parse(call.body) as { type: string; data: Record<string, unknown> });
  /** Verifies as the receiver would at the test clock's time, which runs ahead of the machine's. */
  function verify(secret: string, call: { body: string; headers: Record<string, string> }): unknown {
    const now = t.clock.now();
    const machine = Date.now;
    Date.now = () => now;
    try {
      return new Verifier(secret).verify(call.body, call.headers);
    } finally {
      Date.now = machine;
    }
  }
  const hookIds = async (listId: number) =>
    (await t.store.db.all<{ id: number | string }>("SELECT id FROM webhooks WHERE list_id = ? ORDER BY id", [listId])).map((row) =>
      Number(row.id),
    );
  const queuedFor = (webhookId: number) => t.store.db.all("SELECT id FROM delivery_queue WHERE webhook_id = ?", [webhookId]);

  it("adds a webhook whose calls are signed with its secret: {type, timestamp, data}, verified by standardwebhooks", async () => {
    const { sam, list } = await owner("sign");
    const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, { url: receiver.url("sign"), format: "standard" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      listId: list.id,
      url: receiver.url("sign"),
      events: ["task_created", "task_updated", "task_deleted", "tasks_reordered", "tasks_reset", "list_updated", "sections_updated"],
      format: "standard",
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      lastDelivery: null,
    });
    const secret = res.body.secret as string;
    await addTask(sam, { listId: list.id, title: "Milk" });
    await settle();
    const [call] = receiver.to("sign");
    expect(receiver.to("sign")).toHaveLength(1);
    expect(call!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    const verified = verify(secret, call!) as Record<string, unknown>;
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
    expect(() => verify(`whsec_${btoa("another secret of enough bytes")}`, call!)).toThrow();
    const listed = await sam.get<{ webhooks: Array<Record<string, unknown>> }>(`/api/task-lists/${list.id}/webhooks`);
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([
      {
        id: res.body.id,
        listId: list.id,
        url: receiver.url("sign"),
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
    const { sam, list } = await owner("retry");
    const { id } = await hook(sam, list.id, "retry");
    receiver.answer("retry", { status: 500 });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await settle();
    expect(receiver.to("retry").map((call) => call.status)).toEqual([500]);
    expect(
      (await sam.get<{ webhooks: Array<{ lastDelivery: unknown }> }>(`/api/task-lists/${list.id}/webhooks`)).body.webhooks[0]!.lastDelivery,
    ).toEqual({ at: expect.any(String), status: 500, ok: false });
    await pass(29_000);
    expect(receiver.to("retry")).toHaveLength(1);
    await pass(1_500);
    const [first, second] = receiver.to("retry");
    expect(second?.status).toBe(200);
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);
    expect(await queuedFor(id)).toEqual([]);
  });

  it("honours Retry-After: a 503 asking for 120 s is not tried at 60 s, and is at 120 s", async () => {
    const { sam, list } = await owner("later");
    await hook(sam, list.id, "later");
    receiver.answer("later", { status: 503, retryAfter: "120" });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await settle();
    await pass(60_000);
    expect(receiver.to("later").map((call) => call.status)).toEqual([503]);
    await pass(60_500);
    expect(receiver.to("later").map((call) => call.status)).toEqual([503, 200]);
  });

  it("turns a webhook off after a day of failures and tells its owner in the inbox; nothing more is sent", async () => {
    const { sam, list } = await owner("down");
    const { id } = await hook(sam, list.id, "down");
    receiver.answer("down", ...Array.from({ length: 40 }, () => ({ status: 502 })));
    await addTask(sam, { listId: list.id, title: "Milk" });
    await settle();
    for (let hour = 0; hour < 23; hour++) await pass(60 * 60 * 1000);
    const stillOn = (await sam.get<{ webhooks: Array<{ disabledAt: unknown }> }>(`/api/task-lists/${list.id}/webhooks`)).body;
    expect(stillOn.webhooks[0]!.disabledAt).toBeNull();
    for (let hour = 0; hour < 2; hour++) await pass(60 * 60 * 1000);
    const off = (await sam.get<{ webhooks: Array<{ disabledAt: unknown; lastDelivery: unknown }> }>(`/api/task-lists/${list.id}/webhooks`))
      .body;
    expect(off.webhooks[0]).toMatchObject({ disabledAt: expect.any(String), lastDelivery: { status: 502, ok: false } });
    expect(await queuedFor(id)).toEqual([]);
    const inbox = await sam.get<{ notifications: Array<Record<string, unknown>> }>("/api/notifications");
    expect(inbox.body.notifications[0]).toMatchObject({
      listId: list.id,
      title: "Groceries",
      body: `The webhook to 127.0.0.1:${new URL(receiver.url("")).port} was turned off after a day of failed deliveries`,
      url: "/settings",
      read: false,
    });
    const calls = receiver.to("down").length;
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await settle();
    await pass(60 * 60 * 1000);
    expect(receiver.to("down")).toHaveLength(calls);
    expect(await sam.post(`/api/webhooks/${id}/test`)).toMatchObject({ status: 400, body: { error: "WEBHOOK_DISABLED" } });
  });

  it("turns a webhook off when its receiver answers 410 Gone", async () => {
    const { sam, list } = await owner("gone");
    await hook(sam, list.id, "gone");
    receiver.answer("gone", { status: 410 });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await settle();
    const listed = (await sam.get<{ webhooks: Array<{ disabledAt: unknown }> }>(`/api/task-lists/${list.id}/webhooks`)).body;
    expect(listed.webhooks[0]!.disabledAt).toEqual(expect.any(String));
  });

  it("hears only the event types it asked for: a task_created hook hears no tick, an all-events hook does", async () => {
    const { sam, list } = await owner("filter");
    await hook(sam, list.id, "created-only", { events: ["task_created"] });
    await hook(sam, list.id, "everything");
    const milk = await addTask(sam, { listId: list.id, title: "Milk" });
    expect((await sam.patch(`/api/tasks/${milk.id}`, { completed: true })).status).toBe(200);
    await settle();
    expect(parsed("created-only").map((call) => call.type)).toEqual(["task_created"]);
    expect(parsed("everything").map((call) => [call.type, call.data.action])).toEqual([
      ["task_created", "added"],
      ["task_updated", "ticked"],
    ]);
  });

  it("posts ntfy's plain text with Title and Tags, unsigned", async () => {
    const { sam, list } = await owner("ntfy");
    await hook(sam, list.id, "ntfy", { format: "ntfy" });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await settle();
    const [call] = receiver.to("ntfy");
    expect(call!.body).toBe("Sam_ntfy added Milk to Groceries");
    expect(call!.headers).toMatchObject({ title: "Groceries", tags: "heavy_plus_sign,task_created" });
    expect(call!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(call!.headers["webhook-signature"]).toBeUndefined();
  });

  it("sends a test event at once: 202, then one signed webhook.test call", async () => {
    const { sam, list } = await owner("ping");
    const { id, secret } = await hook(sam, list.id, "ping", { events: ["task_deleted"] });
    const res = await sam.post(`/api/webhooks/${id}/test`);
    expect(res).toMatchObject({ status: 202, body: { queued: true } });
    await pass(0);
    const [call] = receiver.to("ping");
    expect(verify(secret, call!)).toMatchObject({
      type: "webhook.test",
      data: { listId: list.id, listName: "Groceries", payload: { message: "This is a test event from Listwell" } },
    });
  });

  it("is the owner's alone: a recipient is told 403 OWNER_ONLY, a stranger 404, and nothing changes", async () => {
    const { sam, list } = await owner("own");
    const { id } = await hook(sam, list.id, "own");
    const alex = await registerUser(t, "Alex_own");
    const kim = await registerUser(t, "Kim_own");
    await sam.post("/api/share-by-username", { listId: list.id, username: "Alex_own", accessLevel: "write" });
    const ownerOnly = { error: "OWNER_ONLY", message: "Only the list's owner can manage its webhooks" };
    const body = { url: receiver.url("theirs"), format: "standard" };
    expect(await alex.post(`/api/task-lists/${list.id}/webhooks`, body)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.get(`/api/task-lists/${list.id}/webhooks`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.delete(`/api/webhooks/${id}`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.post(`/api/webhooks/${id}/test`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await kim.post(`/api/task-lists/${list.id}/webhooks`, body)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await kim.get(`/api/task-lists/${list.id}/webhooks`)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await kim.delete(`/api/webhooks/${id}`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    expect(await kim.post(`/api/webhooks/${id}/test`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    expect(await new Client(t).get(`/api/task-lists/${list.id}/webhooks`)).toMatchObject({ status: 401 });
    await pass(0);
    expect(receiver.to("own")).toEqual([]);
    expect(await hookIds(list.id)).toEqual([id]);
    expect((await sam.delete(`/api/webhooks/${id}`)).status).toBe(204);
    expect(await hookIds(list.id)).toEqual([]);
    expect(await sam.delete(`/api/webhooks/${id}`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
  });

  it("refuses a URL that is not http(s), too long, unknown events or format, with a 400 that adds nothing", async () => {
    const { sam, list } = await owner("bad");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: "ftp://example.com/x", format: "standard" }, "The URL must start with https:// or http://"],
      [{ url: `https://example.com/${"a".repeat(2000)}`, format: "standard" }, "The URL must be at most 2000 characters"],
      [{ url: "https://example.com/x", format: "xml" }, 'format must be "standard" or "ntfy"'],
      [
        { url: "https://example.com/x", format: "standard", events: ["task_eaten"] },
        "events must be among task_created, task_updated, task_deleted, tasks_reordered, tasks_reset, list_updated, sections_updated",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await hookIds(list.id)).toEqual([]);
  });

  it("refuses private, loopback, link-local and metadata addresses while the Admin switch is off, and takes them once it is on", async () => {
    const { sam, list } = await owner("private");
    expect((await sam.request("PUT", "/api/admin/webhooks", { allowPrivate: true })).status).toBe(403);
    expect(await admin.request("PUT", "/api/admin/webhooks", { allowPrivate: false })).toMatchObject({
      status: 200,
      body: { allowPrivate: false },
    });
    try {
      for (const url of [
        receiver.url("private"),
        "http://localhost/",
        "http://169.254.169.254/latest",
        "http://10.0.0.1/",
        "http://[::1]/",
        "http://[fd00::1]/",
      ]) {
        const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, { url, format: "standard" });
        expect([url, res.status, res.body.message]).toEqual([url, 400, PRIVATE_ADDRESS_MESSAGE]);
      }
      expect(await hookIds(list.id)).toEqual([]);
    } finally {
      await admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true });
    }
    expect((await admin.get("/api/admin/webhooks")).body).toEqual({ allowPrivate: true, fromEnvironment: false });
    await hook(sam, list.id, "private");
  });
});

describe("WEBHOOK_ALLOW_PRIVATE=1", () => {
  it("allows private addresses without the Admin switch, which then reads as on", async () => {
    const t = await makeTestApp("sqlite", { webhookAllowPrivate: true });
    try {
      const sam = await registerUser(t, "Sam_env");
      const list = await createList(sam, "Groceries");
      const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, { url: "http://127.0.0.1:9/", format: "ntfy" });
      expect(res.status).toBe(201);
      expect((await sam.get("/api/admin/webhooks")).body).toEqual({ allowPrivate: true, fromEnvironment: true });
    } finally {
      await t.close();
    }
  });
});
