/**
 * Webhooks in Settings (docs/decisions/063-webhooks.md), in Chromium: a webhook added on one list
 * to a receiver this test runs on 127.0.0.1 (private addresses allowed, as the Admin switch does)
 * shows its secret once, its test event reaches the receiver signed with that secret, the row says
 * "Delivered", and Remove (after its confirmation) takes it away. The worker's tick is driven by
 * the test, not its timer.
 */
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { setPrivateAddressesAllowed } from "../../src/domain/webhooks";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv, waitForHydration } from "../helpers/browser";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { focused, seedList, visible } from "./list-helpers";

let env: BrowserEnv;
let receiver: WebhookReceiver;
beforeAll(async () => {
  env = await startBrowserEnv();
  receiver = startWebhookReceiver();
  await setPrivateAddressesAllowed(env.testApp.store, env.testApp.config, true);
});
afterAll(async () => {
  receiver?.stop();
  await env?.close();
});

it("adds a webhook to one of your lists, sends it a test event, shows it delivered, and removes it", async () => {
  const notifier = createNotifier({
    store: env.testApp.store,
    bus: env.testApp.bus,
    config: env.testApp.config,
    logger: createLogger("silent"),
  });
  const { page, context } = await signedInContext(env, "hooks_e2e", undefined, { permissions: ["clipboard-read", "clipboard-write"] });
  await seedList(context.request, "Hardware");
  const { list } = await seedList(context.request, "Groceries", ["Bread"]);
  await gotoHydrated(page, "/settings?tab=account");
  await page.getByLabel("List", { exact: true }).selectOption({ label: "Groceries" });
  await visible(page, "No webhooks on this list.");

  await page.getByRole("button", { name: "Add a webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook" });
  await dialog.getByLabel("URL").fill("ftp://example.com/");
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await visible(page, "The URL must start with https:// or http://");
  await dialog.getByLabel("URL").fill(receiver.url("groceries"));
  await dialog.getByLabel("Chosen events").check();
  await dialog.getByLabel("task_created").check();
  await dialog.getByRole("button", { name: "Add webhook" }).click();

  const shown = page.getByRole("dialog", { name: "Webhook added" });
  await visible(page, "Copy its signing secret now: you won't see it again.");
  // The new step starts on the secret, not on the page's body the Add webhook button left.
  await expect.poll(() => focused(page)).toBe("Signing secret");
  const secret = await shown.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole("button", { name: "Copy" }).click();
  await visible(page, "Signing secret copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole("button", { name: "Done" }).click();

  const hooks = page.getByRole("list", { name: "This list's webhooks" });
  await expect
    .poll(async () => (await hooks.locator("li").allInnerTexts()).map((text) => text.split(/\n+/)))
    .toEqual([[receiver.url("groceries"), "Standard Webhooks · task_created", "Not called yet", "Send a test event", "Remove"]]);

  // Each row's button names its webhook, as Remove does, so a screen reader tells the rows apart.
  await hooks.getByRole("button", { name: `Send a test event to ${receiver.url("groceries")}`, exact: true }).click();
  await visible(page, "Test event sent");
  await notifier.tick();
  const [call] = receiver.to("groceries");
  expect(new Verifier(secret).verify(call!.body, call!.headers)).toMatchObject({ type: "webhook.test", data: { listId: list.id } });
  await expect.poll(() => hooks.locator("[data-webhook-status]").textContent()).toBe("Delivered less than a minute ago");
  await keepScreenshot(page, "webhooks-delivered", false);
  // Reloaded and hydrated before the picker is used: a choice made before then goes unheard.
  await waitForHydration(page, () => page.reload());
  expect(await page.content()).not.toContain(secret);

  await page.getByLabel("List", { exact: true }).selectOption({ label: "Groceries" });
  await page.getByRole("button", { name: `Remove ${receiver.url("groceries")}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove this webhook?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await visible(page, "No webhooks on this list.");
  // The row that opened the confirmation is gone; focus goes to Add a webhook, not the page's body.
  await expect.poll(() => focused(page)).toBe("Add a webhook");
  expect(await env.testApp.store.webhooks.ofList(list.id)).toEqual([]);
  await context.close();
});
