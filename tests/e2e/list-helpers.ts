import type { APIRequestContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { insertOwnList } from "../../src/domain/lists";
import type { Task, TaskList } from "../../src/shared/types";
import type { BrowserEnv } from "../helpers/browser";

/** Shared bits of the list-page browser tests: seeding by API, reading rows, a real pointer drag. */
export async function newList(request: APIRequestContext, name: string): Promise<TaskList> {
  return (await request.post("/api/task-lists", { data: { name } })).json();
}

/** One item by API, refused loudly: a seed that failed would make the test's failure say the wrong thing. */
export async function addItem(
  request: APIRequestContext,
  listId: number,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<Task> {
  const response = await request.post("/api/tasks", { data: { listId, title, ...extra } });
  if (response.status() !== 201) throw new Error(`add ${title}: ${response.status()} ${await response.text()}`);
  return response.json();
}

export async function seedList(
  request: APIRequestContext,
  name: string,
  items: Array<string | { title: string; description?: string; isParent?: boolean; parentId?: number; completed?: boolean }> = [],
) {
  const list = (await (await request.post("/api/task-lists", { data: { name } })).json()) as TaskList;
  const tasks: Task[] = [];
  for (const item of items) {
    const fields = typeof item === "string" ? { title: item } : item;
    const response = await request.post("/api/tasks", { data: { listId: list.id, description: "", ...fields } });
    if (response.status() !== 201) throw new Error(`seed task: ${response.status()} ${await response.text()}`);
    tasks.push((await response.json()) as Task);
  }
  return { list, tasks };
}

/** What holds keyboard focus, as a screen reader names it: its aria-label, its label's words or its text; "body" for nothing. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const at = document.activeElement as HTMLInputElement | null;
    if (!at || at === document.body) return "body";
    return at.getAttribute("aria-label") ?? at.labels?.[0]?.textContent ?? at.textContent?.trim();
  });

export const visible = (page: Page, text: string, timeout?: number) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout }).toBe(true);

/** On a phone a toast sits over the header, so it is closed with its ✕ once read, as a person would. */
export async function closeToast(page: Page, text: string) {
  const toast = page.getByRole("status").filter({ hasText: text });
  await toast.waitFor();
  await toast.getByRole("button", { name: "Close" }).click();
}

/** A paste of `text` into the quick add, as the browser hands one to the page (no clipboard permission needed). */
export const pasteIntoQuickAdd = (page: Page, text: string) =>
  page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    document
      .getElementById("quick-add")!
      .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

export const rowTitles = (page: Page) => page.locator(".items .item .item__title").allTextContents();

/** Presses on a handle, travels past the 8 px threshold in small steps, and drops over the target. */
export async function dragRow(page: Page, fromTitle: string, toTitle: string, where: "above" | "below") {
  const handle = page.getByRole("button", { name: `Reorder ${fromTitle}`, exact: true });
  await dragOnto(page, handle, page.locator(".items .item", { hasText: toTitle }).first(), where);
}

/**
 * The rows stand still: at least the slide's 150 ms have passed and no animation runs among them.
 * Under a loaded machine a slide's frames come late, so a fixed wait could end while a row still moved.
 */
async function rowsAtRest(rows: Locator) {
  await rows.page().waitForTimeout(200);
  await expect
    .poll(
      () => rows.evaluate((list) => list.getAnimations({ subtree: true }).filter((animation) => animation.playState === "running").length),
      {
        timeout: 5_000,
      },
    )
    .toBe(0);
}

/**
 * A real pointer drag by `handle` onto the upper or lower part of `target`, as it stood when the
 * drag began. Rows slide aside while a row is dragged (150 ms, none with reduced motion), and a
 * row still sliding under the pointer is passed over: so the pointer rests there until they
 * stand still and moves once more, for sortablejs to see what is under it now, before letting
 * go. Without that, a drop under load landed a row short.
 */
export async function dragOnto(page: Page, handle: Locator, target: Locator, where: "above" | "below") {
  // sortablejs arrives as its own chunk once a pointer comes to the rows (islands/ui/useSortable.ts).
  await handle.hover();
  const rows = handle.locator("xpath=ancestor::ul[1][@data-sortable='ready']");
  await rows.waitFor();
  const source = await handle.boundingBox();
  const box = await target.boundingBox();
  if (!source || !box) throw new Error("dragOnto: element not on screen");
  const x = source.x + source.width / 2;
  const y = box.y + box.height * (where === "below" ? 0.8 : 0.2);
  await page.mouse.move(x, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, source.y + source.height / 2 + (where === "below" ? 10 : -10), { steps: 4 });
  // The drag has begun once sortablejs marks the row it lifted; on a loaded machine that came after
  // the moves below, which then went nowhere and the row dropped where it began.
  await expect.poll(() => rows.locator(".sortable-ghost").count()).toBe(1);
  await page.mouse.move(x, y, { steps: 15 });
  await rowsAtRest(rows);
  await page.mouse.move(x + 2, y, { steps: 2 });
  await rowsAtRest(rows);
  await page.mouse.up();
}

/** A list of the user's made straight in the store, as on an instance whose live message was lost: no open Home hears of it. */
export const unheardList = (env: BrowserEnv, userId: number, name: string) =>
  env.testApp.store.db.transaction((tx) => insertOwnList(env.testApp.store, userId, name, tx));
