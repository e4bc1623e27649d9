/**
 * axe on the list page as a person uses it, at a desktop's and a phone's size: a parent with
 * sub-items (its button shows "1/2"), the header's search (its key hint), and a toast showing
 * after a tick. Every rule axe runs by default, and the one that checks a control's name holds
 * the words it shows, find nothing serious or critical.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList } from "./list-helpers";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env.close());

it.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
])("finds nothing serious on the list page with a toast showing, on a %s", async (size, viewport) => {
  const { page, context } = await signedInContext(env, `axe_${size}`, viewport);
  await context.addInitScript(AXE_SOURCE);
  const { list } = await seedList(context.request, "Party", ["Cups"]);
  const parent = await (await context.request.post("/api/tasks", { data: { title: "Food", listId: list.id, isParent: true } })).json();
  for (const [title, completed] of [
    ["Crisps", true],
    ["Dip", false],
  ] as const)
    await context.request.post("/api/tasks", { data: { title, listId: list.id, parentId: parent.id, completed } });
  await gotoHydrated(page, `/list/${list.id}`);
  await page.getByRole("checkbox", { name: 'Mark "Cups" as completed', exact: true }).click();
  await page.getByRole("status").filter({ hasText: "Task completed" }).waitFor();
  const audit = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { rules: { "label-content-name-mismatch": { enabled: true } } });
    return {
      checked: results.passes.map((pass) => pass.id),
      serious: results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    };
  });
  expect(audit.serious).toEqual([]);
  // The positive control: the two rules in question did run, and passed.
  expect(audit.checked).toEqual(expect.arrayContaining(["list", "label-content-name-mismatch"]));
  await context.close();
});

it("finds nothing serious on Settings, whose sections are tabs", async () => {
  const { page, context } = await signedInContext(env, "axe_settings");
  await context.addInitScript(AXE_SOURCE);
  await gotoHydrated(page, "/settings?tab=account");
  expect(await page.getByRole("tab", { name: "Account", selected: true }).count()).toBe(1);
  const serious = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id);
  });
  expect(serious).toEqual([]);
  await context.close();
});
