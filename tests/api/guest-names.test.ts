import { afterAll, beforeAll, expect, it } from "vitest";
import { confusableSkeleton } from "../../src/shared/skeleton";
import type { Task } from "../../src/shared/types";
import { migrate, migrationNames } from "../../src/store/migrate";
import { describeEachDialect, freshDatabase } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const LOOKALIKE = {
  status: 409,
  body: { message: "That name looks like an account's name here. Please choose another name.", error: "GUEST_NAME_TAKEN" },
};
const HIDDEN = { status: 400, body: { message: "Your name cannot contain control or invisible characters", error: "INVALID_GUEST_NAME" } };

/** Guest names: the text rule, nothing invisible, and no name that looks like an account's (docs/product-rules.md#guests). */
describeEachDialect("guest names", (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let tent: Task;
  let asGuest: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    alice = await registerUser(t, "alice");
    await registerUser(t, "Mike");
    await registerUser(t, "bob_1");
    const list = await createList(alice, "Trip");
    asGuest = `?shareId=${list.shareId}`;
    tent = await addTask(alice, { listId: list.id, title: "Tent" });
  });
  afterAll(() => t.close());

  /** A guest's tick of the tent under `name`, sent as the header or as the cookie the browser keeps. */
  const tickAs = (name: string, by: "header" | "cookie") =>
    new Client(t).post<Task>(`/api/tasks/${tent.id}/toggle${asGuest}`, undefined, {
      [by === "header" ? "X-Guest-Name" : "cookie"]:
        by === "header" ? encodeURIComponent(name) : `listwell_guest=${encodeURIComponent(name)}`,
    });

  it("refuses a name that only looks like an account's, however it arrives, and changes nothing", async () => {
    const before = await taskSnapshot(t);
    const lookalikes = [
      "aliсe", // Cyrillic с
      "ＡＬＩＣＥ", // fullwidth
      "𝐚𝐥𝐢𝐜𝐞", // mathematical bold
      "αlice", // Greek alpha
      "rnike", // r n for m
      "MIKE ", // case and a trailing space
      "bob_l", // l for 1
      "B0B_1", // zero for o
    ];
    for (const name of lookalikes) {
      const expected = name.trim().toLowerCase() === "mike" ? { status: 409, body: { error: "GUEST_NAME_TAKEN" } } : LOOKALIKE;
      expect([name, await new Client(t).post(`/api/guest-name${asGuest}`, { name })]).toMatchObject([name, expected]);
      expect([name, await tickAs(name, "header")]).toMatchObject([name, expected]);
      expect([name, await tickAs(name, "cookie")]).toMatchObject([name, expected]);
    }
    expect(await taskSnapshot(t)).toEqual(before);

    // Names that merely share letters are others' to take.
    for (const name of ["Alicia", "Mika", "bob 2", "Зоя"]) {
      expect(await new Client(t).post(`/api/guest-name${asGuest}`, { name })).toMatchObject({
        status: 200,
        body: { displayName: `${name} (guest)` },
      });
    }
    const ticked = await tickAs("Alicia", "header");
    expect(ticked).toMatchObject({ status: 200, body: { completed: true, completedBy: { userId: null, username: "Alicia (guest)" } } });
  });

  it("refuses zero-width, bidi, control and other invisible characters with 400, and changes nothing", async () => {
    const before = await taskSnapshot(t);
    const hidden = [
      "S\u200bam",
      "Sam\u200d",
      "\u200cSam",
      "Sa\u00adm",
      "Sam\u202e",
      "\u2066Sam\u2069",
      "Sa\u0000m",
      "Sa\u3164m",
      "Sam\ufe0f",
      "Sa\u2060m",
    ];
    for (const name of hidden) {
      expect([name, await new Client(t).post(`/api/guest-name${asGuest}`, { name })]).toMatchObject([name, HIDDEN]);
      expect([name, await tickAs(name, "header")]).toMatchObject([name, HIDDEN]);
      expect([name, await tickAs(name, "cookie")]).toMatchObject([name, HIDDEN]);
    }
    expect(await taskSnapshot(t)).toEqual(before);
    // Accents, other scripts, inner spaces and tabs (read as one space) are names like any other.
    for (const [name, shown] of [
      ["Zoë", "Zoë"],
      ["José María", "José María"],
      ["Mary\tAnn", "Mary Ann"],
      ["李小龍", "李小龍"],
    ]) {
      expect(await new Client(t).post(`/api/guest-name${asGuest}`, { name })).toMatchObject({
        status: 200,
        body: { displayName: `${shown} (guest)` },
      });
    }
    const added = await new Client(t).post<Task>(
      `/api/tasks${asGuest}`,
      { title: "Stove" },
      { cookie: `listwell_guest=${encodeURIComponent("Zoë")}` },
    );
    expect(added).toMatchObject({ status: 201, body: { title: "Stove", createdBy: { userId: null, username: "Zoë (guest)" } } });
  });

  it("follows a renamed account: its new name is protected and its old one is free", async () => {
    const carl = await registerUser(t, "carl");
    expect(await new Client(t).post(`/api/guest-name${asGuest}`, { name: "cаrl" })).toMatchObject(LOOKALIKE);
    expect((await carl.patch("/api/update-username", { username: "mallory" })).status).toBe(200);
    expect(await new Client(t).post(`/api/guest-name${asGuest}`, { name: "rnаllory" })).toMatchObject(LOOKALIKE);
    expect(await new Client(t).post(`/api/guest-name${asGuest}`, { name: "cаrl" })).toMatchObject({
      status: 200,
      body: { displayName: "cаrl (guest)" },
    });
  });

  it("gives accounts made before the skeleton column the same skeleton the server computes", async () => {
    const { db, drop } = await freshDatabase(dialect);
    try {
      const names = migrationNames(db.dialect);
      const upgrade = names.findIndex((name) => name.endsWith("_username_skeleton.sql"));
      await migrate(db, upgrade);
      // Every character a username may hold, in both cases, with the look-alike digits.
      const usernames = ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz_", "_0123456789", "M1ll0m"];
      for (const [index, username] of usernames.entries()) {
        await db.run("INSERT INTO users (username, username_key, password_hash, created_at) VALUES (?, ?, 'x', ?)", [
          username,
          username.toLowerCase(),
          index,
        ]);
      }
      await migrate(db);
      const rows = await db.all<{ username: string; username_skeleton: string }>(
        "SELECT username, username_skeleton FROM users ORDER BY id",
      );
      expect(rows).toEqual(usernames.map((username) => ({ username, username_skeleton: confusableSkeleton(username) })));
      expect(rows.at(-1)!.username_skeleton).toBe("rnlllorn");
    } finally {
      await drop();
    }
  });
});
