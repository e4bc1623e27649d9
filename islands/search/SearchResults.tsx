import { Fragment, type ReactNode } from "react";
import type { SearchResult } from "../../src/shared/search";
import { fold, matchesIn, searchWords } from "../../src/shared/search-words";
import { Icon } from "../ui/Icon";

/** Where a result opens: its list, at the item for an item (islands/list/useFoundItem.ts). */
export const hrefOf = (result: SearchResult) => `/list/${result.listId}${result.taskId === null ? "" : `#item-${result.taskId}`}`;

/** `text` with the starts of words the search matched marked. */
function marked(text: string, words: string[]): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of matchesIn(text, words)) {
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return parts;
}

export interface SearchResultsProps {
  id: string;
  query: string;
  results: SearchResult[];
  /** The index of the result Enter opens, shown as chosen. */
  active: number;
  onHover: (index: number) => void;
  onOpen: (result: SearchResult) => void;
}

/** The results as a listbox of groups, one per list, its name as the heading, in the order the server gave. */
export function SearchResults({ id, query, results, active, onHover, onOpen }: SearchResultsProps) {
  const words = searchWords(query).map(fold);
  const groups: Array<{ listId: number; name: string; entries: Array<{ result: SearchResult; index: number }> }> = [];
  results.forEach((result, index) => {
    const last = groups.at(-1);
    if (last?.listId === result.listId) last.entries.push({ result, index });
    else groups.push({ listId: result.listId, name: result.listName, entries: [{ result, index }] });
  });
  return (
    <div id={id} role="listbox" aria-label="Results" className="search__results">
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"; a fieldset groups a form's fields
        <div key={group.listId} role="group" aria-labelledby={`${id}-list-${group.listId}`} className="search__group">
          <h3 id={`${id}-list-${group.listId}`} className="search__list">
            {group.entries[0]?.result.type === "list" ? marked(group.name, words) : group.name}
          </h3>
          {group.entries.map(({ result, index }) => (
            <a
              key={result.taskId ?? `list-${result.listId}`}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={result.completed ? "search__hit search__hit--done" : "search__hit"}
              href={hrefOf(result)}
              onPointerMove={() => index !== active && onHover(index)}
              onClick={(event) => {
                if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                event.preventDefault();
                onOpen(result);
              }}
            >
              {result.type === "list" ? (
                <span className="search__title">
                  <Icon name="list" size={16} />
                  Open the list
                </span>
              ) : (
                <Fragment>
                  <span className="search__title">
                    {result.completed && <Icon name="check" size={16} />}
                    {marked(result.title, words)}
                    {result.completed && <span className="sr-only"> (ticked)</span>}
                  </span>
                  {result.snippet !== result.title && <span className="search__snippet">{marked(result.snippet, words)}</span>}
                </Fragment>
              )}
            </a>
          ))}
        </div>
      ))}
    </div>
  );
}
