import { useEffect, useState } from "react";
import type { ActivityEntry } from "../../src/shared/attribution";
import { client } from "../api";
import { timeAgo } from "../shared-lists/relative-time";
import { Dialog } from "../ui/Dialog";
import { LoadedEntries } from "../ui/LoadedEntries";

export interface ActivityDialogProps {
  listId: number;
  shareId?: string;
  onClose: () => void;
}

/** What happened, as a sentence: "Sam (guest) ticked Milk", "alex cleared completed items", "A guest added Eggs". */
export function describeActivity(entry: ActivityEntry): string {
  // A username is written as its owner chose it; only the words of our own are capitalised.
  const who = entry.actor?.username ?? (entry.actor ? "A guest" : "Someone");
  const what: Record<string, string> = {
    cleared: "cleared completed items",
    reset: "reset the list",
    reordered: "reordered items",
    updated: "updated the list",
    list_deleted: "deleted the list",
    list_restored: "restored the list",
  };
  const sentence = what[entry.action] ?? `${entry.action} ${entry.subject ?? "an item"}`;
  return `${who} ${sentence}`;
}

/** The list's last 50 changes with who and when, newest first. */
export default function ActivityDialog({ listId, shareId, onClose }: ActivityDialogProps) {
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    client["task-lists"][":id"].activity.$get({ param: { id: listId }, query: { shareId } }).then(
      (answer) => setEntries(answer.activity),
      () => setError("Could not load the activity. Please try again."),
    );
  }, [listId, shareId]);

  const now = Date.now();
  return (
    <Dialog open onClose={onClose} title="Activity" description="The last 50 changes to this list.">
      <LoadedEntries
        entries={entries?.map((entry) => ({ key: entry.id, text: describeActivity(entry), hint: timeAgo(entry.at, now) })) ?? null}
        error={error}
        empty="No changes yet."
      />
    </Dialog>
  );
}
