import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../helpers/test-app";

/** The real entry point as `npm start` runs it, in its own process. */
async function startServerProcess(env: Record<string, string>) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = Bun.spawn([process.execPath, "src/server.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  let output = "";
  const deadline = Date.now() + 20_000;
  while (!output.includes("invite code") && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    output += new TextDecoder().decode(value);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  output += await Promise.race([reader.read().then(({ value }) => (value ? new TextDecoder().decode(value) : "")), Bun.sleep(200).then(() => "")]);
  const inviteCode = output.match(/Registration invite code: (\S+)/)?.[1];
  return { child, url: `http://127.0.0.1:${port}`, output, inviteCode };
}

const json = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the server process", () => {
  it("generates and prints an invite code, keeps every acknowledged write through kill -9, and keeps its stored code", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-process-"));
    const databaseUrl = `sqlite://${join(dir, "nested", "listwell.db")}`;

    const first = await startServerProcess({ DATABASE_URL: databaseUrl, INVITE_CODE: "" });
    try {
      expect(first.output).toContain("Listwell is running at http://localhost:");
      expect(first.inviteCode).toMatch(/^[a-z2-7]{8,}$/);
      expect((await fetch(first.url + "/")).url).toBe(first.url + "/auth");
      const registered = await json(first.url + "/api/register", { username: "admin", password: TEST_PASSWORD, inviteCode: first.inviteCode });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ id: 1, username: "admin" });
    } finally {
      first.child.kill(9);
      await first.child.exited;
    }

    const second = await startServerProcess({ DATABASE_URL: databaseUrl, INVITE_CODE: "from-environment" });
    try {
      expect(second.inviteCode).toBe(first.inviteCode);
      const login = await json(second.url + "/api/login", { username: "admin", password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      const refused = await json(second.url + "/api/register", { username: "other", password: TEST_PASSWORD, inviteCode: "from-environment" });
      expect(refused.status).toBe(403);
    } finally {
      second.child.kill();
      await second.child.exited;
    }
  });

  it("takes the first invite code from INVITE_CODE", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-process-"));
    const server = await startServerProcess({ DATABASE_URL: join(dir, "bare-path.db"), INVITE_CODE: "welcome-friends" });
    try {
      expect(server.inviteCode).toBe("welcome-friends");
      const registered = await json(server.url + "/api/register", { username: "first", password: TEST_PASSWORD, inviteCode: "welcome-friends" });
      expect(registered.status).toBe(201);
    } finally {
      server.child.kill();
      await server.child.exited;
    }
  });
});
