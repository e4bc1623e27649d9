/**
 * @module GET /api/task-lists/{id}/suggestions (docs/decisions/057-memory.md): what a list usually
 * holds, from its own memory, best first by decayed frecency, for whoever may add to it.
 */
import type { Suggestion } from "../shared/memory";
import { matchText, titleKey } from "../shared/title-keys";
import type { Store } from "../store";
import { type Caller, requireWriteAccess, resolveReadAccess } from "./access";

/**
 * Titles with a word starting `q` (accents and case ignored; an empty `q` gives the usuals),
 * each told whether an open item of that title is on the list now. The list's items come from
 * its kept snapshot, so a suggestion read costs the memory's one indexed query.
 */
export async function suggest(store: Store, caller: Caller, listId: number, q: string, limit: number): Promise<Suggestion[]> {
  const access = await resolveReadAccess(store, caller, { id: listId });
  requireWriteAccess(access);
  const prefix = matchText(q);
  // Only signs ("%", "-"): no word can start so, and it is not the empty field of the usuals.
  if (prefix === "" && q.trim() !== "") return [];
  const best = await store.memory.best(access.list.id, prefix, limit);
  if (best.length === 0) return [];
  const { tasks } = await store.snapshots.read(access.list.id, access.latestEventId);
  const open = new Set(tasks.filter((task) => !task.completed).map((task) => titleKey(task.title)));
  return best.map(({ titleKey: key, ...suggestion }) => ({ ...suggestion, onList: open.has(key) }));
}
