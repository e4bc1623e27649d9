/**
 * Names as long as their limits allow, written without a space, on a 375 px phone: a section's 40
 * characters, a token's 60 and a webhook's address. Each wraps inside its own row; no page grows
 * wider than the screen, and a webhook's buttons go under its address instead of squeezing it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { setPrivateAddressesAllowed } from "../../src/domain/webhooks";
import { PHONE, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList, visible } from "./list-helpers";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  await setPrivateAddressesAllowed(env.testApp.store, env.testApp.config, true);
});
afterAll(() => env.close());

const overflow = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

it("wraps a 40-character section name, a 60-character token name and a long webhook address within a phone's width", async () => {
  const { page, context } = await signedInContext(env, "longnames", PHONE);
  const { list } = await seedList(context.request, "Groceries", ["Bread"]);
  const section = "S".repeat(40);
  expect((await context.request.post(`/api/task-lists/${list.id}/sections`, { data: { name: section } })).status()).toBe(201);
  const token = "T".repeat(60);
  expect((await context.request.post("/api/tokens", { data: { name: token, access: "read" } })).status()).toBe(201);
  const url = "https://localhost:8123/api/webhook/listwell_groceries_f3a9c2b1d4e5a7b8c9d0e1f2a3b4c5d6_home_assistant";
  expect((await context.request.post(`/api/task-lists/${list.id}/webhooks`, { data: { url, format: "standard" } })).status()).toBe(201);

  await gotoHydrated(page, `/list/${list.id}`);
  await expect.poll(() => page.getByRole("heading", { name: section }).isVisible()).toBe(true);
  await keepScreenshot(page, "phone-long-section", false);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await gotoHydrated(page, "/settings?tab=account");
  await page.getByLabel("List", { exact: true }).selectOption({ label: "Groceries" });
  await visible(page, url);
  await visible(page, token);
  await keepScreenshot(page, "phone-long-settings-rows", true);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // The address's words take the row's width: its column is not squeezed beside the buttons.
  const row = page.getByRole("list", { name: "This list's webhooks" }).getByRole("listitem").first();
  const [rowWidth, textWidth] = await row.evaluate((element) => [
    element.getBoundingClientRect().width,
    element.querySelector(".settings-row__text")!.getBoundingClientRect().width,
  ]);
  expect(textWidth).toBeGreaterThan(rowWidth * 0.8);
  await context.close();
});
