import { useEffect, useState } from "react";
import { type LostAccess as Reason, type LostListNote, lostAccessText } from "../src/shared/lost-access";
import { lostListNote } from "./lost-list-note";

export interface LostAccessProps {
  reason: Reason;
  /** The list the address named, null for an id that names none. */
  listId: number | null;
  shareId: string | null;
}

/**
 * Why a list no longer opens and whom to ask (views/LostAccessPage.tsx). The server renders it
 * without names and the expiry's day in UTC; in the browser the day is the viewer's, and a tab
 * that had this list open names its owner and the list (islands/lost-list-note.ts).
 */
export default function LostAccess({ reason, listId, shareId }: LostAccessProps) {
  const [known, setKnown] = useState<{ note: LostListNote | null; timeZone?: string }>({ note: null, timeZone: "UTC" });
  useEffect(() => setKnown({ note: lostListNote(listId, shareId) }), [listId, shareId]);
  const { heading, why, ask, lost } = lostAccessText(reason, known.note, known.timeZone);
  return (
    <div className="stack">
      <h1>{heading}</h1>
      <p>{why}</p>
      {lost && <p>{lost}</p>}
      {ask && <p>{ask}</p>}
    </div>
  );
}
