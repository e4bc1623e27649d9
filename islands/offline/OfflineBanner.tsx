import type { OutboxView } from "../list/useOutbox";

const changes = (count: number) => `${count} change${count === 1 ? "" : "s"}`;

/** What the banner says: offline and what waits, saving, or nothing once all is saved. */
export function bannerText({ offline, unreachable, waiting, saving }: OutboxView): string | null {
  if (offline || (unreachable && !saving)) {
    return waiting > 0 ? `Offline — ${changes(waiting)} will be saved` : "Offline — changes will be saved when you are back online";
  }
  return waiting > 0 ? `Saving ${changes(waiting)}…` : null;
}

/** Issue 14: says the list is offline and how many changes wait, until they are saved. */
export function OfflineBanner({ view }: { view: OutboxView }) {
  const text = bannerText(view);
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}
