import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProgress, ownLists } from "../../src/domain/lists";
import { mySharedLists, sharedWithMe } from "../../src/domain/sharing";
import { createStore, type Store } from "../../src/store";
import type { Db, SqlValue } from "../../src/store/db";
import { migrate } from "../../src/store/migrate";
import { freshDatabase } from "../helpers/databases";

/**
 * Home's reads (own lists, shared with me, the cards' counts) and Shared Lists' must not grow with
 * other people's data (docs/decisions/036-flat-reads-and-page-render.md): SQLite's plan for each
 * statement they run searches an index by the caller, never scans a table. Without statistics
 * (the server never runs ANALYZE) the plan does not depend on how many rows there are, so a small
 * database shows the plan a large one gets.
 */
interface Statement {
  sql: string;
  params: SqlValue[];
}

/** The store's database, writing down every statement it is asked to run. */
function recording(db: Db, statements: Statement[]): Db {
  const noted = <T>(sql: string, params: SqlValue[] | undefined, run: () => T): T => {
    statements.push({ sql, params: params ?? [] });
    return run();
  };
  return {
    ...db,
    all: (sql, params) => noted(sql, params, () => db.all(sql, params)),
    get: (sql, params) => noted(sql, params, () => db.get(sql, params)),
    run: (sql, params) => noted(sql, params, () => db.run(sql, params)),
    transaction: (work) => db.transaction((tx) => work(recording(tx, statements))),
  };
}

function planOf(file: string, { sql, params }: Statement): string[] {
  const raw = new Database(file, { readonly: true, strict: true });
  try {
    return (raw.query(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((step) => step.detail);
  } finally {
    raw.close();
  }
}

/** The steps of SQLite's plan that read a whole table (or index) rather than searching it. */
const scansOf = (file: string, statement: Statement) =>
  planOf(file, statement).filter((detail) => /^SCAN /.test(detail) && !/^SCAN CONSTANT ROW/.test(detail));

describe("Home's and Shared Lists' reads on sqlite", () => {
  let file: string;
  let store: Store;
  let drop: () => Promise<void>;
  const statements: Statement[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase("sqlite");
    ({ url: file, drop } = fresh);
    await migrate(fresh.db);
    store = createStore(recording(fresh.db, statements));
    // Two people, each with lists and items, one list shared each way.
    await fresh.db.exec(`
      INSERT INTO users (username, username_key, password_hash, created_at) VALUES ('ann', 'ann', 'x', 1), ('ben', 'ben', 'x', 1);
      INSERT INTO task_lists (name, user_id, share_id, position, created_at)
        VALUES ('Groceries', 1, 's1', 0, 1), ('Chores', 1, 's2', 1, 1), ('Camping', 2, 's3', 0, 1);
      INSERT INTO tasks (list_id, user_id, title, completed, position, created_at)
        VALUES (1, 1, 'Milk', 1, 0, 1), (1, 1, 'Eggs', 0, 1, 1), (2, 1, 'Sweep', 0, 0, 1), (3, 2, 'Tent', 1, 0, 1);
      INSERT INTO list_shares (list_id, user_id, access_level, created_at) VALUES (3, 1, 'write', 1), (2, 2, 'read', 1);`);
  });
  afterAll(() => drop());

  it("search an index by the caller for every statement, and still answer the caller's own rows", async () => {
    statements.length = 0;
    expect(await listProgress(store, 1)).toEqual({ 1: { done: 1, total: 2 }, 2: { done: 0, total: 1 }, 3: { done: 1, total: 1 } });
    expect((await ownLists(store, 1)).map((list) => list.name)).toEqual(["Groceries", "Chores"]);
    expect((await sharedWithMe(store, 1)).map((item) => item.list.name)).toEqual(["Camping"]);
    expect((await mySharedLists(store, 1)).map((record) => record.listName)).toEqual(["Chores"]);
    expect(statements.length).toBeGreaterThanOrEqual(4);
    for (const statement of statements)
      expect({ sql: statement.sql, scans: scansOf(file, statement) }).toEqual({ sql: statement.sql, scans: [] });
    // The counts read the live-items index alone, never the item rows scattered through the file.
    const counts = statements.find((statement) => /COUNT\(t\.id\)/.test(statement.sql))!;
    expect(planOf(file, counts)).toContain("SEARCH t USING COVERING INDEX tasks_live (list_id=?) LEFT-JOIN");
  });

  it("tells a scan when a statement has one (the check above can fail)", () => {
    // Items found by title: no index has it, so every item of everyone is read.
    const scanning = { sql: "SELECT COUNT(*) FROM tasks WHERE title = ? AND deleted_at IS NULL", params: ["Milk"] };
    expect(scansOf(file, scanning)).toEqual([expect.stringMatching(/^SCAN tasks\b/)]);
  });
});
