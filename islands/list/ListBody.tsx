import { createContext, type ReactElement, type RefObject, useContext, useEffect, useRef } from "react";
import { describeDue } from "../../src/shared/due-days";
import type { Task } from "../../src/shared/types";
import { Icon, IconSprite, Spinner } from "../ui/Icon";
import { isTemporaryId } from "../offline/changes";
import { OfflineBanner, type OutboxView } from "../offline/OfflineBanner";
import { needsNetwork } from "../offline/useOffline";
import { ItemRow, type ItemRowProps, type RowHandlers } from "./ItemRow";
import { emptyStateText } from "./logic";
import { QuickAdd, type QuickAddProps } from "./QuickAdd";
import { SectionHeading, type SectionHeadingProps } from "./SectionHeading";
import type { HeadingView } from "./sections";
import type { ListView } from "./store";
import type { Today } from "./useToday";

export interface ListBodyProps {
  data: ListView;
  parent: Task | undefined;
  rows: Task[];
  /** Items of the view before hiding completed ones. */
  total: number;
  /** How many of those are completed, shown or hidden. */
  completed: number;
  readOnly: boolean;
  canTick: boolean;
  canDrag: boolean;
  sortAlpha: boolean;
  hasCompleted: boolean;
  /** The "Done" group that ends the rows (docs/decisions/046-calm-ticks.md): how many items it holds, and whether they show. */
  done: { count: number; open: boolean; onToggle: () => void };
  pending: ReadonlySet<number>;
  /** Offline, and which items have changes waiting to be saved. */
  outbox: OutboxView;
  rowsRef: RefObject<HTMLUListElement | null>;
  /** The day the rows' due words count from. */
  today: Today;
  onSortAlpha: (on: boolean) => void;
  onBack: () => void;
  /** The quick-add field's wiring; null for a read-only visitor, who gets no add control. */
  add: Omit<QuickAddProps, "parentId"> | null;
  onReset: () => void;
  onClearCompleted: () => void;
  row: RowHandlers;
  /** The sections' headings among the open rows, or null when the view has none (docs/decisions/060-sections-browser.md). */
  sections: { headings: HeadingView[]; onToggle: (sectionId: number) => void } | null;
  /** Which ways the row at `index` can move, by its menu. */
  movesOf: (index: number) => { up: boolean; down: boolean };
  /** For a writer on the list itself: "Add section" opens the Sections dialog. */
  onAddSection: (() => void) | undefined;
}

/**
 * The server's way to the rows' markup (views/kept-rows.tsx): React renders each row once per
 * state and the markup is kept, so a list that changed renders again only the rows that did
 * (docs/decisions/040-list-page-render.md). The browser has none and renders the rows as elements,
 * which hydrate that same markup.
 */
export const RowMarkup = createContext<((rows: ReactElement<ItemRowProps | SectionHeadingProps>[], sprite: string) => string) | null>(null);

/**
 * Keeps what this person adds in sight (docs/decisions/042-quick-add-where-you-look.md). When the
 * rows change, the field under them is brought into view if the person is in it, or if they have
 * just added a row (new since the last render under a temporary id: made here); that row too, if
 * it stands elsewhere (alphabetical order). A saved row taking its server id, often a line taller
 * with its attribution, is such a change. Others' items never move the page of someone reading.
 */
function useOwnAddsInSight(rows: Task[], rowsRef: RefObject<HTMLUListElement | null>) {
  const shown = useRef<Set<number> | null>(null);
  useEffect(() => {
    const before = shown.current;
    const now = new Set(rows.map((row) => row.id));
    shown.current = now;
    if (!before || (before.size === now.size && [...now].every((id) => before.has(id)))) return;
    const field = document.getElementById("quick-add");
    const added = rows.findLast((row) => isTemporaryId(row.id) && !before.has(row.id));
    if (!added && document.activeElement !== field) return;
    field?.closest(".quick-add")?.scrollIntoView({ block: "nearest" });
    if (added) rowsRef.current?.querySelector(`[data-task-id="${added.id}"]`)?.scrollIntoView({ block: "nearest" });
  }, [rows, rowsRef]);
}

