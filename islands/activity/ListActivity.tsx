import { lazy, Suspense, useEffect, useState } from "react";
import { actorName } from "../../src/shared/attribution";
import { PRESENCE, type LiveMessage, type PresencePayload } from "../../src/shared/live-messages";
import { LIVE_EVENT } from "../realtime/refresh-signal";
import { storedGuestName, syncGuestCookie } from "./guest-name";

// Loaded on first open: the list page's JS budget has room for this row, not for the dialogs.
const ActivityDialog = lazy(() => import("./ActivityDialog"));
const GuestNameDialog = lazy(() => import("./GuestNameDialog"));

export interface ListActivityProps {
  listId: number;
  shareId?: string;
  /** A share-link guest, who may give a display name. */
  guest: boolean;
}

const initials = (name: string) =>
  name
    .replace(/ \(guest\)$/, "")
    .split(/\s+/)
    .map((word) => [...word][0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** Issue 16: who has the list open now (live), the Activity button and, for a guest, their name. */
export default function ListActivity({ listId, shareId, guest }: ListActivityProps) {
  const [presence, setPresence] = useState<PresencePayload>({ people: [], guests: 0 });
  const [open, setOpen] = useState<"activity" | "name" | null>(null);
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    if (guest) {
      setName(storedGuestName());
      syncGuestCookie();
    }
    const onLive = (event: Event) => {
      const message = (event as CustomEvent<LiveMessage>).detail;
      if (message.type === PRESENCE && message.listId === listId) setPresence(message.payload as PresencePayload);
    };
    window.addEventListener(LIVE_EVENT, onLive);
    return () => window.removeEventListener(LIVE_EVENT, onLive);
  }, [listId, guest]);

  const { people, guests } = presence;
  return (
    <div className="row">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of avatars, not a form's fieldset */}
      <div className="row" role="group" aria-label="Here now">
        {people.map((person, index) => (
          <span
            key={`${person.userId}-${person.username}`}
            className="share__avatar"
            style={{ background: `var(--task-${index % 10})` }}
            title={actorName(person)}
            role="img"
            aria-label={actorName(person)}
          >
            {initials(actorName(person))}
          </span>
        ))}
        {guests > 0 && <span className="muted">{`+${guests} guest${guests === 1 ? "" : "s"}`}</span>}
      </div>
      <span className="spacer" />
      {guest && (
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen("name")}>
          {name ? `You: ${name}` : "Your name"}
        </button>
      )}
      <button type="button" className="button button--outline button--small" onClick={() => setOpen("activity")}>
        Activity
      </button>
      <Suspense fallback={null}>
        {open === "activity" && <ActivityDialog listId={listId} shareId={shareId} onClose={() => setOpen(null)} />}
        {open === "name" && (
          <GuestNameDialog
            current={name}
            onClose={(saved) => {
              if (saved) setName(saved);
              setOpen(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
