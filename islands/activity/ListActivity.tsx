import { lazy, Suspense, useEffect, useState } from "react";
import { actorName } from "../../src/shared/attribution";
import { PRESENCE, type PresencePayload } from "../../src/shared/live-messages";
import { subscribeLive } from "../realtime/refresh-signal";
import { Icon } from "../ui/Icon";
import { storedGuestName, syncGuestCookie } from "./guest-name";

// Loaded on first open: the list page's JS budget has room for this row, not for the dialog.
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

/**
 * Who has the list open now (live), above the list, and for a guest their name. The list's
 * activity opens from the header's More actions menu (islands/list/ListMenu.tsx).
 */
export default function ListActivity({ listId, shareId, guest }: ListActivityProps) {
  const [presence, setPresence] = useState<PresencePayload>({ people: [], guests: 0 });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState<string | null>(null);
  /** A member on a phone: their own avatar alone would push the list's first items down for nothing. */
  const [onlyInCompany, setOnlyInCompany] = useState<boolean>();

  useEffect(() => {
    setOnlyInCompany(!guest && matchMedia(PHONE).matches);
    if (guest) {
      setName(storedGuestName());
      syncGuestCookie();
    }
    return subscribeLive((message) => {
      if (message.type === PRESENCE && message.listId === listId) setPresence(message.payload as PresencePayload);
    });
  }, [listId, guest]);

  const { people, guests } = presence;
  const shown = people.slice(0, MAX_AVATARS);
  const more = people.length - shown.length;
  // Rendered once the page runs (nothing to show before); on a member's phone, once someone else is here too.
  if (onlyInCompany === undefined || (onlyInCompany && people.length + guests < 2)) return null;
  return (
    <div className="row" style={{ margin: "0 0 0.5rem" }}>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of avatars, not a form's fieldset */}
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
      <span className="spacer" />
      {guest && (
        <button
          type="button"
          className="icon-button"
          style={TARGET}
          aria-label={name ? `Your name: ${name}` : "Your name"}
          title={name ? `Your name: ${name}` : "Your name"}
          onClick={() => setNaming(true)}
        >
          <Icon name="user" />
        </button>
      )}
      <Suspense fallback={null}>
        {naming && shareId && (
          <GuestNameDialog
            shareId={shareId}
            current={name}
            onClose={(saved) => {
              if (saved) setName(saved);
              setNaming(false);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
