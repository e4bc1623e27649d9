import { type FocusEvent, useLayoutEffect, useRef } from "react";
import type { SharedWithMeItem } from "../../src/shared/types";
import { Icon } from "../ui/Icon";
import { SharedListCard } from "./ListCard";
import type { ProgressMap } from "./useProgress";

const MANAGE_SHARING_ID = "manage-sharing";

/**
 * Home's "Shared with me": the lists others shared with the person, read-only here. A card
 * unshared while the keyboard is on it hands the focus to the card that takes its place (or the
 * one above, or Manage sharing when none is left), not to the page's body.
 */
export function SharedWithMe({
  shared,
  progress,
  highlightListId,
}: {
  shared: SharedWithMeItem[];
  progress: ProgressMap;
  highlightListId: number | null;
}) {
  const cards = useRef<HTMLUListElement>(null);
  const focusedCard = useRef<{ id: number; index: number } | null>(null);

  const onFocus = (event: FocusEvent) => {
    const card = (event.target as HTMLElement).closest<HTMLElement>("[data-list-id]");
    const id = Number(card?.dataset.listId);
    if (card) focusedCard.current = { id, index: shared.findIndex((item) => item.list.id === id) };
  };
  // Focus moving elsewhere forgets the card; a card taken out of the page moves it nowhere.
  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget && !cards.current?.contains(event.relatedTarget as Node)) focusedCard.current = null;
  };

  useLayoutEffect(() => {
    const was = focusedCard.current;
    if (!was || shared.some((item) => item.list.id === was.id)) return;
    focusedCard.current = null;
    if (document.activeElement !== document.body) return;
    const next = shared[Math.min(was.index, shared.length - 1)];
    const target = next
      ? cards.current?.querySelector<HTMLElement>(`[data-list-id="${next.list.id}"] a`)
      : document.getElementById(MANAGE_SHARING_ID);
    target?.focus();
  }, [shared]);

  return (
    <section className="stack" aria-labelledby="shared-with-me">
      <div className="home__heading">
        <h2 id="shared-with-me">Shared with me</h2>
        <a id={MANAGE_SHARING_ID} className="button button--ghost button--small" href="/shared-lists">
          <Icon name="users" size={16} /> Manage sharing
        </a>
      </div>
      {shared.length === 0 ? (
        <p className="empty-state">This user has no lists.</p>
      ) : (
        <ul className="list-cards" ref={cards} onFocus={onFocus} onBlur={onBlur}>
          {shared.map((item, index) => (
            <SharedListCard
              key={item.list.id}
              item={item}
              progress={progress[item.list.id]}
              index={index}
              highlighted={item.list.id === highlightListId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
