import type { BrowserContext, Page } from "playwright-core";
import { startBrowserEnv } from "../helpers/browser";
import { startPushReceiver } from "../helpers/push-receiver";
import { pushWorld } from "../helpers/push-world";

/**
 * The full Chromium (its headless shell refuses every notification permission), a receiver that
 * plays the push service on plain http, and the server's notifications worker driven by the test
 * clock, its first pass made so that it starts after everything already in the database.
 */
export async function startBrowserPushWorld() {
  const env = await startBrowserEnv("sqlite", "full");
  const receiver = startPushReceiver();
  env.testApp.config.pushAllowInsecure = true;
  const world = pushWorld(env.testApp, receiver);
  await world.pass(0);
  return {
    env,
    receiver,
    world,
    async close() {
      receiver.stop();
      await env.close();
    },
  };
}

/**
 * Headless Chromium reaches no push service (its `subscribe` fails with "push service error"), so
 * the page's PushManager is given a stand-in that answers as Chromium's would: a subscription at
 * `endpoint` with the browser keys given (the test's receiver can play that push service and
 * decrypt what reaches it). It keeps the server key it was handed and counts permission requests,
 * so a test can see the key and that permission was asked only on the tap that turns push on.
 */
export async function standInPushManager(context: BrowserContext, browser: { endpoint: string; p256dh: string; auth: string }) {
  await context.addInitScript(({ endpoint, p256dh, auth }) => {
    let held: object | null = null;
    const seen = window as unknown as { serverKey: unknown; asked: number };
    seen.asked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      seen.asked += 1;
      return ask();
    };
    PushManager.prototype.getSubscription = async () => held as PushSubscription | null;
    PushManager.prototype.subscribe = async (options) => {
      seen.serverKey = options?.applicationServerKey;
      held = {
        endpoint,
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          held = null;
          return true;
        },
      };
      return held as PushSubscription;
    };
  }, browser);
}

/** What the stand-in saw on `page`: the server key it was handed and how often permission was asked. */
export const standInSaw = (page: Page) =>
  page.evaluate(() => {
    const { serverKey, asked } = window as unknown as { serverKey: unknown; asked: number };
    return { serverKey, asked };
  });
