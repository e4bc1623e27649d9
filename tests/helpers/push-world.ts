import { SETTLE_MS } from "../../src/domain/notify-batches";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import type { Dialect } from "./databases";
import { type BrowserKeys, browserKeys, decryptPushMessage, type PushReceiver, startPushReceiver } from "./push-receiver";
import type { TaskList } from "../../src/shared/types";
import { createList } from "./lists";
import { type Client, makeTestApp, registerUser, type TestApp } from "./test-app";

type Person = Awaited<ReturnType<typeof registerUser>>;

/**
 * A test app's notifications worker, driven by the test clock instead of a timer, and browsers
 * that subscribe to the test's push receiver (tests/helpers/push-receiver.ts).
 */
export type PushWorld = ReturnType<typeof pushWorld>;

export function pushWorld(t: TestApp, receiver: PushReceiver) {
  const notifier = createNotifier({ store: t.store, bus: t.bus, config: t.config, logger: createLogger("silent") });
  const browsers = new Map<string, BrowserKeys>();

  /** What browser `name` was sent, decrypted with its own keys, oldest first. */
  const messages = (name: string) =>
    Promise.all(
      receiver
        .to(name)
        .map(async (push) => JSON.parse(await decryptPushMessage(push.body, browsers.get(name)!)) as Record<string, unknown>),
    );

  /** Time passes and the worker runs once, as its timer would. */
  async function pass(ms: number) {
    t.clock.advance(ms);
    await notifier.tick();
  }

  /** The changes made so far are read (they settled), then their batch window closes. */
  async function afterWindow() {
    await pass(SETTLE_MS);
    await pass(t.config.notifyBatchMs);
  }

  /** A browser named `name` subscribes as `client` (a guest passes its `?shareId=`). */
  async function subscribe(client: Client, name: string, query = "") {
    const keys = await browserKeys();
    browsers.set(name, keys);
    const res = await client.post(`/api/push/subscriptions${query}`, {
      endpoint: receiver.endpoint(name),
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    if (res.status !== 201) throw new Error(`subscribe ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /**
   * Sam's "Groceries" shared (write) with each of `recipients`; the browsers of `subscribed` are
   * subscribed, each named `{name in lower case}-{tag}`; the shares' own notices are out of the way.
   */
  async function groceries<R extends string>(tag: string, recipients: readonly R[], subscribed: ReadonlyArray<"Sam" | R>) {
    const sam = await registerUser(t, `Sam_${tag}`);
    const people = { Sam: sam } as Record<"Sam" | R, Person>;
    for (const name of recipients) people[name] = await registerUser(t, `${name}_${tag}`);
    const list: TaskList = await createList(sam, "Groceries");
    for (const name of recipients) {
      await sam.post("/api/share-by-username", { listId: list.id, username: people[name].user.username, accessLevel: "write" });
    }
    for (const name of subscribed) await subscribe(people[name], `${name.toLowerCase()}-${tag}`);
    await afterWindow();
    return { people, list };
  }

  return {
    notifier,
    pass,
    messages,
    bodies: async (name: string) => (await messages(name)).map((message) => message.body),
    afterWindow,
    subscribe,
    groceries,
  };
}

/** A test app that may push to plain http, its push receiver and its world, and how to stop all three. */
export async function startPushWorld(dialect: Dialect) {
  const t = await makeTestApp(dialect, { pushAllowInsecure: true });
  const receiver = startPushReceiver();
  return {
    t,
    receiver,
    world: pushWorld(t, receiver),
    async close() {
      receiver.stop();
      await t.close();
    },
  };
}
