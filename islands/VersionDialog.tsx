import { useEffect, useState } from "react";
import type { VersionUpdate } from "../src/shared/types";
import { api } from "./api";
import { Dialog } from "./ui/Dialog";
import { Spinner } from "./ui/Icon";
import { displayedChanges } from "./version/changes";

/** The window event the realtime client dispatches for a live `version_update` (SPEC §4). */
export const VERSION_UPDATE_EVENT = "listwell:version_update";

export interface VersionUpdateDetail {
  versionId: string;
  changes?: string[];
}

interface CheckUpdatesAnswer {
  hasUpdate: boolean;
  update: Pick<VersionUpdate, "versionId" | "changes"> | null;
}

const isDetail = (value: unknown): value is VersionUpdateDetail =>
  typeof value === "object" && value !== null && typeof (value as { versionId?: unknown }).versionId === "string";

/**
 * SPEC §2 "Version dialog" on every signed-in page: shown when check-updates says a version is
 * unseen, or when one is announced live; 'Get Latest Updates' marks it seen and reloads.
 */
export default function VersionDialog() {
  const [update, setUpdate] = useState<VersionUpdateDetail | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    let active = true;
    api<CheckUpdatesAnswer>("/api/version/check-updates")
      .then((answer) => {
        if (active && answer.hasUpdate && answer.update) setUpdate(answer.update);
      })
      .catch(() => {
        // Not knowing about an update is harmless; the next page load asks again.
      });
    const onLiveUpdate = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isDetail(detail)) setUpdate(detail);
    };
    window.addEventListener(VERSION_UPDATE_EVENT, onLiveUpdate);
    return () => {
      active = false;
      window.removeEventListener(VERSION_UPDATE_EVENT, onLiveUpdate);
    };
  }, []);

  const markSeen = (versionId: string) => api("/api/version/mark-seen", { body: { versionId } }).catch(() => undefined);

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
        <button type="button" className="button button--primary button--block" onClick={refresh} disabled={refreshing} data-autofocus>
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