/** The list page's visible part: title bar or breadcrumb, toolbar, rows or empty state, and the quick add under them. */
export function ListBody(props: ListBodyProps) {
  const { data, parent, rows, readOnly, pending } = props;
  useOwnAddsInSight(rows, props.rowsRef);
  const { ids: waiting } = props.outbox;
  const rowMarkup = useContext(RowMarkup);
  const sprite = useContext(IconSprite);
  // Offline as the browser says, or as the last try to reach the server found.
  const offline = props.outbox.offline || props.outbox.unreachable;
  // Reset and clearing act on the list as the server has it, so they wait for a connection.
  const networkOnly = needsNetwork(offline);
  const empty = emptyStateText({ total: props.total, shown: rows.length || props.done.count, readOnly, inParentView: Boolean(parent) });
  const subItemsOf = (task: Task) => {
    const children = data.tasks.filter((t) => t.parentId === task.id);
    return { done: children.filter((t) => t.completed).length, total: children.length };
  };
  // Under the title, with 'Shared by …' when there is one: a line of its own would push the items down a phone's screen.
  const progress = props.total > 0 && (
    <span className="list-progress" aria-live="polite">
      {props.completed} of {props.total} completed{data.loading && <Spinner label="Refreshing" />}
    </span>
  );

  const pinned = parent && (
    <ItemRow
      key="pinned"
      task={parent}
      index={0}
      pinned
      pending={pending.has(parent.id)}
      waiting={waiting.has(parent.id)}
      readOnly={readOnly}
      canTick={props.canTick}
      draggable={false}
      {...props.row}
    />
  );
  const items = rows.map((task, index) => (
    <ItemRow
      key={task.id}
      task={task}
      index={index + (parent ? 1 : 0)}
      pending={pending.has(task.id)}
      waiting={waiting.has(task.id)}
      readOnly={readOnly}
      canTick={props.canTick}
      draggable={props.canDrag}
      subItems={task.isParent ? subItemsOf(task) : undefined}
      due={task.dueAt ? describeDue(task.dueAt, props.today.day, props.today.zone) : undefined}
      moves={props.canDrag ? props.movesOf(index) : undefined}
      {...props.row}
      onKeyMove={(event) => props.row.onKeyMove(event, index)}
      onMoveBy={(_, by) => props.row.onMoveBy(index, by)}
    />
  ));

  // Its rows follow it in the same list, so a row moving in keeps its place in the keyboard's and a drag's order.
  const opened = rows.length - (props.done.open ? props.done.count : 0);
  const doneHeading = props.done.count > 0 && (
    <li key="done-heading" className="done-heading">
      <h2>
        <button type="button" className="button button--ghost" aria-expanded={props.done.open} onClick={props.done.onToggle}>
          <Icon name="forward" size={16} />
          Done ({props.done.count})
        </button>
      </h2>
    </li>
  );

  // The open rows, each section's heading before its own; then the "Done" group.
  const headed: ReactElement<ItemRowProps | SectionHeadingProps>[] = [];
  let next = 0;
  for (const { at, ...heading } of props.sections?.headings ?? []) {
    headed.push(...items.slice(next, at));
    headed.push(<SectionHeading key={`section-${heading.section.id}`} {...heading} onToggle={props.sections!.onToggle} />);
    next = at;
  }
  headed.push(...items.slice(next, opened));
  const sequence = [...(pinned ? [pinned] : []), ...headed, ...(doneHeading ? [doneHeading] : []), ...items.slice(opened)];

  return (
    <div className="list-screen">
      <OfflineBanner view={props.outbox} canChange={props.canTick} />
      {parent ? (
        <div className="list-title list-title--parent">
          <nav aria-label="Breadcrumb">
            <button type="button" className="icon-button" aria-label="Back to list" onClick={props.onBack}>
              <Icon name="back" />
            </button>
            <h1 className="breadcrumb">
              <button type="button" className="breadcrumb__list" onClick={props.onBack}>
                {data.name}
              </button>
              <span className="breadcrumb__sep" aria-hidden="true">
                {" / "}
              </span>
              <span className="breadcrumb__parent">{parent.title}</span>
            </h1>
          </nav>
          {progress && <p className="muted list-meta">{progress}</p>}
        </div>
      ) : (
        <div className="list-title">
          <h1>{data.name}</h1>
          {(progress || !data.isOwner) && (
            <p className="muted list-meta">
              {!data.isOwner && <span>{data.ownerName ? `Shared by ${data.ownerName}` : "Shared by another user"}</span>}
              {progress}
            </p>
          )}
        </div>
      )}

      <div className="list-toolbar">
        {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields that a fieldset would group */}
        <div className="segmented" role="group" aria-label="Sort order">
          <button type="button" aria-pressed={!props.sortAlpha} onClick={() => props.onSortAlpha(false)}>
            Manual order
          </button>
          <button type="button" aria-pressed={props.sortAlpha} onClick={() => props.onSortAlpha(true)}>
            Alphabetical
          </button>
        </div>
        <span className="spacer" />
        {!readOnly && data.tasks.length > 0 && (
          <button type="button" className="button button--outline button--small" onClick={props.onReset} {...networkOnly}>
            <Icon name="refresh" size={16} /> <span className="list-toolbar__label">Reset</span>
          </button>
        )}
        {data.can.clearCompleted && !parent && (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={props.onClearCompleted}
            {...networkOnly}
            disabled={!props.hasCompleted || offline}
          >
            <Icon name="trash" size={16} /> <span className="list-toolbar__label">Clear completed items</span>
          </button>
        )}
      </div>

      {props.canDrag && (
        <p id="item-reorder-hint" className="sr-only">
          Drag to reorder, or focus the handle and press the up and down arrow keys.
        </p>
      )}

      {data.loading && props.total === 0 ? (
        <p className="empty-state">Loading items...</p>
      ) : rowMarkup ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of these rows (views/kept-rows.tsx), not user input
        <ul className="items" dangerouslySetInnerHTML={{ __html: rowMarkup(sequence, sprite) }} />
      ) : (
        <ul className="items" ref={props.rowsRef}>
          {sequence}
        </ul>
      )}
      {empty && !(data.loading && props.total === 0) && <p className="empty-state">{empty}</p>}
      {/* Under the last item, so what is added shows where the person is looking. */}
      {props.add && <QuickAdd key={parent?.id ?? 0} parentId={parent?.id ?? 0} autoFocus={!parent && props.total === 0} {...props.add} />}
      {/* Beside where items are added, quiet: a list is given sections now and then, items all the time. */}
      {props.onAddSection && (
        <button type="button" className="button button--ghost add-section" onClick={props.onAddSection} {...networkOnly}>
          <Icon name="plus" size={16} /> Add section
        </button>
      )}
    </div>
  );
}
