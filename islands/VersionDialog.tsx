import { useEffect, useRef, useState } from "react";
import { client } from "./api";
import { listen, type VersionUpdateDetail } from "./signals";
import { Dialog } from "./ui/Dialog";
import { Spinner } from "./ui/Icon";
import { displayedChanges } from "./version/changes";

/**
 * The version dialog (docs/product-rules.md#versions) on every signed-in page but a list's (views/Header.tsx): shown when check-updates says
 * a version is unseen, or when one is announced live; 'Get Latest Updates' marks it seen and reloads.
 */
export default function VersionDialog() {
  const [update, setUpdate] = useState<VersionUpdateDetail | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    let active = true;
    client.version["check-updates"]
      .$get()
      .then((answer) => {
        if (active && answer.hasUpdate && answer.update) setUpdate(answer.update);
      })
      .catch(() => {
        // Not knowing about an update is harmless; the next page load asks again.
      });
    const stopListening = listen("listwell:version_update", setUpdate);
    return () => {
      active = false;
      stopListening();
    };
  }, []);

  // Shown as the page loaded, it has no opener to hand the focus back to when it closes: the page's main takes it.
  const shown = useRef(false);
  useEffect(() => {
    if (update) shown.current = true;
    else if (shown.current && document.activeElement === document.body) document.getElementById("main")?.focus();
  }, [update]);

  const markSeen = (versionId: string) => client.version["mark-seen"].$post({ json: { versionId } }).catch(() => undefined);

  async function refresh() {
    if (!update) return;
    setRefreshing(true);
    await markSeen(update.versionId);
    window.location.reload();
  }

  function dismiss() {
    if (refreshing || !update) return;
    void markSeen(update.versionId);
    setUpdate(null);
  }

  return (
    <Dialog
      open={update !== null}
      onClose={dismiss}
      title="App Updated!"
      description="A new version of the app is available with these improvements:"
      className="version-dialog"
      actions={
        // Not where it starts: focus on the action at the foot of a long list of changes would scroll its title out of sight.
        <button type="button" className="button button--primary button--block" onClick={refresh} disabled={refreshing}>
          {refreshing && <Spinner label="Refreshing" />}
          {refreshing ? "Refreshing..." : "Get Latest Updates"}
        </button>
      }
    >
      <ul className="version-dialog__changes">
        {displayedChanges(update?.changes).map((change, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders, and two changes may read alike
          <li key={i}>{change}</li>
        ))}
      </ul>
    </Dialog>
  );
}
