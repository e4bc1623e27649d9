/**
 * @module What the page says when a list can no longer be opened (docs/decisions/048-dead-links.md):
 * why, as far as the server may tell, and whom to ask. The server tells the reason
 * (src/domain/lost-access.ts); only the browser that had the list open names its owner and the
 * list (islands/lost-list-note.ts), or the server for a named recipient of a deleted list.
 */

/** Why `/list/{id}` answers 404 to this caller. */
export type LostAccess =
  /** The link the caller holds is the list's current one, past its expiry. */
  | { kind: "expired"; expiredAt: string }
  /** The link was once this list's: the owner reset it since. */
  | { kind: "reset" }
  /** The list was deleted; `ownerName` only for a named recipient, `yours` for its owner. */
  | { kind: "deleted"; ownerName: string | null; yours?: true }
  /** A link that was never this list's, or no longer leaves a trace: nothing more may be said. */
  | { kind: "unknown-link" }
  /** No link: a list that does not exist and one not shared with the caller read the same. */
  | { kind: "not-visible" };

/** What this browser knew of the list while it was open, kept for the page it lands on. */
export interface LostListNote {
  listId: number;
  shareId: string | null;
  listName: string;
  ownerName: string | null;
  /** Changes made here offline were still waiting when the list went: they can never be saved now. */
  unsaved?: boolean;
}

export interface LostAccessText {
  heading: string;
  why: string;
  /** Empty when there is no one to ask (the owner). */
  ask: string;
  /** What was lost with it, from this browser's note; empty when nothing was waiting. */
  lost: string;
}

/** The day a link expired, in the viewer's time zone where known (the browser), else UTC (the server). */
export const expiryDay = (at: string, timeZone?: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(at));

const DEAD_LINK = "This link no longer works";

/** The page's words for `reason`; `note` is what this browser knew, when it is about this very list and link. */
export function lostAccessText(reason: LostAccess, note: LostListNote | null, timeZone?: string): LostAccessText {
  const lost = note?.unsaved ? "The changes you made here while offline could not be saved." : "";
  return { ...whyLostText(reason, note, timeZone), lost };
}

function whyLostText(reason: LostAccess, note: LostListNote | null, timeZone?: string): Omit<LostAccessText, "lost"> {
  const owner = (reason.kind === "deleted" ? reason.ownerName : null) ?? note?.ownerName ?? null;
  const asked = owner ?? "the person who shared it with you";
  const newLink = `Ask ${asked} for a new link.`;
  switch (reason.kind) {
    case "expired":
      return { heading: DEAD_LINK, why: `This link expired on ${expiryDay(reason.expiredAt, timeZone)}.`, ask: newLink };
    case "reset":
      return { heading: DEAD_LINK, why: `${owner ?? "The owner"} made a new link, so this one stopped working.`, ask: newLink };
    case "deleted":
      if (reason.yours) return { heading: "This list was deleted", why: "You deleted it.", ask: "" };
      return {
        heading: "This list was deleted",
        why: `${owner ?? "Its owner"} deleted ${note ? `"${note.listName}"` : "it"}.`,
        ask: `Ask ${asked} if you still need it.`,
      };
    case "unknown-link":
      return { heading: DEAD_LINK, why: "It may have been reset or have expired, or it was copied incompletely.", ask: newLink };
    case "not-visible":
      // Only a browser that had the list open as a recipient knows it was shared: it was unshared.
      if (note && owner) {
        return {
          heading: "This list isn't available",
          why: `${owner} stopped sharing "${note.listName}" with you.`,
          ask: `Ask ${owner} if you need it again.`,
        };
      }
      return {
        heading: "This list isn't available",
        why: "It may have been deleted, or it isn't shared with you.",
        ask: "Ask the person who shared it with you.",
      };
  }
}
