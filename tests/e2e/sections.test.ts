/**
 * Sections on the list page (docs/decisions/060-sections-browser.md), in Chromium with reduced
 * motion (sortablejs then slides nothing, so a drop lands where it is aimed): a writer makes
 * sections in the Sections dialog and the page shows its items under their headings in order,
 * on reload too; renames, folds (remembered on reload), reorders by drag and by Move up, moves an
 * item into a section by drag and by the keyboard and the row menu, and deletes a section, whose
 * items go back to none; the server's refusals show in the dialog; another open page sees a new
 * section live; a reader sees the headings and none of the controls a writer has; a guest with a
 * write link manages them through the link; and on a phone the item sheet moves an item to any
 * section, a move into a folded section opens it, offline the dialog says it needs a connection,
 * and an item's move made offline is sent once back online. Screenshots go to test-artifacts/.
 */
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Section, SharedListResponse, TaskList } from "../../src/shared/types";
import {
  anonymousContext,
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  PHONE,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
} from "../helpers/browser";
import { dragOnto, focused, rowTitles, seedList, visible, pasteIntoQuickAdd } from "./list-helpers";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

const calm = { reducedMotion: "reduce" } as const;
const writer = (name: string, viewport = DESKTOP) => signedInContext(env, name, viewport, calm);

/** The headings on the page, in order, as a person reads them: "Produce (2)". */
const headings = (page: Page) => page.locator(".items .section-heading button").allTextContents();
/** What the rows show, a heading as "# name": the whole grouped list in order. */
const grouped = (page: Page) =>
  page
    .locator(".items > li")
    .evaluateAll((items) =>
      items.map((li) =>
        li.classList.contains("section-heading") || li.classList.contains("done-heading")
          ? `# ${li.textContent?.replace(/ ?\(\d+\)$/, "")}`
          : (li.querySelector(".item__title")?.textContent ?? ""),
      ),
    );

async function listAnswer(request: APIRequestContext, listId: number): Promise<SharedListResponse> {
  return (await request.get(`/api/list/${listId}`)).json();
}
/** Each item's section by name as the API says ("" for none). */
async function sectionsOfItems(request: APIRequestContext, listId: number) {
  const { tasks, sections } = await listAnswer(request, listId);
  const named = new Map(sections.map((section) => [section.id, section.name]));
  return Object.fromEntries(tasks.map((task) => [task.title, task.sectionId == null ? "" : (named.get(task.sectionId) ?? "?")]));
}
const sectionNames = async (request: APIRequestContext, listId: number) =>
  ((await (await request.get(`/api/task-lists/${listId}/sections`)).json()) as Section[]).map((section) => section.name);

async function openSections(page: Page) {
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Sections…" }).click();
  const dialog = page.getByRole("dialog", { name: "Sections" });
  await dialog.waitFor();
  return dialog;
}

async function addSection(dialog: Locator, name: string) {
  await dialog.getByLabel("New section").fill(name);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
}

