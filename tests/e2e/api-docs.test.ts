/**
 * The API's documentation page (docs/decisions/062-openapi.md) in Chromium: served by Listwell
 * under its own Content-Security-Policy with nothing from elsewhere, it lists the calls by tag,
 * and a known call shows its method, path, summary, body fields and answers.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AxeResults } from "axe-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, anonymousContext, keepScreenshot, PHONE, startBrowserEnv, type BrowserEnv } from "../helpers/browser";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("the API docs page", () => {
  it("shows each call by tag, with its body and answers, loading nothing from elsewhere", async () => {
    const { context, page } = await anonymousContext(env);
    // axe, given to the page before it loads: the page's own CSP allows no inline script.
    await context.addInitScript({ content: AXE_SOURCE });
    const elsewhere: string[] = [];
    const here: string[] = [];
    const refused: string[] = [];
    page.on("request", (request) => {
      (request.url().startsWith(env.baseUrl) ? here : elsewhere).push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("default-src");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Listwell API");

    // The groups, in the document's order, each a link to its part of the page.
    const groups = page.getByRole("navigation", { name: "Groups" }).getByRole("link");
    expect((await groups.allTextContents()).slice(0, 3)).toEqual(["Account", "Lists", "Items"]);

    const addItem = page.getByRole("region", { name: "POST /api/tasks", exact: true });
    expect(await addItem.getByRole("heading", { level: 3 }).textContent()).toBe("POST /api/tasks");
    const text = (await addItem.textContent()) ?? "";
    expect(text).toContain("Add an item or a sub-item");
    expect(text).toContain("title string required (1–80 characters)");
    expect(text).toContain("201 Made");
    expect(text).toContain("403 Refused");
    expect(text).toContain("shareId in query string optional");

    // The link to the document itself answers the same document.
    const json = await context.request.get("/api/openapi.json");
    expect(((await json.json()) as { openapi: string }).openapi).toBe("3.1.0");

    // Readable by everyone: axe's rules find nothing on the whole page.
    const audit = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
      const results = await axe.run(document);
      return {
        passed: results.passes.length,
        violations: results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`),
      };
    });
    expect(audit.violations).toEqual([]);
    // A positive control: axe did check the page.
    expect(audit.passed).toBeGreaterThan(10);

    // The page and its stylesheet came from Listwell (the control), and nothing from anywhere else.
    expect(here.some((url) => url.endsWith("/api/docs"))).toBe(true);
    expect(here.some((url) => url.includes(".css"))).toBe(true);
    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
    await addItem.screenshot({ path: join(ARTIFACTS_DIR, "api-docs-operation.png") });
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, "api-docs", false);
    await context.close();
  });
});
