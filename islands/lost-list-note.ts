import type { LostListNote } from "../src/shared/lost-access";

/**
 * What the list page knew (its name, its owner) when it lost the list, kept in this tab's session
 * storage for the page it reloads into (islands/LostAccess.tsx): only a browser that had the list
 * open may name them, the server never does for a link (docs/decisions/048-dead-links.md).
 */
const NOTE_KEY = "lostList";

export function noteLostList(note: LostListNote) {
  try {
    sessionStorage.setItem(NOTE_KEY, JSON.stringify(note));
  } catch {
    // Storage refused (full, or blocked): the page still says why, without the names.
  }
}

const isNote = (value: unknown): value is LostListNote => {
  const note = value as LostListNote | null;
  return (
    typeof note === "object" &&
    note !== null &&
    typeof note.listId === "number" &&
    (note.shareId === null || typeof note.shareId === "string") &&
    typeof note.listName === "string" &&
    (note.ownerName === null || typeof note.ownerName === "string") &&
    (note.unsaved === undefined || typeof note.unsaved === "boolean")
  );
};

/** The note, when it is about list `listId` opened the same way (that link, or none). */
export function lostListNote(listId: number | null, shareId: string | null): LostListNote | null {
  try {
    const note: unknown = JSON.parse(sessionStorage.getItem(NOTE_KEY) ?? "null");
    return isNote(note) && note.listId === listId && note.shareId === shareId ? note : null;
  } catch {
    return null;
  }
}
