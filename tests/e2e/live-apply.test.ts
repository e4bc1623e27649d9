import type { Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { gotoHydrated, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { rowTitles, seedList, visible } from "./list-helpers";

/**
 * The list page applies what each live event carries (docs/decisions/031-one-list-store.md): while
 * another person makes a dozen changes through the API, each shows on the open page soon after the
 * API answered, and the page reads the list from the server not once. A reconnect, which may have
 * missed events, is followed by a read the same recorder sees.
 */
const checked = (page: Page, title: string) =>
  page.getByRole("checkbox", { name: new RegExp(`^Mark "${title}" as`) }).getAttribute("aria-checked");

/** A read of the list's items or of the list itself, by any of the routes that answer them. */
const LIST_READ = /^\/api\/(list|lists|tasks|task-lists)(\/\d+)?$/;

/** Arrival is measured from the API's answer; a second is the promise, with room for a loaded 2-core machine's polling. */
const ARRIVAL_MS = 1000;

describe("a list open in one browser while another person changes it through the API", () => {
  let env: BrowserEnv;

  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("shows each of 12 changes from its event within a second, and reads the list only after a reconnect", async () => {
    const amy = await signedInContext(env, "amy_apply");
    const ben = await signedInContext(env, "ben_apply");
    const { list, tasks } = await seedList(amy.context.request, "Picnic", ["Bread", "Cheese", "Grapes"]);
    const [bread, cheese, grapes] = tasks as [Task, Task, Task];
    const shared = await amy.context.request.post("/api/share-by-username", {
      data: { listId: list.id, username: "ben_apply", accessLevel: "write" },
    });
    expect(shared.ok()).toBe(true);

    // Amy's socket passes through the test, so the test can cut it later.
    let socket: WebSocketRoute | undefined;
    await amy.context.routeWebSocket(/\/ws$/, (ws) => {
      ws.connectToServer();
      socket = ws;
    });
    const reads: string[] = [];
    amy.page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === "GET" && LIST_READ.test(pathname)) reads.push(pathname);
    });
    await gotoHydrated(amy.page, `/list/${list.id}`);
    await expect.poll(() => amy.page.evaluate(() => document.documentElement.dataset.live ?? "")).toBe("websocket");
    // The subscription is live once a change made now shows; it is not one of the twelve.
    const warmUp = await ben.context.request.post(`/api/tasks/${grapes.id}/toggle`);
    expect(warmUp.ok()).toBe(true);
    await expect.poll(() => checked(amy.page, "Grapes"), { timeout: 15_000 }).toBe("true");
    expect(reads).toEqual([]);

    const api = ben.context.request;
    let tea = 0;
    const changes: Array<{ name: string; make: () => Promise<{ ok(): boolean }>; shows: () => Promise<boolean> }> = [
      {
        name: "add",
        make: async () => {
          const response = await api.post("/api/tasks", { data: { listId: list.id, title: "Tea" } });
          tea = ((await response.json()) as Task).id;
          return response;
        },
        shows: async () => (await rowTitles(amy.page)).includes("Tea"),
      },
      {
        name: "tick by toggle",
        make: () => api.post(`/api/tasks/${bread.id}/toggle`),
        shows: async () => (await checked(amy.page, "Bread")) === "true",
      },
      {
        name: "tick by PATCH",
        make: () => api.patch(`/api/tasks/${cheese.id}`, { data: { completed: true } }),
        shows: async () => (await checked(amy.page, "Cheese")) === "true",
      },
      {
        name: "untick",
        make: () => api.patch(`/api/tasks/${bread.id}`, { data: { completed: false } }),
        shows: async () => (await checked(amy.page, "Bread")) === "false",
      },
      {
        name: "rename",
        make: () => api.patch(`/api/tasks/${cheese.id}`, { data: { title: "Brie" } }),
        shows: async () => (await rowTitles(amy.page)).includes("Brie"),
      },
      {
        name: "second add",
        make: () => api.post("/api/tasks", { data: { listId: list.id, title: "Lemonade" } }),
        shows: async () => (await rowTitles(amy.page)).includes("Lemonade"),
      },
      {
        name: "delete",
        make: () => api.delete(`/api/tasks/${grapes.id}`),
        shows: async () => !(await rowTitles(amy.page)).includes("Grapes"),
      },
      {
        name: "reorder",
        make: () =>
          api.post(`/api/tasks/reorder?listId=${list.id}`, {
            data: [
              { id: tea, position: 1 },
              { id: bread.id, position: 2 },
              { id: cheese.id, position: 3 },
            ],
          }),
        shows: async () => (await rowTitles(amy.page)).slice(0, 3).join() === "Tea,Bread,Brie",
      },
      {
        name: "tick the new item",
        make: () => api.post(`/api/tasks/${tea}/toggle`),
        shows: async () => (await checked(amy.page, "Tea")) === "true",
      },
      {
        name: "paste of two",
        make: () => api.post("/api/tasks/bulk", { data: { listId: list.id, items: [{ title: "Plates" }, { title: "Cups" }] } }),
        shows: async () => (await rowTitles(amy.page)).includes("Cups"),
      },
      {
        name: "description",
        make: () => api.patch(`/api/tasks/${bread.id}`, { data: { title: "Sourdough", description: "From the market" } }),
        shows: async () => (await rowTitles(amy.page)).includes("Sourdough"),
      },
      {
        name: "reset",
        make: () => api.post("/api/tasks/reset-completions", { data: { listId: list.id } }),
        shows: async () => (await checked(amy.page, "Tea")) === "false" && (await checked(amy.page, "Brie")) === "false",
      },
    ];

    const arrivals: Record<string, number> = {};
    for (const change of changes) {
      const response = await change.make();
      expect(response.ok(), change.name).toBe(true);
      const answered = Date.now();
      await expect.poll(change.shows, { timeout: 15_000, interval: 10 }).toBe(true);
      arrivals[change.name] = Date.now() - answered;
    }
    await visible(amy.page, "List items have been reset");
    expect(Object.keys(arrivals)).toHaveLength(12);
    for (const [name, ms] of Object.entries(arrivals)) expect(ms, `${name} took ${ms} ms`).toBeLessThanOrEqual(ARRIVAL_MS);
    expect(await rowTitles(amy.page)).toEqual(["Tea", "Sourdough", "Brie", "Lemonade", "Plates", "Cups"]);
    expect(reads).toEqual([]);

    // Positive control: a cut connection reconnects, and what it may have missed is read once.
    await socket!.close();
    await expect.poll(() => reads.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(reads[0]).toBe(`/api/list/${list.id}`);
    await amy.context.close();
    await ben.context.close();
  }, 120_000);
});
