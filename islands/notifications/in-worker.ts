/**
 * @module What the service worker does with a push (docs/decisions/050-notifications.md): shows it,
 * one notification per list, and takes the person to the list when they tap it
 * (docs/decisions/066-guest-push-and-clicks.md).
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
  readonly focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowClient | null>;
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

/**
 * The event's lifetime is extended when it can be; the work is under way either way, so an event
 * the browser will not extend (one a script made) still does it.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
  try {
    event.waitUntil(work);
  } catch {
    // Refused (InvalidStateError): nothing to extend, and the work goes on without it.
  }
}

/** Focusing needs the tap's permission; without it the window still shows the list, only not in front. */
const bringForward = (client: WindowClient) => client.focus().catch(() => {});

export function showPushes(worker: PushScope) {
  /**
   * The list's page: a window already on it comes forward; else an open window of the app goes to
   * it (navigating needs no tap, so it works however the click came); else a new window opens.
   * Only this site's paths.
   */
  async function openOrFocus(path: unknown) {
    const target = new URL(typeof path === "string" ? path : "/", worker.location.origin);
    const url = target.origin === worker.location.origin ? target.href : worker.location.origin;
    const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    const there = windows.find((client) => client.url === url);
    if (there) return bringForward(there);
    const open = windows.find((client) => client.focused) ?? windows[0];
    // A window this worker does not control refuses to be navigated: a new one opens instead.
    const moved = open && (await open.navigate(url).catch(() => null));
    if (moved) return bringForward(moved);
    await worker.clients.openWindow(url).catch(() => {
      // Refused without a tap on the notification: nothing else can be done for it.
    });
  }

  // One notification per list (its tag): a newer push replaces the older one still on the device.
  worker.addEventListener("push", (event) => {
    const { title, body, url, tag } = shownOf(event.data);
    keepAlive(event, worker.registration.showNotification(title, { body, tag, icon: "/favicon.svg", data: { url } }));
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    keepAlive(event, openOrFocus((event.notification.data as { url?: unknown } | null)?.url));
  });
}
