import { type KeyboardEvent, useState } from "react";
import { actorName } from "../../src/shared/attribution";
import type { DueWords } from "../../src/shared/due-days";
import { isSteppable, stepQuantity } from "../../src/shared/quantity-step";
import type { Task } from "../../src/shared/types";
import type { MenuItem } from "../shared-lists/ActionsMenu";
import { Icon, Spinner } from "../ui/Icon";
import { DragHandle } from "../ui/DragHandle";
import { InlineTitle } from "./InlineTitle";
import { RowMenu } from "./RowMenu";
import { useRowGestures } from "./useRowGestures";

/** What a row does when its controls are used; the list screen supplies them. */
export interface RowHandlers {
  onToggle: (task: Task) => void;
  onOpen: (task: Task) => void;
  onDescribe: (task: Task) => void;
  onEdit: (task: Task) => void;
  onRename: (task: Task, title: string) => void;
  onDelete: (task: Task) => void;
  onKeyMove: (event: KeyboardEvent, index: number) => void;
  /** The row menu's Move up (-1) and Move down (1): the keyboard's move, for a finger. */
  onMoveBy: (index: number, by: -1 | 1) => void;
  /** The row's +/−: its quantity one more or one less (docs/decisions/059-quick-add-memory.md). */
  onQuantity: (task: Task, quantity: string) => void;
}

/**
 * Everything a row shows comes from these and the icon sprite: the server keeps a row's markup by
 * them (views/kept-rows.tsx), so all but the handlers are plain data.
 */
export interface ItemRowProps extends RowHandlers {
  task: Task;
  /** Row index in the view, for keyboard moves. */
  index: number;
  pending: boolean;
  /** A change to it waits in the offline outbox. */
  waiting?: boolean;
  readOnly: boolean;
  /** The completion box works: everyone but a read-only viewer (a `check` caller may only tick). */
  canTick: boolean;
  /** Drag handle shown (manual order, writable); false in alphabetical order. */
  draggable: boolean;
  /** The parent heading its own sub-item view: pinned first, not draggable, no indicator. */
  pinned?: boolean;
  /** Which ways a draggable row can move: the menu offers those (docs/decisions/045-phone-rows.md). */
  moves?: { up: boolean; down: boolean };
  subItems?: { done: number; total: number };
  /** Its due date in words, counted from the viewer's today (docs/decisions/056-due-dates-browser.md). */
  due?: DueWords;
}

/**
 * Who ticked it, subtly under a ticked title; who added it only in the row's menu, where it is
 * asked for: on every open row it said the same name again and again. Nothing when nobody is
 * named (a nameless guest, an older item; docs/product-rules.md#attribution-and-activity).
 */
const tickedBy = ({ completed, completedBy }: Task) => (completed && completedBy ? `Ticked by ${actorName(completedBy)}` : "");
const addedBy = ({ createdBy }: Task) => (createdBy ? `Added by ${actorName(createdBy)}` : "");

/** What the row's menu offers: on a phone the only way to them besides a swipe and the keyboard's shortcuts. */
function menuItems(props: ItemRowProps): MenuItem[] {
  const { task } = props;
  const items: MenuItem[] = [{ label: "Edit", onSelect: () => props.onEdit(task) }];
  if (task.isParent && !props.pinned) items.push({ label: "Open sub-items", onSelect: () => props.onOpen(task) });
  if (task.description.trim() !== "") items.push({ label: "View description", onSelect: () => props.onDescribe(task) });
  if (props.moves?.up) items.push({ label: "Move up", onSelect: () => props.onMoveBy(props.index, -1) });
  if (props.moves?.down) items.push({ label: "Move down", onSelect: () => props.onMoveBy(props.index, 1) });
  items.push({ label: "Delete", onSelect: () => props.onDelete(task), destructive: true });
  return items;
}

/** How much, on its row: − and + around it when it starts with a number and may be changed, 44 px each. */
function Quantity({ task, onQuantity, steps }: { task: Task; onQuantity: RowHandlers["onQuantity"]; steps: boolean }) {
  const { quantity } = task;
  if (!quantity) return null;
  if (!steps || !isSteppable(quantity)) return <span className="item__qty">{quantity}</span>;
  const button = (by: 1 | -1) => {
    const next = stepQuantity(quantity, by);
    const words = by > 0 ? "One more" : "One less";
    return (
      <button
        type="button"
        className="icon-button item__step"
        aria-label={`${words}: ${task.title}`}
        title={words}
        disabled={next === null}
        onClick={() => next && onQuantity(task, next)}
      >
        {by > 0 ? "+" : "−"}
      </button>
    );
  };
  return (
    <span className="item__stepper">
      {button(-1)}
      <span className="item__qty">{quantity}</span>
      {button(1)}
    </span>
  );
}

/**
 * One item (docs/product-rules.md#screens, docs/decisions/045-phone-rows.md): handle, completion
 * button, title, parent indicator, description, Edit, Delete and the ⋯ menu. A finger swipes it
 * right to tick, left to delete, and holds it for the menu; on a phone the menu stands in for
 * the description, Edit and Delete buttons (31-list-phone.css).
 */
