/**
 * @module
 * One binary: `npm run build:binary`'s dist/listwell, copied alone into an empty folder
 * (no node_modules, no source tree), serves the sign-in page and its assets, registers with the
 * invite code it prints, keeps a list, and backs itself up. One build serves the whole file.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBinary } from "../../scripts/build-binary";
import type { TaskList } from "../../src/shared/types";
import { HttpClient } from "../helpers/fault-load";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { TEST_PASSWORD } from "../helpers/test-app";

let folder = "";
let server: ServerProcess | undefined;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "listwell-binary-"));
  await buildBinary(join(folder, "listwell"));
  server = await startServerProcess({ DATABASE_URL: "" }, { command: [join(folder, "listwell")], cwd: folder, timeoutMs: 30_000 });
}, 90_000);

afterAll(async () => {
  const stopped = server ? await server.stop("SIGTERM") : 0;
  // The binary is 100 MB: not left behind in /tmp.
  rmSync(folder, { recursive: true, force: true });
  expect(stopped).toBe(0);
});

describe("the compiled binary", () => {
  it("starts alone in an empty folder", () => {
    // Only the binary was there; it made ./data for the database.
    expect(readdirSync(folder).sort()).toEqual(["data", "listwell"]);
    expect(existsSync(join(folder, "node_modules"))).toBe(false);
    expect(existsSync(join(folder, "data", "listwell.db"))).toBe(true);
  });

  it("serves /auth with every script, stylesheet and icon it names, compressed as built", async () => {
    const page = await fetch(`${server!.url}/auth`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Login · Listwell</title>");
    const assets = [...html.matchAll(/(?:href|src)="(\/(?:build\/[^"]+|favicon\.svg))"/g)].map((match) => match[1]!);
    expect(assets.filter((url) => url.endsWith(".js")).length).toBeGreaterThan(0);
    expect(assets.some((url) => url.endsWith(".css"))).toBe(true);
    for (const url of new Set(assets)) {
      const plain = await fetch(server!.url + url, { headers: { "accept-encoding": "identity" } });
      expect({ url, status: plain.status }).toEqual({ url, status: 200 });
      expect((await plain.arrayBuffer()).byteLength).toBeGreaterThan(0);
      if (url.startsWith("/build/")) {
        const br = await fetch(server!.url + url, { headers: { "accept-encoding": "br" }, decompress: false });
        expect({ url, encoding: br.headers.get("content-encoding") }).toEqual({ url, encoding: "br" });
      }
    }
  });

  it("registers with the invite code it printed, and keeps a list", async () => {
    expect(server!.inviteCode).toMatch(/^\S+$/);
    const owner = new HttpClient(server!.url);
    await owner.expect(201, "POST", "/api/register", { username: "solo", password: TEST_PASSWORD, inviteCode: server!.inviteCode });
    const list = await owner.expect<TaskList>(201, "POST", "/api/task-lists", { name: "From the binary" });
    await owner.expect(201, "POST", "/api/tasks", { listId: list.id, title: "It works" });
    const read = await owner.expect<{ list: TaskList; tasks: Array<{ title: string }> }>(200, "GET", `/api/list/${list.id}`);
    expect(read.list.name).toBe("From the binary");
    expect(read.tasks.map((task) => task.title)).toEqual(["It works"]);
    expect(await owner.expect(200, "GET", "/healthz")).toEqual({ status: "ok", db: "ok", redis: "off" });
  });

  it("backs itself up while it runs: listwell backup FILE", async () => {
    const backup = Bun.spawn([join(folder, "listwell"), "backup", "copy.db"], { cwd: folder, env: { ...process.env, DATABASE_URL: "" } });
    expect(await backup.exited).toBe(0);
    expect(existsSync(join(folder, "copy.db"))).toBe(true);
  });
});
