/**
 * README's "Automate Listwell" recipes run as written against a live server (docs/decisions/061-api-tokens.md):
 * its curl line, with only the address, token and list id put in, adds "Milk"; its Home Assistant
 * `rest_command`, sent as Home Assistant would send it, adds an item with quotes in its title.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { startLiveServer } from "../helpers/live";
import { rowsOf } from "../helpers/tasks";
import { makeToken } from "../helpers/tokens";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const BASE = "https://listwell.example.com";
const TOKEN = "lw_your_token";
const LIST_ID = '"listId": 12';

/** The README's section, from its heading to the next one. */
function automateSection(): string {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("## Automate Listwell\n");
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** `text` with each placeholder replaced, failing if the README no longer has one. */
function filledIn(text: string, values: Record<string, string>): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(values)) {
    expect(filled).toContain(placeholder);
    filled = filled.replaceAll(placeholder, value);
  }
  return filled;
}

interface RestCommand {
  url: string;
  method: string;
  headers: Record<string, string>;
  content_type: string;
  payload: string;
}

describeEachDialect("README's automation recipes", (dialect) => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    live = startLiveServer(t);
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  it("runs the curl line as written and the item is on the list", async () => {
    const ann = await registerUser(t, `${dialect}_readme_curl`);
    const list = await createList(ann, "Groceries");
    const { token } = await makeToken(ann, { name: "curl", access: "write", listIds: [list.id] });
    const lines = automateSection()
      .split("\n")
      .filter((line) => line.startsWith("curl "));
    expect(lines).toHaveLength(1);
    const command = filledIn(lines[0]!, { [BASE]: live.running.url, [TOKEN]: token, [LIST_ID]: `"listId": ${list.id}` });
    const run = Bun.spawn(["sh", "-c", command], { stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(JSON.parse(out) as Task).toMatchObject({ title: "Milk", listId: list.id, userId: ann.user.id, completed: false });
    expect((await rowsOf(t, list.id)).map((row) => row.title)).toEqual(["Milk"]);
  });

  it("sends the Home Assistant rest_command as Home Assistant does, and the item is on the list", async () => {
    const ann = await registerUser(t, `${dialect}_readme_ha`);
    const list = await createList(ann, "Shopping");
    const { token } = await makeToken(ann, { name: "Home Assistant", access: "write" });
    const yaml = /```yaml\n([\s\S]*?)```/.exec(automateSection())?.[1];
    expect(yaml).toBeDefined();
    const config = Bun.YAML.parse(yaml!) as { rest_command: { listwell_add: RestCommand } };
    const command = config.rest_command.listwell_add;
    expect(command).toMatchObject({ url: `${BASE}/api/tasks`, method: "post", content_type: "application/json" });
    const title = 'Batteries "AA"';
    // Home Assistant renders the payload's template: `to_json` writes the title as a JSON string.
    const payload = filledIn(command.payload, { "{{ title | to_json }}": JSON.stringify(title), [LIST_ID]: `"listId": ${list.id}` });
    const answer = await fetch(filledIn(command.url, { [BASE]: live.running.url }), {
      method: command.method.toUpperCase(),
      headers: {
        ...command.headers,
        Authorization: filledIn(command.headers.Authorization!, { [TOKEN]: token }),
        "Content-Type": command.content_type,
      },
      body: payload,
    });
    expect(answer.status).toBe(201);
    expect((await rowsOf(t, list.id)).map((row) => row.title)).toEqual([title]);
  });
});
