import type { Db } from "./db";

/**
 * @module Rows whose owner is gone. Events have no foreign key (a deleted list's last event stays
 * for replay), so a list purged before its events were purged with it left them behind. The rest
 * cascade with their owner wherever foreign keys are on, as Listwell always opens the database;
 * one opened without them (an SQLite shell, a hand-made restore) can still leave some, and
 * nothing else would ever remove them.
 */

/** Each table's rows that belong to a row no longer there. */
const ORPHANS = {
  // The table's newest event stays, whoever it belonged to: SQLite would hand its id out again.
  events: `DELETE FROM events WHERE NOT EXISTS (SELECT 1 FROM task_lists l WHERE l.id = events.list_id)
    AND id < (SELECT MAX(id) FROM events)`,
  tasks: `DELETE FROM tasks WHERE NOT EXISTS (SELECT 1 FROM task_lists l WHERE l.id = tasks.list_id)
    OR (parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tasks p WHERE p.id = tasks.parent_id))`,
  listShares: `DELETE FROM list_shares WHERE NOT EXISTS (SELECT 1 FROM task_lists l WHERE l.id = list_shares.list_id)
    OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = list_shares.user_id)`,
  sessions: "DELETE FROM sessions WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = sessions.user_id)",
  seenVersions: "DELETE FROM seen_versions WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = seen_versions.user_id)",
} as const;

export type OrphanCounts = Record<keyof typeof ORPHANS, number>;

export function orphansStore(db: Db) {
  return {
    /** Removes every orphan row, in one transaction; answers how many went from each table. */
    purge(): Promise<OrphanCounts> {
      return db.transaction(async (tx) => {
        const counts = {} as OrphanCounts;
        for (const [table, sql] of Object.entries(ORPHANS) as Array<[keyof OrphanCounts, string]>) counts[table] = await tx.run(sql);
        return counts;
      });
    },
  };
}
