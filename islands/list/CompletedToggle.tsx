import { useEffect, useState } from "react";
import { Icon } from "../ui/Icon";
import { setHasCompleted, setShowCompleted, subscribePrefs, type ListPrefs } from "./prefs";

export interface CompletedToggleProps {
  /** Whether some item was completed when the page was rendered. */
  hasCompleted: boolean;
}

/**
 * The header's 'Hide completed' / 'Show completed' button (docs/product-rules.md#screens), shown while
 * an item is done. On a phone the header keeps no room for it: it is an entry of "More actions" there
 * (./ListMenu.tsx, docs/decisions/047-list-header.md).
 */
export default function CompletedToggle({ hasCompleted }: CompletedToggleProps) {
  const [prefs, setPrefs] = useState<ListPrefs>({ showCompleted: true, completedLast: false, hasCompleted });
  useEffect(() => {
    // Seeds the shared state with the server's answer until the list island reports its own.
    setHasCompleted(hasCompleted);
    return subscribePrefs((next) => setPrefs(next));
  }, [hasCompleted]);
  if (!prefs.hasCompleted) return null;
  return (
    <button
      type="button"
      className="button button--small header-toggle completed-toggle"
      aria-pressed={!prefs.showCompleted}
      onClick={() => setShowCompleted(!prefs.showCompleted)}
    >
      <Icon name={prefs.showCompleted ? "eyeOff" : "eye"} size={16} />
      <span className="header-toggle__label">{prefs.showCompleted ? "Hide completed" : "Show completed"}</span>
    </button>
  );
}
