import type { OutboxState } from "./outbox";

/** What the page knows of its outbox, and whether the browser says it has no network. */
export interface OutboxView extends OutboxState {
  offline: boolean;
}

const changes = (count: number) => `${count} change${count === 1 ? "" : "s"}`;

/**
 * What the banner says: offline and what waits, saving, or nothing once all is saved. A visitor
 * who may change nothing is told only that the list is offline.
 */
export function bannerText({ offline, unreachable, waiting, saving }: OutboxView, canChange = true): string | null {
  if (offline || (unreachable && !saving)) {
    if (waiting > 0) return `Offline — ${changes(waiting)} will be saved`;
    return canChange ? "Offline — changes will be saved when you are back online" : "Offline";
  }
  return waiting > 0 ? `Saving ${changes(waiting)}…` : null;
}

/** Says the list is offline and how many changes wait, until they are saved. */
export function OfflineBanner({ view, canChange }: { view: OutboxView; canChange: boolean }) {
  const text = bannerText(view, canChange);
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}
