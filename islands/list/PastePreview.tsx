import { useMemo, useState } from "react";
import { withQuantity } from "../../src/shared/quantity";
import { ApiRequestError, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Icon, Spinner } from "../ui/Icon";
import { countPasted, type PastedChild, type PastedItem } from "./paste-parse";
import { PASTE_OFFLINE } from "./QuickAdd";

export interface PastePreviewProps {
  items: PastedItem[];
  /** The items become sub-items of the view's parent. */
  underParent: boolean;
  /** How many more items the list may hold. */
  room: number;
  /** No network: the items are added all at once or not at all, so they wait for one. */
  offline: boolean;
  /** Sends them; the list shows them once the server has them, and rejects if it refused. */
  onAdd: (items: readonly PastedItem[]) => Promise<unknown>;
  onLimit: () => void;
  onClose: () => void;
}

function Line({ item }: { item: PastedChild & { quantity?: string } }) {
  return (
    <span className={item.completed ? "paste-preview__done" : undefined}>
      {item.completed && <Icon name="check" size={14} />}
      {item.completed && <span className="sr-only">Completed: </span>}
      {item.title}
      {item.quantity && <span className="item__qty">{item.quantity}</span>}
    </span>
  );
}

/**
 * The pasted lines as the items they will become, added all at once or not at all
 * (POST /api/tasks/bulk), each with the quantity its line names, under the section its `## Heading` names. Past the 100-item limit it says how many fit and sends nothing.
 */
export default function PastePreview({ items: pasted, underParent, room, offline, onAdd, onLimit, onClose }: PastePreviewProps) {
  const [pending, setPending] = useState(false);
  // "2 l milk" is Milk, 2 l, as in the quick add (docs/decisions/059-quick-add-memory.md).
  const items = useMemo(() => pasted.map((item) => ({ ...withQuantity(item), children: item.children.map(withQuantity) })), [pasted]);
  const count = countPasted(items);
  const tooMany = count > room;

  async function add() {
    setPending(true);
    try {
      await onAdd(items);
      onClose();
    } catch (error) {
      setPending(false);
      if (error instanceof ApiRequestError && error.body.error === "ITEM_LIMIT_REACHED") {
        onClose();
        return onLimit();
      }
      toast({ title: "Failed to add items", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  }

  const title = `Add ${count} items`;
  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      title={title}
      description={underParent ? "Each line becomes a sub-item." : "Each line becomes an item; indented lines become sub-items."}
      actions={
        <>
          <button type="button" className="button button--outline" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            disabled={pending || tooMany || offline}
            onClick={() => void add()}
          >
            {pending && <Spinner label="Adding" />}
            {title}
          </button>
        </>
      }
    >
      {offline && (
        <p className="notice" role="alert">
          {PASTE_OFFLINE}
        </p>
      )}
      {tooMany && (
        <p className="notice" role="alert">
          {room > 0
            ? `This list has room for ${room} more item${room === 1 ? "" : "s"} (100 at most). Remove ${count - room} line${count - room === 1 ? "" : "s"} and paste again.`
            : "This list has reached its limit of 100 items."}
        </p>
      )}
      <ol className="paste-preview">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that is never reordered
          <li key={index}>
            {item.section && item.section !== items[index - 1]?.section && (
              <div>
                <strong>{item.section}</strong>
              </div>
            )}
            <Line item={item} />
            {item.children.length > 0 && (
              <ul>
                {item.children.map((child, childIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that is never reordered
                  <li key={childIndex}>
                    <Line item={child} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
