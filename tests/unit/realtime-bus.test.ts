import { afterEach, describe, expect, it } from "vitest";
import type { BusMessage, EventBus } from "../../src/domain/bus";
import { createMemoryBus } from "../../src/realtime/bus";
import { createRedisBus } from "../../src/realtime/redis-bus";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";
import { isRedisAvailable, TEST_REDIS_URL } from "../helpers/databases";

const REDIS_URL = TEST_REDIS_URL;

/** Waits until `check` holds, or fails after `ms`. */
async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(20);
  }
}

describe("the in-process bus", () => {
  it("has delivered to every listener by the time publish returns", () => {
    const bus = createMemoryBus();
    const heard: BusMessage[] = [];
    bus.subscribe("list:1", (message) => heard.push(message));
    void bus.publish("list:1", { type: "task_created" });
    expect(heard).toEqual([{ type: "task_created" }]);
  });
});

/**
 * Publishing never waits for Redis. While Redis is cut off, publish resolves
 * at once; what was published is delivered once Redis is back, in the order it was published
 * (access revocations among events); and a subscriber whose connection dropped hears of the gap.
 */
describe.skipIf(!(await isRedisAvailable()))("the Redis bus through an outage", () => {
  const open: Array<{ close(): unknown }> = [];
  const track = <T extends { close(): unknown }>(thing: T) => {
    open.push(thing);
    return thing;
  };
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
  });
  const prefix = () => `listwell-bus-test-${crypto.randomUUID()}:`;

  it("queues publishes while Redis is away and delivers them in order once it is back", async () => {
    const topicPrefix = prefix();
    const proxy: TcpProxy = track(startTcpProxy("127.0.0.1", 6379));
    const publisher: EventBus = track(createRedisBus(`redis://${proxy.address}`, { prefix: topicPrefix }));
    // The listening instance reaches Redis directly: only the publishing one is cut off.
    const listener: EventBus = track(createRedisBus(REDIS_URL, { prefix: topicPrefix }));
    const heard: BusMessage[] = [];
    listener.subscribe("list:7", (message) => heard.push(message));
    await listener.ready?.("list:7");
    await publisher.publish("list:7", { type: "task_created", n: 0 });
    await until(() => heard.length === 1);

    proxy.cut();
    await Bun.sleep(100);
    let restored = false;
    const sent: BusMessage[] = [];
    for (let n = 1; n <= 30; n++) {
      const message = n % 10 === 0 ? { type: "access_revoked", n } : { type: "task_updated", n };
      sent.push(message);
      await publisher.publish("list:7", message);
    }
    // Every publish above has resolved, with Redis still unreachable.
    expect(restored).toBe(false);
    await Bun.sleep(1_500);
    expect(heard).toHaveLength(1);
    proxy.restore();
    restored = true;
    await until(() => heard.length === 31);
    expect(heard.slice(1)).toEqual(sent);
  }, 20_000);

  it("tells its users about a gap once its subscriptions are back after a drop", async () => {
    const topicPrefix = prefix();
    const proxy: TcpProxy = track(startTcpProxy("127.0.0.1", 6379));
    const bus: EventBus = track(createRedisBus(`redis://${proxy.address}`, { prefix: topicPrefix }));
    const direct: EventBus = track(createRedisBus(REDIS_URL, { prefix: topicPrefix }));
    const heard: BusMessage[] = [];
    let gaps = 0;
    bus.onGap?.(() => gaps++);
    bus.subscribe("list:8", (message) => heard.push(message));
    await bus.ready?.("list:8");
    await direct.publish("list:8", { type: "task_created", n: 1 });
    await until(() => heard.length === 1);
    expect(gaps).toBe(0);

    proxy.cut();
    await Bun.sleep(1_000);
    proxy.restore();
    await until(() => gaps === 1);
    // Heard again after the gap, and only once (no doubled registration).
    await direct.publish("list:8", { type: "task_created", n: 2 });
    await until(() => heard.length >= 2);
    await Bun.sleep(200);
    expect(heard).toEqual([
      { type: "task_created", n: 1 },
      { type: "task_created", n: 2 },
    ]);
  }, 20_000);
});
