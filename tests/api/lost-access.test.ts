import { afterAll, beforeAll, expect, it } from "vitest";
import { whyLost } from "../../src/domain/lost-access";
import { DAY_MS } from "../../src/shared/rules/links";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Why a list no longer opens, as the server may tell it (docs/decisions/048-dead-links.md): a link
 * its own story, no existence without one but to the deleted list's owner and recipients.
 */
describeEachDialect("why a list no longer opens", (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let ownerId: number;
  let recipientId: number;
  let strangerId: number;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
    ownerId = (await owner.get<{ id: number }>("/api/user")).body.id;
    const recipient = await registerUser(t, "recipient");
    recipientId = (await recipient.get<{ id: number }>("/api/user")).body.id;
    const stranger = await registerUser(t, "stranger");
    strangerId = (await stranger.get<{ id: number }>("/api/user")).body.id;
  });
  afterAll(() => t.close());

  const why = (listId: number | undefined, userId: number | null, shareId?: string) =>
    whyLost(t.store, { userId, ...(shareId ? { shareId } : {}) }, listId);

  it("tells a link holder that the link was reset or expired, and nothing for a link that never was the list's", async () => {
    const list = await createList(owner, "Reset");
    const rotated = (await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    expect(await why(list.id, null, list.shareId)).toEqual({ kind: "reset" });
    expect(await why(list.id, strangerId, list.shareId)).toEqual({ kind: "reset" });
    expect(await why(list.id, null, "made-up")).toEqual({ kind: "unknown-link" });
    // Another list's link, even a live one, says nothing about this list.
    const other = await createList(owner, "Other");
    expect(await why(list.id, null, other.shareId)).toEqual({ kind: "unknown-link" });
    expect(await why(999_999, null, rotated.shareId)).toEqual({ kind: "unknown-link" });

    const expiring = (await owner.patch<TaskList>(`/api/task-lists/${other.id}`, { linkExpiresInDays: 1 })).body;
    t.clock.advance(DAY_MS);
    expect(await why(other.id, null, other.shareId)).toEqual({ kind: "expired", expiredAt: expiring.linkExpiresAt });
  });

  it("tells of a deletion through the link, and without one only the owner and a recipient, who hears by whom", async () => {
    const list = await createList(owner, "Deleted");
    expect((await owner.post("/api/share-by-username", { listId: list.id, username: "recipient", accessLevel: "read" })).status).toBe(201);
    expect((await owner.delete(`/api/task-lists/${list.id}`)).status).toBe(200);
    expect(await why(list.id, null, list.shareId)).toEqual({ kind: "deleted", ownerName: null });
    expect(await why(list.id, recipientId)).toEqual({ kind: "deleted", ownerName: "owner" });
    expect(await why(list.id, ownerId)).toEqual({ kind: "deleted", ownerName: null, yours: true });
    expect(await why(list.id, strangerId)).toEqual({ kind: "not-visible" });
    expect(await why(999_999, strangerId)).toEqual({ kind: "not-visible" });
    expect(await why(undefined, strangerId)).toEqual({ kind: "not-visible" });
  });
});
