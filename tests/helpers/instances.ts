import { loadAssets } from "../../src/assets";
import { readConfig } from "../../src/config";
import { createRealtime, type RealtimeOptions } from "../../src/realtime";
import type { EventBus } from "../../src/domain/bus";
import { createRedisBus } from "../../src/realtime/redis-bus";
import { startServer, type RunningServer } from "../../src/serve";
import { createStore } from "../../src/store";
import { openPostgres } from "../../src/store/postgres";
import { migratedDatabase, TEST_REDIS_URL } from "./databases";

export interface Instance {
  running: RunningServer;
  bus: EventBus;
}

/**
 * Scale-out (docs/product-rules.md#live-updates) as a load balancer would see it: two real servers, each with its own
 * connection, store and Redis bus, on one fresh PostgreSQL database and one Redis prefix.
 */
export async function startTwoInstances(realtime: Omit<RealtimeOptions, "store" | "bus">) {
  const { db, url, drop } = await migratedDatabase("postgres");
  const prefix = `listwell-test-${crypto.randomUUID()}:`;
  const assets = await loadAssets();
  const config = { ...readConfig({}), sessionSecure: false as const };
  const started: Array<Instance & { close(): Promise<void> }> = [];
  for (const own of [db, openPostgres(url)]) {
    const store = createStore(own);
    const bus = createRedisBus(TEST_REDIS_URL, { prefix });
    const running = startServer(
      { store, config, bus, assets, realtime: createRealtime({ store, bus, ...realtime }) },
      { port: 0, hostname: "127.0.0.1" },
    );
    started.push({
      running,
      bus,
      close: async () => {
        await running.stop();
        await bus.close();
        if (own !== db) await own.close();
      },
    });
  }
  return {
    instances: started as Instance[],
    /** The database's URL and the bus prefix, for a third instance a test starts itself. */
    url,
    prefix,
    config,
    assets,
    async close() {
      for (const instance of started) await instance.close();
      await drop();
    },
  };
}
