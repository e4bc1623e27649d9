import { afterAll, beforeAll, expect, it } from "vitest";
import type { SearchResponse, SearchResult } from "../../src/shared/search";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Person = Awaited<ReturnType<typeof registerUser>>;

/** Search across a person's lists (docs/decisions/058-search.md). */
describeEachDialect("search", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const find = async (who: Client, q: string) => {
    const response = await who.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return response.body.results;
  };
  const titles = (results: SearchResult[]) => results.map((result) => `${result.listName}: ${result.title}`);
  const share = async (owner: Person, list: TaskList, username: string, accessLevel = "read") =>
    expect((await owner.post("/api/share-by-username", { listId: list.id, username, accessLevel })).status).toBe(201);

  it("finds items by the start of each word, accents and case ignored, with the list, snippet and tick of each", async () => {
    const ann = await registerUser(t, `${dialect}_words_ann`);
    const shop = await createList(ann, "Shopping");
    const cream = await addTask(ann, { listId: shop.id, title: "Crème fraîche" });
    const pie = await addTask(ann, {
      listId: shop.id,
      title: "Pie",
      description: "Bake it on Sunday morning for the neighbours, then top it with whipped CRÈME and berries from the farm shop",
    });
    await addTask(ann, { listId: shop.id, title: "Bread" });
    await ann.patch(`/api/tasks/${cream.id}`, { completed: true });

    const expected: SearchResult[] = [
      {
        type: "item",
        listId: shop.id,
        listName: "Shopping",
        taskId: cream.id,
        title: "Crème fraîche",
        snippet: "Crème fraîche",
        completed: true,
      },
      {
        type: "item",
        listId: shop.id,
        listName: "Shopping",
        taskId: pie.id,
        title: "Pie",
        snippet: "…the neighbours, then top it with whipped CRÈME and berries from the farm shop",
        completed: false,
      },
    ];
    expect(await find(ann, "cre")).toEqual(expected);
    expect(await find(ann, "creme")).toEqual(expected);
    expect(await find(ann, "  CRÈME  ")).toEqual(expected);
    expect(titles(await find(ann, "creme fra"))).toEqual(["Shopping: Crème fraîche"]);
    expect(titles(await find(ann, "fraiche cr"))).toEqual(["Shopping: Crème fraîche"]);
    // A word must start a word: "eme" is inside "Crème", not at its start.
    expect(await find(ann, "eme")).toEqual([]);
    expect(titles(await find(ann, "bre"))).toEqual(["Shopping: Bread"]);
  });

  it("searches the caller's own lists and those shared with them by username, never a stranger's or one they reach by link alone", async () => {
    const bea = await registerUser(t, `${dialect}_access_bea`);
    const cal = await registerUser(t, `${dialect}_access_cal`);
    const own = await createList(bea, "Bea's");
    await addTask(bea, { listId: own.id, title: "Apples" });
    const shared = await createList(cal, "Cal shares");
    await addTask(cal, { listId: shared.id, title: "Apricots" });
    await share(cal, shared, bea.user.username, "read");
    const byLink = await createList(cal, "Cal's link");
    await addTask(cal, { listId: byLink.id, title: "Apple pie" });
    const secret = await createList(cal, "Cal's own");
    await addTask(cal, { listId: secret.id, title: "Apple juice" });
    // Bea reaches the link's list, yet it is not hers to search.
    expect((await bea.get(`/api/list?shareId=${byLink.shareId}`)).status).toBe(200);

    expect(titles(await find(bea, "ap"))).toEqual(["Bea's: Apples", "Cal shares: Apricots"]);
    expect(titles(await find(cal, "apple"))).toEqual(["Cal's link: Apple pie", "Cal's own: Apple juice"]);
    // Positive control: shared by username, the same list is searched (the newest share first, as on Home).
    await share(cal, byLink, bea.user.username, "check");
    expect(titles(await find(bea, "ap"))).toEqual(["Bea's: Apples", "Cal's link: Apple pie", "Cal shares: Apricots"]);
  });

  it("answers lists matched by name, grouped by list in the Home's order, title matches before description matches, 50 at most", async () => {
    const dan = await registerUser(t, `${dialect}_order_dan`);
    const garden = await createList(dan, "Garden");
    const gifts = await createList(dan, "Gifts");
    const seeds = await addTask(dan, { listId: garden.id, title: "Notes", description: "Grass seed" });
    const gloves = await addTask(dan, { listId: garden.id, title: "Gloves" });
    const game = await addTask(dan, { listId: gifts.id, title: "Board game" });
    expect(await find(dan, "g")).toEqual([
      { type: "list", listId: garden.id, listName: "Garden", taskId: null, title: "Garden", snippet: "Garden", completed: false },
      { type: "item", listId: garden.id, listName: "Garden", taskId: gloves.id, title: "Gloves", snippet: "Gloves", completed: false },
      { type: "item", listId: garden.id, listName: "Garden", taskId: seeds.id, title: "Notes", snippet: "Grass seed", completed: false },
      { type: "list", listId: gifts.id, listName: "Gifts", taskId: null, title: "Gifts", snippet: "Gifts", completed: false },
      { type: "item", listId: gifts.id, listName: "Gifts", taskId: game.id, title: "Board game", snippet: "Board game", completed: false },
    ]);

    const many = await createList(dan, "Many");
    const items = Array.from({ length: 60 }, (_, n) => ({ title: `Thing ${n}`, description: n < 10 ? "" : "a gift" }));
    items.unshift(...Array.from({ length: 5 }, (_, n) => ({ title: `Note ${n}`, description: "gift wrap" })));
    items.push({ title: "Gingerbread", description: "" });
    expect((await dan.post("/api/tasks/bulk", { listId: many.id, items })).status).toBe(201);
    const capped = await find(dan, "gi");
    expect(capped).toHaveLength(50);
    // The Gifts list and the one title match, last in its list, are in; of the 55 that match only in a description, 48 fit.
    expect(titles(capped.slice(0, 2))).toEqual(["Gifts: Gifts", "Many: Gingerbread"]);
    expect(capped.slice(1).map((result) => result.title)).toEqual([
      "Gingerbread",
      ...Array.from({ length: 5 }, (_, n) => `Note ${n}`),
      ...Array.from({ length: 43 }, (_, n) => `Thing ${n + 10}`),
    ]);
  });

  it("never answers a deleted item, a sub-item of a deleted parent or an item of a deleted list, and answers them again once restored", async () => {
    const eve = await registerUser(t, `${dialect}_deleted_eve`);
    const list = await createList(eve, "Party");
    const old = await createList(eve, "Old party");
    const cake = await addTask(eve, { listId: list.id, title: "Cake" });
    const candles = await addTask(eve, { listId: list.id, title: "Candles", isParent: true });
    const matches = await addTask(eve, { listId: list.id, title: "Candle matches", parentId: candles.id });
    await addTask(eve, { listId: old.id, title: "Canapés" });
    await addTask(eve, { listId: list.id, title: "Cards" });
    expect(titles(await find(eve, "ca"))).toEqual([
      "Party: Cake",
      "Party: Candles",
      "Party: Candle matches",
      "Party: Cards",
      "Old party: Canapés",
    ]);

    expect((await eve.delete(`/api/tasks/${cake.id}`)).status).toBe(200);
    expect((await eve.delete(`/api/tasks/${candles.id}`)).status).toBe(200);
    expect((await eve.delete(`/api/task-lists/${old.id}`)).status).toBe(200);
    expect(titles(await find(eve, "ca"))).toEqual(["Party: Cards"]);

    expect((await eve.post("/api/tasks/restore", { ids: [cake.id] })).status).toBe(200);
    expect(titles(await find(eve, "ca"))).toEqual(["Party: Cake", "Party: Cards"]);
    expect(matches.parentId).toBe(candles.id);
  });

  it("refuses a caller who is not signed in with 401, and a missing, blank or too long query with 400", async () => {
    const fay = await registerUser(t, `${dialect}_refused_fay`);
    const guest = new Client(t);
    expect(await guest.get("/api/search?q=milk")).toMatchObject({
      status: 401,
      body: { message: "Authentication required. Please log in again." },
    });
    const refused = { status: 400, body: { message: "Search needs 1 to 100 characters", error: "VALIDATION_ERROR" } };
    expect(await fay.get("/api/search")).toMatchObject(refused);
    expect(await fay.get("/api/search?q=")).toMatchObject(refused);
    expect(await fay.get("/api/search?q=%20%20%20")).toMatchObject(refused);
    expect(await fay.get(`/api/search?q=${"a".repeat(101)}`)).toMatchObject(refused);
    expect((await fay.get(`/api/search?q=${"a".repeat(100)}`)).status).toBe(200);
    expect((await fay.get(`/api/search?q=${" a".repeat(50)}%20%20`)).status).toBe(200);
  });

  it("reads full-text operators and punctuation as plain words, never as query syntax", async () => {
    const gil = await registerUser(t, `${dialect}_syntax_gil`);
    const list = await createList(gil, "Kitchen");
    await addTask(gil, { listId: list.id, title: "Oranges" });
    await addTask(gil, { listId: list.id, title: "Crème fraîche" });
    await addTask(gil, { listId: list.id, title: "Rock'n'roll" });
    for (const q of [
      '"',
      "*",
      "-",
      "()",
      "NEAR(",
      "title:",
      ":*",
      "&",
      "|",
      "!",
      "'",
      "\\",
      "^",
      '""*',
      "{title}",
      "a:*A",
      "%",
      "_",
      "?",
    ]) {
      expect({ q, results: await find(gil, q) }).toEqual({ q, results: [] });
    }
    // OR is a word, so it finds Oranges; the minus is no NOT, the star no wildcard, the quote no phrase.
    expect(titles(await find(gil, "OR"))).toEqual(["Kitchen: Oranges"]);
    expect(titles(await find(gil, "cre -fra"))).toEqual(["Kitchen: Crème fraîche"]);
    expect(titles(await find(gil, 'cr* "fr'))).toEqual(["Kitchen: Crème fraîche"]);
    expect(titles(await find(gil, "crème NOT fraîche"))).toEqual([]);
    expect(titles(await find(gil, "rock'n"))).toEqual(["Kitchen: Rock'n'roll"]);
    expect(titles(await find(gil, "ro:* | ora"))).toEqual([]);
  });
});
