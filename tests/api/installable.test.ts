/**
 * The installable app over HTTP: the manifest and the service worker's script as browsers fetch them, and the
 * header naming whose pages an answer holds, which the worker's per-account caches rely on
 * (docs/decisions/019-offline-cache.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_PARTITION_HEADER } from "../../src/shared/offline-cache";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

describe("installable app over HTTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it("serves the worker at the root, revalidated, with every build file it precaches named in it", async () => {
    const worker = await new Client(t).get<string>("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    for (const file of [t.assets.script, t.assets.islands.ListScreen![0]!, t.assets.icons, ...t.assets.appIcons.map((icon) => icon.src)]) {
      expect(worker.body).toContain(file);
    }
  });

  it("serves the manifest as application/manifest+json, the same without a session", async () => {
    const manifest = await new Client(t).get<Record<string, unknown>>("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(manifest.body).toMatchObject({ name: "Listwell", start_url: "/", display: "standalone", icons: t.assets.appIcons });
  });

  it("names each answer's partition: the signed-in account's, or guest, on pages, redirects and reads", async () => {
    const owner = await registerUser(t, "partitioned");
    const guest = new Client(t);
    expect((await owner.get("/")).headers.get(CACHE_PARTITION_HEADER)).toBe(`user:${owner.user.id}`);
    expect((await owner.get("/api/task-lists")).headers.get(CACHE_PARTITION_HEADER)).toBe(`user:${owner.user.id}`);
    const list = await owner.post<{ id: number }>("/api/task-lists", { name: "Kept" });
    // The list read says it too, the first time and when read again (src/http/front-door.ts keeps reads).
    for (let read = 0; read < 2; read++)
      expect((await owner.get(`/api/list/${list.body.id}`)).headers.get(CACHE_PARTITION_HEADER)).toBe(`user:${owner.user.id}`);
    expect((await guest.get("/auth")).headers.get(CACHE_PARTITION_HEADER)).toBe("guest");
    const redirect = await guest.get("/");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get(CACHE_PARTITION_HEADER)).toBe("guest");
    expect((await owner.post("/api/logout")).status).toBe(200);
    expect((await owner.get("/auth")).headers.get(CACHE_PARTITION_HEADER)).toBe("guest");
  });
});
