import { lazy, Suspense, useState } from "react";
import type { TaskList } from "../../src/shared/types";
import { Icon } from "../ui/Icon";

// Home's Share dialog, the one way to share (docs/decisions/047-list-header.md); its code loads on the first tap.
const ShareDialog = lazy(() => import("../home/ShareDialog").then((module) => ({ default: module.ShareDialog })));

export interface ShareButtonProps {
  /** The list as its owner sees it (link, level, expiry): the page renders this island for whoever may share. */
  list: TaskList;
}

/** The list header's Share: the people the list is shared with, and its link, sent through the phone's share sheet. */
export default function ShareButton({ list: initial }: ShareButtonProps) {
  const [list, setList] = useState(initial);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--small header-toggle" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon name="share" size={16} />
        {/* On a phone the icon alone: the header has no room for the word beside More. */}
        <span className="header-toggle__label">Share</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog list={list} onClose={() => setOpen(false)} onListChange={setList} />
        </Suspense>
      )}
    </>
  );
}
