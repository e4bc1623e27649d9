import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { actorName } from "../../src/shared/attribution";
import { PRESENCE, type PresencePayload } from "../../src/shared/live-messages";
import { subscribeLive } from "../realtime/refresh-signal";
import { Icon } from "../ui/Icon";
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

const PHONE = "(max-width: 767px)";
/** A finger's 44 px, without a rule in the stylesheet (its budget is spent). */
const TARGET = { width: 44, height: 44 };
/** The row's place above the list. */
const HEAD = { margin: "0 0 0.5rem" };
/** More people than this fold into "+N", so the row leaves the title room on a phone. */
const MAX_AVATARS = 3;

const initials = (name: string) =>
  name
    .replace(/ \(guest\)$/, "")
    .split(/\s+/)
    .map((word) => [...word][0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** Who has the list open now (live), the Activity button and, for a guest, their name. */
export default function ListActivity({ listId, shareId, guest }: ListActivityProps) {
  const [presence, setPresence] = useState<PresencePayload>({ people: [], guests: 0 });
  const [open, setOpen] = useState<"activity" | "name" | null>(null);
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    if (guest) {
      setName(storedGuestName());
      syncGuestCookie();
    }
    return subscribeLive((message) => {
      if (message.type === PRESENCE && message.listId === listId) setPresence(message.payload as PresencePayload);
    });
  }, [listId, guest]);

  // Rendered once the page runs (nothing to show before). On a phone, a member's own avatar alone
  // would push the list's first items down for nothing: who is here heads the list only once someone
  // else has it open too, and the Activity button goes below the list. Elsewhere the row heads the list.
  const [host, setHost] = useState<HTMLElement | "here">();
  useEffect(() => {
    if (guest || !matchMedia(PHONE).matches) return setHost("here");
    const below = document.createElement("div");
    document.getElementById("main")?.append(below);
    setHost(below);
    return () => below.remove();
  }, [guest]);

  const { people, guests } = presence;
  const shown = people.slice(0, MAX_AVATARS);
  const more = people.length - shown.length;
  if (!host) return null;
  const here = (
    // biome-ignore lint/a11y/useSemanticElements: a group of avatars, not a form's fieldset
    <div className="row" role="group" aria-label="Here now">
      {shown.map((person, index) => (
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
      {more > 0 && <span className="muted" title={people.slice(MAX_AVATARS).map(actorName).join(", ")}>{`+${more}`}</span>}
      {guests > 0 && <span className="muted">{`+${guests} guest${guests === 1 ? "" : "s"}`}</span>}
    </div>
  );
  const actions = (
    <>
      <span className="spacer" />
      {guest && (
        <button
          type="button"
          className="icon-button"
          style={TARGET}
          aria-label={name ? `Your name: ${name}` : "Your name"}
          title={name ? `Your name: ${name}` : "Your name"}
          onClick={() => setOpen("name")}
        >
          <Icon name="user" />
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        style={TARGET}
        aria-label="Activity"
        title="Activity"
        onClick={() => setOpen("activity")}
      >
        <Icon name="clock" />
      </button>
      <Suspense fallback={null}>
        {open === "activity" && <ActivityDialog listId={listId} shareId={shareId} onClose={() => setOpen(null)} />}
        {open === "name" && shareId && (
          <GuestNameDialog
            shareId={shareId}
            current={name}
            onClose={(saved) => {
              if (saved) setName(saved);
              setOpen(null);
            }}
          />
        )}
      </Suspense>
    </>
  );
  if (host === "here") {
    return (
      <div className="row" style={HEAD}>
        {here}
        {actions}
      </div>
    );
  }
  return (
    <>
      {people.length + guests > 1 && (
        <div className="row" style={HEAD}>
          {here}
        </div>
      )}
      {createPortal(
        <div className="row" style={{ margin: "1rem 0 0" }}>
          {actions}
        </div>,
        host,
      )}
    </>
  );
}
