import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/**
 * NUL, ESC, U+202E and a lone surrogate used to be stored in names, titles and
 * descriptions, and "\ud800x" became the invite code "\ufffdx". Each is refused with 400 and a
 * message naming the field, and nothing of it reaches the database.
 */
const REFUSED = {
  nul: "a\u0000b",
  escape: "red \u001b[31m",
  c1: "next\u0085line",
  delete: "del\u007f",
  rightToLeftOverride: "invoice\u202Etxt.exe",
  isolate: "a\u2066b\u2069",
  loneSurrogate: "\ud800x",
  loneLowSurrogate: "x\udc00",
};

/** Every stored text the calls below could have written, to prove a refused call stored nothing. */
async function storedText(t: TestApp) {
  const db = t.store.db;
  return {
    users: await db.all("SELECT id, username FROM users ORDER BY id"),
    lists: await db.all("SELECT id, name FROM task_lists ORDER BY id"),
    tasks: await db.all("SELECT id, title, description FROM tasks ORDER BY id"),
    shares: await db.all("SELECT * FROM list_shares ORDER BY id"),
    settings: await db.all("SELECT * FROM settings ORDER BY key"),
    versions: await db.all("SELECT * FROM app_versions ORDER BY version_id"),
  };
}

describeEachDialect("text input", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("refuses control characters, bidi overrides and lone surrogates in every stored text, and stores nothing", async () => {
    const admin = await registerUser(t, "admin");
    await registerUser(t, "friend");
    const list = await createList(admin, "Groceries");
    const task = await addTask(admin, { title: "Milk", listId: list.id });
    const before = await storedText(t);

    for (const [kind, bad] of Object.entries(REFUSED)) {
      const calls: Array<[string, Promise<{ status: number; body: unknown }>, string]> = [
        ["list create", admin.post("/api/task-lists", { name: bad }), "List name cannot contain control characters"],
        ["list rename", admin.patch(`/api/task-lists/${list.id}`, { name: bad }), "List name cannot contain control characters"],
        ["item create", admin.post("/api/tasks", { title: bad, listId: list.id }), "Title cannot contain control characters"],
        ["item title", admin.patch(`/api/tasks/${task.id}`, { title: bad }), "Title cannot contain control characters"],
        [
          "item description",
          admin.post("/api/tasks", { title: "Ok", description: bad, listId: list.id }),
          "Description cannot contain control characters",
        ],
        ["description edit", admin.patch(`/api/tasks/${task.id}`, { description: bad }), "Description cannot contain control characters"],
        ["rename", admin.patch("/api/update-username", { username: `ab${bad}` }), "Username cannot contain control characters"],
        [
          "share",
          admin.post("/api/share-by-username", { listId: list.id, username: `friend${bad}` }),
          "Username cannot contain control characters",
        ],
        ["invite code", admin.post("/api/admin/invite-code", { inviteCode: bad }), "Invite code cannot contain control characters"],
        [
          "version",
          admin.post("/api/admin/trigger-version-update", { changes: [`feat: ${bad}`] }),
          "A change cannot contain control characters",
        ],
      ];
      for (const [call, response, message] of calls) {
        expect({ kind, call, ...(await response) }).toMatchObject({ kind, call, status: 400, body: { message } });
      }
      const register = await new Client(t).post("/api/register", {
        username: `new${bad}`,
        password: TEST_PASSWORD,
        inviteCode: TEST_INVITE_CODE,
      });
      expect({ kind, ...register }).toMatchObject({ kind, status: 400, body: { message: "Username cannot contain control characters" } });
    }
    expect(await storedText(t)).toEqual(before);
    expect((await admin.get("/api/admin/invite-code")).body).toEqual({ inviteCode: TEST_INVITE_CODE });

    // Line breaks and tabs stay welcome in a description, and ordinary text beyond ASCII everywhere.
    const kept = await addTask(admin, {
      title: "Crème brûlée 🍮 שלום",
      description: "Line one\nLine two\r\n\tindented",
      listId: list.id,
    });
    const read = await admin.get<Task[]>(`/api/tasks?listId=${list.id}`);
    expect(read.body.find((item) => item.id === kept.id)).toMatchObject({
      title: "Crème brûlée 🍮 שלום",
      description: "Line one\nLine two\r\n\tindented",
    });
  });
});
