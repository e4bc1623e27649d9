/**
 * @module Push notifications for this browser (docs/decisions/050-notifications.md): whether they are on, and turning
 * them on or off. Permission is asked only from the tap that turns them on; the subscription is
 * the service worker's, made with the server's VAPID key and handed to the server, which sends
 * to it until it is deleted (docs/decisions/050-notifications.md).
 */
import { useEffect, useState } from "react";
import { client } from "../api";

/** What Settings says: the browser cannot, the person blocked it, or it is on or off here. */
export type PushState = "checking" | "unsupported" | "blocked" | "on" | "off";

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function subscription(): Promise<PushSubscription | null> {
  return (await navigator.serviceWorker.ready).pushManager.getSubscription();
}

async function subscribe(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const { publicKey } = await client.push.key.$get();
  const registration = await navigator.serviceWorker.ready;
  const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const { endpoint, keys } = made.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("The browser gave a subscription without keys");
  await client.push.subscriptions.$post({ json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
  return "on";
}

async function unsubscribe(): Promise<PushState> {
  const held = await subscription();
  if (held) {
    // The server forgets it first: a browser that kept it would only receive nothing.
    await client.push.subscriptions.$delete({ json: { endpoint: held.endpoint } }).catch(() => {});
    await held.unsubscribe();
  }
  return "off";
}

/** This browser's push state, and the tap that flips it (undefined while it cannot). */
export function usePush(): { state: PushState; busy: boolean; flip?: () => Promise<void> } {
  const [state, setState] = useState<PushState>("checking");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    void subscription().then((held) => setState(held && Notification.permission === "granted" ? "on" : "off"));
  }, []);
  if (state !== "on" && state !== "off") return { state, busy };
  return {
    state,
    busy,
    flip: async () => {
      setBusy(true);
      try {
        setState(await (state === "on" ? unsubscribe() : subscribe()));
      } finally {
        setBusy(false);
      }
    },
  };
}
