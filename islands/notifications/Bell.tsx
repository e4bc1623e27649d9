/**
 * @module The header's bell (docs/decisions/050-notifications.md): the unread count of the person's inbox, read once on
 * hydration and kept current by the live connection's `notification` messages; tapping it opens
 * the last notifications, which marks those it shows read. The app icon's badge follows the count
 * where the platform has one (docs/decisions/050-notifications.md).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { NOTIFICATION } from "../../src/shared/live-messages";
import type { InboxNotification } from "../../src/shared/notifications";
import { client } from "../api";
import { subscribeLive } from "../realtime/refresh-signal";
import { timeAgo } from "../shared-lists/relative-time";
import { Icon } from "../ui/Icon";
import { useMenu } from "../ui/useMenu";

/** A new entry and the count, or (entries read on another page) the count alone. */
interface LivePayload {
  notification?: InboxNotification;
  unread: number;
}

/** The platform's badge on the installed app's icon, where it has one; its refusals change nothing a person needs. */
function showBadge(unread: number) {
  if (!("setAppBadge" in navigator)) return;
  void (unread > 0 ? navigator.setAppBadge(unread) : navigator.clearAppBadge()).catch(() => {});
}

export default function Bell() {
  const [notifications, setNotifications] = useState<InboxNotification[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = false;
    // Offline (a kept page) the bell stays empty until the live connection brings news.
    client.notifications
      .$get()
      .then((inbox) => {
        // A live message that came first carries the newer count.
        if (live) return;
        setNotifications(inbox.notifications);
        setUnread(inbox.unread);
      })
      .catch(() => {});
    return subscribeLive((message) => {
      if (message.type !== NOTIFICATION) return;
      live = true;
      const { notification, unread } = message.payload as LivePayload;
      if (notification) setNotifications((shown) => [notification, ...shown.filter(({ id }) => id !== notification.id)].slice(0, 50));
      setUnread(unread);
    });
  }, []);

  useEffect(() => showBadge(unread), [unread]);

  /** The ids the server marked read at this opening. */
  const marked = useRef<number[]>([]);

  const close = useCallback(() => {
    setOpen(false);
    // Shown read only once closed, so what was new stays marked while it is read.
    const ids = new Set(marked.current);
    marked.current = [];
    if (ids.size > 0) setNotifications((shown) => shown.map((entry) => (ids.has(entry.id) ? { ...entry, read: true } : entry)));
  }, []);

  async function toggle() {
    if (open) return close();
    setOpen(true);
    const ids = notifications.filter(({ read }) => !read).map(({ id }) => id);
    if (ids.length === 0) return;
    // When the call fails nothing is marked: the count stays, and the next opening tries again.
    await client.notifications.read.$post({ json: { ids } }).then(
      ({ unread }) => {
        marked.current = ids;
        setUnread(unread);
      },
      () => {},
    );
  }

  return (
    <div className="actions-menu list-menu bell">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        title="Notifications"
        aria-expanded={open}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && <Inbox panel={panel} button={button} notifications={notifications} onClose={close} />}
    </div>
  );
}

function Inbox({
  panel,
  button,
  notifications,
  onClose,
}: {
  panel: React.RefObject<HTMLDivElement | null>;
  button: React.RefObject<HTMLButtonElement | null>;
  notifications: InboxNotification[];
  onClose: () => void;
}) {
  useMenu(panel, button, onClose);
  const now = Date.now();
  return (
    <div ref={panel} role="menu" aria-label="Notifications" className="actions-menu__list bell__inbox">
      {notifications.length === 0 && <p className="muted">No notifications yet.</p>}
      {notifications.map((entry) => (
        <a key={entry.id} role="menuitem" className="actions-menu__item" href={entry.url}>
          <strong>{entry.title}</strong>
          {!entry.read && <span className="badge">New</span>}
          <span>{entry.body}</span>
          <span className="muted">{timeAgo(entry.at, now)}</span>
        </a>
      ))}
    </div>
  );
}
