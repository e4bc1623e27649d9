import type { Db, SqlValue } from "./db";

/** An item a search found, as the domain shapes it into a result (docs/decisions/058-search.md). */
export interface FoundItem {
  id: number;
  listId: number;
  title: string;
  description: string;
  completed: boolean;
  /** Every searched word is a prefix of a word of the title (the database's folding decides). */
  inTitle: boolean;
}

interface FoundRow {
  id: number | string;
  list_id: number | string;
  title: string;
  description: string;
  completed: number | string | boolean;
  in_title: number | string | boolean;
  [column: string]: unknown;
}

/** A word the person typed as an FTS5 prefix phrase: quoted, so no word is ever read as FTS syntax. */
const ftsPrefix = (word: string) => `"${word.replaceAll('"', '""')}"*`;

/**
 * What each dialect matches with, and the values for its placeholders. SQLite: the FTS5 index of
 * migration 020, whose tokenizer folds accents and case on both sides, asked for the caller's
 * lists by their tokens so it never walks other people's matches. PostgreSQL: the weighted words
 * of migration 019, each searched word folded by the same `search_fold` and quoted as a lexeme,
 * weight A (the title) or any; the query is built once per search (a subquery), not per row.
 */
function matching(db: Db, words: string[], listIds: number[]) {
  if (db.dialect === "sqlite") {
    const all = words.map(ftsPrefix).join(" ");
    const lists = `{list} : (${listIds.map((id) => `"l${id}"`).join(" OR ")})`;
    return {
      join: "JOIN tasks_search s ON s.rowid = t.id",
      where: { sql: "tasks_search MATCH ?", params: [`{title description} : (${all}) AND ${lists}`] },
      inTitle: { sql: "t.id IN (SELECT rowid FROM tasks_search WHERE tasks_search MATCH ?)", params: [`{title} : (${all}) AND ${lists}`] },
    };
  }
  const query = (weight: string) =>
    `(SELECT ${words.map(() => `to_tsquery('simple', quote_literal(search_fold(?)) || ':*${weight}')`).join(" && ")})`;
  return {
    join: "",
    where: { sql: `t.search_words @@ ${query("")}`, params: words },
    inTitle: { sql: `t.search_words @@ ${query("A")}`, params: words },
  };
}

export function searchStore(db: Db) {
  return {
    /**
     * Live items of the lists `listIds` (in the caller's order) matching every word as a prefix,
     * at most `limit`: title matches first, then by the lists' order and the items' place in their
     * list (a sub-item after its parent). A sub-item of a deleted parent is as gone as its parent.
     */
    async findItems(listIds: number[], words: string[], limit: number): Promise<FoundItem[]> {
      if (listIds.length === 0 || words.length === 0 || limit <= 0) return [];
      const { join, where, inTitle } = matching(db, words, listIds);
      const marks = listIds.map(() => "?").join(", ");
      const listOrder = `CASE t.list_id ${listIds.map((_, rank) => `WHEN ? THEN ${rank}`).join(" ")} END`;
      const params: SqlValue[] = [...inTitle.params, ...where.params, ...listIds, ...listIds, limit];
      const rows = await db.all<FoundRow>(
        `SELECT t.id, t.list_id, t.title, t.description, t.completed, ${inTitle.sql} AS in_title
           FROM tasks t ${join} LEFT JOIN tasks p ON p.id = t.parent_id
          WHERE ${where.sql} AND t.deleted_at IS NULL AND t.list_id IN (${marks}) AND (p.id IS NULL OR p.deleted_at IS NULL)
          ORDER BY in_title DESC, ${listOrder}, COALESCE(p.position, t.position), COALESCE(p.id, t.id), t.parent_id IS NOT NULL, t.position, t.id
          LIMIT ?`,
        params,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        listId: Number(row.list_id),
        title: row.title,
        description: row.description,
        completed: Boolean(Number(row.completed)),
        inTitle: Boolean(Number(row.in_title)),
      }));
    },
  };
}
