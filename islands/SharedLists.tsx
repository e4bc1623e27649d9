import { useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ShareRecord, SharedWithMeItem } from "../src/shared/types";
import { client, errorMessage } from "./api";
import { MySharedCard, SharedWithMeCard, SkeletonCards } from "./shared-lists/ShareCards";
import { useFocusKept } from "./ui/useFocusKept";
import { useRefocus } from "./ui/useRefocus";
import { usePolled, type Polled } from "./shared-lists/usePolled";
import { toast } from "./toast";

export interface SharedListsProps {
  sharedWithMe: SharedWithMeItem[] | null;
  myShares: ShareRecord[] | null;
  /** The server's clock at render, so the first client render words times as the server did. */
  renderedAt: number;
}

type Tab = "with-me" | "mine";
const TABS: Array<{ id: Tab; label: string }> = [
  { id: "with-me", label: "Shared with Me" },
  { id: "mine", label: "My Shared Lists" },
];
/** The two tabs' reads, module-level so each poll keeps one identity across renders. */
const readSharedWithMe = (): Promise<SharedWithMeItem[]> => client["shared-with-me"].$get();
const readMyShares = (): Promise<ShareRecord[]> => client["my-shared-lists"].$get();

/** Relative times move on while the page stays open. */
const CLOCK_TICK_MS = 30_000;

/** The Shared Lists screen: both tabs, kept fresh by polling (docs/product-rules.md#screens). */
export default function SharedLists({ sharedWithMe, myShares, renderedAt }: SharedListsProps) {
  const [tab, setTab] = useState<Tab>("with-me");
  const [now, setNow] = useState(renderedAt);
  const withMe = usePolled(readSharedWithMe, sharedWithMe);
  const mine = usePolled(readMyShares, myShares);
  const [unsharing, setUnsharing] = useState<number | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  // The unshared card took its menu with it: focus goes to its tab, not the page's body.
  const mineTab = useRefocus<HTMLButtonElement>();

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  async function unshare(record: ShareRecord) {
    setUnsharing(record.id);
    try {
      await client.unshare[":listId"][":userId"].$delete({ param: { listId: record.listId, userId: record.sharedWithId } });
      setRemoved((ids) => new Set(ids).add(record.id));
      mineTab.refocus();
      toast({ title: "List unshared", description: "The list has been unshared successfully", variant: "success" });
      mine.refetch();
    } catch (error) {
      toast({ title: "Error unsharing list", description: errorMessage(error, "Failed to unshare list"), variant: "destructive" });
    } finally {
      setUnsharing(null);
    }
  }

  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = tab === "with-me" ? "mine" : "with-me";
    setTab(next);
    document.getElementById(`shared-tab-${next}`)?.focus();
  };

  return (
    <div className="shared-lists">
      <div role="tablist" aria-label="Shared lists" className="tabs" onKeyDown={onTabKey}>
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={`shared-tab-${id}`}
            ref={id === "mine" ? mineTab.ref : undefined}
            role="tab"
            type="button"
            aria-selected={tab === id}
            aria-controls={`shared-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`shared-panel-${tab}`} aria-labelledby={`shared-tab-${tab}`}>
        {tab === "with-me" ? (
          <TabBody
            polled={withMe}
            errorText="Failed to load shared lists"
            emptyText="Nobody has shared any lists with you yet."
            render={(items) => items.map((item) => <SharedWithMeCard key={item.shared.id} item={item} now={now} />)}
          />
        ) : (
          <TabBody
            polled={{ ...mine, data: mine.data === null ? null : mine.data.filter((record) => !removed.has(record.id)) }}
            errorText="Failed to load your shared lists"
            emptyText="You haven't shared any lists with other users yet."
            render={(records) =>
              records.map((record) => (
                <MySharedCard key={record.id} record={record} now={now} unsharing={unsharing === record.id} onUnshare={unshare} />
              ))
            }
          />
        )}
      </div>
    </div>
  );
}

interface TabBodyProps<T> {
  polled: Polled<T[]>;
  errorText: string;
  emptyText: string;
  render: (items: T[]) => ReactNode;
}

/** Skeletons while a fetch runs with nothing good to show, else the error, the empty state or the cards. */
function TabBody<T>({ polled, errorText, emptyText, render }: TabBodyProps<T>) {
  const { data, error, loading } = polled;
  // Try again gives way to what it loaded: the focus goes to the tab it belongs to.
  const holdFocus = useFocusKept(loading, () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'));
  if (loading && (data === null || error)) return <SkeletonCards />;
  if (error) {
    return (
      <div className="share-state share-state--error" role="alert">
        <p>{errorText}</p>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => {
            holdFocus();
            polled.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!data || data.length === 0) {
    return (
      <div className="share-state empty-state">
        <h3>No shared lists</h3>
        <p>{emptyText}</p>
      </div>
    );
  }
  return <div className="share-grid">{render(data)}</div>;
}
