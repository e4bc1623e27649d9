import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRealtime } from "../../src/realtime";
import { startServer, type RunningServer } from "../../src/serve";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** A long-poll with nothing to say must outlast Bun's default 10 s idle timeout and answer. */
describe("an idle long-poll over real HTTP", () => {
  let t: TestApp;
  let running: RunningServer;
  beforeAll(async () => {
    t = await makeTestApp();
    const realtime = createRealtime({ store: t.store, bus: t.bus, poll: { waitMs: 12_000 } });
    running = startServer({ store: t.store, config: t.config, bus: t.bus, assets: t.assets, realtime }, { port: 0, hostname: "127.0.0.1" });
  });
  afterAll(async () => {
    await running.stop();
    await t.close();
  });

  it("answers an empty batch after its wait instead of being cut off", async () => {
    const owner = await registerUser(t, "patient");
    const list = (await owner.post<{ id: number }>("/api/task-lists", { name: "Quiet" })).body;
    const call = (path: string, body?: unknown) =>
      fetch(running.url + path, {
        method: body === undefined ? "GET" : "POST",
        headers: { cookie: owner.cookie, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const { clientId } = (await (await call("/api/poll/connect", {})).json()) as { clientId: string };
    expect((await call("/api/poll/subscribe", { clientId, listId: list.id })).status).toBe(200);
    const latest = await t.store.events.latestId();
    const started = Date.now();
    const poll = await call(`/api/poll/${clientId}?lastEventId=${latest}`);
    expect(poll.status).toBe(200);
    expect(await poll.json()).toEqual({ events: [] });
    expect(Date.now() - started).toBeGreaterThan(11_000);
  }, 30_000);
});
