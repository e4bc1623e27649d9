/**
 * The islands' typed client against the real app (SQLite, no port): what it sends, what it
 * answers, and the errors, keys and 401s it hands on exactly as the islands have always seen them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError, client, onUnauthorized } from "../../islands/api";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

let t: TestApp;
let owner: Client & { user: { id: number; username: string } };
/** The cookie the "browser" sends: the owner's session, or none once signed out. */
let cookie: string | undefined;
const sent: Request[] = [];
/** As the client asked: Bun's Request does not keep `credentials`. */
const credentials: Array<RequestCredentials | undefined> = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await makeTestApp("sqlite");
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = await registerUser(t, `client${Math.floor(Math.random() * 1e9)}`);
  cookie = owner.cookie;
  sent.length = 0;
  credentials.length = 0;
  globalThis.fetch = (async (input: string, init: RequestInit) => {
    const request = new Request(new URL(input, "http://localhost"), init);
    sent.push(request.clone());
    credentials.push(init.credentials);
    if (cookie) request.headers.set("cookie", cookie);
    return t.app.request(request);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Whether a promise has settled once every microtask queued so far has run. */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("the islands' API client", () => {
  it("sends JSON with the same-origin cookie and answers the route's JSON", async () => {
    const created = await client["task-lists"].$post({ json: { name: "  Groceries " } });
    expect(created).toMatchObject({ name: "Groceries", userId: owner.user.id });
    const renamed = await client["task-lists"][":id"].$patch({ param: { id: created.id }, json: { name: "Shop" } });
    expect(renamed.name).toBe("Shop");
    expect((await client["task-lists"].$get()).map((list) => list.name)).toEqual(["Shop"]);

    const patch = sent[1]!;
    expect([patch.method, new URL(patch.url).pathname]).toEqual(["PATCH", `/api/task-lists/${created.id}`]);
    expect(credentials).toEqual(["same-origin", "same-origin", "same-origin"]);
    expect(patch.headers.get("content-type")).toBe("application/json");
    expect(patch.headers.get("accept")).toBe("application/json");
    expect(await patch.json()).toEqual({ name: "Shop" });
    // A read sends no body and no content type.
    expect(sent[2]!.headers.get("content-type")).toBeNull();
  });

  it("throws the server's refusal as ApiRequestError with its status and message", async () => {
    const refused = await client["task-lists"].$post({ json: { name: "   " } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 400, message: "List name cannot be empty", serverText: "List name cannot be empty" });

    const missing = await client["task-lists"][":id"].$delete({ param: { id: 987_654 } }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, message: "List not found" });
  });

  it("sends the Idempotency-Key, so a write sent twice is applied once", async () => {
    const first = await client["task-lists"].$post({ json: { name: "Once" } }, { idempotencyKey: "key-once-1" });
    const again = await client["task-lists"].$post({ json: { name: "Once" } }, { idempotencyKey: "key-once-1" });
    expect(again.id).toBe(first.id);
    expect(sent.map((request) => request.headers.get("idempotency-key"))).toEqual(["key-once-1", "key-once-1"]);
    expect((await client["task-lists"].$get()).filter((list) => list.name === "Once")).toHaveLength(1);
  });

  it("hands an unexpected 401 to the session-recovery handler and leaves the call pending, unless the caller takes it", async () => {
    cookie = undefined;
    let recovered = 0;
    const uninstall = onUnauthorized(() => recovered++);
    try {
      const handled = client.user.$get(undefined, { handlesUnauthorized: true });
      await expect(handled).rejects.toMatchObject({ status: 401, message: "Not logged in" });
      // The positive control: settled() sees a settled call as settled.
      expect(await settled(handled)).toBe(true);
      expect(recovered).toBe(0);

      const pending = client.user.$get();
      await expect.poll(() => recovered).toBe(1);
      expect(await settled(pending)).toBe(false);
    } finally {
      uninstall();
    }
    // With no handler installed (the auth page), a 401 is an ordinary error.
    await expect(client.user.$get()).rejects.toMatchObject({ status: 401 });
  });

  it("names a route's URL for a link, with ids and the share link in its query", () => {
    const href = client["task-lists"][":id"].export.$path({ param: { id: 12 }, query: { format: "md", shareId: "a b" } });
    expect(href).toBe("/api/task-lists/12/export?format=md&shareId=a+b");
    expect(sent).toEqual([]);
  });
});
