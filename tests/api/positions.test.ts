import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSITION_MAX } from "../../src/shared/lists";
import { testDialects } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** One huge position must not break "highest position + 1" for everyone else on the list. */
for (const dialect of await testDialects()) {
  describe(`positions on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp(dialect);
    });
    afterAll(() => t.close());

    it("refuses positions past the cap with 400 and keeps creating after the highest allowed one", async () => {
      const owner = await registerUser(t, "placer");
      const list = await createList(owner, "Edges");
      const huge = await owner.post("/api/tasks", { title: "Far away", listId: list.id, position: 2_147_483_647 });
      expect(huge).toMatchObject({ status: 400, body: { message: "Position is too large" } });
      await addTask(owner, { title: "Last", listId: list.id, position: POSITION_MAX });
      expect((await addTask(owner, { title: "After", listId: list.id })).position).toBe(POSITION_MAX + 1);
      const reorder = await owner.post("/api/task-lists/reorder", [{ id: list.id, position: 2_147_483_647 }]);
      expect(reorder.status).toBe(400);
    });
  });
}
