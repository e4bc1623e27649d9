import { useEffect, useState } from "react";
import { wallTime } from "../../src/shared/wall-time";
import type { RoutineRun } from "../../src/shared/routines";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { LoadedEntries } from "../ui/LoadedEntries";
import { Spinner } from "../ui/Icon";
import { writeThroughList } from "./write";

export interface RunsDialogProps {
  listId: number;
  shareId: string | null;
  /** The routine's zone, so a run's time reads as it does on the list's clock; the browser's without one. */
  tz: string | undefined;
  /** Whoever may change the items may reset and record now. */
  canRun: boolean;
  onClose: () => void;
}

/** "9 of 10 done — Sam 6, Alex 3": a run's count and who ticked how many, the most first. */
export function runSummary(run: RoutineRun): string {
  const counts = new Map<string, number>();
  for (const item of run.items) {
    if (!item.completedBy) continue;
    const who = item.completedBy.username ?? "A guest";
    counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  const people = [...counts].sort((a, b) => b[1] - a[1]).map(([who, count]) => `${who} ${count}`);
  const done = `${run.done} of ${run.total} done`;
  return people.length ? `${done} — ${people.join(", ")}` : done;
}

/** The list's reset history, newest first, and "Reset now" for whoever may change its items (docs/decisions/053-routines.md). */
export default function RunsDialog({ listId, shareId, tz, canRun, onClose }: RunsDialogProps) {
  const [runs, setRuns] = useState<RoutineRun[] | null>(null);
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);
  const query = shareId ? { shareId } : {};
  const zone = tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  useEffect(() => {
    client["task-lists"][":id"].runs.$get({ param: { id: listId }, query }).then(
      (answer) => setRuns(answer.runs),
      () => setError("Could not load the reset history. Please try again."),
    );
  }, [listId]);

  async function runNow() {
    setRunning(true);
    try {
      const { run } = (await writeThroughList(listId, { kind: "run" })) ?? {};
      if (run) setRuns((before) => [run, ...(before ?? [])]);
      toast(
        run
          ? { title: "List items have been reset", description: runSummary(run) }
          : { title: "List items have been reset", description: "The reset is recorded once you are back online." },
      );
    } catch (error) {
      toast({ title: "Failed to reset item completions", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
    setRunning(false);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Reset history"
      description="What was done each time the list was reset, newest first."
      actions={
        canRun && (
          <button type="button" className="button button--primary" disabled={running} onClick={() => void runNow()}>
            {running && <Spinner label="Resetting" />}
            Reset now
          </button>
        )
      }
    >
      <LoadedEntries
        entries={runs?.map((run) => ({ key: run.id, text: runSummary(run), hint: wallTime(run.at, zone) })) ?? null}
        error={error}
        empty="No resets yet."
      />
    </Dialog>
  );
}
