/**
 * @module Search across a person's lists (docs/decisions/058-search.md): a field whose results come
 * grouped by list as they type, walked with the arrow keys and opened with Enter or a tap. An item
 * opens its list at the item (`#item-{id}`, islands/list/useFoundItem.ts).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { SearchResult } from "../../src/shared/search";
import { client } from "../api";
import { Dialog } from "../ui/Dialog";
import { SearchResults, hrefOf } from "./SearchResults";

/** A pause this long in the typing sends the search: one call per word, not per letter. */
const TYPING_PAUSE_MS = 150;

type Found =
  | { kind: "idle" }
  | { kind: "searching"; results: SearchResult[] }
  | { kind: "found"; query: string; results: SearchResult[] }
  | { kind: "offline" }
  | { kind: "failed" };

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Opens a result: on the list already shown only its hash moves (and is told again when it is the same). */
function openResult(result: SearchResult, onClose: () => void) {
  const href = hrefOf(result);
  const url = new URL(href, window.location.href);
  if (url.pathname !== window.location.pathname) return window.location.assign(href);
  onClose();
  if (url.hash === window.location.hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else window.location.hash = url.hash;
}

export default function SearchDialog({ open, onClose }: SearchDialogProps) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found>({ kind: "idle" });
  const [active, setActive] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const asked = useRef(0);
  const listboxId = useId();

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  useEffect(() => {
    const q = query.trim();
    const ask = ++asked.current;
    if (q === "") return setFound({ kind: "idle" });
    if (!online) return setFound({ kind: "offline" });
    setFound((before) => ({ kind: "searching", results: "results" in before ? before.results : [] }));
    const timer = setTimeout(() => {
      client.search
        .$get({ query: { q } })
        .then(({ results }) => {
          if (ask !== asked.current) return;
          setFound({ kind: "found", query: q, results });
          setActive(0);
        })
        .catch((error: unknown) => {
          if (ask !== asked.current) return;
          // fetch refuses with a TypeError when no answer came at all: the connection, not the search.
          setFound(error instanceof TypeError ? { kind: "offline" } : { kind: "failed" });
        });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, online]);

  const results = "results" in found ? found.results : [];
  // The chosen result stays in sight as the arrows walk past the edge of the list.
  // A block, not an expression: scrollIntoView answers a promise in newer browsers, which React would take for a cleanup.
  useEffect(() => {
    document.getElementById(`${listboxId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listboxId]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step !== 0 && results.length > 0) {
      event.preventDefault();
      setActive((at) => (at + step + results.length) % results.length);
    } else if (event.key === "Enter" && results[active]) {
      event.preventDefault();
      openResult(results[active], onClose);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Search your lists" className="search">
      <input
        type="search"
        className="input search__field"
        aria-label="Search items and lists"
        placeholder="Items, notes or list names"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={results[active] ? `${listboxId}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="go"
        maxLength={100}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      <p className="search__note" role="status">
        {noteOf(found)}
      </p>
      <SearchResults
        id={listboxId}
        query={found.kind === "found" ? found.query : query}
        results={results}
        active={active}
        onHover={setActive}
        onOpen={(result) => openResult(result, onClose)}
      />
    </Dialog>
  );
}

/** What the line under the field says: how to start, how many were found, or why none could be. */
function noteOf(found: Found): string {
  switch (found.kind) {
    case "idle":
      return "Find items, their notes and lists by the start of any word, in your lists and those shared with you.";
    case "searching":
      return found.results.length > 0 ? "" : "Searching…";
    case "offline":
      return "You're offline. Search works again once you're back online.";
    case "failed":
      return "Search failed. Please try again.";
    case "found":
      return found.results.length === 0
        ? `No items or lists match “${found.query}”`
        : `${found.results.length} result${found.results.length === 1 ? "" : "s"}`;
  }
}
