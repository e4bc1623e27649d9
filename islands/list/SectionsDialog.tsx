import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import type { Section } from "../../src/shared/types";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { DragHandle } from "../ui/DragHandle";
import { Field } from "../ui/Field";
import { Icon, Spinner } from "../ui/Icon";
import { useSortable } from "../ui/useSortable";
import { bySectionOrder } from "./sections";

export interface SectionsDialogProps {
  listId: number;
  /** The link the page was opened with, sent on every call as the items' changes are. */
  shareId: string | null;
  sections: Section[];
  offline: boolean;
  /** The sections as a call here left them: the page shows them before their live event comes. */
  onSections: (sections: Section[]) => void;
  onClose: () => void;
}

const linked = (shareId: string | null) => (shareId ? { shareId } : {});

/**
 * "Sections…" (docs/decisions/060-sections-browser.md): a writer adds, renames, deletes and
 * reorders the list's sections (by drag, or by Move up and Move down). Each change is a call to
 * the server at once, never queued: offline, the dialog says it needs a connection.
 */
export default function SectionsDialog({ listId, shareId, sections, offline, onSections, onClose }: SectionsDialogProps) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; name: string; error?: string } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const rowsRef = useRef<HTMLUListElement>(null);
  const ordered = sections.slice().sort(bySectionOrder);
  /** Focus back on a button of the section's row once the row shows it again, not lost to the dialog. */
  const focusInRow = (id: number, button: string) =>
    requestAnimationFrame(() => rowsRef.current?.querySelector<HTMLElement>(`[data-section-id="${id}"] ${button}`)?.focus());
  const endRenaming = (id: number) => {
    setRenaming(null);
    focusInRow(id, ".sections-dialog__rename-button");
  };
  const query = linked(shareId);

  async function add(event: FormEvent) {
    event.preventDefault();
    setAdding(true);
    try {
      const created = await client["task-lists"][":id"].sections.$post({ param: { id: listId }, query, json: { name } });
      onSections([...sections.filter((one) => one.id !== created.id), created]);
      setName("");
      setError(undefined);
    } catch (refused) {
      setError(errorMessage(refused, "The section was not added. Please try again."));
    } finally {
      setAdding(false);
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    try {
      const updated = await client.sections[":id"].$patch({ param: { id: renaming.id }, query, json: { name: renaming.name } });
      onSections(sections.map((one) => (one.id === updated.id ? updated : one)));
      endRenaming(updated.id);
    } catch (refused) {
      setRenaming({ ...renaming, error: errorMessage(refused, "The section was not renamed. Please try again.") });
    }
  }

  async function remove(section: Section) {
    setConfirming(null);
    try {
      await client.sections[":id"].$delete({ param: { id: section.id }, query });
      onSections(sections.filter((one) => one.id !== section.id));
      toast({ title: "Section deleted", description: "Its items are now in no section." });
    } catch (refused) {
      toast({ title: "The section was not deleted", description: errorMessage(refused, "Please try again."), variant: "destructive" });
    }
  }

  /** Moves one section; each section whose place changed is told its new one, first to last. */
  async function reorder(from: number, to: number) {
    if (from === to || !ordered[from] || !ordered[to]) return;
    const next = ordered.slice();
    next.splice(to, 0, ...next.splice(from, 1));
    const moved = next.flatMap((section, position) => (section.position === position ? [] : [{ ...section, position }]));
    onSections(next.map((section, position) => ({ ...section, position })));
    try {
      for (const { id, position } of moved) await client.sections[":id"].$patch({ param: { id }, query, json: { position } });
    } catch (refused) {
      toast({ title: "The new order was not saved", description: errorMessage(refused, "Please try again."), variant: "destructive" });
      onSections(await client["task-lists"][":id"].sections.$get({ param: { id: listId }, query }).catch(() => sections));
    }
  }
  useSortable(rowsRef, { enabled: !offline && ordered.length > 1, onMove: (from, to) => void reorder(from, to) });
  const onKeyMove = (event: KeyboardEvent, index: number) => {
    const by = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (!by) return;
    event.preventDefault();
    void reorder(index, index + by);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Sections"
      description="Group the list's items under headings, such as the aisles of a shop. Items in no section come first."
      className="sections-dialog"
      closeButton={false}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {offline && <p className="notice">Sections need a connection. They can be changed once you are online again.</p>}
      <form className="sections-dialog__add" onSubmit={(event) => void add(event)}>
        <Field
          id="section-name"
          label="New section"
          value={name}
          maxLength={40}
          autoComplete="off"
          error={error}
          data-autofocus
          onChange={(event) => {
            // A refusal speaks of the name it refused: once that changes, it no longer applies.
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button button--primary" disabled={offline || adding || name.trim() === ""}>
          {adding && <Spinner label="Adding" />}
          Add
        </button>
      </form>
      {ordered.length > 1 && (
        <p id="section-reorder-hint" className="sr-only">
          Drag to reorder, or focus the handle and press the up and down arrow keys.
        </p>
      )}
      {ordered.length === 0 ? (
        <p className="muted">No sections yet.</p>
      ) : (
        <ul className="sections-dialog__list" ref={rowsRef} aria-label="Sections">
          {ordered.map((section, index) => (
            <li key={section.id} className="sortable-item sections-dialog__row" data-section-id={section.id}>
              {ordered.length > 1 ? (
                <DragHandle
                  id={section.id}
                  name={section.name}
                  hintId="section-reorder-hint"
                  disabled={offline}
                  onKeyDown={(event) => onKeyMove(event, index)}
                />
              ) : (
                <span className="item__gutter" aria-hidden="true" />
              )}
              {renaming?.id === section.id ? (
                <form className="sections-dialog__rename" onSubmit={(event) => void rename(event)}>
                  <Field
                    id="section-rename"
                    label={`Rename ${section.name}`}
                    value={renaming.name}
                    maxLength={40}
                    autoComplete="off"
                    error={renaming.error}
                    autoFocus
                    onChange={(event) => setRenaming({ id: renaming.id, name: event.target.value })}
                    onKeyDown={(event) => {
                      // Escape leaves the renaming, not the dialog.
                      if (event.key !== "Escape") return;
                      event.preventDefault();
                      endRenaming(section.id);
                    }}
                  />
                  <button type="submit" className="button button--small button--primary" disabled={offline || renaming.name.trim() === ""}>
                    Save
                  </button>
                  <button type="button" className="button button--small button--ghost" onClick={() => endRenaming(section.id)}>
                    Cancel
                  </button>
                </form>
              ) : confirming === section.id ? (
                <div className="sections-dialog__confirm">
                  <span>Delete "{section.name}"? Its items will be in no section.</span>
                  <button type="button" className="button button--small button--danger" onClick={() => void remove(section)}>
                    Delete section
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    // biome-ignore lint/a11y/noAutofocus: the Delete just pressed is gone; focus waits on the safe answer in its place
                    autoFocus
                    onClick={() => {
                      setConfirming(null);
                      focusInRow(section.id, ".icon-button--danger");
                    }}
                  >
                    Cancel
                  </button>
                </div>
              ) : (
                <>
                  <span className="sections-dialog__name">{section.name}</span>
                  <button
                    type="button"
                    className="icon-button sections-dialog__rename-button"
                    aria-label={`Rename ${section.name}`}
                    title="Rename"
                    disabled={offline}
                    onClick={() => setRenaming({ id: section.id, name: section.name })}
                  >
                    <Icon name="edit" size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button sections-dialog__move"
                    aria-label={`Move ${section.name} up`}
                    title="Move up"
                    disabled={offline || index === 0}
                    onClick={() => void reorder(index, index - 1)}
                  >
                    <Icon name="back" size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button sections-dialog__move"
                    aria-label={`Move ${section.name} down`}
                    title="Move down"
                    disabled={offline || index === ordered.length - 1}
                    onClick={() => void reorder(index, index + 1)}
                  >
                    <Icon name="forward" size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    aria-label={`Delete ${section.name}`}
                    title="Delete"
                    disabled={offline}
                    onClick={() => setConfirming(section.id)}
                  >
                    <Icon name="trash" size={18} />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
