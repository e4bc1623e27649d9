import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { changesFromChangelog, stripCommitPrefix } from "../../src/domain/versions";
import { BROADCAST_TOPIC } from "../../src/domain/bus";
import { describeEachDialect } from "../helpers/databases";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;
interface CheckBody {
  hasUpdate: boolean;
  update: { versionId: string; changes: string[]; timestamp: string } | null;
}

describe("version changes", () => {
  it("strips conventional-commit prefixes and keeps at most five changelog bullets", () => {
    expect(["feat: Add x", "fix(tasks): Fix y", "refactor(ui)!: Z", "Plain text", "chore:tidy"].map(stripCommitPrefix)).toEqual([
      "Add x",
      "Fix y",
      "Z",
      "Plain text",
      "tidy",
    ]);
    const changelog =
      "# Changelog\n\nIntro text.\n\n## 2\n- feat: one\n* fix(a): two\n- three `TRUST_PROXY`\n\n## 1\n- four\n- five\n- six\n";
    expect(changesFromChangelog(changelog)).toEqual(["one", "two", "three TRUST_PROXY", "four", "five"]);
  });
});

describeEachDialect("admin and versions", (dialect) => {
  let t: TestApp;
  let admin: Signed;
  let member: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await registerUser(t, "admin");
    member = await registerUser(t, "member");
  });
  afterAll(() => t.close());

  it("lets user 1 read and change the invite code; the new code registers, the old does not", async () => {
    expect(admin.user.id).toBe(1);
    const read = await admin.get("/api/admin/invite-code");
    expect([read.status, read.body]).toEqual([200, { inviteCode: TEST_INVITE_CODE }]);
    const changed = await admin.post("/api/admin/invite-code", { inviteCode: "  fresh-code " });
    expect([changed.status, changed.body]).toEqual([200, { inviteCode: "fresh-code", message: "Invite code updated successfully" }]);
    expect(await t.store.settings.get("invite_code")).toBe("fresh-code");
    expect((await admin.get("/api/admin/invite-code")).body).toEqual({ inviteCode: "fresh-code" });
    const old = await new Client(t).post("/api/register", {
      username: "late_one",
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
    });
    expect(old.status).toBe(403);
    const fresh = await new Client(t).post("/api/register", { username: "late_two", password: TEST_PASSWORD, inviteCode: "fresh-code" });
    expect(fresh.status).toBe(201);
    for (const body of [{ inviteCode: "" }, { inviteCode: "   " }, {}, { inviteCode: null }]) {
      const res = await admin.post("/api/admin/invite-code", body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({
        body,
        status: 400,
        message: "Invite code cannot be empty",
      });
    }
    expect(await t.store.settings.get("invite_code")).toBe("fresh-code");
    await admin.post("/api/admin/invite-code", { inviteCode: TEST_INVITE_CODE });
  });

  it("refuses admin calls with 403 for other users and 401 when signed out, changing nothing", async () => {
    const calls = [
      (c: Client) => c.get("/api/admin/invite-code"),
      (c: Client) => c.post("/api/admin/invite-code", { inviteCode: "hijack" }),
      (c: Client) => c.post("/api/admin/invite-code", { inviteCode: "" }),
      (c: Client) => c.post("/api/admin/trigger-version-update", { changes: ["feat: nope"] }),
      (c: Client) => c.post("/api/admin/trigger-version-update"),
    ];
    const published = t.published.length;
    for (const call of calls) {
      const forbidden = await call(member);
      expect([forbidden.status, forbidden.body]).toEqual([403, { message: "Only the administrator can do this", error: "ADMIN_ONLY" }]);
      expect((await call(new Client(t))).status).toBe(401);
    }
    expect(await t.store.settings.get("invite_code")).toBe(TEST_INVITE_CODE);
    expect(await t.store.db.all("SELECT * FROM app_versions")).toEqual([]);
    expect(t.published.length).toBe(published);
  });

  it("records a version with up to five stripped changes, broadcasts it and answers sentCount", async () => {
    const from = t.published.length;
    const changes = ["feat: Faster lists", "fix(tasks): Sub-items stay put", "Plain", "d", "e", "f", "g"];
    const res = await admin.post<{ sentCount: number; versionId: string }>("/api/admin/trigger-version-update", { changes });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sentCount: 0, versionId: expect.any(String) });
    const expected = ["Faster lists", "Sub-items stay put", "Plain", "d", "e"];
    const stored = await t.store.versions.find(res.body.versionId);
    expect(stored).toEqual({ versionId: res.body.versionId, changes: expected, timestamp: expect.any(String) });
    expect(t.published.slice(from)).toEqual([
      {
        topic: BROADCAST_TOPIC,
        message: { type: "version_update", versionId: res.body.versionId, changes: expected, timestamp: stored!.timestamp },
      },
    ]);
    const bad = await admin.post("/api/admin/trigger-version-update", { changes: "feat: not a list" });
    expect(bad.status).toBe(400);
  });

  it("takes the changes from CHANGELOG.md when the body has none, is empty, or lists none", async () => {
    const changelog = changesFromChangelog(await Bun.file(new URL("../../CHANGELOG.md", import.meta.url)).text());
    const bodyless = await admin.post<{ versionId: string }>("/api/admin/trigger-version-update", undefined, {
      "content-type": "application/json",
    });
    expect(bodyless.status).toBe(200);
    expect((await t.store.versions.find(bodyless.body.versionId))!.changes).toEqual(changelog);
    const noChanges = await admin.post<{ versionId: string }>("/api/admin/trigger-version-update", { changes: [] });
    expect((await t.store.versions.find(noChanges.body.versionId))!.changes).toEqual(changelog);
    const res = await admin.post<{ versionId: string }>("/api/admin/trigger-version-update");
    expect(res.status).toBe(200);
    const stored = await t.store.versions.find(res.body.versionId);
    expect(stored!.changes).toEqual(changelog);
    expect(stored!.changes.length).toBeGreaterThan(0);
    expect(stored!.changes.length).toBeLessThanOrEqual(5);
    expect(stored!.changes.some((change) => /^[a-z]+(\(.*\))?:/.test(change))).toBe(false);
  });

  it("counts connected clients through the presence dependency", async () => {
    const app = createApp({ store: t.store, config: t.config, bus: t.bus, assets: t.assets, presence: { connectedClients: () => 3 } });
    const client = new Client({ ...t, app });
    await client.post("/api/login", { username: "admin", password: TEST_PASSWORD });
    const res = await client.post("/api/admin/trigger-version-update", { changes: ["feat: counted"] });
    expect(res.body.sentCount).toBe(3);
  });

  it("shows the newest unseen version until it is marked seen; users registered later never see it", async () => {
    const published = await admin.post<{ versionId: string }>("/api/admin/trigger-version-update", { changes: ["feat: newest"] });
    const check = await member.get<CheckBody>("/api/version/check-updates");
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      hasUpdate: true,
      update: { versionId: published.body.versionId, changes: ["newest"], timestamp: expect.stringMatching(/^\d{4}-/) },
    });
    const seen = await member.post("/api/version/mark-seen", { versionId: published.body.versionId });
    expect([seen.status, seen.body]).toEqual([200, { versionId: published.body.versionId, message: "Version marked as seen" }]);
    expect((await member.post("/api/version/mark-seen", { versionId: published.body.versionId })).status).toBe(200);
    expect((await member.get("/api/version/check-updates")).body).toEqual({ hasUpdate: false, update: null });
    // The admin has not marked it: they still see it.
    expect((await admin.get<CheckBody>("/api/version/check-updates")).body.hasUpdate).toBe(true);
    const newcomer = await registerUser(t, `newcomer_${dialect}`);
    expect((await newcomer.get("/api/version/check-updates")).body).toEqual({ hasUpdate: false, update: null });
    // A later version shows again, to everyone registered before it.
    const later = await admin.post<{ versionId: string }>("/api/admin/trigger-version-update", { changes: ["fix: later"] });
    for (const user of [member, newcomer]) {
      expect((await user.get<CheckBody>("/api/version/check-updates")).body.update?.versionId).toBe(later.body.versionId);
    }
  });

  it("refuses mark-seen for unknown or missing versions, and version calls when signed out", async () => {
    expect(await member.post("/api/version/mark-seen", { versionId: "nope" }).then((res) => [res.status, res.body])).toEqual([
      404,
      { message: "Version not found" },
    ]);
    expect((await member.post("/api/version/mark-seen", {})).body.message).toBe("versionId is required");
    expect((await new Client(t).get("/api/version/check-updates")).status).toBe(401);
    expect((await new Client(t).post("/api/version/mark-seen", { versionId: "nope" })).status).toBe(401);
  });
});
