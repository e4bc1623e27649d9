import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousContext,
  gotoHydrated,
  keepScreenshot,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
  TALL_PHONE,
} from "../helpers/browser";
import { closeToast, seedList, visible } from "./list-helpers";

/** The dialog fades in; a screenshot waits for it to be fully there. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));

/** Attribution and presence in two browsers: a guest names themselves, ticks, is seen ticking and being there, and leaves. */
describe("attribution, activity and presence in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("shows the owner who ticked what and who is here; the guest's presence goes when their tab closes", async () => {
    const owner = await signedInContext(env, "alex");
    const { list } = await seedList(owner.context.request, "Groceries", ["Milk", "Cheese"]);
    await gotoHydrated(owner.page, `/list/${list.id}`);
    const here = owner.page.getByRole("group", { name: "Here now" });
    await expect
      .poll(() => here.getByRole("img").evaluateAll((avatars) => avatars.map((a) => a.getAttribute("aria-label"))))
      .toEqual(["alex"]);
    // Who added an item is in its row menu; the row itself names only who ticked it (docs/decisions/045-phone-rows.md).
    await owner.page.getByRole("button", { name: "Actions for Milk" }).click();
    await expect.poll(() => owner.page.getByRole("menu", { name: "Actions for Milk" }).textContent()).toContain("Added by alex");
    await owner.page.keyboard.press("Escape");
    expect(await owner.page.locator(".item", { hasText: "Milk" }).textContent()).not.toContain("Added by");

    const guest = await anonymousContext(env, TALL_PHONE);
    await gotoHydrated(guest.page, `/list/${list.id}?shareId=${list.shareId}`);
    // An unnamed guest is counted, not named.
    await expect.poll(() => here.textContent()).toContain("+1 guest");

    // The guest names themselves: an account's name is refused, "Sam" is taken as "Sam (guest)".
    await guest.page.getByRole("button", { name: "Your name", exact: true }).click();
    const dialog = guest.page.getByRole("dialog", { name: "Your name" });
    await dialog.getByLabel("Name").fill("ALEX");
    await dialog.getByRole("button", { name: "Save" }).click();
    await visible(guest.page, "That name belongs to an account here. Please choose another name.");
    await dialog.getByLabel("Name").fill("Sam");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => guest.page.getByRole("button", { name: "Your name: Sam" }).isVisible()).toBe(true);
    await expect
      .poll(() => here.getByRole("img").evaluateAll((avatars) => avatars.map((a) => a.getAttribute("aria-label"))))
      .toEqual(["alex", "Sam (guest)"]);
    await expect.poll(async () => (await here.textContent()) ?? "").not.toContain("guest ");

    await guest.page.getByRole("checkbox", { name: /Cheese/ }).click();
    const cheese = owner.page.locator(".item", { hasText: "Cheese" });
    await expect.poll(() => cheese.textContent()).toContain("Ticked by Sam (guest)");
    await expect.poll(() => guest.page.locator(".item", { hasText: "Cheese" }).textContent()).toContain("Ticked by Sam (guest)");
    // On the guest's phone the tick's toast sits over the header's More actions until it is closed.
    await closeToast(guest.page, '"Cheese" marked as complete');
    await keepScreenshot(owner.page, "attribution-owner-desktop", false);
    await keepScreenshot(guest.page, "attribution-guest-phone", false);

    // The activity panel: newest first, with who and when.
    await owner.page.getByRole("button", { name: "More actions" }).click();
    await owner.page.getByRole("menuitem", { name: "Activity" }).click();
    const activity = owner.page.getByRole("dialog", { name: "Activity" });
    await expect
      .poll(() => activity.getByRole("listitem").allTextContents())
      .toEqual([
        "Sam (guest) ticked Cheese" + "less than a minute ago",
        "alex added Cheese" + "less than a minute ago",
        "alex added Milk" + "less than a minute ago",
      ]);
    await settled(owner.page);
    await keepScreenshot(owner.page, "attribution-activity-desktop", false);
    await guest.page.getByRole("button", { name: "More actions" }).click();
    await guest.page.getByRole("menuitem", { name: "Activity" }).click();
    await expect.poll(() => guest.page.getByRole("dialog", { name: "Activity" }).getByRole("listitem").count()).toBe(3);
    await settled(guest.page);
    await keepScreenshot(guest.page, "attribution-activity-phone", false);
    await activity.getByRole("button", { name: "Close dialog" }).click();

    // On the owner's phone, with someone else here, the row heads the list (decision 049).
    const phone = await owner.context.newPage();
    await phone.setViewportSize(TALL_PHONE);
    await gotoHydrated(phone, `/list/${list.id}`);
    await expect
      .poll(() =>
        phone
          .getByRole("group", { name: "Here now" })
          .getByRole("img")
          .evaluateAll((avatars) => avatars.map((a) => a.getAttribute("aria-label"))),
      )
      .toEqual(["alex", "Sam (guest)"]);
    await keepScreenshot(phone, "attribution-owner-phone", true);
    await phone.close();

    // The guest closes the tab: within 10 s only the owner is here.
    await guest.page.close();
    await expect
      .poll(() => here.getByRole("img").evaluateAll((avatars) => avatars.map((a) => a.getAttribute("aria-label"))), { timeout: 10_000 })
      .toEqual(["alex"]);
    expect(await here.textContent()).not.toContain("guest");
    await owner.context.close();
    await guest.context.close();
  });
});
