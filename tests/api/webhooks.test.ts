import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE_ADDRESS_MESSAGE, UNRESOLVED_MESSAGE } from "../../src/domain/webhook-address";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { Client, makeTestApp, registerUser } from "../helpers/test-app";
import { startWebhookWorld, type WebhookWorld } from "../helpers/webhook-world";

/**
 * A list's webhooks as calls (docs/decisions/063-webhooks.md): the owner's alone, the input's
 * rules, private addresses refused until the Admin switch or WEBHOOK_ALLOW_PRIVATE=1 allows them
 * and a host that does not resolve refused always, each refusal changing nothing.
 */
describeEachDialect("webhooks", (dialect) => {
  let w: WebhookWorld;
  beforeAll(async () => {
    w = await startWebhookWorld(dialect);
  });
  afterAll(() => w.close());

  it("is the owner's alone: a recipient is told 403 OWNER_ONLY, a stranger 404, and nothing changes", async () => {
    const { sam, list } = await w.owner("own");
    const { id } = await w.hook(sam, list.id, "own");
    const alex = await registerUser(w.t, "Alex_own");
    const kim = await registerUser(w.t, "Kim_own");
    await sam.post("/api/share-by-username", { listId: list.id, username: "Alex_own", accessLevel: "write" });
    const ownerOnly = { error: "OWNER_ONLY", message: "Only the list's owner can manage its webhooks" };
    const body = { url: w.receiver.url("theirs"), format: "standard" };
    expect(await alex.post(`/api/task-lists/${list.id}/webhooks`, body)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.get(`/api/task-lists/${list.id}/webhooks`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.get(`/api/webhooks/${id}`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.delete(`/api/webhooks/${id}`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await alex.post(`/api/webhooks/${id}/test`)).toMatchObject({ status: 403, body: ownerOnly });
    expect(await kim.post(`/api/task-lists/${list.id}/webhooks`, body)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await kim.get(`/api/task-lists/${list.id}/webhooks`)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await kim.get(`/api/webhooks/${id}`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    expect(await kim.delete(`/api/webhooks/${id}`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    expect(await kim.post(`/api/webhooks/${id}/test`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    expect(await new Client(w.t).get(`/api/task-lists/${list.id}/webhooks`)).toMatchObject({ status: 401 });
    await w.pass(0);
    expect(w.receiver.to("own")).toEqual([]);
    expect(await w.hookIds(list.id)).toEqual([id]);
    const listed = (await sam.get<{ webhooks: unknown[] }>(`/api/task-lists/${list.id}/webhooks`)).body.webhooks;
    expect(await sam.get(`/api/webhooks/${id}`)).toEqual(expect.objectContaining({ status: 200, body: listed[0] }));
    expect((await sam.get(`/api/webhooks/${id}`)).body).not.toHaveProperty("secret");
    expect((await sam.delete(`/api/webhooks/${id}`)).status).toBe(204);
    expect(await sam.get(`/api/webhooks/${id}`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    expect(await w.hookIds(list.id)).toEqual([]);
    expect(await sam.delete(`/api/webhooks/${id}`)).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
  });

  it("refuses a URL that is not http(s), too long, unknown events or format, with a 400 that adds nothing", async () => {
    const { sam, list } = await w.owner("bad");
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
    expect(await w.hookIds(list.id)).toEqual([]);
  });

  it("refuses private, loopback, link-local, metadata and documentation addresses while the Admin switch is off, and takes them once it is on", async () => {
    const { sam, list } = await w.owner("private");
    expect((await sam.request("PUT", "/api/admin/webhooks", { allowPrivate: true })).status).toBe(403);
    expect(await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: false })).toMatchObject({
      status: 200,
      body: { allowPrivate: false },
    });
    try {
      for (const url of [
        w.receiver.url("private"),
        "http://localhost/",
        "http://169.254.169.254/latest",
        "http://10.0.0.1/",
        "http://[::1]/",
        "http://[fd00::1]/",
        "http://192.0.2.2:8080/x",
        "http://198.51.100.1/x",
        "http://203.0.113.1/x",
        "http://192.88.99.1/x",
        "http://[2001:db8::1]/x",
        "http://[2001::1]/x",
        "http://[3fff::1]/x",
      ]) {
        const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, { url, format: "standard" });
        expect([url, res.status, res.body]).toEqual([url, 400, { error: "PRIVATE_ADDRESS", message: PRIVATE_ADDRESS_MESSAGE }]);
      }
      expect(await w.hookIds(list.id)).toEqual([]);
    } finally {
      await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true });
    }
    expect((await w.admin.get("/api/admin/webhooks")).body).toEqual({ allowPrivate: true, fromEnvironment: false });
    await w.hook(sam, list.id, "private");
    await w.hook(sam, list.id, "private", { url: "http://192.0.2.2:8080/x" });
  });

  it("refuses a host that does not resolve with HOST_NOT_FOUND, whether private addresses are allowed or not", async () => {
    const { sam, list } = await w.owner("unknown");
    const body = { url: "http://no-such-host.invalid/", format: "standard" };
    const notFound = { status: 400, body: { error: "HOST_NOT_FOUND", message: UNRESOLVED_MESSAGE } };
    expect(await sam.post(`/api/task-lists/${list.id}/webhooks`, body)).toMatchObject(notFound);
    await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: false });
    try {
      expect(await sam.post(`/api/task-lists/${list.id}/webhooks`, body)).toMatchObject(notFound);
    } finally {
      await w.admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true });
    }
    expect(await w.hookIds(list.id)).toEqual([]);
  });
});

describe("WEBHOOK_ALLOW_PRIVATE=1", () => {
  it("allows private addresses without the Admin switch, which then reads as on, but not a host that does not resolve", async () => {
    const t = await makeTestApp("sqlite", { webhookAllowPrivate: true });
    try {
      const sam = await registerUser(t, "Sam_env");
      const list = await createList(sam, "Groceries");
      const res = await sam.post(`/api/task-lists/${list.id}/webhooks`, { url: "http://127.0.0.1:9/", format: "ntfy" });
      expect(res.status).toBe(201);
      expect(await sam.post(`/api/task-lists/${list.id}/webhooks`, { url: "http://no-such-host.invalid/", format: "ntfy" })).toMatchObject({
        status: 400,
        body: { error: "HOST_NOT_FOUND", message: UNRESOLVED_MESSAGE },
      });
      expect((await sam.get("/api/admin/webhooks")).body).toEqual({ allowPrivate: true, fromEnvironment: true });
    } finally {
      await t.close();
    }
  });
});
