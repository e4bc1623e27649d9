import type { Store } from "../store";
import type { EventBus } from "./bus";
import { actorLabel, announceNotifications, tell } from "./notifications";

/**
 * @module Item reminders (docs/decisions/055-due-dates.md): at its time, a reminder tells the
 * list's participants through the notifications of decision 050 — an inbox entry and a push —
 * whoever set it too (a reminder on a list nobody else reads is for its setter), once, from
 * exactly one instance.
 */

/** How many due reminders one pass takes on; the next pass, a second later, takes the rest. */
const DUE_PER_PASS = 50;

/** "Reminder: Bins", under the list's name. */
export const reminderBody = (title: string) => `Reminder: ${title}`;

/**
 * One pass over the due reminders. Each is claimed in its own transaction with the telling, so a
 * failure leaves it due for the next pass and two instances send it once. A ticked item's reminder
 * is claimed and dropped: it is done. Answers how many were claimed.
 */
export async function sendDueReminders(store: Store, bus: EventBus): Promise<number> {
  let claimed = 0;
  for (const due of await store.reminders.due(store.clock.now(), DUE_PER_PASS)) {
    const told = await store.db.transaction(async (tx) => {
      if (!(await store.reminders.claim(due.taskId, due.dueAt, tx))) return undefined;
      const list = await store.lists.findById(due.listId, tx);
      if (!list || due.completed) return [];
      return tell(store, tx, {
        list,
        body: reminderBody(due.title),
        // Nobody is left out as the one who did it: the setter asked to be reminded too.
        actorUserId: null,
        actor: actorLabel(due.by),
        count: 1,
      });
    });
    if (!told) continue;
    claimed++;
    await announceNotifications(store, bus, told);
  }
  return claimed;
}
