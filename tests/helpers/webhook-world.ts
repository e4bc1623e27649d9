import { Webhook as Verifier } from "standardwebhooks";
import { expect } from "vitest";
import { SETTLE_MS } from "../../src/domain/notify-batches";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import type { Dialect } from "./databases";
import { createList } from "./lists";
import { type Client, makeTestApp, registerUser } from "./test-app";
import { startWebhookReceiver } from "./webhook-receiver";

/**
 * A test app whose Admin switch lets webhooks call this machine, a real receiver on 127.0.0.1
 * (tests/helpers/webhook-receiver.ts), and the notifications worker driven by the test clock
 * instead of its timer (docs/decisions/063-webhooks.md).
 */
export type WebhookWorld = Awaited<ReturnType<typeof startWebhookWorld>>;

export async function startWebhookWorld(dialect: Dialect) {
  const t = await makeTestApp(dialect);
  const receiver = startWebhookReceiver();
  const notifier = createNotifier({ store: t.store, bus: t.bus, config: t.config, logger: createLogger("silent") });
  const admin = await registerUser(t, "Admin");
  expect((await admin.request("PUT", "/api/admin/webhooks", { allowPrivate: true })).status).toBe(200);

  /** Time passes and the worker runs once, as its timer would. */
  async function pass(ms: number) {
    t.clock.advance(ms);
    await notifier.tick();
  }
  return {
    t,
    receiver,
    admin,
    notifier,
    pass,
    /** The change is read once it settled, queued and sent in the same pass. */
    settle: () => pass(SETTLE_MS),
    async owner(tag: string) {
      const sam = await registerUser(t, `Sam_${tag}`);
      const list = await createList(sam, "Groceries");
      return { sam, list };
    },
    /** Adds a webhook calling the receiver at `path`: standard and every event unless `extra` says otherwise. */
    async hook(client: Client, listId: number, path: string, extra: Record<string, unknown> = {}) {
      const res = await client.post<{ id: number; secret: string }>(`/api/task-lists/${listId}/webhooks`, {
        url: receiver.url(path),
        format: "standard",
        ...extra,
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    parsed: (path: string) => receiver.to(path).map((call) => JSON.parse(call.body) as { type: string; data: Record<string, unknown> }),
    /** Verifies as the receiver would at the test clock's time, which runs ahead of the machine's. */
    verify(secret: string, call: { body: string; headers: Record<string, string> }): unknown {
      const now = t.clock.now();
      const machine = Date.now;
      Date.now = () => now;
      try {
        return new Verifier(secret).verify(call.body, call.headers);
      } finally {
        Date.now = machine;
      }
    },
    hookIds: async (listId: number) =>
      (await t.store.db.all<{ id: number | string }>("SELECT id FROM webhooks WHERE list_id = ? ORDER BY id", [listId])).map((row) =>
        Number(row.id),
      ),
    queuedFor: (webhookId: number) => t.store.db.all("SELECT id FROM delivery_queue WHERE webhook_id = ?", [webhookId]),
    async close() {
      receiver.stop();
      await t.close();
    },
  };
}
