import { afterAll, beforeAll, expect, it } from "vitest";
import { POSITION_MAX } from "../../src/shared/lists";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Positions of a list are one per item, and every child sits right after its parent (or its siblings). */
function layoutProblems(tasks: Task[]): string[] {
  const problems: string[] = [];
  const positions = tasks.map((task) => task.position);
  if (new Set(positions).size !== positions.length) problems.push(`duplicate positions ${positions.join(",")}`);
  tasks.forEach((task, index) => {
    if (task.parentId === 0) return;
    const before = tasks[index - 1];
    if (!before || (before.id !== task.parentId && before.parentId !== task.parentId))
      problems.push(`child ${task.id} is not after its parent`);
  });
  return problems;
}

/** One huge position must not break "highest position + 1" for everyone else on the list. */
describeEachDialect("positions", (dialect) => {
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

  it("keeps positions distinct and children after their parent through 100 rounds of swaps sent from stale views", async () => {
    const owner = await registerUser(t, "swapper");
    const list = await createList(owner, "Swaps");
    const other = new Client(t);
    other.cookie = owner.cookie;
    const parent = await addTask(owner, { title: "Parent", listId: list.id, isParent: true });
    for (const title of ["A", "B", "C", "D"]) await addTask(owner, { title, listId: list.id });
    for (const title of ["child 1", "child 2"]) await addTask(owner, { title, listId: list.id, parentId: parent.id });
    const read = async () => (await owner.get<Task[]>(`/api/tasks?listId=${list.id}`)).body;
    const swap = (client: Client, view: Task[], a: number, b: number) =>
      client.post("/api/tasks/reorder", [
        { id: view[a]!.id, position: view[b]!.position },
        { id: view[b]!.id, position: view[a]!.position },
      ]);
    const problems: string[] = [];
    for (let round = 0; round < 100 && problems.length === 0; round++) {
      // Both clients look at the list, then each swaps two neighbours of what it saw.
      const topLevel = (await read()).filter((task) => task.parentId === 0);
      const first = round % (topLevel.length - 1);
      const second = (round + 1) % (topLevel.length - 1);
      const answers = await Promise.all([swap(owner, topLevel, first, first + 1), swap(other, topLevel, second, second + 1)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      problems.push(...layoutProblems(await read()).map((problem) => `round ${round}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect((await read()).length).toBe(7);
  });
});
