import { expect } from "vitest";
import type { OpenApiDocument } from "../../src/http/openapi/document";
import type { Section, SharedListResponse, Task, TaskList } from "../../src/shared/types";
import type { Dialect } from "./databases";
import { answerChecker } from "./openapi";
import { Client, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "./test-app";
import { BearerClient } from "./tokens";

/**
 * Documented operations the contract test does not call, each with why; every other one is
 * called with a valid request and its answer checked against the document. None today: the first
 * user is the administrator, webhooks go to a loopback address the admin switch allows, and the
 * long-poll answers at once because the list already has events.
 */
export const NOT_CALLED: Record<string, string> = {};

/** A browser's push subscription keys: a real P-256 point and 16 random bytes, base64url. */
async function pushKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {
    p256dh: Buffer.from(raw).toString("base64url"),
    auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
  };
}

/**
 * Calls each documented operation once with a valid request, on fixtures it makes as it goes (two
 * users, lists, items, a sub-item, a section, a share, a link guest, a poll client), and checks
 * each answer. `ann` registers first, so she is user 1, the administrator.
 */
export async function callEveryOperation(t: TestApp, document: OpenApiDocument, dialect: Dialect): Promise<Set<string>> {
  const { check, checked } = answerChecker(document);
  const name = (who: string) => `${dialect}_oa_${who}`;
  const ann = new Client(t);
  check(
    "POST /api/register",
    await ann.post("/api/register", { username: name("ann"), password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }),
    201,
  );
  const bob = new Client(t);
  const bobUser = check<{ id: number }>(
    "POST /api/register",
    await bob.post("/api/register", { username: name("bob"), password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }),
    201,
  );
  const annAgain = new Client(t);
  check("POST /api/login", await annAgain.post("/api/login", { username: name("ann"), password: TEST_PASSWORD }), 200);

  // Account
  check("GET /api/user", await ann.get("/api/user"), 200);
  check("POST /api/user/theme", await ann.post("/api/user/theme", { theme: "ocean" }), 200);
  check("GET /api/user/theme", await ann.get("/api/user/theme"), 200);
  check("GET /api/check-username", await ann.get(`/api/check-username?username=${name("nobody")}`), 200);
  check("GET /api/check-username/{username}", await ann.get(`/api/check-username/${name("bob")}`), 200);

  // Lists
  const list = check<TaskList>("POST /api/task-lists", await ann.post("/api/task-lists", { name: "Shop" }), 201);
  const spare = check<TaskList>("POST /api/task-lists", await ann.post("/api/task-lists", { name: "Spare" }), 201);
  check("GET /api/task-lists", await ann.get("/api/task-lists"), 200);
  check(
    "POST /api/task-lists/reorder",
    await ann.post("/api/task-lists/reorder", [
      { id: spare.id, position: 0 },
      { id: list.id, position: 1 },
    ]),
    200,
  );
  check("PATCH /api/task-lists/{id}", await ann.patch(`/api/task-lists/${list.id}`, { name: "Shopping" }), 200);
  check("GET /api/task-lists/by-share-id/{shareId}", await ann.get(`/api/task-lists/by-share-id/${list.shareId}`), 200);
  check("POST /api/task-lists/{id}/duplicate", await ann.post(`/api/task-lists/${list.id}/duplicate`, { name: "Copy" }), 201);
  check("DELETE /api/task-lists/{id}", await ann.delete(`/api/task-lists/${spare.id}`), 200);
  check("POST /api/task-lists/{id}/restore", await ann.post(`/api/task-lists/${spare.id}/restore`), 200);
  check("POST /api/task-lists/{id}/rotate-share-id", await ann.post(`/api/task-lists/${spare.id}/rotate-share-id`), 200);
  check("GET /api/user/last-list", await ann.get("/api/user/last-list"), 200);

  // Items and sections
  const section = check<Section>(
    "POST /api/task-lists/{id}/sections",
    await ann.post(`/api/task-lists/${list.id}/sections`, { name: "Dairy" }),
    201,
  );
  check("GET /api/task-lists/{id}/sections", await ann.get(`/api/task-lists/${list.id}/sections`), 200);
  check("PATCH /api/sections/{id}", await ann.patch(`/api/sections/${section.id}`, { name: "Milk and cheese" }), 200);
  const milk = check<Task>("POST /api/tasks", await ann.post("/api/tasks", { listId: list.id, title: "Milk", sectionId: section.id }), 201);
  const party = check<Task>(
    "POST /api/tasks",
    await ann.post("/api/tasks", { listId: list.id, title: "Party", isParent: true, dueAt: "2030-01-02" }),
    201,
  );
  // Sent twice with one Idempotency-Key: the kept answer is replayed, as documented.
  const cake = { listId: list.id, title: "Cake", parentId: party.id, quantity: "1" };
  const key = { "Idempotency-Key": `${dialect}-cake` };
  const first = check<Task>("POST /api/tasks", await ann.post("/api/tasks", cake, key), 201);
  const replayed = await ann.post<Task>("/api/tasks", cake, key);
  expect(check<Task>("POST /api/tasks", replayed, 201)).toEqual(first);
  expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  const bulk = check<{ tasks: Task[] }>(
    "POST /api/tasks/bulk",
    await ann.post("/api/tasks/bulk", { listId: list.id, items: [{ title: "Eggs" }, { title: "Bread" }] }),
    201,
  );
  check("GET /api/tasks", await ann.get(`/api/tasks?listId=${list.id}`), 200);
  check("GET /api/tasks/parent/{parentId}", await ann.get(`/api/tasks/parent/${party.id}?listId=${list.id}`), 200);
  check("PATCH /api/tasks/{id}", await ann.patch(`/api/tasks/${milk.id}`, { title: "Oat milk", quantity: "2 l" }), 200);
  check("POST /api/tasks/{id}/toggle", await ann.post(`/api/tasks/${milk.id}/toggle`), 200);
  check("POST /api/tasks/reorder", await ann.post(`/api/tasks/reorder?listId=${list.id}`, [{ id: milk.id, position: 5 }]), 200);
  const reset = check<{ resetIds: number[] }>(
    "POST /api/tasks/reset-completions",
    await ann.post("/api/tasks/reset-completions", { listId: list.id }),
    200,
  );
  check(
    "POST /api/tasks/restore-completions",
    await ann.post("/api/tasks/restore-completions", { listId: list.id, ids: reset.resetIds }),
    200,
  );
  const eggs = bulk.tasks[0]!;
  check("DELETE /api/tasks/{id}", await ann.delete(`/api/tasks/${eggs.id}`), 200);
  check("POST /api/tasks/restore", await ann.post(`/api/tasks/restore?listId=${list.id}`, { ids: [eggs.id] }), 200);
  check("GET /api/task-lists/{id}/suggestions", await ann.get(`/api/task-lists/${list.id}/suggestions?q=mi`), 200);
  check("GET /api/list/{id}", await ann.get(`/api/list/${list.id}`), 200);
  check("GET /api/task-lists/progress", await ann.get("/api/task-lists/progress"), 200);
  check("GET /api/search", await ann.get("/api/search?q=milk"), 200);
  check("POST /api/tasks/clear-completed", await ann.post(`/api/tasks/clear-completed?listId=${list.id}`), 200);
  check("DELETE /api/sections/{id}", await ann.delete(`/api/sections/${section.id}`), 200);

  // Sharing, and a link guest
  check(
    "POST /api/share-by-username",
    await ann.post("/api/share-by-username", { listId: list.id, username: name("bob"), accessLevel: "write" }),
    201,
  );
  check("GET /api/shared-by-list/{listId}", await ann.get(`/api/shared-by-list/${list.id}`), 200);
  check("GET /api/my-shared-lists", await ann.get("/api/my-shared-lists"), 200);
  check("GET /api/shared-with-me", await bob.get("/api/shared-with-me"), 200);
  check("GET /api/shared-list-ids", await bob.get("/api/shared-list-ids"), 200);
  const guest = new Client(t);
  const shared = check<SharedListResponse>("GET /api/list", await guest.get(`/api/list?shareId=${list.shareId}`), 200);
  check("POST /api/guest-name", await guest.post(`/api/guest-name?shareId=${list.shareId}`, { name: "Sam" }), 200);
  check("GET /api/task-lists/{id}/activity", await guest.get(`/api/task-lists/${shared.list.id}/activity?shareId=${list.shareId}`), 200);

  // Routines, export and import
  check("POST /api/task-lists/{id}/runs", await ann.post(`/api/task-lists/${list.id}/runs`), 201);
  check("GET /api/task-lists/{id}/runs", await ann.get(`/api/task-lists/${list.id}/runs`), 200);
  for (const format of ["md", "txt", "json"]) {
    check("GET /api/task-lists/{id}/export", await ann.get(`/api/task-lists/${list.id}/export?format=${format}`), 200);
  }
  check("GET /api/task-lists/export", await ann.get("/api/task-lists/export"), 200);
  check("POST /api/task-lists/import", await ann.post("/api/task-lists/import", { format: "md", content: "# Camping\n- [ ] Tent\n" }), 201);

  // API tokens: a session's own calls (docs/decisions/061-api-tokens.md)
  const token = check<{ id: number; token: string }>(
    "POST /api/tokens",
    await ann.post("/api/tokens", { name: "Script", access: "write", listIds: [list.id], expiresInDays: 30 }),
    201,
  );
  check("GET /api/tokens", await ann.get("/api/tokens"), 200);
  // A script with the token: the documented bearer scheme opens its list, and a session-only call refuses it.
  const script = new BearerClient(t, token.token);
  check("GET /api/list/{id}", await script.get(`/api/list/${list.id}`), 200);
  check("GET /api/tokens", await script.get("/api/tokens"), 403);
  check("DELETE /api/tokens/{id}", await ann.delete(`/api/tokens/${token.id}`), 204);

  // Webhooks: the administrator lets them reach this machine, so no call leaves it (docs/decisions/063-webhooks.md).
  check("PUT /api/admin/webhooks", await ann.request("PUT", "/api/admin/webhooks", { allowPrivate: true }), 200);
  check("GET /api/admin/webhooks", await ann.get("/api/admin/webhooks"), 200);
  const hook = check<{ id: number }>(
    "POST /api/task-lists/{id}/webhooks",
    await ann.post(`/api/task-lists/${list.id}/webhooks`, { url: "http://127.0.0.1:9/hook", format: "standard" }),
    201,
  );
  check("GET /api/task-lists/{id}/webhooks", await ann.get(`/api/task-lists/${list.id}/webhooks`), 200);
  check("GET /api/webhooks/{id}", await ann.get(`/api/webhooks/${hook.id}`), 200);
  check("POST /api/webhooks/{id}/test", await ann.post(`/api/webhooks/${hook.id}/test`), 202);
  check("DELETE /api/webhooks/{id}", await ann.delete(`/api/webhooks/${hook.id}`), 204);

  // Notifications
  check("GET /api/push/key", await ann.get("/api/push/key"), 200);
  const endpoint = `https://push.example/${dialect}/ann`;
  check("POST /api/push/subscriptions", await ann.post("/api/push/subscriptions", { endpoint, keys: await pushKeys() }), 201);
  check("DELETE /api/push/subscriptions", await ann.request("DELETE", "/api/push/subscriptions", { endpoint }), 204);
  check(
    "PUT /api/task-lists/{id}/notifications",
    await bob.request("PUT", `/api/task-lists/${list.id}/notifications`, { mode: "all" }),
    200,
  );
  check("GET /api/task-lists/{id}/notifications", await bob.get(`/api/task-lists/${list.id}/notifications`), 200);
  check("POST /api/task-lists/{id}/nudge", await ann.post(`/api/task-lists/${list.id}/nudge`, { message: "Going shopping" }), 200);
  check("GET /api/notifications", await bob.get("/api/notifications"), 200);
  check("POST /api/notifications/read", await bob.post("/api/notifications/read", { all: true }), 200);

  // Live updates by long-poll: the list has events, so the poll answers at once.
  const { clientId } = check<{ clientId: string }>("POST /api/poll/connect", await ann.post("/api/poll/connect", {}), 200);
  check("POST /api/poll/subscribe", await ann.post("/api/poll/subscribe", { clientId, listId: list.id }), 200);
  check("GET /api/poll/{clientId}", await ann.get(`/api/poll/${clientId}?lastEventId=0`), 200);
  check("POST /api/poll/unsubscribe", await ann.post("/api/poll/unsubscribe", { clientId, listId: list.id }), 200);

  // Admin (ann is user 1) and versions
  check("GET /api/admin/invite-code", await ann.get("/api/admin/invite-code"), 200);
  check("POST /api/admin/invite-code", await ann.post("/api/admin/invite-code", { inviteCode: TEST_INVITE_CODE }), 200);
  const { versionId } = check<{ versionId: string }>(
    "POST /api/admin/trigger-version-update",
    await ann.post("/api/admin/trigger-version-update", { changes: ["feat: the API is documented"] }),
    200,
  );
  check("GET /api/version/check-updates", await bob.get("/api/version/check-updates"), 200);
  check("POST /api/version/mark-seen", await bob.post("/api/version/mark-seen", { versionId }), 200);

  // Refusals answer the one documented error shape.
  const stranger = new Client(t);
  check("GET /api/user", await stranger.get("/api/user"), 401);
  check("GET /api/list/{id}", await stranger.get(`/api/list/${list.id}`), 401);
  check("POST /api/tasks", await ann.post("/api/tasks", { listId: list.id, title: "" }), 400);
  check("PATCH /api/task-lists/{id}", await bob.patch(`/api/task-lists/${list.id}`, { name: "Mine now" }), 403);
  check("GET /api/admin/invite-code", await bob.get("/api/admin/invite-code"), 403);

  // The document itself
  check("GET /api/openapi.json", await guest.get("/api/openapi.json"), 200);
  check("GET /api/docs", await guest.get("/api/docs"), 200);

  // Last, what ends sessions or changes names
  check("DELETE /api/unshare/{listId}/{userId}", await ann.delete(`/api/unshare/${list.id}/${bobUser.id}`), 200);
  check("PATCH /api/update-username", await bob.patch("/api/update-username", { username: name("robert") }), 200);
  check(
    "PATCH /api/change-password",
    await bob.patch("/api/change-password", { currentPassword: TEST_PASSWORD, newPassword: "password456", confirmPassword: "password456" }),
    200,
  );
  check("POST /api/logout", await annAgain.post("/api/logout"), 200);
  return checked;
}