describe("sections on the list page", () => {
  it("makes, moves into, renames, folds, reorders and deletes sections, and the API agrees", async () => {
    const { page, context } = await writer("sec_owner");
    const { request } = context;
    const { list } = await seedList(request, "Shop", ["Bread", "Apples", "Milk", "Pears"]);
    await gotoHydrated(page, `/list/${list.id}`);
    // A list with no sections looks as it always did.
    expect(await page.locator(".section-heading").count()).toBe(0);

    const dialog = await openSections(page);
    await visible(page, "No sections yet.");
    await addSection(dialog, "Produce");
    await expect.poll(() => dialog.locator(".sections-dialog__name").allTextContents()).toEqual(["Produce"]);
    await addSection(dialog, "Dairy");
    await expect.poll(() => dialog.locator(".sections-dialog__name").allTextContents()).toEqual(["Produce", "Dairy"]);
    // The server's refusal shows under the field, and nothing is added.
    await addSection(dialog, " produce ");
    await visible(page, "A section with this name already exists");
    expect(await sectionNames(request, list.id)).toEqual(["Produce", "Dairy"]);
    await keepScreenshot(page, "sections-dialog", false);
    // The refusal was of that name: once the field changes, it no longer stands under it.
    await dialog.getByLabel("New section").fill("");
    await expect.poll(() => dialog.getByText("A section with this name already exists").count()).toBe(0);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => headings(page)).toEqual(["Produce (0)", "Dairy (0)"]);
    // Focus goes back to what opened the dialog, not to the first row.
    await expect.poll(() => focused(page)).toBe("More actions");

    // The keyboard moves Pears down across the edge of the items in no section, into Produce.
    await page.getByRole("button", { name: "Reorder Pears", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => grouped(page)).toEqual(["Bread", "Apples", "Milk", "# Produce", "Pears", "# Dairy"]);
    await expect.poll(() => sectionsOfItems(request, list.id)).toMatchObject({ Pears: "Produce", Bread: "" });
    // Focus stays on the moved row's handle, so the next press moves it on.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => sectionsOfItems(request, list.id)).toMatchObject({ Pears: "Dairy" });
    // The row menu's Move up, a finger's way, takes it back into Produce.
    await page.getByRole("button", { name: "Actions for Pears" }).click();
    await page.getByRole("menuitem", { name: "Move up" }).click();
    await expect.poll(() => sectionsOfItems(request, list.id)).toMatchObject({ Pears: "Produce" });

    // A drag of Apples onto the Produce heading's lower half puts it first in Produce.
    const produceHeading = page.locator(".section-heading", { hasText: "Produce" });
    await dragOnto(page, page.getByRole("button", { name: "Reorder Apples", exact: true }), produceHeading, "below");
    await expect.poll(() => grouped(page)).toEqual(["Bread", "Milk", "# Produce", "Apples", "Pears", "# Dairy"]);
    await expect.poll(() => sectionsOfItems(request, list.id)).toMatchObject({ Apples: "Produce", Pears: "Produce" });
    // And Milk dropped under the Dairy heading, the last and empty section.
    await dragOnto(
      page,
      page.getByRole("button", { name: "Reorder Milk", exact: true }),
      page.locator(".section-heading", { hasText: "Dairy" }),
      "below",
    );
    await expect.poll(() => grouped(page)).toEqual(["Bread", "# Produce", "Apples", "Pears", "# Dairy", "Milk"]);
    await expect.poll(() => sectionsOfItems(request, list.id)).toEqual({ Bread: "", Apples: "Produce", Pears: "Produce", Milk: "Dairy" });
    // The server renders the headings, and the island hydrates its markup as it is: React says nothing.
    const complaints: string[] = [];
    page.on("console", (message) => message.type() === "error" && complaints.push(message.text()));
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => grouped(page)).toEqual(["Bread", "# Produce", "Apples", "Pears", "# Dairy", "Milk"]);
    await expect.poll(() => headings(page)).toEqual(["Produce (2)", "Dairy (1)"]);
    expect(complaints).toEqual([]);
    // At first paint: the page's own HTML holds both headings, before any script runs.
    const html = await (await request.get(`/list/${list.id}`)).text();
    expect(html.match(/<li class="section-heading" data-section-id="\d+">/g)?.length).toBe(2);
    await keepScreenshot(page, "sections-list", false);

    // Folding Produce hides its rows, and is remembered on reload.
    await page.getByRole("button", { name: "Produce (2)" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Produce (2)" }).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => rowTitles(page)).toEqual(["Bread", "Milk"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => rowTitles(page)).toEqual(["Bread", "Milk"]);
    await page.getByRole("button", { name: "Produce (2)" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Bread", "Apples", "Pears", "Milk"]);

    // Rename, and reorder by Move up and by drag.
    let sections = await openSections(page);
    await sections.getByRole("button", { name: "Rename Produce" }).click();
    await sections.getByLabel("Rename Produce").fill("Fruit & veg");
    await keepScreenshot(page, "sections-dialog-rename", false);
    await sections.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => headings(page)).toEqual(["Fruit & veg (2)", "Dairy (1)"]);
    // Focus comes back to the section's Rename, not to the dialog's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Rename Fruit & veg");
    await sections.getByRole("button", { name: "Move Dairy up" }).click();
    await expect.poll(() => headings(page)).toEqual(["Dairy (1)", "Fruit & veg (2)"]);
    await expect.poll(() => sectionNames(request, list.id)).toEqual(["Dairy", "Fruit & veg"]);
    await dragOnto(
      page,
      sections.getByRole("button", { name: "Reorder Dairy", exact: true }),
      sections.locator(".sections-dialog__row", { hasText: "Fruit & veg" }),
      "below",
    );
    await expect.poll(() => sectionNames(request, list.id)).toEqual(["Fruit & veg", "Dairy"]);
    await expect.poll(() => headings(page)).toEqual(["Fruit & veg (2)", "Dairy (1)"]);

    // Deleting a section asks first; its items then show in no section, as the API says.
    await sections.getByRole("button", { name: "Delete Fruit & veg" }).click();
    await visible(page, 'Delete "Fruit & veg"? Its items will be in no section.');
    await keepScreenshot(page, "sections-dialog-delete", false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    // Cancel takes the question away and gives the focus back to the Delete that asked it.
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Delete Fruit & veg");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await sections.getByRole("button", { name: "Delete section" }).click();
    await expect.poll(() => headings(page)).toEqual(["Dairy (1)"]);
    await expect.poll(() => sectionsOfItems(request, list.id)).toEqual({ Bread: "", Apples: "", Pears: "", Milk: "Dairy" });
    await sections.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => grouped(page)).toEqual(["Bread", "Apples", "Pears", "# Dairy", "Milk"]);

    // The 31st section is refused with the server's words.
    for (let i = 2; i <= 30; i++)
      expect((await request.post(`/api/task-lists/${list.id}/sections`, { data: { name: `Aisle ${i}` } })).status()).toBe(201);
    sections = await openSections(page);
    await addSection(sections, "One too many");
    await visible(page, "A list can have at most 30 sections");
    expect((await sectionNames(request, list.id)).length).toBe(30);
    await context.close();
  });

  it("shows a section made on another page live, and a reader the headings without a writer's controls", async () => {
    const owner = await writer("sec_live");
    const { list } = await seedList(owner.context.request, "Party", ["Crisps", "Lemonade"]);
    const reader = await signedInContext(env, "sec_reader", DESKTOP, calm);
    const share = await owner.context.request.post("/api/share-by-username", {
      data: { listId: list.id, username: "sec_reader", accessLevel: "read" },
    });
    expect(share.status()).toBe(201);
    await gotoHydrated(owner.page, `/list/${list.id}`);
    await gotoHydrated(reader.page, `/list/${list.id}`);
    const second = await owner.context.newPage();
    await gotoHydrated(second, `/list/${list.id}`);

    const dialog = await openSections(owner.page);
    await addSection(dialog, "Drinks");
    // Both other pages hear of it, with no reload.
    await expect.poll(() => headings(second)).toEqual(["Drinks (0)"]);
    await expect.poll(() => headings(reader.page)).toEqual(["Drinks (0)"]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await owner.page.getByRole("button", { name: "Actions for Lemonade" }).click();
    await owner.page.getByRole("menuitem", { name: "Move down" }).click();
    await expect.poll(() => grouped(reader.page)).toEqual(["Crisps", "# Drinks", "Lemonade"]);

    // The writer has the controls (the positive control); the reader has none of them, but may fold.
    expect(await owner.page.getByRole("button", { name: "Add section" }).count()).toBe(1);
    expect(await reader.page.getByRole("button", { name: "Add section" }).count()).toBe(0);
    expect(await reader.page.locator(".items .drag-handle").count()).toBe(0);
    await reader.page.getByRole("button", { name: "More actions" }).click();
    await reader.page.getByRole("menuitem", { name: "Activity" }).waitFor();
    expect(await reader.page.getByRole("menuitem", { name: "Sections…" }).count()).toBe(0);
    await reader.page.keyboard.press("Escape");
    await reader.page.getByRole("button", { name: "Drinks (1)" }).click();
    await expect.poll(() => rowTitles(reader.page)).toEqual(["Crisps"]);
    // The reader's fold is theirs: the writer's page still shows the row.
    await expect.poll(() => rowTitles(second)).toEqual(["Crisps", "Lemonade"]);
    await owner.context.close();
    await reader.context.close();
  });

  it("keeps a done item in its section, or in the one Done group with Completed at bottom, and sorts within sections", async () => {
    const { page, context } = await writer("sec_done");
    const { request } = context;
    const { list } = await seedList(request, "Week", ["Oats", "Bread", "Milk"]);
    const dairy = (await (await request.post(`/api/task-lists/${list.id}/sections`, { data: { name: "Dairy" } })).json()) as Section;
    const { tasks } = await listAnswer(request, list.id);
    const id = (title: string) => tasks.find((task) => task.title === title)!.id;
    await request.patch(`/api/tasks/${id("Milk")}`, { data: { sectionId: dairy.id, completed: true } });
    await request.patch(`/api/tasks/${id("Oats")}`, { data: { sectionId: dairy.id } });
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => grouped(page)).toEqual(["Bread", "# Dairy", "Oats", "Milk"]);
    await expect.poll(() => headings(page)).toEqual(["Dairy (2)"]);
    await page.getByRole("button", { name: "Alphabetical" }).click();
    await expect.poll(() => grouped(page)).toEqual(["Bread", "# Dairy", "Milk", "Oats"]);
    await page.getByRole("button", { name: "Manual order" }).click();
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Completed at bottom" }).click();
    await expect.poll(() => grouped(page)).toEqual(["Bread", "# Dairy", "Oats", "# Done", "Milk"]);
    await expect.poll(() => headings(page)).toEqual(["Dairy (1)"]);
    await context.close();
  });

  it("lets a guest with a write link manage sections through the link", async () => {
    const owner = await writer("sec_link_owner");
    const { list } = await seedList(owner.context.request, "Picnic", ["Rolls"]);
    const linked = (await (
      await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "write" } })
    ).json()) as TaskList;
    const guest = await anonymousContext(env);
    await gotoHydrated(guest.page, `/list/${list.id}?shareId=${linked.shareId}`);
    await guest.page.getByRole("button", { name: "Add section" }).click();
    const dialog = guest.page.getByRole("dialog", { name: "Sections" });
    await addSection(dialog, "Drinks");
    await expect.poll(() => sectionNames(owner.context.request, list.id)).toEqual(["Drinks"]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await guest.page.getByRole("button", { name: "Actions for Rolls" }).click();
    await guest.page.getByRole("menuitem", { name: "Move down" }).click();
    await expect.poll(() => sectionsOfItems(owner.context.request, list.id)).toEqual({ Rolls: "Drinks" });
    await owner.context.close();
    await guest.context.close();
  });

  it("works on a phone, and offline the dialog says it needs a connection", async () => {
    const { page, context } = await writer("sec_phone", PHONE);
    const { list } = await seedList(context.request, "Hardware", ["Screws", "Glue", "Tape"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Add section" }).click();
    const dialog = page.getByRole("dialog", { name: "Sections" });
    // The name field is where the person starts.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("section-name");
    await page.keyboard.type("Adhesives");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.locator(".sections-dialog__name").allTextContents()).toEqual(["Adhesives"]);
    await keepScreenshot(page, "sections-dialog-phone", false);
    await dialog.getByRole("button", { name: "Done" }).click();
    // Done, or Escape, gives focus back to "Add section", which opened it, not to the first row.
    await expect.poll(() => focused(page)).toBe("Add section");
    await page.getByRole("button", { name: "Add section" }).click();
    await expect.poll(() => focused(page)).toBe("New section");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe("Add section");
    await page.getByRole("button", { name: "Actions for Tape" }).click();
    await page.getByRole("menuitem", { name: "Move down" }).click();
    await page.getByRole("button", { name: "Actions for Glue" }).click();
    await page.getByRole("menuitem", { name: "Move down" }).click();
    await expect.poll(() => grouped(page)).toEqual(["Screws", "# Adhesives", "Glue", "Tape"]);
    await expect.poll(() => sectionsOfItems(context.request, list.id)).toEqual({ Screws: "", Glue: "Adhesives", Tape: "Adhesives" });
    await keepScreenshot(page, "sections-list-phone", false);
    // The item sheet moves an item to any section at once.
    await page.getByRole("button", { name: "Actions for Screws" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByLabel("Section").selectOption({ label: "Adhesives" });
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => grouped(page)).toEqual(["# Adhesives", "Screws", "Glue", "Tape"]);
    await expect
      .poll(() => sectionsOfItems(context.request, list.id))
      .toEqual({ Screws: "Adhesives", Glue: "Adhesives", Tape: "Adhesives" });
    await page.getByRole("button", { name: "Actions for Glue" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByLabel("Section").selectOption({ label: "No section" });
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => sectionsOfItems(context.request, list.id)).toEqual({ Screws: "Adhesives", Glue: "", Tape: "Adhesives" });
    await expect.poll(() => grouped(page)).toEqual(["Glue", "# Adhesives", "Screws", "Tape"]);
    // Moved into a folded section, an item opens it rather than vanish.
    await page.getByRole("button", { name: "Adhesives (2)" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Glue"]);
    await page.getByRole("button", { name: "Actions for Glue" }).click();
    await page.getByRole("menuitem", { name: "Move down" }).click();
    await expect.poll(() => grouped(page)).toEqual(["# Adhesives", "Glue", "Screws", "Tape"]);
    await expect.poll(() => page.getByRole("button", { name: "Adhesives (3)" }).getAttribute("aria-expanded")).toBe("true");
    // Saved before the network goes: on a loaded machine the move was still on its way, and went to the outbox instead.
    await expect.poll(() => sectionsOfItems(context.request, list.id)).toMatchObject({ Glue: "Adhesives" });

    await context.setOffline(true);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Sections…" }).click();
    await visible(page, "Sections need a connection. They can be changed once you are online again.");
    expect(await dialog.getByRole("button", { name: "Add", exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Delete Adhesives" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Done" }).click();
    // An item's move is an item's change: made offline, it waits in the outbox and is sent once back online.
    await page.getByRole("button", { name: "Actions for Glue" }).click();
    await page.getByRole("menuitem", { name: "Move up" }).click();
    await expect.poll(() => grouped(page)).toEqual(["Glue", "# Adhesives", "Screws", "Tape"]);
    expect(await sectionsOfItems(context.request, list.id)).toMatchObject({ Glue: "Adhesives" });
    await context.setOffline(false);
    await expect.poll(() => sectionsOfItems(context.request, list.id)).toEqual({ Screws: "Adhesives", Glue: "", Tape: "Adhesives" });
    await context.close();
  });

  it("pastes a list with ## headings into those sections, making the ones the list lacks", async () => {
    const { page, context } = await writer("sec_paste");
    const { request } = context;
    const { list } = await seedList(request, "Week", ["Soap"]);
    const dairy = await request.post(`/api/task-lists/${list.id}/sections`, { data: { name: "Dairy" } });
    expect(dairy.status()).toBe(201);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.locator("#quick-add").focus();
    await pasteIntoQuickAdd(page, "- Stamps\n## dairy\n- 2 l milk\n## Bakery\n- Bread\n- Rolls");
    const preview = page.getByRole("dialog");
    await expect.poll(() => preview.locator(".paste-preview strong").allTextContents()).toEqual(["dairy", "Bakery"]);
    await preview.getByRole("button", { name: "Add 4 items" }).click();
    // "dairy" is the list's Dairy (names are told apart case-folded); Bakery is made; Stamps stays in no section.
    await expect
      .poll(() => sectionsOfItems(request, list.id))
      .toEqual({ Soap: "", Stamps: "", Milk: "Dairy", Bread: "Bakery", Rolls: "Bakery" });
    expect(await sectionNames(request, list.id)).toEqual(["Dairy", "Bakery"]);
    await expect.poll(() => grouped(page)).toEqual(["Soap", "Stamps", "# Dairy", "Milk", "# Bakery", "Bread", "Rolls"]);
    await context.close();
  });
});
