import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * A list page or Home rendered once is sent again while nothing it shows has changed
 * (docs/decisions/036). Each caller still gets their own page, and every change shows at the very
 * next read: an item, the user's theme, the light/dark mode, another person's view of the list.
 */
describe("pages kept while what they show stands", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("answers the same page again, and a changed one as soon as anything on it changes", async () => {
    const owner = await registerUser(t, "owner");
    const reader = await registerUser(t, "reader");
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "Groceries" })).body;
    const milk = (await owner.post<{ id: number }>("/api/tasks", { title: "Milk", listId: list.id })).body;
    await owner.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "read" });
    const page = async (client: typeof owner, path = `/list/${list.id}`, extraCookie = "") => {
      const response = await t.app.request(path, { headers: { cookie: `${client.cookie}${extraCookie}` } });
      expect(response.status).toBe(200);
      return response.text();
    };

    const first = await page(owner);
    expect(first).toContain("Milk");
    expect(await page(owner)).toBe(first);

    expect((await owner.patch(`/api/tasks/${milk.id}`, { title: "Oat milk" })).status).toBe(200);
    const renamed = await page(owner);
    expect(renamed).toContain("Oat milk");

    // The same list through another person's eyes: their name, their level, never the owner's page.
    const readers = await page(reader);
    expect(readers).toContain("reader");
    expect(readers).not.toBe(renamed);
    expect(readers).toContain("Oat milk");

    expect((await owner.post("/api/user/theme", { theme: "ocean" })).status).toBe(200);
    expect(await page(owner)).toContain('data-theme="ocean"');
    expect(await page(owner, `/list/${list.id}`, "; listwell_mode=dark")).toContain('data-mode="dark"');
    expect(await page(owner)).not.toContain('data-mode="dark"');

    // Home too: its card counts follow a tick at once.
    const home = await page(owner, "/");
    expect(await page(owner, "/")).toBe(home);
    expect((await owner.post(`/api/tasks/${milk.id}/toggle`)).status).toBe(200);
    expect(await page(owner, "/")).not.toBe(home);
  });
});
