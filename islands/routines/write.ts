import type { Answer, QueuedChange } from "../offline/changes";
import { emit } from "../signals";

/**
 * A routine dialog's write, made by the list's one store (islands/list/useListStore.ts) so it
 * waits in the outbox offline, in turn with the changes made before it. Answers what the server
 * answered, or null when it waits (docs/decisions/067-offline-routines-and-copies.md).
 */
export const writeThroughList = (listId: number, change: QueuedChange) =>
  new Promise<Answer | null>((resolve, reject) =>
    emit("listwell:write", { listId, change, reply: (answer) => answer.then(resolve, reject) }),
  );