export function ItemRow(props: ItemRowProps) {
  const { task, index, pending, readOnly, draggable, pinned, subItems } = props;
  // What the parent button shows, and says: its name must hold what it shows.
  const count = subItems ? `${subItems.done}/${subItems.total}` : "0";
  const [menuOpen, setMenuOpen] = useState(false);
  const canSwipe = !pinned && !pending && props.canTick;
  const gestures = useRowGestures({
    onSwipeRight: canSwipe ? () => props.onToggle(task) : undefined,
    onSwipeLeft: pinned || readOnly ? undefined : () => props.onDelete(task),
    onLongPress: () => {
      if (!readOnly) setMenuOpen(true);
    },
  });
  // A done item's line says who ticked it; an open one's, when it is due. One line either way, in the title's own 44 px on a phone.
  const when = !pinned && !task.completed ? props.due : undefined;
  const classes = [
    "item",
    pinned ? "item--pinned sortable-pinned" : "sortable-item",
    task.completed ? "item--done" : when ? "item--dated" : "",
  ];
  return (
    <li className={classes.join(" ").trim()} data-task-id={task.id} {...gestures}>
      {draggable && !pinned ? (
        <DragHandle id={task.id} name={task.title} hintId="item-reorder-hint" onKeyDown={(event) => props.onKeyMove(event, index)} />
      ) : (
        <span className="item__gutter" aria-hidden="true" />
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a native checkbox cannot show the pending spinner a row shows */}
      <button
        type="button"
        className="item__check"
        role="checkbox"
        aria-checked={task.completed}
        aria-busy={pending || undefined}
        aria-label={`Mark "${task.title}" as ${task.completed ? "not completed" : "completed"}`}
        // While saving it ignores clicks but stays enabled: disabling the focused button would
        // drop keyboard focus to the page.
        aria-disabled={pending || undefined}
        disabled={!props.canTick}
        onClick={() => {
          if (!pending) props.onToggle(task);
        }}
      >
        {/* The box is drawn inside a 44 px button, the size a finger needs. */}
        <span className="item__box">{pending ? <Spinner label="Saving" /> : task.completed ? <Icon name="check" size={16} /> : null}</span>
      </button>
      <div className="item__main">
        {/* A parent's title opens it; its title is edited in place inside, where it heads the view. */}
        {task.isParent && !pinned ? (
          <button type="button" className="item__title item__title--parent" onClick={() => props.onOpen(task)}>
            {task.title}
          </button>
        ) : (
          <InlineTitle task={task} editable={!readOnly} onRename={props.onRename} />
        )}
        {pinned && <span className="item__meta">Parent item</span>}
        {!pinned && tickedBy(task) && <span className="item__by">{tickedBy(task)}</span>}
        {when && (
          <span className={`item__by item__due${when.overdue ? " item__due--over" : ""}`}>
            {task.repeat && (
              <span role="img" aria-label="Repeats" title="Repeats">
                <Icon name="refresh" size={12} />{" "}
              </span>
            )}
            {when.words}
          </span>
        )}
      </div>
      <div className="item__actions">
        <Quantity task={task} onQuantity={props.onQuantity} steps={!readOnly && !task.completed && !pinned} />
        {props.waiting && (
          <span className="muted" role="img" aria-label="Waiting to be saved" title="Waiting to be saved">
            <Icon name="cloudUp" size={14} />
          </span>
        )}
        {task.isParent && !pinned && (
          <button
            type="button"
            className="item__subitems"
            aria-label={`Open sub-items of ${task.title}, ${count} done`}
            title="Open sub-items"
            onClick={() => props.onOpen(task)}
          >
            <Icon name="folder" size={16} />
            <span>{count}</span>
          </button>
        )}
        {task.description.trim() !== "" && (
          <button
            type="button"
            // A reader has no menu: their description button stays on a phone's row too.
            className={readOnly ? "icon-button" : "icon-button item__inline"}
            aria-label={`View description of ${task.title}`}
            title="View description"
            onClick={() => props.onDescribe(task)}
          >
            <Icon name="text" size={18} />
          </button>
        )}
        {!readOnly && (
          <>
            <button
              type="button"
              className="icon-button item__inline"
              aria-label={`Edit ${task.title}`}
              title="Edit"
              onClick={() => props.onEdit(task)}
            >
              <Icon name="edit" size={18} />
            </button>
            <button
              type="button"
              className="icon-button icon-button--danger item__inline"
              aria-label={`Delete ${task.title}`}
              title="Delete"
              onClick={() => props.onDelete(task)}
            >
              <Icon name="trash" size={18} />
            </button>
            <RowMenu
              label={`Actions for ${task.title}`}
              items={menuItems(props)}
              notes={[addedBy(task)].filter(Boolean)}
              open={menuOpen}
              onOpenChange={setMenuOpen}
            />
          </>
        )}
      </div>
    </li>
  );
}
