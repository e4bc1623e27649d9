import type { KeyboardEvent } from "react";
import type { SharedWithMeItem, TaskList } from "../../src/shared/types";
import { Icon } from "../ui/Icon";
import { DragHandle } from "../ui/DragHandle";

export interface OwnListCardProps {
  list: TaskList;
  index: number;
  count: number;
  onKeyMove: (event: KeyboardEvent, index: number) => void;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One of the user's own lists: drag handle, name (opens it), Share, Edit and Delete. */
export function OwnListCard({ list, index, count, onKeyMove, onShare, onEdit, onDelete }: OwnListCardProps) {
  return (
    <li className="list-card sortable-item" data-list-id={list.id} style={{ ["--card-color" as string]: `var(--task-${index % 10})` }}>
      <DragHandle id={list.id} name={list.name} hintId="reorder-hint" onKeyDown={(event) => onKeyMove(event, index)} />
      <a className="list-card__name" href={`/list/${list.id}`}>
        {list.name}
      </a>
      <span className="sr-only">
        {index + 1} of {count}
      </span>
      <div className="list-card__actions">
        <button type="button" className="icon-button" aria-label={`Share ${list.name}`} title="Share" onClick={onShare}>
          <Icon name="share" size={18} />
        </button>
        <button type="button" className="icon-button" aria-label={`Edit ${list.name}`} title="Edit" onClick={onEdit}>
          <Icon name="edit" size={18} />
        </button>
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={`Delete ${list.name}`}
          title="Delete"
          onClick={onDelete}
        >
          <Icon name="trash" size={18} />
        </button>
      </div>
    </li>
  );
}

/** A list shared with the user: read-only here (SPEC §2), it only opens, through its share link. */
export function SharedListCard({ item, index, highlighted = false }: { item: SharedWithMeItem; index: number; highlighted?: boolean }) {
  const { list, shared } = item;
  return (
    <li
      className={`list-card list-card--shared${highlighted ? " list-card--highlight" : ""}`}
      aria-current={highlighted ? "true" : undefined}
      style={{ ["--card-color" as string]: `var(--task-${index % 10})` }}
    >
      <span className="list-card__icon" aria-hidden="true">
        <Icon name="users" size={18} />
      </span>
      <a
        className="list-card__name"
        href={list.shareId ? `/list/${list.id}?shareId=${encodeURIComponent(list.shareId)}` : `/list/${list.id}`}
      >
        {list.name}
        <span className="list-card__meta">Shared by {shared.ownerName ?? "Unknown user"}</span>
      </a>
      {shared.accessLevel === "read" && <span className="badge badge--outline">View only</span>}
    </li>
  );
}
