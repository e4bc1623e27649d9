/**
 * @module What the server's answer to a replayed change means (docs/decisions/020-outbox.md): kept
 * for the next try, done, or refused and named. Only the outbox's replay asks, so it comes in the
 * outbox's chunk, not with the list page.
 */
import type { QueuedChange } from "./changes";

/** What the server's answer (or its absence) means for a queued change. */
export type Verdict =
  | { kind: "done" }
  /** No answer, or the server is struggling: keep it, and the rest behind it, for the next try. */
  | { kind: "retry" }
  /** Refused for good: dropped, and the person is told why. */
  | { kind: "refused"; reason: string };

export interface Failure {
  /** Absent when no answer came at all (a network failure). */
  status?: number;
  message?: string;
  /** The server's error code, e.g. IDEMPOTENCY_KEY_ANSWER_LOST. */
  code?: string;
}

/** Decision 018: the change was saved, but the server lost the answer it would have replayed. */
const ANSWER_LOST = "IDEMPOTENCY_KEY_ANSWER_LOST";

/** How a refusal names the change: an item's by its title, a list's change by what it was (docs/decisions/067-offline-routines-and-copies.md). */
function named(change: QueuedChange, title: string): string {
  if (change.kind === "routine") return `The repeats of "${title}"`;
  if (change.kind === "run") return `The reset of "${title}"`;
  return `"${title}"`;
}

export function verdictFor(change: QueuedChange, failure: Failure | null, title: string): Verdict {
  if (!failure) return { kind: "done" };
  const { status, message, code } = failure;
  const name = named(change, title);
  // Saved, so never sent again; the list is read afresh after the replay, which shows it.
  if (status === 409 && code === ANSWER_LOST) {
    return { kind: "refused", reason: `${name} was saved, but the server lost its answer; the list has been read again.` };
  }
  // Any other 409 is another try of the same key still in progress (docs/decisions/018): its answer comes on the next.
  if (status === undefined || status >= 500 || status === 429 || status === 409) return { kind: "retry" };
  if (status === 404 && (change.kind === "tick" || change.kind === "edit" || change.kind === "reorder" || change.kind === "delete")) {
    // Deleting what is already gone is what was asked for.
    if (change.kind === "delete") return { kind: "done" };
    return { kind: "refused", reason: `${name} was deleted by someone else, so your change to it was not saved.` };
  }
  const what = change.kind === "newList" ? "was not made" : change.kind === "routine" ? "were not saved" : "was not saved";
  return { kind: "refused", reason: `${name} ${what}: ${message || `the server answered ${status}`}` };
}
