/**
 * @module A list's memory of the titles it has held (docs/decisions/057-memory.md): per title its
 * latest spelling, quantity and section, how often and when it was used, and its frecency rank.
 */
import type { Suggestion } from "../shared/memory";
import { isoFromMs, type Db } from "./db";

/** Uses count half as much after 14 days. */
export const HALF_LIFE_MS = 14 * 24 * 60 * 60 * 1000;
const TAU_MS = HALF_LIFE_MS / Math.LN2;

/** ln(e^a + e^b) without leaving the doubles' range: `rank` is a sum of exponentials kept as its log. */
export const logAddExp = (a: number, b: number): number => Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b)));

/** One use's weight, as a log: its time in units of tau since the epoch (e^rank is Σ e^(t/tau)). */
export const rankOfUse = (at: number): number => at / TAU_MS;

/**
 * A list remembers at most this many titles: a new one past it forgets the least used (lowest
 * rank), so the table stays bounded and a suggestion's scan of one list stays short.
 */
export const TITLES_KEPT_PER_LIST = 2000;

/** One use of a title: who it is (its keys) and what it was this time. */
export interface TitleUse {
  titleKey: string;
  words: string;
  title: string;
  quantity: string | null;
  sectionId: number | null;
}

interface MemoryRow {
  title: string;
  quantity: string | null;
  section_id: number | string | null;
  uses: number | string;
  last_used_at: number | string;
  [column: string]: unknown;
}

/** `%` and `_` are LIKE's; `\` escapes them (ESCAPE '\' on both dialects). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function memoryStore(db: Db) {
  return {
    /** The section each of `titleKeys` was last in, where it still exists (a deleted one is null). */
    async sectionsOf(listId: number, titleKeys: string[], tx: Db = db): Promise<Map<string, number>> {
      if (titleKeys.length === 0) return new Map();
      const rows = await tx.all<{ title_key: string; section_id: number | string }>(
        `SELECT title_key, section_id FROM list_memory WHERE list_id = ? AND section_id IS NOT NULL
           AND title_key IN (${titleKeys.map(() => "?").join(", ")})`,
        [listId, ...titleKeys],
      );
      return new Map(rows.map((row) => [row.title_key, Number(row.section_id)]));
    },
    /** Counts a use of the title at `at`: its rank grows by e^(at/tau), its spelling, quantity and section become this use's. */
    async recordUse(listId: number, use: TitleUse, at: number, tx: Db = db): Promise<void> {
      const row = await tx.get<{ rank: number | string }>("SELECT rank FROM list_memory WHERE list_id = ? AND title_key = ?", [
        listId,
        use.titleKey,
      ]);
      const rank = row ? logAddExp(Number(row.rank), rankOfUse(at)) : rankOfUse(at);
      await tx.run(
        `INSERT INTO list_memory (list_id, title_key, words, title, quantity, section_id, uses, last_used_at, rank)
         VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
         ON CONFLICT (list_id, title_key) DO UPDATE SET words = excluded.words, title = excluded.title,
           quantity = excluded.quantity, section_id = excluded.section_id, uses = list_memory.uses + 1,
           last_used_at = excluded.last_used_at, rank = excluded.rank`,
        [listId, use.titleKey, use.words, use.title, use.quantity, use.sectionId, at, rank],
      );
      if (row) return;
      // Below the rank of the last one kept (read from the rank index): only a new title can pass the bound.
      await tx.run(
        `DELETE FROM list_memory WHERE list_id = ? AND rank < (
           SELECT rank FROM list_memory WHERE list_id = ? ORDER BY rank DESC LIMIT 1 OFFSET ?)`,
        [listId, listId, TITLES_KEPT_PER_LIST - 1],
      );
    },
    /** An item moved to another section: the title is remembered there, with no use counted. */
    async setSection(listId: number, titleKey: string, sectionId: number | null, tx: Db = db): Promise<void> {
      await tx.run("UPDATE list_memory SET section_id = ? WHERE list_id = ? AND title_key = ?", [sectionId, listId, titleKey]);
    },
    /** The best `limit` remembered titles with a word starting `prefix` (match text; "" for any), by frecency. */
    async best(
      listId: number,
      prefix: string,
      limit: number,
      tx: Db = db,
    ): Promise<Array<Omit<Suggestion, "onList"> & { titleKey: string }>> {
      const match = prefix === "" ? "" : " AND words LIKE ? ESCAPE '\\'";
      const rows = await tx.all<MemoryRow>(
        `SELECT title_key, title, quantity, section_id, uses, last_used_at FROM list_memory
          WHERE list_id = ?${match} ORDER BY rank DESC, last_used_at DESC, title_key LIMIT ?`,
        prefix === "" ? [listId, limit] : [listId, `% ${likeEscaped(prefix)}%`, limit],
      );
      return rows.map((row) => ({
        titleKey: String(row.title_key),
        title: row.title,
        quantity: row.quantity ?? null,
        sectionId: row.section_id == null ? null : Number(row.section_id),
        uses: Number(row.uses),
        lastUsedAt: isoFromMs(row.last_used_at),
      }));
    },
  };
}
