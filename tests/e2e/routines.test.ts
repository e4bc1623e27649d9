/**
 * Routines in Chromium on a 390×844 phone in Berlin (docs/decisions/053-routines.md): the owner sets
 * "Every Sunday at 18:00" in Repeats, the header says when the list resets next, the server's clock
 * reaches that time and the open list unticks itself live, and the reset history says who did what.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueRoutines } from "../../src/domain/routines";
import { wallTime } from "../../src/shared/wall-time";
import type { SharedListResponse } from "../../src/shared/types";
import { type BrowserEnv, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv } from "../helpers/browser";
import { closeToast, focused, seedList, visible } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };
const BERLIN = { timezoneId: "Europe/Berlin", hasTouch: true, isMobile: true };

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env.close());

async function openMenuEntry(page: Page, entry: string) {
  await page.getByRole("button", { name: "More actions" }).tap();
  await page.getByRole("menuitem", { name: entry }).tap();
}

const checked = (page: Page) => page.locator('.items .item__check[aria-checked="true"]').count();

describe("a list that resets itself", () => {
  it("is set in Repeats, says when it resets next, unticks itself live at that time and keeps who did what", async () => {
    const { page, context } = await signedInContext(env, "olive", PHONE_390, BERLIN);
    const { list, tasks } = await seedList(context.request, "Cleaning rota", ["Bathroom", "Kitchen", "Hoover"]);
    for (const task of tasks.slice(0, 2)) await context.request.patch(`/api/tasks/${task.id}`, { data: { completed: true } });
    await gotoHydrated(page, `/list/${list.id}`);
    expect(await page.locator(".access-line").count()).toBe(0);

    await openMenuEntry(page, "Repeats…");
    const dialog = page.getByRole("dialog", { name: "Repeats" });
    await dialog.getByLabel("Repeats", { exact: true }).selectOption("weekly");
    await dialog.getByLabel("On", { exact: true }).selectOption("SU");
    await dialog.getByLabel("At", { exact: true }).fill("18:00");
    await visible(page, "Every Sunday at 18:00");
    expect(await dialog.textContent()).toContain("Europe/Berlin time.");
    await keepScreenshot(page, "routines-repeats-phone", false);
    await dialog.getByRole("button", { name: "Save" }).tap();

    const stored = async () => ((await (await context.request.get(`/api/list/${list.id}`)).json()) as SharedListResponse).list.routine;
    await expect.poll(stored).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin" });
    // Saved, the dialog hands focus back to the menu's button, not to the page's body.
    await expect.poll(() => focused(page)).toBe("More actions");
    const first = (await stored())!.nextRunAt;
    expect(wallTime(first, "Europe/Berlin")).toMatch(/^Sun \d{1,2} \w{3}, 18:00$/);
    await visible(page, `Resets every Sunday at 18:00 · next ${wallTime(first, "Europe/Berlin")}`);
    await keepScreenshot(page, "routines-line-phone", false);

    // Sunday 18:00 Berlin time comes: the worker's pass resets the open list, which unticks live.
    env.testApp.clock.advance(Date.parse(first) - env.testApp.clock.now() + 1000);
    expect(await runDueRoutines(env.testApp.store, env.testApp.bus)).toBe(1);
    await expect.poll(() => checked(page)).toBe(0);
    await closeToast(page, "List items have been reset");
    const next = (await stored())!.nextRunAt;
    expect(Date.parse(next) - Date.parse(first)).toBeGreaterThanOrEqual(7 * 24 * 3600_000 - 3600_000);
    await visible(page, `Resets every Sunday at 18:00 · next ${wallTime(next, "Europe/Berlin")}`);

    await openMenuEntry(page, "Reset history");
    const history = page.getByRole("dialog", { name: "Reset history" });
    // Its runs' lines, not the toast that shows over an open dialog.
    const runs = history.locator(".share__people > li");
    await expect.poll(() => runs.first().textContent()).toBe(`2 of 3 done — olive 2${wallTime(first, "Europe/Berlin")}`);
    await keepScreenshot(page, "routines-history-phone", false);

    // Reset now records a run of its own, with nothing ticked since.
    await history.getByRole("button", { name: "Reset now" }).tap();
    await expect.poll(() => runs.count()).toBe(2);
    expect(await runs.first().textContent()).toMatch(/^0 of 3 done/);
    // The button, disabled while it ran, has focus again once done.
    await expect.poll(() => focused(page)).toBe("Reset now");
    await page.keyboard.press("Escape");
    await expect.poll(() => history.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe("More actions");
    await closeToast(page, "List items have been reset");

    // Stopping it takes the line away, here and on the server.
    await openMenuEntry(page, "Repeats…");
    await page.getByRole("dialog", { name: "Repeats" }).getByRole("button", { name: "Stop repeating" }).tap();
    await expect.poll(() => page.getByText(/^Resets /).count()).toBe(0);
    expect(await stored()).toBeNull();
    await context.close();
  });

  it("shows a recipient when the list resets, without Repeats, and a view-only one no Reset now", async () => {
    const owner = await signedInContext(env, "rota_owner", PHONE_390, BERLIN);
    const viewer = await signedInContext(env, "rota_viewer", PHONE_390, BERLIN);
    const { list } = await seedList(owner.context.request, "Bins", ["Recycling"]);
    await owner.context.request.patch(`/api/task-lists/${list.id}`, {
      data: { routine: { rrule: "FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=7;BYMINUTE=30", tz: "Europe/Berlin" } },
    });
    await owner.context.request.post(`/api/task-lists/${list.id}/runs`);
    await owner.context.request.post("/api/share-by-username", { data: { listId: list.id, username: "rota_viewer", accessLevel: "read" } });

    await gotoHydrated(viewer.page, `/list/${list.id}`);
    await visible(viewer.page, "View only — ask rota_owner to edit.");
    expect(await viewer.page.getByText(/^Resets on the last day of every month at 07:30 · next /).count()).toBe(1);
    await viewer.page.getByRole("button", { name: "More actions" }).tap();
    // The positive control: the menu is open and lists Reset history, but not Repeats.
    await expect.poll(() => viewer.page.getByRole("menuitem", { name: "Reset history" }).count()).toBe(1);
    expect(await viewer.page.getByRole("menuitem", { name: "Repeats…" }).count()).toBe(0);
    await viewer.page.getByRole("menuitem", { name: "Reset history" }).tap();
    const history = viewer.page.getByRole("dialog", { name: "Reset history" });
    // The run was made before this person could see the list: it is not theirs to read.
    await visible(viewer.page, "No resets yet.");
    expect(await history.getByRole("button", { name: "Reset now" }).count()).toBe(0);
    await owner.context.close();
    await viewer.context.close();
  });

  it("follows a routine the owner sets, changes and stops on another device, on an open page without a reload", async () => {
    const owner = await signedInContext(env, "live_rota_owner", PHONE_390, BERLIN);
    const partner = await signedInContext(env, "live_rota_partner", PHONE_390, BERLIN);
    const { list } = await seedList(owner.context.request, "Chores", ["Hoover"]);
    await owner.context.request.post("/api/share-by-username", {
      data: { listId: list.id, username: "live_rota_partner", accessLevel: "write" },
    });
    await gotoHydrated(partner.page, `/list/${list.id}`);
    const line = () =>
      partner.page
        .getByText(/^Resets /)
        .textContent({ timeout: 1_000 })
        .catch(() => null);
    expect(await partner.page.getByText(/^Resets /).count()).toBe(0);
    const setRoutine = (routine: { rrule: string; tz: string } | null) =>
      owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { routine } });

    expect((await setRoutine({ rrule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin" })).status()).toBe(200);
    await expect.poll(line).toMatch(/^Resets every Sunday at 18:00 · next /);
    await partner.page.getByRole("button", { name: "More actions" }).tap();
    await expect.poll(() => partner.page.getByRole("menuitem", { name: "Reset history" }).count()).toBe(1);
    await partner.page.keyboard.press("Escape");

    expect((await setRoutine({ rrule: "FREQ=DAILY;BYHOUR=7;BYMINUTE=30", tz: "Europe/Berlin" })).status()).toBe(200);
    await expect.poll(line).toMatch(/^Resets every day at 07:30 · next /);

    expect((await setRoutine(null)).status()).toBe(200);
    await expect.poll(() => partner.page.getByText(/^Resets /).count()).toBe(0);
    await owner.context.close();
    await partner.context.close();
  });
});
