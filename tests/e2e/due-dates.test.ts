/**
 * Due dates and repeats on the list page (docs/decisions/056-due-dates-browser.md), in Chromium on
 * a 390×844 phone in Auckland, whose day is often not the server's: a date typed at the end of a
 * quick-add title is shown before it is added and stored with the shortened title; a row says when
 * its item is due, an overdue one in the warning colour; the sheet sets a weekly repeat, and
 * ticking the row moves its date on and leaves it open; an add with a date made offline is sent
 * once back online. Screenshots go to test-artifacts/.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayIn, dayLabel, describeDue } from "../../src/shared/due-days";
import { parseDue } from "../../src/shared/due-words";
import type { Task } from "../../src/shared/types";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList } from "./list-helpers";
import { expectBanner, gotoReadyForOffline } from "./offline-helpers";

const PHONE_390 = { width: 390, height: 844 };
const ZONE = "Pacific/Auckland";
const MIN_TARGET = 44;

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

const todayThere = () => dayIn(new Date(), ZONE);
const rowsInDb = (listId: number): Promise<Task[]> => env.testApp.store.tasks.listByList(listId);
const phone = (username: string) => signedInContext(env, username, PHONE_390, { timezoneId: ZONE, hasTouch: true, isMobile: true });

const row = (page: Page, title: string) => page.locator(".items .item").filter({ has: page.getByText(title, { exact: true }) });
/** The words under a row's title, or null when it has none. */
const dueWords = (page: Page, title: string) =>
  row(page, title).evaluate((item) => item.querySelector(".item__due")?.textContent?.trim() ?? null);

