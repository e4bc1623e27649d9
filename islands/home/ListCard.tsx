import type { KeyboardEvent } from "react";
import type { SharedWithMeItem, TaskList } from "../../src/shared/types";
import { Icon, type IconName } from "../ui/Icon";
import { needsNetwork } from "../offline/useOffline";
import { DragHandle } from "../ui/DragHandle";
import type { ListProgress } from "./useProgress";

/**
 * "3 of 12 done" under the list's name, with a thin bar; the bar is decoration, the words say it.
 * Nothing while the count is unknown (the server could not read it).
 */
function ProgressLine({ progress }: { progress: ListProgress | undefined }) {
  if (!progress) return null;
  const { done, total } = progress;
  return (
    <span className="list-card__progress">
      <span className="list-card__meta">{total === 0 ? "No items yet" : `${done} of ${total} done`}</span>
      {total > 0 && (
        <span className="progress-bar" aria-hidden="true">
          <span className="progress-bar__fill" style={{ width: `${(done / total) * 100}%` }} />
        </span>
      )}
    </span>
  );
}

export interface OwnListCardProps {
  list: TaskList;
  progress: ListProgress | undefined;
  index: number;
  count: number;
  /** Offline, Share, Edit and Delete wait for the connection; the name still opens the list, and Duplicate queues its copy. */
  offline: boolean;
  onKeyMove: (event: KeyboardEvent, index: number) => void;
  onShare: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One of a card's buttons, named for its list ("Share Groceries"); offline it waits for the connection. */
function CardAction(props: { action: string; icon: IconName; list: TaskList; offline: boolean; onClick: () => void; danger?: boolean }) {
  return (
    <button
      type="button"
      className={props.danger ? "icon-button icon-button--danger" : "icon-button"}
      aria-label={`${props.action} ${props.list.name}`}
      title={props.action}
      {...needsNetwork(props.offline)}
      onClick={props.onClick}
    >
      <Icon name={props.icon} size={18} />
    </button>
  );
}

/** One of the user's own lists: drag handle, name (opens it), Share, Edit, Duplicate and Delete. */
export function OwnListCard(props: OwnListCardProps) {
  const { list, progress, index, count, offline, onKeyMove, onShare, onEdit, onDuplicate, onDelete } = props;
  return (
    <li className="list-card sortable-item" data-list-id={list.id} style={{ ["--card-color" as string]: `var(--task-${index % 10})` }}>
      <DragHandle id={list.id} name={list.name} hintId="reorder-hint" disabled={offline} onKeyDown={(event) => onKeyMove(event, index)} />
      <a className="list-card__name" href={`/list/${list.id}`}>
        <span className="list-card__title">{list.name}</span>
        <ProgressLine progress={progress} />
      </a>
      <span className="sr-only">
        {index + 1} of {count}
      </span>
      <div className="list-card__actions">
        <CardAction action="Share" icon="share" list={list} offline={offline} onClick={onShare} />
        <CardAction action="Edit" icon="edit" list={list} offline={offline} onClick={onEdit} />
        {/* Offline too: the copy waits in the outbox (docs/decisions/067-offline-routines-and-copies.md). */}
        <CardAction action="Duplicate" icon="copy" list={list} offline={false} onClick={onDuplicate} />
        <CardAction action="Delete" icon="trash" list={list} offline={offline} onClick={onDelete} danger />
      </div>
    </li>
  );
}

/**
 * A list made offline (Duplicate, New from template, New List), waiting in the outbox: its name and
 * that it waits. It opens nothing until it is saved and takes its place among the lists
 * (docs/decisions/067-offline-routines-and-copies.md).
 */
export function PendingListCard({ name, index }: { name: string; index: number }) {
  return (
    <li className="list-card" style={{ ["--card-color" as string]: `var(--task-${index % 10})` }}>
      <span className="list-card__name">
        <strong className="list-card__title">{name}</strong>
        <span className="list-card__meta">Waiting to be saved</span>
      </span>
    </li>
  );
}

/** A list shared with the user: read-only here (docs/product-rules.md#screens), it only opens, through its share link. */
export function SharedListCard({
  item,
  progress,
  index,
  highlighted = false,
}: {
  item: SharedWithMeItem;
  progress: ListProgress | undefined;
  index: number;
  highlighted?: boolean;
}) {
  const { list, shared } = item;
  return (
    <li
      data-list-id={list.id}
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
        <span className="list-card__title">{list.name}</span>
        <span className="list-card__meta">Shared by {shared.ownerName ?? "Unknown user"}</span>
        <ProgressLine progress={progress} />
      </a>
      {shared.accessLevel === "read" && <span className="badge badge--outline">View only</span>}
      {shared.accessLevel === "check" && <span className="badge badge--outline">Tick only</span>}
    </li>
  );
}
