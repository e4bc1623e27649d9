import type { Db } from "./db";

export function settingsStore(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = ?", [key]);
      return row?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value]);
    },
  };
}
