import { systemClock, type Clock } from "../clock";
import { accessStartsStore } from "./access-starts";
import type { Db } from "./db";
import { deliveriesStore } from "./deliveries";
import { eventsStore } from "./events";
import { idempotencyStore } from "./idempotency";
import { identitiesStore } from "./identities";
import { listSnapshots } from "./list-snapshots";
import { listsStore } from "./lists";
import { lostAccessStore } from "./lost-access";
import { memoryStore } from "./memory";
import { notificationsStore } from "./notifications";
import { orphansStore } from "./orphans";
import { pushStore } from "./push";
import { remindersStore } from "./reminders";
import { routinesStore } from "./routines";
import { searchStore } from "./search";
import { sectionsStore } from "./sections";
import { sessionsStore } from "./sessions";
import { sharesStore } from "./shares";
import { settingsStore } from "./settings";
import { tasksStore } from "./tasks";
import { tokensStore } from "./tokens";
import { usersStore } from "./users";
import { versionsStore } from "./versions";
import { webhooksStore } from "./webhooks";

/**
 * Every table's functions, bound to one database. Only modules under src/store write SQL. The
 * clock rides along because every access decision already receives the store.
 */
export function createStore(db: Db, clock: Clock = systemClock) {
  const events = eventsStore(db);
  const tasks = tasksStore(db, clock);
  const sections = sectionsStore(db);
  return {
    db,
    clock,
    users: usersStore(db),
    sessions: sessionsStore(db),
    identities: identitiesStore(db),
    settings: settingsStore(db),
    lists: listsStore(db),
    lostAccess: lostAccessStore(db),
    shares: sharesStore(db),
    accessStarts: accessStartsStore(db),
    events,
    tasks,
    versions: versionsStore(db),
    idempotency: idempotencyStore(db),
    orphans: orphansStore(db),
    push: pushStore(db),
    deliveries: deliveriesStore(db),
    webhooks: webhooksStore(db),
    notifications: notificationsStore(db),
    routines: routinesStore(db),
    reminders: remindersStore(db),
    sections,
    memory: memoryStore(db),
    search: searchStore(db),
    tokens: tokensStore(db),
    snapshots: listSnapshots(events, tasks, sections),
  };
}

export type Store = ReturnType<typeof createStore>;
