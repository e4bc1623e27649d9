import { afterAll, beforeAll, expect, it } from "vitest";
import { fromBase64url } from "../../src/push/base64url";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { browserKeys } from "../helpers/push-receiver";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Notifications (docs/decisions/050-notifications.md): the server's VAPID key, and the browsers that subscribe for pushes (accounts, and link guests for their list). */
describeEachDialect("push key and subscriptions", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const subscription = async (endpoint: string) => {
    const { p256dh, auth } = await browserKeys();
    return { endpoint, keys: { p256dh, auth } };
  };
  const rowOf = (endpoint: string) =>
    t.store.db.get<{ user_id: number | string | null; list_id: number | string | null; p256dh: string }>(
      "SELECT user_id, list_id, p256dh FROM push_subscriptions WHERE endpoint = ?",
      [endpoint],
    );

  it("answers one 65-byte P-256 public key, made once and kept in the database", async () => {
    const first = await new Client(t).get<{ publicKey: string }>("/api/push/key");
    expect(first.status).toBe(200);
    const point = fromBase64url(first.body.publicKey);
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const again = await new Client(t).get<{ publicKey: string }>("/api/push/key");
    expect(again.body.publicKey).toBe(first.body.publicKey);
    const stored = await t.store.db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'vapid_keys'");
    expect(JSON.parse(stored!.value).publicKey).toBe(first.body.publicKey);
  });

  it("a signed-in browser subscribes (201), subscribing again replaces its keys, and unsubscribing removes it (204, then 404)", async () => {
    const sam = await registerUser(t, "sam_sub");
    const endpoint = "https://push.example.net/send/sam-1";
    const created = await sam.post("/api/push/subscriptions", await subscription(endpoint));
    expect(created.status).toBe(201);
    expect(Number((await rowOf(endpoint))?.user_id)).toBe(sam.user.id);

    const renewed = await subscription(endpoint);
    expect((await sam.post("/api/push/subscriptions", renewed)).status).toBe(201);
    expect((await rowOf(endpoint))?.p256dh).toBe(renewed.keys.p256dh);
    expect((await t.store.db.all("SELECT id FROM push_subscriptions WHERE endpoint = ?", [endpoint])).length).toBe(1);

    // Someone else cannot end it.
    const alex = await registerUser(t, "alex_sub");
    expect((await alex.request("DELETE", "/api/push/subscriptions", { endpoint })).status).toBe(404);
    expect(await rowOf(endpoint)).toBeDefined();

    expect((await sam.request("DELETE", "/api/push/subscriptions", { endpoint })).status).toBe(204);
    expect(await rowOf(endpoint)).toBeUndefined();
    const gone = await sam.request("DELETE", "/api/push/subscriptions", { endpoint });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "Subscription not found" });
  });

  it("a link guest subscribes for that list only; without a live link it is 404, with nothing at all 401", async () => {
    const owner = await registerUser(t, "owner_sub");
    const list = await createList(owner, "Groceries");
    const guest = new Client(t);
    const endpoint = "https://push.example.net/send/guest-1";
    const created = await guest.post(`/api/push/subscriptions?shareId=${list.shareId}`, await subscription(endpoint));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ endpoint, listId: list.id });
    const row = await rowOf(endpoint);
    expect([row?.user_id, Number(row?.list_id)]).toEqual([null, list.id]);

    const unknown = await guest.post(
      "/api/push/subscriptions?shareId=nosuchlink",
      await subscription("https://push.example.net/send/guest-2"),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "List not found" });
    const nobody = await guest.post("/api/push/subscriptions", await subscription("https://push.example.net/send/guest-3"));
    expect(nobody.status).toBe(401);
    expect(await rowOf("https://push.example.net/send/guest-2")).toBeUndefined();

    // Only through the same link can the guest end it: without one, the guest is nobody (401), as for making one.
    const unlinked = await guest.request("DELETE", "/api/push/subscriptions", { endpoint });
    expect([unlinked.status, unlinked.body]).toEqual([401, { message: "Authentication required. Please log in again." }]);
    expect(await rowOf(endpoint)).toBeDefined();
    expect((await guest.request("DELETE", `/api/push/subscriptions?shareId=${list.shareId}`, { endpoint })).status).toBe(204);
  });

  it("refuses an http endpoint unless PUSH_ALLOW_INSECURE, and keys that are no P-256 point or 16-byte secret (400)", async () => {
    const ann = await registerUser(t, "ann_sub");
    const insecure = await ann.post("/api/push/subscriptions", await subscription("http://127.0.0.1:9/push/a"));
    expect(insecure.status).toBe(400);
    expect(insecure.body.message).toBe("endpoint must be an https URL");
    t.config.pushAllowInsecure = true;
    try {
      expect((await ann.post("/api/push/subscriptions", await subscription("http://127.0.0.1:9/push/a"))).status).toBe(201);
    } finally {
      t.config.pushAllowInsecure = false;
    }

    const good = await subscription("https://push.example.net/send/ann-2");
    const shortKey = await ann.post("/api/push/subscriptions", { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } });
    expect(shortKey.status).toBe(400);
    expect(shortKey.body.message).toBe("keys.p256dh must be a 65-byte P-256 public key");
    // 65 bytes that are no point on the curve: nothing could ever be encrypted to them.
    const offCurve = Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index))).toString("base64url");
    const notAPoint = await ann.post("/api/push/subscriptions", { ...good, keys: { ...good.keys, p256dh: offCurve } });
    expect([notAPoint.status, notAPoint.body.message]).toEqual([400, "keys.p256dh must be a 65-byte P-256 public key"]);
    const badAuth = await ann.post("/api/push/subscriptions", { ...good, keys: { ...good.keys, auth: "AAAA" } });
    expect(badAuth.body.message).toBe("keys.auth must be 16 bytes");
    const noKeys = await ann.post("/api/push/subscriptions", { endpoint: good.endpoint });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body).toMatchObject({ message: "keys is required", error: "VALIDATION_ERROR" });
    expect(await rowOf(good.endpoint)).toBeUndefined();
  });
});
