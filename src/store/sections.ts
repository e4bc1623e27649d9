/** @module A list's sections (docs/decisions/057-memory.md): named groups of its items, in order. */
import { nameKey } from "../shared/title-keys";
import type { Section } from "../shared/types";
import type { Db } from "./db";

interface SectionRow {
  id: number | string;
  list_id: number | string;
  name: string;
  position: number | string;
  [column: string]: unknown;
}

const toSection = (row: SectionRow): Section => ({ id: Number(row.id), name: row.name, position: Number(row.position) });

/** A section with the list it belongs to, for the calls that name a section by its id. */
export interface SectionOfList extends Section {
  listId: number;
}

export function sectionsStore(db: Db) {
  return {
    /**
     * The list's sections, ordered by position then id, each answered with its index as its
     * position: a list whose positions collided before every change renumbered them still reads 0..n-1.
     */
    async listByList(listId: number, tx: Db = db): Promise<Section[]> {
      const rows = await tx.all<SectionRow>("SELECT * FROM sections WHERE list_id = ? ORDER BY position, id", [listId]);
      return rows.map((row, index) => ({ ...toSection(row), position: index }));
    },
    async findById(id: number, tx: Db = db): Promise<SectionOfList | undefined> {
      const row = await tx.get<SectionRow>("SELECT * FROM sections WHERE id = ?", [id]);
      return row && { ...toSection(row), listId: Number(row.list_id) };
    },
    /** Whether `id` is a section of list `listId`. */
    async isInList(id: number, listId: number, tx: Db = db): Promise<boolean> {
      return (await tx.get("SELECT 1 AS found FROM sections WHERE id = ? AND list_id = ?", [id, listId])) !== undefined;
    },
    async countInList(listId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM sections WHERE list_id = ?", [listId]);
      return Number(row?.n ?? 0);
    },
    /** The section of the list named `name` (case-folded), other than `exceptId`, if any. */
    async findByName(listId: number, name: string, exceptId: number, tx: Db = db): Promise<Section | undefined> {
      const row = await tx.get<SectionRow>("SELECT * FROM sections WHERE list_id = ? AND name_key = ? AND id <> ?", [
        listId,
        nameKey(name),
        exceptId,
      ]);
      return row && toSection(row);
    },
    /** The position after the list's last section, or 0 when it has none. */
    async nextPosition(listId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ p: number | string | null }>("SELECT MAX(position) AS p FROM sections WHERE list_id = ?", [listId]);
      return row?.p == null ? 0 : Number(row.p) + 1;
    },
    /**
     * Numbers the list's sections 0..n-1 in their order, `move.id` first taken out and put back
     * at index `move.index` (past the end: last); writes only the positions that change and
     * answers the sections in their new order. The caller holds the list's row lock, so two
     * changes at once number the list one after the other, never from the same stale order.
     */
    async renumber(listId: number, tx: Db, move?: { id: number; index: number }): Promise<Section[]> {
      const rows = await tx.all<SectionRow>("SELECT * FROM sections WHERE list_id = ? ORDER BY position, id", [listId]);
      const moved = move && rows.findIndex((row) => Number(row.id) === move.id);
      if (move && moved !== undefined && moved >= 0) rows.splice(move.index, 0, ...rows.splice(moved, 1));
      for (const [index, row] of rows.entries()) {
        if (Number(row.position) !== index) await tx.run("UPDATE sections SET position = ? WHERE id = ?", [index, row.id]);
      }
      return rows.map((row, index) => ({ ...toSection(row), position: index }));
    },
    async insert(listId: number, name: string, position: number, now: number, tx: Db = db): Promise<Section> {
      const rows = await tx.all<SectionRow>(
        "INSERT INTO sections (list_id, name, name_key, position, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *",
        [listId, name, nameKey(name), position, now],
      );
      return toSection(rows[0]!);
    },
    async rename(id: number, name: string, tx: Db = db): Promise<void> {
      await tx.run("UPDATE sections SET name = ?, name_key = ? WHERE id = ?", [name, nameKey(name), id]);
    },
    /**
     * Deletes the section and takes every item out of it first, deleted ones too (so an Undo
     * brings them back with no section); answers the live items it moved, ordered like the list.
     */
    async delete(id: number, tx: Db = db): Promise<number[]> {
      const rows = await tx.all<{ id: number | string; deleted_at: unknown; position: number | string }>(
        "UPDATE tasks SET section_id = NULL WHERE section_id = ? RETURNING id, deleted_at, position",
        [id],
      );
      await tx.run("DELETE FROM sections WHERE id = ?", [id]);
      return rows
        .filter((row) => row.deleted_at == null)
        .sort((a, b) => Number(a.position) - Number(b.position) || Number(a.id) - Number(b.id))
        .map((row) => Number(row.id));
    },
  };
}
