import { createRealtime } from "../../src/realtime";
import { startServer } from "../../src/serve";
import type { Store } from "../../src/store";
import type { TestApp } from "./test-app";

/**
 * A live server whose realtime layer reads share grants through a gate, so a test can hold a
 * subscribe in the middle of its access decision (the grant already read, not yet acted on) and
 * make something happen meanwhile. The HTTP API uses the test app's own store, unheld.
 */
export function startHeldLiveServer(t: TestApp) {
  let held: { listId: number; userId: number; entered: () => void; release: Promise<void> } | undefined;
  const store: Store = {
    ...t.store,
    shares: {
      ...t.store.shares,
      async find(...args: Parameters<Store["shares"]["find"]>) {
        const grant = await t.store.shares.find(...args);
        const gate = held;
        if (gate && gate.listId === args[0] && gate.userId === args[1]) {
          held = undefined;
          gate.entered();
          await gate.release;
        }
        return grant;
      },
    },
  };
  const realtime = createRealtime({ store, bus: t.bus, poll: { waitMs: 1_000, idleMs: 60_000 } });
  const running = startServer(
    { store: t.store, config: t.config, bus: t.bus, assets: t.assets, realtime },
    { port: 0, hostname: "127.0.0.1" },
  );
  return {
    running,
    wsUrl: `${running.url.replace("http", "ws")}/ws`,
    /** Holds the next realtime lookup of this user's grant on this list until `release()`. */
    hold(listId: number, userId: number) {
      let entered = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => (entered = resolve));
      held = { listId, userId, entered, release: new Promise<void>((resolve) => (release = resolve)) };
      return { entered: reached, release: () => release() };
    },
  };
}
