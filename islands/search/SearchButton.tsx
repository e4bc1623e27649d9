/**
 * @module The header's search (docs/decisions/058-search.md): a button that looks like a field on a
 * wide screen and is an icon on a phone. The search itself is fetched the first time it is asked
 * for, so no page pays for it before then.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Icon } from "../ui/Icon";

const SearchDialog = lazy(() => import("./SearchDialog"));

export interface SearchButtonProps {
  /** The keys that open search on this page: `s` on the list page, where `/` goes to its add field; `/` and `s` elsewhere. */
  keys: string[];
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export default function SearchButton({ keys }: SearchButtonProps) {
  // null until first opened: the dialog's code is fetched then, and kept so closing returns focus here.
  const [open, setOpen] = useState<boolean | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.altKey || event.metaKey) return;
      if (!keys.includes(event.key) || isTyping(event.target) || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [keys]);

  return (
    <>
      <button
        type="button"
        className="icon-button search-button"
        data-search-button=""
        aria-label="Search your lists"
        aria-keyshortcuts={keys.join(" ")}
        title={`Search your lists (${keys.join(" or ")})`}
        onClick={() => setOpen(true)}
      >
        <Icon name="search" />
        {/* Only words its name holds: the keys are in aria-keyshortcuts and the title. */}
        <span className="search-button__text">Search</span>
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