describe("due dates on a phone", () => {
  it("takes a typed date off the title after showing it, and the row says when", async () => {
    const { page, context } = await phone("due_quick");
    const { list } = await seedList(context.request, "Chores", ["Hoover"]);
    await gotoHydrated(page, `/list/${list.id}`);
    const field = page.getByLabel("Add an item", { exact: true });
    await field.fill("Bins tuesday");
    const expected = parseDue("Bins tuesday", todayThere())!.dueAt;
    const chip = page.locator(".quick-add__due");
    await expect.poll(() => chip.textContent()).toContain(`Due ${dayLabel(expected, todayThere(), true)}`);
    const keep = chip.getByRole("button", { name: "Keep “tuesday” in the title" });
    expect((await keep.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await keepScreenshot(page, "due-dates-chip", false);
    await page.keyboard.press("Enter");

    await expect
      .poll(async () => (await rowsInDb(list.id)).map((task) => [task.title, task.dueAt]))
      .toEqual([
        ["Hoover", null],
        ["Bins", expected],
      ]);
    await expect.poll(() => dueWords(page, "Bins")).toBe(describeDue(expected, todayThere()).words);
    expect(await chip.count()).toBe(0);

    // Kept as typed: the words stay in the title and no date is stored.
    await field.fill("Read Friday");
    await page.getByRole("button", { name: "Keep “Friday” in the title" }).click();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await rowsInDb(list.id)).map((task) => [task.title, task.dueAt])).toContainEqual(["Read Friday", null]);

    // The sheet opened from the field takes both: the title without the date, and the date.
    await field.fill("Cards 24 dec");
    const cards = parseDue("Cards 24 dec", todayThere())!.dueAt;
    await expect.poll(() => chip.count()).toBe(1);
    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    const sheet = page.getByRole("dialog");
    expect(await sheet.getByLabel("Title").inputValue()).toBe("Cards");
    expect(await sheet.getByLabel("Due date").inputValue()).toBe(cards);
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await rowsInDb(list.id)).map((task) => [task.title, task.dueAt])).toContainEqual(["Cards", cards]);
    await context.close();
  });

  it("shows an overdue item in the warning colour, one line within its 44 px", async () => {
    const { page, context } = await phone("due_over");
    const past = addDays(todayThere(), -3);
    const soon = addDays(todayThere(), 1);
    const { list } = await seedList(context.request, "Errands", ["Milk"]);
    for (const [title, dueAt] of [
      ["Library books", past],
      ["Dentist", soon],
    ]) {
      const made = await context.request.post("/api/tasks", { data: { listId: list.id, title, dueAt } });
      expect(made.status()).toBe(201);
    }
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => dueWords(page, "Library books")).toBe(`Overdue · ${dayLabel(past, todayThere())}`);
    expect(await dueWords(page, "Dentist")).toBe("Tomorrow");
    expect(await dueWords(page, "Milk")).toBeNull();

    const colours = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.style.color = "var(--danger)";
      document.body.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      const over = document.querySelector(".item__due--over")!;
      return { danger, over: getComputedStyle(over).color, opacity: getComputedStyle(over).opacity };
    });
    expect(colours.over).toBe(colours.danger);
    expect(colours.opacity).toBe("1");
    await keepScreenshot(page, "due-dates-overdue", false);
    // A dated row is as tall as a plain one, to a pixel: the words tuck under the title, as "Ticked by" does.
    const heights = await page.locator(".items .item").evaluateAll((rows) => rows.map((one) => one.getBoundingClientRect().height));
    for (const height of heights) expect(Math.abs(height - heights[0]!)).toBeLessThan(1);
    const check = (await row(page, "Library books").locator(".item__check").boundingBox())!;
    expect(check.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await context.close();
  });

  it("sets a weekly repeat and a reminder in the sheet, and a tick moves the date on and leaves the item open", async () => {
    const { page, context } = await phone("due_repeat");
    const { list } = await seedList(context.request, "House", ["Bins"]);
    await gotoHydrated(page, `/list/${list.id}`);
    const due = addDays(todayThere(), 2);

    await row(page, "Bins").getByRole("button", { name: "Actions for Bins" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const sheet = page.getByRole("dialog");
    expect(await sheet.getByLabel("Repeats").isDisabled()).toBe(true);
    await sheet.getByLabel("Due date").fill(due);
    await sheet.getByLabel("Repeats").selectOption({ label: "Every week" });
    // The reminder is typed on Auckland's clock and kept as that instant with Auckland's offset.
    await sheet.getByLabel("Remind everyone at").fill(`${due}T08:30`);
    await keepScreenshot(page, "due-dates-sheet", false);
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((task) => task.remindAt))
      .toEqual([expect.stringMatching(new RegExp(`^${due}T08:30\\+1[23]:00$`))]);
    const remindAt = (await rowsInDb(list.id))[0]!.remindAt!;
    expect(new Date(remindAt).toLocaleString("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" })).toBe("08:30");

    const weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][new Date(`${due}T00:00:00Z`).getUTCDay()];
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((task) => [task.dueAt, task.repeat]))
      .toEqual([[due, `FREQ=WEEKLY;BYDAY=${weekday}`]]);
    await expect.poll(() => dueWords(page, "Bins")).toBe(describeDue(due, todayThere()).words);
    expect(await row(page, "Bins").getByRole("img", { name: "Repeats" }).count()).toBe(1);
    // The repeat mark keeps the row to one line's height.
    expect((await row(page, "Bins").boundingBox())!.height).toBeLessThan(47);

    await page.getByRole("checkbox", { name: 'Mark "Bins" as completed', exact: true }).click();
    const next = addDays(due, 7);
    await expect.poll(async () => (await rowsInDb(list.id)).map((task) => [task.dueAt, task.completed])).toEqual([[next, false]]);
    await expect.poll(() => dueWords(page, "Bins")).toBe(describeDue(next, todayThere()).words);
    expect(await page.getByRole("checkbox", { name: 'Mark "Bins" as completed', exact: true }).count()).toBe(1);
    await keepScreenshot(page, "due-dates-repeat-ticked", false);
    await context.close();
  });

  it("sends an add with a date made offline once, back online", async () => {
    const { page, context } = await phone("due_offline");
    const { list } = await seedList(context.request, "Offline", ["Soap"]);
    await gotoReadyForOffline(page, `/list/${list.id}`);
    const field = page.getByLabel("Add an item", { exact: true });
    await field.focus();
    await context.setOffline(true);
    await field.fill("Call Ann fri");
    const expected = parseDue("Call Ann fri", todayThere())!.dueAt;
    await expect.poll(() => page.locator(".quick-add__due").count()).toBe(1);
    await page.keyboard.press("Enter");
    await expectBanner(page, "Offline — 1 change will be saved");
    await expect.poll(() => dueWords(page, "Call Ann")).toBe(describeDue(expected, todayThere()).words);
    await keepScreenshot(page, "due-dates-offline", false);

    await context.setOffline(false);
    await expectBanner(page, null);
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((task) => [task.title, task.dueAt]), { timeout: 15_000 })
      .toEqual([
        ["Soap", null],
        ["Call Ann", expected],
      ]);
    await context.close();
  });
});
