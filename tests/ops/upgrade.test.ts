/**
 * @module
 * Every migration upgrades the data of every earlier release. For each dialect and
 * each step k, a database migrated only to its first k migrations (the schema as a release before
 * migration k+1 left it) is seeded with plain SQL, migrated to the newest schema, and must hold
 * every row as it was and serve it through the app. The steps come from the migrations folder, so
 * a new migration is covered without touching this file. Each committed release fixture
 * (tests/fixtures/release-*.db, scripts/make-upgrade-fixture.ts) is upgraded the same way.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { loadAssets } from "../../src/assets";
import { SESSION_COOKIE } from "../../src/auth/sessions";
import { readConfig } from "../../src/config";
import { createMemoryBus } from "../../src/realtime/bus";
import type { Task } from "../../src/shared/types";
import { createStore } from "../../src/store";
import type { Db } from "../../src/store/db";
import { migrate, migrationNames } from "../../src/store/migrate";
import { openSqlite } from "../../src/store/sqlite";
import { SEED_PASSWORD, SEED_SHARE_ID, SEED_TOKENS, type Seeded, readBack, seedDatabase } from "../fixtures/upgrade-seed";
import { describeEachDialect, freshDatabase } from "../helpers/databases";

const FIXTURES = fileURLToPath(new URL("../fixtures", import.meta.url));
let passwordHash = "";

beforeAll(async () => {
  passwordHash = await Bun.password.hash(SEED_PASSWORD);
});

/** The newest schema holds every seeded row unchanged, and the app serves them to their users. */
async function expectUpgraded(db: Db, seeded: Seeded) {
  const applied = await db.all<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
  expect(applied.map((row) => row.name)).toEqual(migrationNames(db.dialect));
  const { found, expected } = await readBack(db, seeded.rows);
  expect(found).toEqual(expected);

  const store = createStore(db);
  const app = createApp({ store, config: { ...readConfig({}), sessionSecure: false }, bus: createMemoryBus(), assets: await loadAssets() });
  const as = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
  const { ids } = seeded;

  // Signed in across the upgrade: the session rows still stand.
  const me = await app.request("/api/user", { headers: as(SEED_TOKENS.alice) });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ id: ids.alice, username: "Alice" });

  const read = await app.request(`/api/list/${ids.groceries}`, { headers: as(SEED_TOKENS.alice) });
  expect(read.status).toBe(200);
  const body = (await read.json()) as { list: { name: string }; tasks: Task[]; isOwner: boolean };
  expect(body.list.name).toBe("Groceries");
  expect(body.isOwner).toBe(true);
  const byTitle = new Map(body.tasks.map((task) => [task.title, task]));
  // The item deleted before the upgrade stays deleted.
  expect([...byTitle.keys()].sort()).toEqual(["Bread", "Milk", "Rye", "Sourdough"]);
  expect(byTitle.get("Milk")).toMatchObject({ id: ids.milk, completed: true, description: "2 litres, oat" });
  expect(byTitle.get("Rye")).toMatchObject({ id: ids.rye, parentId: ids.bread, completed: false });
  expect(byTitle.get("Sourdough")).toMatchObject({ parentId: ids.bread, completed: true });

  // Bob's share and the list's link still open it.
  expect((await app.request(`/api/list/${ids.groceries}`, { headers: as(SEED_TOKENS.bob) })).status).toBe(200);
  const byLink = await app.request(`/api/task-lists/by-share-id/${SEED_SHARE_ID}`);
  expect(byLink.status).toBe(200);
  expect(await byLink.json()).toMatchObject({ id: ids.groceries, name: "Groceries" });

  // The password still signs in, and new rows get ids of their own (PostgreSQL's identities move on).
  const json = { "content-type": "application/json" };
  const login = await app.request("/api/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "Alice", password: SEED_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const added = await app.request("/api/tasks", {
    method: "POST",
    headers: { ...json, ...as(SEED_TOKENS.alice) },
    body: JSON.stringify({ listId: ids.trip, title: "After the upgrade" }),
  });
  expect(added.status).toBe(201);
  expect(((await added.json()) as Task).id).toBeGreaterThan(ids.milk);
}

describeEachDialect("upgrading a database", (dialect) => {
  const names = migrationNames(dialect);
  // The last step is the newest schema itself: the seed and the checks hold there too.
  it.each(names.map((name, i) => [name, i + 1] as const))(
    "seeded after %s, migrated to the newest schema, keeps every row",
    async (_name, steps) => {
      const { db, drop } = await freshDatabase(dialect);
      try {
        expect(await migrate(db, steps)).toEqual(names.slice(0, steps));
        const seeded = await seedDatabase(db, passwordHash);
        expect(await migrate(db)).toEqual(names.slice(steps));
        await expectUpgraded(db, seeded);
      } finally {
        await drop();
      }
    },
  );
});

describe("the release fixtures", () => {
  const fixtures = readdirSync(FIXTURES).filter((name) => /^release-.+\.db$/.test(name));

  it("include the current release's", () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(fixtures).toContain(`release-${version}.db`);
  });

  it.each(fixtures)("%s upgrades to the newest schema with every row intact", async (fixture) => {
    const copy = join(mkdtempSync(join(tmpdir(), "listwell-upgrade-")), fixture);
    copyFileSync(join(FIXTURES, fixture), copy);
    const seeded = JSON.parse(readFileSync(join(FIXTURES, fixture.replace(/\.db$/, ".json")), "utf8")) as Seeded & { migrations: string[] };
    const db = openSqlite(copy);
    try {
      expect(await migrate(db)).toEqual(migrationNames("sqlite").filter((name) => !seeded.migrations.includes(name)));
      await expectUpgraded(db, seeded);
    } finally {
      await db.close();
    }
  });
});
