import { afterAll, beforeAll, expect, it } from "vitest";
import type { SharedListResponse, SharedWithMeItem } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * A read-level recipient stays read-only. The share link opens the list at the link's
 * level (write by default) to anyone, so such a recipient must never be handed it.
 */
describeEachDialect("share links kept from read-level recipients", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("answers an empty shareId to a read recipient, the real one to a write recipient and to link holders", async () => {
    const owner = await registerUser(t, "keeper");
    const reader = await registerUser(t, "reader");
    const writer = await registerUser(t, "writer");
    const list = await createList(owner, "Secret plans");
    await owner.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "read" });
    await owner.post("/api/share-by-username", { listId: list.id, username: "writer", accessLevel: "write" });

    const readerItems = await reader.get<SharedWithMeItem[]>("/api/shared-with-me");
    expect(readerItems.body.map((item) => item.list)).toEqual([{ id: list.id, name: "Secret plans", shareId: "", userId: owner.user.id }]);
    const readerView = await reader.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(readerView.body).toMatchObject({ accessLevel: "read", isOwner: false, list: { id: list.id, shareId: "" } });
    expect(JSON.stringify(readerView.body)).not.toContain(list.shareId);
    const page = await reader.get<string>(`/list/${list.id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(list.shareId);
    expect((await reader.post("/api/tasks", { title: "Sneaky", listId: list.id })).status).toBe(403);

    expect((await writer.get<SharedWithMeItem[]>("/api/shared-with-me")).body[0]!.list.shareId).toBe(list.shareId);
    expect((await writer.get<SharedListResponse>(`/api/list/${list.id}`)).body.list.shareId).toBe(list.shareId);
    expect((await new Client(t).get<SharedListResponse>(`/api/list?shareId=${list.shareId}`)).body.list.shareId).toBe(list.shareId);
    expect((await owner.get<SharedListResponse>(`/api/list/${list.id}`)).body.list.shareId).toBe(list.shareId);
  });
});
