import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import {
  anonymousContext,
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
  waitForHydration,
  TALL_PHONE,
} from "../helpers/browser";
import { rowTitles } from "./list-helpers";

const ITEMS = [
  { title: "Milk", description: "Oat, 2 litres" },
  { title: "Party", children: [{ title: "Cake", completed: true }, { title: "Candles" }] },
  { title: "Bread", completed: true },
];

const MARKDOWN = `# Groceries

- [ ] Milk
  > Oat, 2 litres
- [ ] Party
  - [x] Cake
  - [ ] Candles
- [x] Bread
`;

const TEXT = `Groceries

☐ Milk
  Oat, 2 litres
☐ Party
  ☑ Cake
  ☐ Candles
☑ Bread
`;

/** Picks an entry of the list header's Export menu, opening it first from More actions. */
async function exportEntry(page: Page, entry: string) {
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Export" }).click();
  const item = page.getByRole("menuitem", { name: entry });
  await item.waitFor();
  return item;
}

async function downloadVia(page: Page, entry: string) {
  const item = await exportEntry(page, entry);
  const [download] = await Promise.all([page.waitForEvent("download"), item.click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

/** In Chromium: the list's Export menu, and Import list on Settings and Home (docs/product-rules.md#export-and-import). */
describe("export and import in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  async function ownerWithList(name: string, viewport = DESKTOP) {
    const signedIn = await signedInContext(env, name, viewport);
    const list = (await (await signedIn.context.request.post("/api/task-lists", { data: { name: "Groceries" } })).json()) as TaskList;
    const added = await signedIn.context.request.post("/api/tasks/bulk", { data: { listId: list.id, items: ITEMS } });
    expect(added.status()).toBe(201);
    return { ...signedIn, list };
  }

  it("downloads the list as Markdown and JSON from the header's menu, and copies it as text", async () => {
    const { context, page, list } = await ownerWithList("exporter");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
    await gotoHydrated(page, `/list/${list.id}`);

    await exportEntry(page, "Download Markdown");
    await keepScreenshot(page, "exchange-export-menu-desktop", false);
    // By keyboard: the first entry has focus, the arrows move round, Escape hands focus back to the button.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe("Download Markdown");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("Copy as text");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Download JSON");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    expect(await focused()).toBe("More");

    expect(await downloadVia(page, "Download Markdown")).toEqual({ name: "Groceries.md", text: MARKDOWN });
    const json = await downloadVia(page, "Download JSON");
    expect(json.name).toBe("Groceries.json");
    expect(JSON.parse(json.text)).toEqual({
      format: "listwell/1",
      name: "Groceries",
      items: [
        { title: "Milk", description: "Oat, 2 litres", completed: false },
        {
          title: "Party",
          completed: false,
          children: [
            { title: "Cake", completed: true },
            { title: "Candles", completed: false },
          ],
        },
        { title: "Bread", completed: true },
      ],
    });

    await (await exportEntry(page, "Copy as text")).click();
    await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TEXT);
    await (await exportEntry(page, "Copy as Markdown")).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN);
    await context.close();
  });

  it("lets a guest who came by the link download the list, and fits the menu on a phone", async () => {
    const owner = await ownerWithList("linkowner");
    await owner.context.close();
    const guest = await anonymousContext(env, TALL_PHONE);
    await gotoHydrated(guest.page, `/list/${owner.list.id}?shareId=${owner.list.shareId}`);
    await exportEntry(guest.page, "Download Markdown");
    const menu = (await guest.page.getByRole("menu").boundingBox())!;
    expect(menu.x).toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width).toBeLessThanOrEqual(TALL_PHONE.width);
    await keepScreenshot(guest.page, "exchange-export-menu-phone", false);
    await guest.page.keyboard.press("Escape");
    expect(await downloadVia(guest.page, "Download Markdown")).toEqual({ name: "Groceries.md", text: MARKDOWN });
    await guest.context.close();
  });

  it("imports a Markdown file from Settings and opens the new list", async () => {
    const { context, page } = await signedInContext(env, "importer");
    await gotoHydrated(page, "/settings?tab=account");
    await keepScreenshot(page, "exchange-settings-desktop", false);
    await page.getByRole("button", { name: "Import a list" }).click();
    const dialog = page.getByRole("dialog", { name: "Import a list" });
    await dialog.getByLabel("File").setInputFiles({ name: "groceries.md", mimeType: "text/markdown", buffer: Buffer.from(MARKDOWN) });
    await keepScreenshot(page, "exchange-import-dialog-desktop", false);
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const done = page.getByRole("dialog", { name: "List imported" });
    await done.getByText('"Groceries" is now one of your lists.').waitFor();
    await waitForNavigation(page, () => done.getByRole("link", { name: "Open list" }).click());
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Party", "Bread"]);
    await context.close();
  });

  it("downloads every list from Settings, and that file brings them all back for another account", async () => {
    const { context, page } = await ownerWithList("archiver");
    await context.request.post("/api/task-lists", { data: { name: "Empty" } });
    await gotoHydrated(page, "/settings?tab=account");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export all lists" }).click()]);
    expect(download.suggestedFilename()).toBe("Listwell lists.json");
    const archive = await readFile((await download.path())!, "utf8");
    expect((JSON.parse(archive) as { lists: Array<{ name: string }> }).lists.map((list) => list.name)).toEqual(["Groceries", "Empty"]);
    await context.close();

    const other = await signedInContext(env, "restorer", TALL_PHONE);
    await gotoHydrated(other.page, "/settings?tab=account");
    await other.page.getByRole("button", { name: "Import a list" }).scrollIntoViewIfNeeded();
    await keepScreenshot(other.page, "exchange-settings-phone", false);
    await other.page.getByRole("button", { name: "Import a list" }).click();
    const dialog = other.page.getByRole("dialog", { name: "Import a list" });
    await dialog
      .getByLabel("File")
      .setInputFiles({ name: "Listwell lists.json", mimeType: "application/json", buffer: Buffer.from(archive) });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const done = other.page.getByRole("dialog", { name: "Lists imported" });
    await done.getByText("2 lists are now among yours.").waitFor();
    await waitForHydration(other.page, () =>
      Promise.all([other.page.waitForURL(/\/$/), done.getByRole("link", { name: "Go to My Lists" }).click()]),
    );
    expect(await other.page.locator(".list-cards").first().locator(".list-card__title").allTextContents()).toEqual(["Groceries", "Empty"]);
    await other.context.close();
  });

  it("imports pasted text from Home, shows its card, and says what is wrong with a bad file", async () => {
    const { context, page } = await signedInContext(env, "homeimporter", TALL_PHONE);
    await gotoHydrated(page, "/");
    await keepScreenshot(page, "exchange-home-phone", false);
    await page.getByRole("button", { name: "Import list" }).click();
    const dialog = page.getByRole("dialog", { name: "Import a list" });
    await dialog.getByLabel("File").setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ format: "listwell/1", name: "Broken", items: [{ title: "x".repeat(81) }] })),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByRole("alert").filter({ hasText: "items[0].title: Title cannot exceed 80 characters" }).waitFor();
    await keepScreenshot(page, "exchange-import-dialog-phone", false);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Import list" }).click();
    await dialog.getByLabel("Or paste the list").fill("# Camping\n- [ ] Tent\n  - [x] Pegs\n- [x] Map");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const done = page.getByRole("dialog", { name: "List imported" });
    await done.getByText('"Camping" is now one of your lists.').waitFor();
    await done.getByRole("button", { name: "Close", exact: true }).click();
    await page.locator(".list-cards").getByText("Camping", { exact: true }).waitFor();
    await waitForNavigation(page, () => page.locator(".list-cards").getByText("Camping", { exact: true }).click());
    await expect.poll(() => rowTitles(page)).toEqual(["Tent", "Map"]);
    await context.close();
  });
});

/** Follows a link to a list page and waits for its islands. */
const waitForNavigation = (page: Page, click: () => Promise<unknown>) =>
  waitForHydration(page, () => Promise.all([page.waitForURL(/\/list\/\d+/), click()]));
