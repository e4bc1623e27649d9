/**
 * Notifications' browser side (docs/decisions/050-notifications.md) on a 390×844 touch phone: the header's bell and its inbox, fed live
 * by the server's notifications worker (driven by the test clock, as tests/api/push-*.test.ts do);
 * Settings turning push on for this browser; the service worker showing a push and opening its list.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createList } from "../helpers/lists";
import { browserKeys } from "../helpers/push-receiver";
import type { PushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import { registerUser } from "../helpers/test-app";
import { untilControlled } from "./offline-cache-helpers";
import { standInPushManager, standInSaw, startBrowserPushWorld } from "./push-stand-in";
import { gotoHydrated, keepScreenshot, signedInContext, type BrowserEnv } from "../helpers/browser";

const PHONE_390 = { width: 390, height: 844 };

describe("notifications in the browser", () => {
  let env: BrowserEnv;
  let world: PushWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ env, world, close } = await startBrowserPushWorld());
  });
  afterAll(() => close());

  async function phone(username: string): Promise<{ context: BrowserContext; page: Page; user: { id: number } }> {
    const signedIn = await signedInContext(env, username);
    const storageState = await signedIn.context.storageState();
    await signedIn.context.close();
    const context = await env.browser.newContext({
      viewport: PHONE_390,
      hasTouch: true,
      isMobile: true,
      baseURL: env.baseUrl,
      storageState,
    });
    return { context, page: await context.newPage(), user: signedIn.user };
  }

  /** Pushes delivered straight to the page's service worker (CDP), as a push service would deliver them. */
  async function cdpPush(context: BrowserContext, page: Page) {
    await untilControlled(page);
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${env.baseUrl}/`);
        if (ours) resolve(ours.registrationId);
      }),
    );
    // A push handed to a worker still starting was lost under load: wait until this one runs.
    const running = new Promise<void>((resolve) =>
      cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
        if (versions.some((version) => version.status === "activated" && version.runningStatus === "running")) resolve();
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registered;
    await running;
    return (message: Record<string, unknown>) =>
      cdp.send("ServiceWorker.deliverPushMessage", { origin: env.baseUrl, registrationId, data: JSON.stringify(message) });
  }

  /**
   * Hands `message` to the worker, again each 2 s while no notification shows: under load CDP's
   * first push to a just-started worker was now and then never shown (no notification in 10 s,
   * whole runs' failures). One tag shows one notification, however often it is handed over.
   */
  async function pushUntilShown<M>(push: (message: M) => Promise<unknown>, message: M, shown: () => Promise<unknown[]>) {
    await push(message);
    let pushedAt = Date.now();
    await expect
      .poll(async () => {
        const now = await shown();
        if (now.length === 0 && Date.now() - pushedAt > 2_000) {
          pushedAt = Date.now();
          await push(message);
        }
        return now.length;
      })
      .toBeGreaterThan(0);
  }

  /** Sam's Groceries shared with `username`, who is on a phone. */
  async function household(tag: string) {
    const alex = await phone(`alex_${tag}`);
    const sam = await registerUser(env.testApp, `Sam_${tag}`);
    const list = await createList(sam, "Groceries");
    await sam.post("/api/share-by-username", { listId: list.id, username: `alex_${tag}`, accessLevel: "write" });
    await world.afterWindow();
    return { alex, sam, list };
  }

  it("the bell counts what others did, live; its inbox says it, and opening it marks it read, on every open page", async () => {
    const { alex, sam, list } = await household("b");
    const { page } = alex;
    await gotoHydrated(page, "/");
    // The share itself was told to Alex.
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");

    for (const title of ["Milk", "Eggs", "Bread", "Butter"]) await addTask(sam, { listId: list.id, title });
    await world.afterWindow();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 2 unread");
    expect(await bell.textContent()).toBe("2");
    await keepScreenshot(page, "bell-count", false);
    // A second page of Alex's, on the list: its bell agrees once the first page's inbox is read.
    const other = await alex.context.newPage();
    await gotoHydrated(other, `/list/${list.id}`);
    const otherBell = other.getByRole("button", { name: /^Notifications/ });
    await expect.poll(() => otherBell.getAttribute("aria-label")).toBe("Notifications, 2 unread");

    await bell.tap();
    const inbox = page.getByRole("menu", { name: "Notifications" });
    const first = inbox.getByRole("menuitem").first();
    await expect.poll(() => first.textContent()).toMatch(/^GroceriesNewSam_b added Milk, Eggs and 2 more to Groceries.* ago$/);
    expect(await first.getAttribute("href")).toBe(`/list/${list.id}`);
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");
    const unread = () =>
      env.testApp.store.db.all<{ id: number }>("SELECT id FROM notifications WHERE user_id = ? AND read_at IS NULL", [alex.user.id]);
    expect(await unread()).toEqual([]);
    await expect.poll(() => otherBell.getAttribute("aria-label")).toBe("Notifications");
    await keepScreenshot(page, "bell-inbox", false);
    // Closed and opened again, what was read is no longer marked New.
    await bell.tap();
    await bell.tap();
    await expect.poll(() => inbox.getByText("New", { exact: true }).count()).toBe(0);
    expect(await inbox.getByRole("menuitem").count()).toBe(2);
    await alex.context.close();
  });

  it("Settings turns push on for this browser once permission is granted (a row on the server), and off again", async () => {
    const { context, page, user } = await phone("pusher");
    await context.grantPermissions(["notifications"], { origin: env.baseUrl });
    // Headless Chromium reaches no push service: a stand-in answers as its PushManager would.
    const { p256dh, auth } = await browserKeys();
    const endpoint = `https://push.example/${crypto.randomUUID()}`;
    await standInPushManager(context, { endpoint, p256dh, auth });
    await gotoHydrated(page, "/settings?tab=account");
    const section = page.getByRole("region", { name: "Notifications", exact: true });
    await expect.poll(() => section.getByRole("status").textContent()).toBe("Off for this browser.");
    const rows = () =>
      env.testApp.store.db.all<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = ?", [user.id]);
    expect(await rows()).toEqual([]);

    // Pressed by key: the button, disabled while it works, has the focus again after.
    await section.getByRole("button", { name: "Turn on notifications" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => section.getByRole("status").textContent()).toBe("On for this browser.");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Turn off notifications");
    expect(await rows()).toEqual([{ endpoint }]);
    const { publicKey } = await (await context.request.get("/api/push/key")).json();
    expect(await standInSaw(page)).toEqual({ serverKey: publicKey, asked: 1 });
    await keepScreenshot(page, "bell-settings", false);

    await section.getByRole("button", { name: "Turn off notifications" }).tap();
    await expect.poll(() => section.getByRole("status").textContent()).toBe("Off for this browser.");
    expect(await rows()).toEqual([]);
    await context.close();
  });

  it("the service worker shows a push (title, body, icon, link), one per list: a newer one replaces the older", async () => {
    const { context, page } = await phone("shown");
    await context.grantPermissions(["notifications"], { origin: env.baseUrl });
    await gotoHydrated(page, "/");
    const push = await cdpPush(context, page);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, icon, data }) => ({
          title,
          body,
          tag,
          icon,
          data,
        })),
      );

    const first = {
      title: "Groceries",
      body: "Sam added Milk to Groceries",
      url: "/list/7",
      tag: "list-7",
      listId: 7,
      actor: "Sam",
      count: 1,
    };
    await pushUntilShown(push, first, shown);
    await expect.poll(shown).toEqual([
      {
        title: "Groceries",
        body: "Sam added Milk to Groceries",
        tag: "list-7",
        icon: `${env.baseUrl}/favicon.svg`,
        data: { url: "/list/7" },
      },
    ]);
    await push({
      title: "Groceries",
      body: "Sam ticked Milk on Groceries",
      url: "/list/7",
      tag: "list-7",
      listId: 7,
      actor: "Sam",
      count: 1,
    });
    await push({ title: "Hardware", body: "Alex is going shopping", url: "/list/8", tag: "list-8", listId: 8, actor: "Alex", count: 1 });
    await expect
      .poll(async () => (await shown()).map(({ tag, body }) => `${tag}: ${body}`).sort())
      .toEqual(["list-7: Sam ticked Milk on Groceries", "list-8: Alex is going shopping"]);
    await context.close();
  });

  it("a tap on the server's push takes the phone to its list: an open window goes there, one already there stays", async () => {
    // Alex's browser is subscribed at the test's receiver, which plays the push service; what the
    // server sent it, decrypted, is delivered to Alex's real service worker.
    const alex = await registerUser(env.testApp, "Alex_c");
    const sam = await registerUser(env.testApp, "Sam_c");
    const list = await createList(sam, "Groceries");
    await sam.post("/api/share-by-username", { listId: list.id, username: "Alex_c", accessLevel: "write" });
    await world.subscribe(alex, "alex-c");
    const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl });
    const [name, value] = alex.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: env.baseUrl }]);
    await context.grantPermissions(["notifications"], { origin: env.baseUrl });
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    const push = await cdpPush(context, page);
    const [worker] = context.serviceWorkers();
    const latest = async () => {
      await world.afterWindow();
      await pushUntilShown(push, (await world.messages("alex-c")).at(-1)!, shown);
    };
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ tag, body }) => `${tag}: ${body}`));
    // CDP cannot tap a notification: the worker's own handler is handed a click on the one it shows,
    // made in the worker. Such an event may not extend its life nor focus a window (no tap allowed
    // it), which the handler tolerates; navigating an open window needs no tap.
    const tap = (tag: string) =>
      worker!.evaluate(async (tag) => {
        type Made = new (type: string, init: { notification: Notification }) => Event;
        const scope = self as unknown as { registration: ServiceWorkerRegistration; NotificationEvent: Made } & EventTarget;
        const [notification] = await scope.registration.getNotifications({ tag });
        if (!notification) throw new Error(`no notification ${tag}`);
        scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
      }, tag);

    const milk = await addTask(sam, { listId: list.id, title: "Milk" });
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await latest();
    await expect.poll(shown).toEqual([`list-${list.id}: Sam_c added Milk and Eggs to Groceries`]);
    await sam.patch(`/api/tasks/${milk.id}`, { completed: true });
    await latest();
    // One per list: the newer replaced the older.
    await expect.poll(shown).toEqual([`list-${list.id}: Sam_c ticked Milk on Groceries`]);

    await tap(`list-${list.id}`);
    await page.waitForURL(`${env.baseUrl}/list/${list.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Groceries");
    expect(await shown()).toEqual([]);

    // Now a window is on the list, and another on the lists: a tap leaves both where they are.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    const other = await context.newPage();
    await gotoHydrated(other, "/");
    await addTask(sam, { listId: list.id, title: "Bread" });
    await latest();
    await expect.poll(shown).toEqual([`list-${list.id}: Sam_c added Bread to Groceries`]);
    await tap(`list-${list.id}`);
    await expect.poll(shown).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(other.url()).toBe(`${env.baseUrl}/`);
    await context.close();
  });

  it("a list's More actions mutes and unmutes its notifications, and tells the others Alex is going shopping, once in 5 minutes, and offline says it needs a connection", async () => {
    const { alex, list } = await household("m");
    const { page } = alex;
    await gotoHydrated(page, `/list/${list.id}`);
    const more = page.getByRole("button", { name: "More actions", exact: true });
    const entry = (name: string) => page.getByRole("menu", { name: "More actions" }).getByRole("menuitem", { name });
    // On a phone the toast sits over the header, so it is closed with its ✕ once read, as a person would.
    const readToast = async (text: string) => {
      const toast = page.getByRole("status").filter({ hasText: text });
      await toast.waitFor();
      await toast.getByRole("button", { name: "Close" }).tap();
    };
    const modes = () =>
      env.testApp.store.db.all<{ mode: string }>("SELECT mode FROM notification_modes WHERE list_id = ? AND user_id = ?", [
        list.id,
        alex.user.id,
      ]);

    await more.tap();
    await expect.poll(() => entry("Mute notifications").getAttribute("aria-disabled")).toBe(null);
    await entry("Mute notifications").tap();
    await readToast("Notifications muted for this list");
    expect(await modes()).toEqual([{ mode: "off" }]);
    await more.tap();
    await keepScreenshot(page, "bell-list-menu", false);
    await entry("Unmute notifications").tap();
    await readToast("Notifications on for this list");
    expect(await modes()).toEqual([]);

    await more.tap();
    await entry("Going shopping").tap();
    await readToast("1 person was told to add what they need now.");
    await world.pass(0);
    const told = await env.testApp.store.db.all<{ body: string }>(
      "SELECT n.body FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = ? ORDER BY n.id",
      ["Sam_m"],
    );
    expect(told.map(({ body }) => body)).toEqual(["alex_m is going shopping"]);
    await more.tap();
    await entry("Going shopping").tap();
    await readToast("You told everyone a moment ago. You can nudge this list again in a few minutes.");
    // Offline, it says so in words, not the browser's "Failed to fetch".
    await alex.context.setOffline(true);
    await more.tap();
    await entry("Going shopping").tap();
    await readToast("You're offline. This works again once you're back online.");
    await alex.context.close();
  });

  it("a person who opened a list by its link alone is offered no notifications of it, which they would never get; once it is shared with them by name, they are", async () => {
    const casey = await phone("casey_l");
    const owner = await registerUser(env.testApp, "Owner_l");
    const list = await createList(owner, "Picnic");
    const { page } = casey;
    const entries = async () => {
      await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);
      await page.getByRole("button", { name: "More actions", exact: true }).tap();
      const menu = page.getByRole("menu", { name: "More actions" });
      await menu.getByRole("menuitem", { name: "Going shopping" }).waitFor();
      return menu.getByRole("menuitem").allTextContents();
    };
    const notifying = (names: string[]) => names.filter((name) => name.includes("notifications"));
    expect(notifying(await entries())).toEqual([]);
    await owner.post("/api/share-by-username", { listId: list.id, username: "casey_l", accessLevel: "write" });
    await expect.poll(async () => notifying(await entries())).toEqual(["Turn on notifications", "Mute notifications"]);
    await casey.context.close();
  });
});
