/**
 * A link guest's notifications on a 390×844 touch phone (docs/decisions/066-guest-push-and-clicks.md):
 * the list's More actions turns this browser's notifications on for the list (permission asked on
 * that tap only), mutes and unmutes them, and sends the "going shopping" nudge; what the server
 * then sends reaches the test's receiver, which plays the push service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createList } from "../helpers/lists";
import { browserKeys, decryptPushMessage, type PushReceiver } from "../helpers/push-receiver";
import type { PushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import { registerUser } from "../helpers/test-app";
import { gotoHydrated, keepScreenshot, type BrowserEnv } from "../helpers/browser";
import { closeToast } from "./list-helpers";
import { standInPushManager, standInSaw, startBrowserPushWorld } from "./push-stand-in";

const PHONE_390 = { width: 390, height: 844 };

describe("a link guest's notifications in the browser", () => {
  let env: BrowserEnv;
  let receiver: PushReceiver;
  let world: PushWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ env, receiver, world, close } = await startBrowserPushWorld());
  });
  afterAll(() => close());

  it("from the list's menu a guest turns notifications on, mutes and unmutes them, and says they are going shopping", async () => {
    const sam = await registerUser(env.testApp, "Sam_g");
    const alex = await registerUser(env.testApp, "Alex_g");
    const list = await createList(sam, "Groceries");
    await sam.post("/api/share-by-username", { listId: list.id, username: "Alex_g", accessLevel: "write" });
    await world.subscribe(alex, "alex-g");
    await world.afterWindow();

    // Kim opens the link on a phone. Headless Chromium reaches no push service (its subscribe fails
    // with "push service error"), so the page's PushManager is a stand-in whose subscription is at
    // the test's receiver with keys the test holds: the server's real pushes land there, and are
    // decrypted with them.
    const kim = await browserKeys();
    const endpoint = receiver.endpoint("kim-g");
    const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl });
    await context.addCookies([{ name: "listwell_guest", value: "Kim", url: env.baseUrl }]);
    await context.grantPermissions(["notifications"], { origin: env.baseUrl });
    await standInPushManager(context, { endpoint, p256dh: kim.p256dh, auth: kim.auth });
    const page = await context.newPage();
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);

    const more = page.getByRole("button", { name: "More actions", exact: true });
    const menu = page.getByRole("menu", { name: "More actions" });
    const entry = (name: string) => menu.getByRole("menuitem", { name, exact: true });
    const entries = () => menu.getByRole("menuitem").allTextContents();
    const readToast = (text: string) => closeToast(page, text);
    const row = () =>
      env.testApp.store.db.get<{ user_id: number | null; list_id: number; muted_at: number | null }>(
        "SELECT user_id, list_id, muted_at FROM push_subscriptions WHERE endpoint = ?",
        [endpoint],
      );
    const kimHeard = () => Promise.all(receiver.to("kim-g").map(async (push) => JSON.parse(await decryptPushMessage(push.body, kim))));
    const alexHeard = async (text: string) => (await world.bodies("alex-g")).filter((body) => String(body).includes(text));

    await more.tap();
    await expect.poll(entries).toContain("Turn on notifications");
    expect(await entries()).toEqual([
      "Export",
      "Sections…",
      "Activity",
      "Turn on notifications",
      "Going shopping",
      "Help & Info",
      "Settings",
    ]);
    // A guest has no settings: the entry is there and looks as inert as it is, beside one that works.
    const opacity = (name: string) => entry(name).evaluate((element) => getComputedStyle(element).opacity);
    expect([await opacity("Export"), await opacity("Settings")]).toEqual(["1", "0.45"]);
    // Opening the menu asked nothing of the browser.
    expect((await standInSaw(page)).asked).toBe(0);
    await keepScreenshot(page, "guest-list-menu", false);

    await entry("Turn on notifications").tap();
    await readToast("This browser will be told when the list changes.");
    expect((await standInSaw(page)).asked).toBe(1);
    expect(await row()).toEqual({ user_id: null, list_id: list.id, muted_at: null });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    expect((await kimHeard()).map(({ body, url, tag }) => ({ body, url, tag }))).toEqual([
      { body: "Sam_g added Milk to Groceries", url: `/shared/${list.shareId}`, tag: `list-${list.id}` },
    ]);

    // Now on here: the menu offers muting, not turning on.
    await more.tap();
    await expect.poll(() => entry("Mute notifications").getAttribute("aria-disabled")).toBe(null);
    expect(await entries()).toEqual(["Export", "Sections…", "Activity", "Mute notifications", "Going shopping", "Help & Info", "Settings"]);
    await keepScreenshot(page, "guest-list-menu-on", false);
    await entry("Mute notifications").tap();
    await readToast("Notifications muted for this list");
    expect((await row())?.muted_at).not.toBe(null);
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await world.afterWindow();
    // Alex was told, Kim's muted browser was not.
    expect(await alexHeard("added Eggs")).toEqual(["Sam_g added Eggs to Groceries"]);
    expect(await kimHeard()).toHaveLength(1);

    await more.tap();
    await expect.poll(() => entry("Unmute notifications").getAttribute("aria-disabled")).toBe(null);
    await entry("Unmute notifications").tap();
    await readToast("Notifications on for this list");
    expect((await row())?.muted_at).toBe(null);
    expect((await standInSaw(page)).asked).toBe(1);

    await more.tap();
    await entry("Going shopping").tap();
    await readToast("2 people were told to add what they need now.");
    await world.pass(0);
    expect(await alexHeard("going shopping")).toEqual(["Kim (guest) is going shopping"]);
    // Never to the one who sent it: Kim's own browser heard only Milk.
    expect((await kimHeard()).map(({ body }) => body)).toEqual(["Sam_g added Milk to Groceries"]);
    await more.tap();
    await entry("Going shopping").tap();
    await readToast("You told everyone a moment ago. You can nudge this list again in a few minutes.");
    await context.close();
  });
});
