/**
 * How long a kill -9 blocks the retries of the writes it cut off (docs/http-contract.md#idempotency-key,
 * docs/decisions/018-idempotency.md). Starts `bun src/server.ts` of the tree given on a fresh
 * SQLite file; 8 writers add items with a fresh key each; 40 adds and 0 to 30 ms later the process is killed and
 * started again at once, and every write that got no answer is sent again with its key every
 * 100 ms until it is written (201) or its key says its answer was lost. Prints how many retries
 * were told "in progress" and how long after the restart the last one settled. Repeats `rounds` times.
 *
 *   bun bench/idempotency-restart.ts [tree=.] [port=4160] [rounds=5]
 */
import { resolve } from "node:path";
import { treeServer } from "./tree-server";

const tree = resolve(process.argv[2] ?? ".");
const port = Number(process.argv[3] ?? 4160);
const rounds = Number(process.argv[4] ?? 5);
const server = treeServer(tree, port, "restart", "ignore");
const { base } = server;

let cookie = "";
async function add(listId: number, title: string, key: string) {
  try {
    const response = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "Idempotency-Key": key },
      body: JSON.stringify({ listId, title }),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { status: response.status, error: body.error };
  } catch {
    return { status: 0, error: "no answer" };
  }
}

await server.start();
try {
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "restarter", password: "password123", inviteCode: "restart" }),
  });
  cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  console.log(`tree ${tree}`);
  for (let round = 0; round < rounds; round++) {
    const list = (await (
      await fetch(`${base}/api/task-lists`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name: `Round ${round}` }),
      })
    ).json()) as { id: number };
    let killed = false;
    let written = 0;
    const cutOff: Array<{ key: string; title: string }> = [];
    const writers = Array.from({ length: 8 }, async () => {
      while (!killed && written < 95) {
        const write = { key: crypto.randomUUID(), title: `Item ${written++}` };
        const answer = await add(list.id, write.title, write.key);
        if (answer.status === 0) cutOff.push(write);
      }
    });
    while (written < 40) await Bun.sleep(1);
    await Bun.sleep(Math.random() * 30);
    killed = true;
    await server.stop(9);
    await Promise.all(writers);
    await server.start();
    const restartedAt = performance.now();
    let inProgress = 0;
    let pending = cutOff;
    while (pending.length > 0 && performance.now() - restartedAt < 60_000) {
      const answers = await Promise.all(pending.map((write) => add(list.id, write.title, write.key)));
      inProgress += answers.filter((answer) => answer.error === "IDEMPOTENCY_KEY_IN_PROGRESS").length;
      pending = pending.filter((_, n) => answers[n]!.status !== 201 && answers[n]!.error !== "IDEMPOTENCY_KEY_ANSWER_LOST");
      if (pending.length > 0) await Bun.sleep(100);
    }
    console.log(
      `round ${round + 1}: ${cutOff.length} writes cut off; ${inProgress} retries told "in progress"; all settled ${Math.round(performance.now() - restartedAt)} ms after the restart`,
    );
  }
} finally {
  await server.remove();
}
