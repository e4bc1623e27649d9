import { afterAll, beforeAll, expect, it } from "vitest";
import { createRealtime } from "../../src/realtime";
import { BROADCAST_TOPIC } from "../../src/domain/bus";
import type { PollOptions } from "../../src/realtime/poll";
import { startServer, type RunningServer } from "../../src/serve";
import type { PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Anonymous poll clients are bounded (docs/product-rules.md#limits). One address holds at most
 * 20 clients that follow nothing (429 with Retry-After beyond), such a client is forgotten after
 * 30 s unheard (shortened here), and a full instance answers 503 before memory is at risk.
 */
describeEachDialect("bounded long-poll clients", (dialect) => {
  let t: TestApp;
  const servers: RunningServer[] = [];

  /** A real server whose poll registry has these options; every call comes from 127.0.0.1. */
  function serve(poll: PollOptions) {
    const realtime = createRealtime({ store: t.store, bus: t.bus, poll: { waitMs: 300, ...poll } });
    const running = startServer(
      { store: t.store, config: t.config, bus: t.bus, assets: t.assets, realtime },
      { port: 0, hostname: "127.0.0.1" },
    );
    servers.push(running);
    return { running, realtime };
  }
  const post = (url: string, path: string, body: unknown, cookie = "") =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const connect = (url: string, cookie = "") => post(url, "/api/poll/connect", {}, cookie);
  const clientIdOf = async (response: Response) => ((await response.json()) as { clientId: string }).clientId;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => {
    for (const running of servers) await running.stop();
    await t.close();
  });

  it("lets one address hold 20 signed-out clients that follow nothing, then answers 429 with Retry-After", async () => {
    const { running } = serve({});
    const owner = await registerUser(t, "bounded");
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "Linked" })).body;
    const accepted = await Promise.all(Array.from({ length: 20 }, () => connect(running.url)));
    expect(accepted.map((response) => response.status)).toEqual(Array(20).fill(200));
    const refused = await connect(running.url);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: "Too many live-update connections from this address. Please try again shortly.",
      error: "POLL_CLIENT_LIMIT",
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // A client that follows a list no longer counts against the address: one more may connect.
    const clientId = await clientIdOf(accepted[0]!);
    expect((await post(running.url, "/api/poll/subscribe", { clientId, shareId: list.shareId })).status).toBe(200);
    expect((await connect(running.url)).status).toBe(200);
    expect((await connect(running.url)).status).toBe(429);
    // The bound is on anonymous clients: a signed-in one at the address is held to its 50 only.
    const signedIn = await Promise.all(Array.from({ length: 29 }, () => connect(running.url, owner.cookie)));
    expect(signedIn.map((response) => response.status)).toEqual(Array(29).fill(200));
    expect((await connect(running.url, owner.cookie)).status).toBe(429);
  });

  it("forgets a client that follows nothing sooner than one that follows a list", async () => {
    const { running, realtime } = serve({ unsubscribedIdleMs: 300, idleMs: 60_000 });
    const owner = await registerUser(t, "sweeper");
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "Followed" })).body;
    const idle = await clientIdOf(await connect(running.url, owner.cookie));
    const following = await clientIdOf(await connect(running.url, owner.cookie));
    expect((await post(running.url, "/api/poll/subscribe", { clientId: following, listId: list.id }, owner.cookie)).status).toBe(200);
    expect(realtime.polls.count()).toBe(2);
    await Bun.sleep(900);
    const poll = (clientId: string) => fetch(`${running.url}/api/poll/${clientId}`, { headers: { cookie: owner.cookie } });
    expect((await poll(idle)).status).toBe(404);
    const kept = await poll(following);
    expect(kept.status).toBe(200);
    expect(realtime.polls.count()).toBe(1);
  });

  it("answers 503 with Retry-After when the instance holds its maximum of clients", async () => {
    const { running, realtime } = serve({ maxClients: 5 });
    const owner = await registerUser(t, "crowded");
    for (let i = 0; i < 5; i++) expect((await connect(running.url, owner.cookie)).status).toBe(200);
    const full = await connect(running.url, owner.cookie);
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({
      message: "Live updates are busy right now. Please try again shortly.",
      error: "POLL_CLIENTS_FULL",
    });
    expect(Number(full.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(realtime.polls.count()).toBe(5);
  });

  it("still hands a broadcast to a waiting client and to one that polls later", async () => {
    const { running } = serve({});
    const owner = await registerUser(t, "listener");
    const [waiting, later] = await Promise.all([
      clientIdOf(await connect(running.url, owner.cookie)),
      clientIdOf(await connect(running.url, owner.cookie)),
    ]);
    const poll = async (clientId: string) =>
      ((await (await fetch(`${running.url}/api/poll/${clientId}`, { headers: { cookie: owner.cookie } })).json()) as PollResponse).events;
    const pending = poll(waiting!);
    await Bun.sleep(50);
    await t.bus.publish(BROADCAST_TOPIC, { type: "version_update", versionId: "v-bounds", changes: ["Faster"] });
    expect(await pending).toEqual([expect.objectContaining({ type: "version_update", versionId: "v-bounds" })]);
    expect(await poll(later!)).toEqual([expect.objectContaining({ type: "version_update", versionId: "v-bounds" })]);
    expect(await poll(later!)).toEqual([]);
  });
});
