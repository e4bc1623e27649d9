import { MAX_ITEMS_PER_LIST } from "../../src/shared/rules/tasks";
import type { Section, Task } from "../../src/shared/types";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Dialog } from "../ui/Dialog";
import { LimitDialog } from "../ui/LimitDialog";
import { ItemSheet } from "./ItemSheet";
import type { ItemFields } from "../offline/changes";

/** Which of the list page's dialogs is open; `add` carries what the quick-add field held, and the date it ended with. */
export type Modal =
  | { kind: "add"; title: string; dueAt?: string; quantity?: string }
  | { kind: "edit"; task: Task }
  | { kind: "delete"; task: Task }
  | { kind: "describe"; task: Task }
  | { kind: "reset" }
  | { kind: "limit" }
  | null;

export interface ListDialogsProps {
  modal: Modal;
  tasks: readonly Task[];
  /** The list's sections, which the sheet moves an item between. */
  sections: Section[];
  /** The parent whose view is shown: items added from it are sub-items, without the parent switch. */
  parent: Task | undefined;
  /** A reset is under way. */
  busy: boolean;
  onClose: () => void;
  onSave: (fields: ItemFields) => Promise<void>;
  onDelete: (task: Task) => void;
  onReset: () => void;
}

/** The list page's sheet and dialogs (docs/product-rules.md#screens): add/edit, delete and reset confirmations, description, limit. */
export function ListDialogs({ modal, tasks, sections, parent, busy, onClose, onSave, onDelete, onReset }: ListDialogsProps) {
  const editing = modal?.kind === "edit" ? modal.task : null;
  return (
    <>
      <ItemSheet
        open={modal?.kind === "add" || modal?.kind === "edit"}
        task={editing}
        initialTitle={modal?.kind === "add" ? modal.title : ""}
        initialDue={modal?.kind === "add" ? modal.dueAt : undefined}
        initialQuantity={modal?.kind === "add" ? modal.quantity : undefined}
        topLevel={editing ? editing.parentId === 0 : !parent}
        sections={sections}
        hasSubItems={editing ? tasks.some((task) => task.parentId === editing.id) : false}
        onClose={onClose}
        onSave={onSave}
      />
      <ConfirmDialog
        open={modal?.kind === "delete"}
        title={modal?.kind === "delete" ? `Delete "${modal.task.title}" task?` : ""}
        description="This will permanently delete this task and its subtasks."
        confirmLabel="Delete"
        destructive
        onConfirm={() => modal?.kind === "delete" && onDelete(modal.task)}
        onCancel={onClose}
      />
      <ConfirmDialog
        open={modal?.kind === "reset"}
        title="Reset all items to uncompleted?"
        description="This will mark all completed tasks as uncompleted. This action cannot be undone."
        confirmLabel="Reset"
        pending={busy}
        onConfirm={onReset}
        onCancel={onClose}
      />
      <Dialog
        open={modal?.kind === "describe"}
        onClose={onClose}
        title={modal?.kind === "describe" ? modal.task.title : ""}
        closeButton={false}
        actions={
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            Close
          </button>
        }
      >
        {modal?.kind === "describe" && <p className="item-description">{modal.task.description}</p>}
      </Dialog>
      <LimitDialog
        open={modal?.kind === "limit"}
        onClose={onClose}
        title={`Item Limit Reached (${MAX_ITEMS_PER_LIST})`}
        description={`A list can hold at most ${MAX_ITEMS_PER_LIST} items, sub-items included. Delete or clear some items to add new ones.`}
      />
    </>
  );
}
