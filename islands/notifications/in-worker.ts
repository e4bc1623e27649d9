/**
 * @module What the service worker does with a push (docs/decisions/050-notifications.md): shows it,
 * one notification per list, and opens or focuses the list when the person taps it.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<unknown>;
}
/** The part of the worker's scope a push needs. */
export interface PushScope {
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEvent) => void): void;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: ServiceWorkerRegistration;
  location: Location;
}

/** What a push carries (src/shared/notifications.ts PushMessage), as far as showing it needs. */
interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The push's message, or a plain one when it carries none it can read: a push must always show something. */
function shownOf(data: PushEvent["data"]): Shown {
  const fallback = { title: "Listwell", body: "A shared list changed.", url: "/", tag: "listwell" };
  try {
    const message = data?.json() as Partial<Record<keyof Shown, unknown>> | undefined;
    const text = (key: keyof Shown) => (typeof message?.[key] === "string" && message[key] ? message[key] : fallback[key]);
    return { title: text("title"), body: text("body"), url: text("url"), tag: text("tag") };
  } catch {
    return fallback;
  }
}

export function showPushes(worker: PushScope) {
  /** The list's page: a tab already on it is brought forward, else one is opened. Only this site's paths. */
  async function openOrFocus(path: unknown) {
    const target = new URL(typeof path === "string" ? path : "/", worker.location.origin);
    const url = target.origin === worker.location.origin ? target.href : worker.location.origin;
    const open = (await worker.clients.matchAll({ type: "window", includeUncontrolled: true })).find((client) => client.url === url);
    await (open ? open.focus() : worker.clients.openWindow(url));
  }

  // One notification per list (its tag): a newer push replaces the older one still on the device.
  worker.addEventListener("push", (event) => {
    const { title, body, url, tag } = shownOf(event.data);
    event.waitUntil(worker.registration.showNotification(title, { body, tag, icon: "/favicon.svg", data: { url } }));
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    event.waitUntil(openOrFocus((event.notification.data as { url?: unknown } | null)?.url));
  });
}
