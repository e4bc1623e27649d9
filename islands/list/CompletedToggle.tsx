import { useEffect, useState } from "react";
import { Icon } from "../ui/Icon";
import { setCompletedLast, setHasCompleted, setShowCompleted, subscribePrefs, type ListPrefs } from "./prefs";

export interface CompletedToggleProps {
  /** Whether some item was completed when the page was rendered. */
  hasCompleted: boolean;
}

/**
 * The header's 'Hide completed' / 'Show completed' button (docs/product-rules.md#screens), shown while an item is done,
 * and beside it the option to show completed items at the bottom of the list.
 */
export default function CompletedToggle({ hasCompleted }: CompletedToggleProps) {
  const [prefs, setPrefs] = useState<ListPrefs>({ showCompleted: true, completedLast: false, hasCompleted });
  useEffect(() => {
    // Seeds the shared state with the server's answer until the list island reports its own.
    setHasCompleted(hasCompleted);
    return subscribePrefs((next) => setPrefs(next));
  }, [hasCompleted]);
  if (!prefs.hasCompleted) return null;
  const label = prefs.showCompleted ? "Hide completed" : "Show completed";
  return (
    <>
      {prefs.showCompleted && (
        <button
          type="button"
          className="button button--small header-toggle"
          aria-pressed={prefs.completedLast}
          title="Show completed items at the bottom of the list"
          onClick={() => setCompletedLast(!prefs.completedLast)}
        >
          <Icon name="toBottom" size={16} />
          <span className="header-toggle__label">Completed at bottom</span>
        </button>
      )}
      <button
        type="button"
        className="button button--small header-toggle"
        aria-pressed={!prefs.showCompleted}
        onClick={() => setShowCompleted(!prefs.showCompleted)}
      >
        <Icon name={prefs.showCompleted ? "eyeOff" : "eye"} size={16} />
        <span className="header-toggle__label">{label}</span>
      </button>
    </>
  );
}
