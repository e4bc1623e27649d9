import type { KeyboardEvent } from "react";
import { Icon } from "./Icon";

/**
 * The grip of a sortable row: sortablejs drags by it (`data-handle-id`), and a keyboard user moves
 * the row with the arrow keys while it has focus. `hintId` names the visually hidden instructions.
 */
export function DragHandle({
  id,
  name,
  hintId,
  disabled = false,
  onKeyDown,
}: {
  id: number;
  name: string;
  hintId: string;
  disabled?: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  return (
    <button
      type="button"
      className="icon-button drag-handle"
      data-handle-id={id}
      aria-label={`Reorder ${name}`}
      aria-describedby={hintId}
      title="Drag to reorder, or press the arrow keys"
      disabled={disabled}
      onKeyDown={onKeyDown}
    >
      <Icon name="grip" />
    </button>
  );
}
