import { afterAll, beforeAll, expect, it } from "vitest";
import { KEY_KEPT_MS, purgeIdempotencyKeys } from "../../src/domain/idempotency";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * A claim counts a caller's keys of the day only once all they hold may reach 1,000
 * (docs/decisions/038-fast-writes.md): what they hold is kept by the database itself, so keys let
 * go, purged or written by any other path move it, and the limit stays exact.
 */
const keyed = (key: string) => ({ "Idempotency-Key": key });

describeEachDialect("Idempotency-Key limit after keys come and go", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const heldAndCounted = async (caller: string) => {
    const held = await t.store.db.get<{ held: number | string }>("SELECT held FROM idempotency_callers WHERE caller = ?", [caller]);
    const counted = await t.store.db.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE caller = ?", [caller]);
    return [held === undefined ? 0 : Number(held.held), Number(counted!.n)];
  };

  it("refuses the 1,001st key of a day, lets keys let go and purged free their place, and holds what the table holds", async () => {
    const ida = await registerUser(t, "ida");
    const caller = `user:${ida.user.id}`;
    const list = await createList(ida, "Errands");
    await t.store.db.transaction(async (tx) => {
      for (let n = 0; n < 999; n++) {
        await tx.run(
          "INSERT INTO idempotency_keys (caller, request_key, fingerprint, lease, lease_until, applied, status, content_type, body, created_at) VALUES (?, ?, 'f', 'l', 0, 1, 201, NULL, '', ?)",
          [caller, `old-${n}`, t.clock.now()],
        );
      }
    });
    expect(await heldAndCounted(caller)).toEqual([999, 999]);
    // A call at an item that is not there lets its key go: it takes no place.
    for (let n = 0; n < 3; n++) expect((await ida.patch("/api/tasks/999999", { completed: true }, keyed(`gone-${n}`))).status).toBe(404);
    expect(await heldAndCounted(caller)).toEqual([999, 999]);
    expect((await ida.post("/api/tasks", { listId: list.id, title: "Milk" }, keyed("last"))).status).toBe(201);
    const over = await ida.post("/api/tasks", { listId: list.id, title: "Eggs" }, keyed("over"));
    expect([over.status, over.body.error]).toEqual([429, "IDEMPOTENCY_KEY_LIMIT"]);
    expect(await heldAndCounted(caller)).toEqual([1000, 1000]);
    t.clock.advance(KEY_KEPT_MS + 1);
    expect(await purgeIdempotencyKeys(t.store)).toBe(1000);
    expect(await heldAndCounted(caller)).toEqual([0, 0]);
    expect((await ida.post("/api/tasks", { listId: list.id, title: "Eggs" }, keyed("over"))).status).toBe(201);
    expect(await heldAndCounted(caller)).toEqual([1, 1]);
  });
});
