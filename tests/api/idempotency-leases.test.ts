import { afterAll, beforeAll, expect, it } from "vitest";
import {
  claimKey,
  fingerprint,
  guardingKeyedWrites,
  heldKeys,
  LEASE_MS,
  renewKey,
  settleKey,
  type KeyOutcome,
} from "../../src/domain/idempotency";
import { createTask } from "../../src/domain/tasks";
import type { HeldKey } from "../../src/store/idempotency";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { taskSnapshot } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Idempotency-Key when a request holding a key stalls or dies: what another try with
 * the key is told, when it may take the key over, and that the stalled one then writes nothing.
 */
const heldOf = (outcome: KeyOutcome): HeldKey => {
  if (!("held" in outcome)) throw new Error("expected the key to be held");
  return outcome.held;
};

describeEachDialect("Idempotency-Key leases", (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let listId: number;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    user = await registerUser(t, "lea");
    listId = (await createList(user, "Leases")).id;
  });
  afterAll(() => t.close());

  const caller = () => `user:${user.user.id}`;
  const body = (title: string) => JSON.stringify({ listId, title });
  /** The key as the HTTP layer would claim it for `POST /api/tasks {listId, title}`, at `now`. */
  const claimAt = (key: string, title: string, now: number) =>
    claimKey(t.store, caller(), key, fingerprint("POST", "http://localhost/api/tasks", new TextEncoder().encode(body(title)).buffer), now);
  const task = (title: string) => ({ listId, title, description: "", isParent: false, completed: false, parentId: 0 });
  const send = (key: string, title: string) => user.post("/api/tasks", JSON.parse(body(title)), { "Idempotency-Key": key });

  it("answers 409 with Retry-After while another request holds the key, and runs once it is let go", async () => {
    const held = heldOf(await claimAt("busy", "Busy", Date.now()));
    const before = await taskSnapshot(t);
    const busy = await send("busy", "Busy");
    expect([busy.status, busy.body, busy.headers.get("retry-after")]).toEqual([
      409,
      { message: "A request with this Idempotency-Key is still in progress", error: "IDEMPOTENCY_KEY_IN_PROGRESS" },
      "1",
    ]);
    expect(await taskSnapshot(t)).toEqual(before);
    // A server fault is not kept: the key is let go, and the next try runs.
    await settleKey(t.store, held, { status: 503, contentType: "application/json", body: "{}" });
    const ran = await send("busy", "Busy");
    expect([ran.status, ran.body.title, ran.headers.get("idempotent-replayed")]).toEqual([201, "Busy", null]);
  });

  it("takes over a key whose request died before writing anything, once its lease ran out", async () => {
    await claimAt("orphan", "Orphan", Date.now() - LEASE_MS - 1_000);
    const ran = await send("orphan", "Orphan");
    expect([ran.status, ran.body.title]).toEqual([201, "Orphan"]);
    expect((await send("orphan", "Orphan")).headers.get("idempotent-replayed")).toBe("true");
  });

  it("never applies again a change that was applied but whose answer was lost", async () => {
    const held = heldOf(await claimAt("lost", "Lost", Date.now() - LEASE_MS - 1_000));
    // The write committed with its mark; the process stopped before the answer was kept.
    await heldKeys.run(held, () => createTask(guardingKeyedWrites(t.store), t.bus, { userId: user.user.id }, task("Lost")));
    const before = await taskSnapshot(t);
    const retry = await send("lost", "Lost");
    expect([retry.status, retry.body]).toEqual([
      409,
      { message: "This change was saved, but its answer was lost. Reload to see it.", error: "IDEMPOTENCY_KEY_ANSWER_LOST" },
    ]);
    expect(await taskSnapshot(t)).toEqual(before);
    // A server fault after the write committed keeps the key too, its lease ended at once.
    const faulted = heldOf(await claimAt("faulted", "Faulted", Date.now()));
    await heldKeys.run(faulted, () => createTask(guardingKeyedWrites(t.store), t.bus, { userId: user.user.id }, task("Faulted")));
    await settleKey(t.store, faulted, { status: 503, contentType: "application/json", body: "{}" });
    expect((await send("faulted", "Faulted")).body.error).toBe("IDEMPOTENCY_KEY_ANSWER_LOST");
    expect((await taskSnapshot(t)).tasks.length).toBe(before.tasks.length + 1);
  });

  it("refuses the write of a request that outlived its lease and lost its key to a retry", async () => {
    const stalled = heldOf(await claimAt("stalled", "Stalled", Date.now() - LEASE_MS - 1_000));
    const retry = await send("stalled", "Stalled");
    expect(retry.status).toBe(201);
    const before = await taskSnapshot(t);
    const late = heldKeys.run(stalled, () => createTask(guardingKeyedWrites(t.store), t.bus, { userId: user.user.id }, task("Stalled")));
    await expect(late).rejects.toMatchObject({ status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS" });
    expect(await taskSnapshot(t)).toEqual(before);
    // Positive control: without a key the same call writes.
    await createTask(guardingKeyedWrites(t.store), t.bus, { userId: user.user.id }, task("Unkeyed"));
    expect((await taskSnapshot(t)).tasks.length).toBe(before.tasks.length + 1);
  });

  // Last: it moves the app's clock forward.
  it("keeps the key of a request still running past its first lease, since it renews it, and never revives an ended lease", async () => {
    const now = t.clock.now();
    const running = heldOf(await claimAt("running", "Running", now));
    await claimAt("dead", "Dead", now);
    t.clock.advance(LEASE_MS - 1_000);
    expect(await renewKey(t.store, running)).toBe(true);
    t.clock.advance(2_000);
    const waiting = await send("running", "Running");
    expect([waiting.status, waiting.body.error]).toEqual([409, "IDEMPOTENCY_KEY_IN_PROGRESS"]);
    // The one that stopped renewing is taken over by its retry.
    expect((await send("dead", "Dead")).status).toBe(201);
    // Applied, then a server fault: its lease ends, and a renewal still on its way does not bring it back.
    await heldKeys.run(running, () => createTask(guardingKeyedWrites(t.store), t.bus, { userId: user.user.id }, task("Running")));
    await settleKey(t.store, running, { status: 503, contentType: "application/json", body: "{}" });
    expect(await renewKey(t.store, running)).toBe(false);
    expect((await send("running", "Running")).body.error).toBe("IDEMPOTENCY_KEY_ANSWER_LOST");
  });
});
