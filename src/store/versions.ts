import type { VersionUpdate } from "../shared/types";
import { isoFromMs, type Db } from "./db";

interface VersionRow {
  id: number | string;
  version_id: string;
  changes: string;
  created_at: number | string;
  [column: string]: unknown;
}

const parseChanges = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

const toVersion = (row: VersionRow): VersionUpdate => ({
  versionId: row.version_id,
  changes: parseChanges(row.changes),
  timestamp: isoFromMs(row.created_at),
});

export function versionsStore(db: Db) {
  return {
    async create(versionId: string, changes: string[], tx: Db = db): Promise<VersionUpdate> {
      const rows = await tx.all<VersionRow>("INSERT INTO app_versions (version_id, changes, created_at) VALUES (?, ?, ?) RETURNING *", [
        versionId,
        JSON.stringify(changes),
        Date.now(),
      ]);
      return toVersion(rows[0]!);
    },
    async find(versionId: string, tx: Db = db): Promise<VersionUpdate | undefined> {
      const row = await tx.get<VersionRow>("SELECT * FROM app_versions WHERE version_id = ?", [versionId]);
      return row && toVersion(row);
    },
    /** The newest version published since the user registered, and whether they have seen it. */
    async newestFor(userId: number, tx: Db = db): Promise<{ version: VersionUpdate; seen: boolean } | undefined> {
      const row = await tx.get<VersionRow & { seen: number | string }>(
        `SELECT v.*, (SELECT COUNT(*) FROM seen_versions s WHERE s.user_id = ? AND s.version_id = v.version_id) AS seen
           FROM app_versions v
          WHERE v.created_at >= (SELECT u.created_at FROM users u WHERE u.id = ?)
          ORDER BY v.created_at DESC, v.id DESC LIMIT 1`,
        [userId, userId],
      );
      return row && { version: toVersion(row), seen: Number(row.seen) > 0 };
    },
    async markSeen(userId: number, versionId: string, tx: Db = db): Promise<void> {
      await tx.run("INSERT INTO seen_versions (user_id, version_id) VALUES (?, ?) ON CONFLICT (user_id, version_id) DO NOTHING", [
        userId,
        versionId,
      ]);
    },
  };
}
