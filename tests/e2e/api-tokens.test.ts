/**
 * API tokens in Settings (docs/decisions/061-api-tokens.md), in Chromium: a token made for one list
 * is shown once and copied, a script's call with it adds an item that the list page shows, the
 * Settings list says where it reaches and that it was used, and once revoked the next call is 401.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { focused, seedList, visible } from "./list-helpers";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

const addWithToken = (token: string, listId: number, title: string) =>
  fetch(`${env.baseUrl}/api/tasks`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ listId, title }),
  });

it("makes a token for one list, shows it once, lets a script add an item with it, and revokes it", async () => {
  const { page, context } = await signedInContext(env, "tokens_e2e", undefined, { permissions: ["clipboard-read", "clipboard-write"] });
  const { list } = await seedList(context.request, "Groceries", ["Bread"]);
  const { list: hardware } = await seedList(context.request, "Hardware");
  await gotoHydrated(page, "/settings?tab=account");
  await visible(page, "No tokens yet.");

  await page.getByRole("button", { name: "Make a token" }).click();
  const dialog = page.getByRole("dialog", { name: "Make an API token" });
  await dialog.getByLabel("Name").fill("Kitchen Shortcut");
  await dialog.getByLabel("Read and change").check();
  await dialog.getByLabel("Chosen lists", { exact: true }).check();
  await dialog.getByRole("button", { name: "Make token" }).click();
  await visible(page, "Choose at least one list");
  await dialog.getByLabel("Groceries").check();
  await dialog.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await keepScreenshot(page, "api-tokens-make", false);
  await dialog.getByRole("button", { name: "Make token" }).click();

  const shown = page.getByRole("dialog", { name: "Your new token" });
  await visible(page, "Copy it now: you won't see it again.");
  // The new step starts on the token, not on the page's body the Make token button left.
  await expect.poll(() => focused(page)).toBe("Token");
  const token = await shown.getByLabel("Token").inputValue();
  expect(token).toMatch(/^lw_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copy" }).click();
  await visible(page, "Token copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await keepScreenshot(page, "api-tokens-shown-once", false);
  await shown.getByRole("button", { name: "Done" }).click();

  const tokens = page.getByRole("list", { name: "Your API tokens" });
  const expires = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    Date.now() + 30 * 86_400_000,
  );
  await expect
    .poll(async () => (await tokens.locator("li").allInnerTexts()).map((text) => text.split(/\n+/)))
    .toEqual([["Kitchen Shortcut", "Read and change · Groceries", `Never used · Expires ${expires}`, "Revoke"]]);
  await keepScreenshot(page, "api-tokens-list");
  // The page never has the secret again.
  await page.reload();
  expect(await page.content()).not.toContain(token);

  const added = await addWithToken(token, list.id, "Milk");
  expect(added.status).toBe(201);
  expect(await addWithToken(token, hardware.id, "Nails").then((answer) => answer.status)).toBe(404);
  await gotoHydrated(page, `/list/${list.id}`);
  await visible(page, "Milk");

  await gotoHydrated(page, "/settings?tab=account");
  await visible(page, "Read and change · Groceries");
  await expect.poll(() => tokens.locator("li").textContent()).toContain("Last used less than a minute ago");
  await page.getByRole("button", { name: "Revoke Kitchen Shortcut" }).click();
  const confirm = page.getByRole("alertdialog", { name: 'Revoke "Kitchen Shortcut"?' });
  await visible(page, "Anything using this token stops working at once. This cannot be undone.");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await visible(page, "No tokens yet.");
  // The row that opened the confirmation is gone; focus goes to Make a token, not the page's body.
  await expect.poll(() => focused(page)).toBe("Make a token");

  const refused = await addWithToken(token, list.id, "Eggs");
  expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 401, body: { message: "Invalid or expired token" } });
  expect((await env.testApp.store.tasks.listByList(list.id)).map((task) => task.title)).toEqual(["Bread", "Milk"]);
  await context.close();
});
