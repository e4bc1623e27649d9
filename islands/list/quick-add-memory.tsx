/**
 * @module What the quick add knows of the list once its field is first focused
 * (docs/decisions/059-quick-add-memory.md): the quantity a title starts or ends with, the
 * suggestions under the field, and whether what is added is on the list already. One chunk,
 * fetched then, not among the page's first scripts; offline it comes from the service worker.
 */
import { actorName } from "../../src/shared/attribution";
import type { Quantified } from "../../src/shared/quantity";
import { titleKey } from "../../src/shared/title-keys";
import type { Task } from "../../src/shared/types";
import { isTemporaryId } from "../offline/changes";
import Suggestions, { type SuggestionsProps } from "./Suggestions";

export { parseQuantity } from "../../src/shared/quantity";

/**
 * The open item of the same title beside which this one would be added (the same parent's items),
 * by the server's folding: trimmed, NFKC, case-folded, accents kept. Ticked ones are bought already.
 */
export const duplicateOf = (tasks: readonly Task[], title: string, parentId: number): Task | undefined =>
  tasks.find((task) => !task.completed && task.parentId === parentId && titleKey(task.title) === titleKey(title));

/** "“Milk” is already on the list — added by Sam": by you, by a guest, or no one named when unknown. */
export function duplicateText(task: Task, viewerId: number | null): string {
  const by = task.createdBy;
  const own = by ? by.userId !== null && by.userId === viewerId : isTemporaryId(task.id);
  const who = own ? "you" : by ? actorName(by) : "";
  return `“${task.title}” is already on the list${who ? ` — added by ${who}` : ""}`;
}

export interface QuickAddMemoryProps extends SuggestionsProps {
  /** The quantity read off what is typed, shown before it is saved. */
  qty: Quantified | null;
  /** An open item of the title being added, named before it is added twice. */
  duplicate: Task | null;
  viewerId: number | null;
  /** "Not a quantity": the words stay in the title. */
  onKeepQuantity: () => void;
  onAddAnyway: () => void;
}

/** Under the field: the quantity read, the notice of an item already there, and the suggestions. */
export function QuickAddMemory({ qty, duplicate, viewerId, onKeepQuantity, onAddAnyway, ...suggestions }: QuickAddMemoryProps) {
  return (
    <>
      {qty && (
        <p className="quick-add__due" aria-live="polite">
          <span>Qty {qty.quantity}</span>{" "}
          <button type="button" className="button button--ghost button--small" onClick={onKeepQuantity}>
            Not a quantity
          </button>
        </p>
      )}
      {duplicate && (
        <p className="quick-add__due" role="status">
          <span>{duplicateText(duplicate, viewerId)}</span>{" "}
          <button type="button" className="button button--small" onClick={onAddAnyway}>
            Add anyway
          </button>
        </p>
      )}
      <Suggestions {...suggestions} />
    </>
  );
}
