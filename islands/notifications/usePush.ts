/**
 * @module Push notifications for this browser (docs/decisions/050-notifications.md): whether they are on, and turning
 * them on or off. Permission is asked only from the tap that turns them on; the subscription is
 * the service worker's, made with the server's VAPID key and handed to the server, which sends
 * to it until it is deleted. A link guest's browser subscribes for the one list its link opens
 * (docs/decisions/066-guest-push-and-clicks.md).
 */
import { useEffect, useState } from "react";
import { client } from "../api";

/** What Settings says: the browser cannot, the person blocked it, or it is on or off here. */
export type PushState = "checking" | "unsupported" | "blocked" | "on" | "off";

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function subscription(): Promise<PushSubscription | null> {
  return (await navigator.serviceWorker.ready).pushManager.getSubscription();
}

/**
 * Asks permission (call it only from the person's tap), subscribes this browser and hands the
 * subscription to the server: for the account, or with `shareId` for that link's list.
 */
export async function turnOnPush(shareId: string | null): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { publicKey } = await client.push.key.$get();
  const registration = await navigator.serviceWorker.ready;
  const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const { endpoint, keys } = made.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("The browser gave a subscription without keys");
  await client.push.subscriptions.$post({
    json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    query: { shareId: shareId ?? undefined },
  });
  return "on";
}

async function turnOffPush(): Promise<PushState> {
  const held = await subscription();
  if (held) {
    // The server forgets it first: a browser that kept it would only receive nothing.
    await client.push.subscriptions.$delete({ json: { endpoint: held.endpoint } }).catch(() => {});
    await held.unsubscribe();
  }
  return "off";
}

/**
 * This browser's push state, its subscription's endpoint (a guest names their browser by it),
 * and the tap that flips it (undefined while it cannot).
 */
export function usePush(): { state: PushState; busy: boolean; endpoint?: string; flip?: () => Promise<void> } {
  const [state, setState] = useState<PushState>("checking");
  const [endpoint, setEndpoint] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    void subscription().then((held) => {
      const on = held !== null && Notification.permission === "granted";
      setEndpoint(on ? held.endpoint : undefined);
      setState(on ? "on" : "off");
    });
  }, []);
  if (state !== "on" && state !== "off") return { state, busy };
  return {
    state,
    busy,
    endpoint,
    flip: async () => {
      setBusy(true);
      try {
        setState(await (state === "on" ? turnOffPush() : turnOnPush(null)));
      } finally {
        setBusy(false);
      }
    },
  };
}
