import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLOR_MODE_COOKIE, THEME_IDS, THEMES } from "../../src/shared/themes";
import {
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  PHONE,
  signedInContext,
  startBrowserEnv,
  TALL_PHONE,
  type BrowserEnv,
} from "../helpers/browser";
import { TEST_PASSWORD } from "../helpers/test-app";
import { seedList } from "./list-helpers";

/** Under a loaded machine the 500 ms availability debounce alone can outlast poll's 1 s default. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const visible = (page: Page, text: string) => poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);

const hexToRgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/** The Account tab's rows with an icon: each one's heading, how wide its words are drawn, and where its button is. */
const accountRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".settings-row")]
      // Those with a button: a browser without notifications has none on that row.
      .filter((row) => row.querySelector(":scope > .settings-row__icon") && row.querySelector(":scope > button, :scope > a"))
      .map((row) => {
        const text = row.querySelector(":scope > .settings-row__text")!.getBoundingClientRect();
        const words = row.querySelector(":scope > .settings-row__text > p")?.getBoundingClientRect();
        const button = row.querySelector(":scope > button, :scope > a")!.getBoundingClientRect();
        return {
          title: row.querySelector("h3")!.textContent,
          wordsWidth: Math.round(words?.width ?? text.width),
          buttonUnder: button.top >= text.bottom - 1,
          buttonLinedUp: Math.abs(button.left - text.left) <= 1,
          buttonBeside: button.left >= text.right - 1,
        };
      }),
  );

describe("settings in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("applies a theme at once, saves it on the server and in the browser, and renders it on the next load", async () => {
    const { page, context } = await signedInContext(env, "theo_admin");
    await gotoHydrated(page, "/settings");
    expect(await page.getByRole("button", { name: "Settings" }).isDisabled()).toBe(true);
    expect(await page.getByRole("radiogroup", { name: "Colour theme" }).getByRole("radio").count()).toBe(7);
    for (const id of THEME_IDS) expect(await page.getByRole("radio", { name: THEMES[id].name }).isVisible()).toBe(true);
    expect(await page.locator('[data-theme-id="ocean"] .theme-card__swatch').count()).toBe(10);
    await keepScreenshot(page, "settings-theme");

    await page.getByRole("radio", { name: "Ocean" }).click();
    expect(await htmlTheme(page)).toBe("ocean");
    expect(await page.getByRole("radio", { name: "Ocean" }).getAttribute("aria-checked")).toBe("true");
    await poll(async () => (await (await context.request.get("/api/user/theme")).json()).theme).toBe("ocean");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("ocean");

    // A radio group: the arrows move to the next card and choose it, and the chosen one is the group's one Tab stop.
    await page.getByRole("radio", { name: "Ocean" }).focus();
    await page.keyboard.press("ArrowRight");
    const next = THEMES[THEME_IDS[(THEME_IDS.indexOf("ocean") + 1) % THEME_IDS.length]!].name;
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(next);
    expect(await page.getByRole("radio", { name: next }).getAttribute("aria-checked")).toBe("true");
    expect(await page.locator('.theme-grid [tabindex="0"]').count()).toBe(1);
    await poll(async () => (await (await context.request.get("/api/user/theme")).json()).theme).toBe(
      THEME_IDS[(THEME_IDS.indexOf("ocean") + 1) % THEME_IDS.length],
    );
    await page.keyboard.press("ArrowLeft");
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Ocean");
    await poll(async () => (await (await context.request.get("/api/user/theme")).json()).theme).toBe("ocean");

    await page.reload();
    expect(await htmlTheme(page)).toBe("ocean");
    const headerColour = await page.locator(".app-header").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(headerColour).toBe("rgb(1, 87, 155)");
    await context.close();
  });

  it("switches Light, Dark and System at once, keeps the choice in a cookie, and renders it on the next load", async () => {
    const { page, context } = await signedInContext(env, "night_owl");
    const vibrant = THEMES.vibrant;
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const htmlMode = () => page.evaluate(() => document.documentElement.dataset.mode ?? "system");
    const modeCookie = async () => (await context.cookies()).find((cookie) => cookie.name === COLOR_MODE_COOKIE);
    const radio = (name: string) => page.getByRole("radio", { name, exact: true });

    // No choice yet: the device decides.
    await page.emulateMedia({ colorScheme: "dark" });
    await gotoHydrated(page, "/settings");
    expect(await radio("System").isChecked()).toBe(true);
    expect(await background()).toBe(hexToRgb(vibrant.dark.background));
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background()).toBe("rgb(246, 246, 249)");

    await radio("Dark").check();
    expect(await htmlMode()).toBe("dark");
    expect(await background()).toBe(hexToRgb(vibrant.dark.background));
    expect(await page.locator('meta[name="color-scheme"]').getAttribute("content")).toBe("dark");
    expect((await modeCookie())?.value).toBe("dark");
    await keepScreenshot(page, "settings-theme-dark");

    // The server renders the choice into the page, so it never flashes light first.
    const html = await (await context.request.get("/")).text();
    expect(html).toContain('data-mode="dark"');
    expect(html).toContain('<meta name="color-scheme" content="dark"/>');
    await page.reload();
    expect(await htmlMode()).toBe("dark");
    expect(await radio("Dark").isChecked()).toBe(true);

    await page.emulateMedia({ colorScheme: "dark" });
    await radio("Light").check();
    expect(await background()).toBe("rgb(246, 246, 249)");
    expect((await modeCookie())?.value).toBe("light");

    await radio("System").check();
    expect(await htmlMode()).toBe("system");
    expect(await background()).toBe(hexToRgb(vibrant.dark.background));
    expect(await modeCookie()).toBeUndefined();
    expect(await (await context.request.get("/")).text()).toContain('<meta name="color-scheme" content="light dark"/>');
    await context.close();
  });

  it("checks a new username as the user types, then saves it", async () => {
    const { page, context } = await signedInContext(env, "sam_user");
    await (await signedInContext(env, "taken_name")).context.close();
    await gotoHydrated(page, "/settings?tab=account");
    expect(await page.getByText("Administrator Access").count()).toBe(0);
    await keepScreenshot(page, "settings-account");
    await page.getByRole("button", { name: "Edit username" }).click();
    const input = page.getByLabel("New username");
    const save = page.getByRole("button", { name: "Save" });
    expect(await input.inputValue()).toBe("sam_user");
    await visible(page, "This is your current username");
    expect(await save.isDisabled()).toBe(true);

    await input.fill("ab");
    await visible(page, "Username must be at least 3 characters");
    await input.fill("taken_name");
    await poll(() => page.getByRole("img", { name: "Taken" }).isVisible()).toBe(true);
    await visible(page, "This username is already taken");
    expect(await save.isDisabled()).toBe(true);

    // Offline, the check cannot be made: the field says why Save waits.
    await context.setOffline(true);
    await input.fill("offline_name");
    await visible(page, "Could not check this username. Check your connection and try again.");
    expect(await save.isDisabled()).toBe(true);
    await context.setOffline(false);

    // Available when checked, taken before Save: the refusal's toast, and the field says taken again.
    await input.fill("samwise");
    await poll(() => page.getByRole("img", { name: "Available" }).isVisible()).toBe(true);
    await (await signedInContext(env, "samwise")).context.close();
    await save.click();
    await visible(page, "Failed to update username");
    await visible(page, "This username is already taken");
    expect(await page.getByText("Username is available").count()).toBe(0);

    await input.fill("samuel");
    await poll(() => page.getByRole("img", { name: "Available" }).isVisible()).toBe(true);
    expect(await save.isDisabled()).toBe(false);
    await page.waitForTimeout(400); // let the dialog finish its entrance animation
    await keepScreenshot(page, "settings-username-dialog", false);
    await save.click();
    await visible(page, "Username updated");
    await poll(() => page.getByText("Hi, samuel").isVisible()).toBe(true);
    expect(await page.getByTestId("current-username").textContent()).toBe("samuel");
    await context.close();
  });

  it("changes the password with the spec's rules and messages", async () => {
    const { page, context } = await signedInContext(env, "pat_user", PHONE);
    await gotoHydrated(page, "/settings?tab=account");
    await page.getByRole("button", { name: "Change Password" }).click();
    const submit = page.getByRole("dialog").getByRole("button", { name: "Change Password" });
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel("Current Password").fill(TEST_PASSWORD);
    await page.getByLabel("New Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm New Password").fill("other");
    await submit.click();
    await visible(page, "Password must be at least 6 characters");
    await visible(page, "Passwords don't match");
    await page.waitForTimeout(400); // let the dialog finish its entrance animation
    await keepScreenshot(page, "settings-password-errors-phone", false);

    await page.getByLabel("Current Password").fill("not-my-password");
    await page.getByLabel("New Password", { exact: true }).fill("new-password1");
    await page.getByLabel("Confirm New Password").fill("new-password1");
    // Pressed by key: the button, disabled while the server answers, has the focus again after the refusal.
    await submit.focus();
    await page.keyboard.press("Enter");
    await visible(page, "Failed to change password");
    expect(await page.getByRole("dialog").locator(".form-error").textContent()).toBe("Current password is incorrect");
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Change Password");

    await page.getByLabel("Current Password").fill(TEST_PASSWORD);
    await submit.click();
    await visible(page, "Password changed");
    await poll(() => page.getByRole("dialog").isVisible()).toBe(false);
    const login = await context.request.post("/api/login", { data: { username: "pat_user", password: "new-password1" } });
    expect(login.status()).toBe(200);
    await context.close();
  });

  it("shows the administrator the way to the admin panel, the guide, and logs out", async () => {
    const env2Admin = await env.testApp.store.users.findById(1);
    expect(env2Admin?.username).toBe("theo_admin");
    const { context, page } = await signedInContext(env, "guide_reader");
    await context.request.post("/api/logout");
    await context.request.post("/api/login", { data: { username: "theo_admin", password: TEST_PASSWORD } });
    await gotoHydrated(page, "/settings?tab=account");
    await visible(page, "Administrator Access");
    expect(await page.getByRole("link", { name: "Manage Invite Codes" }).getAttribute("href")).toBe("/admin");
    await keepScreenshot(page, "settings-account-admin");

    await page.getByRole("tab", { name: "Info", exact: true }).click();
    await page.waitForURL(/tab=info/);
    for (const section of ["Basic List Operations", "Working with Items", "Advanced Features"]) {
      expect(await page.getByRole("heading", { name: section }).isVisible()).toBe(true);
    }
    await keepScreenshot(page, "settings-info");
    await page.getByRole("button", { name: "Start Using" }).click();
    // Home itself, with no empty query after it.
    await page.waitForURL(`${env.baseUrl}/`);

    await gotoHydrated(page, "/settings?tab=account");
    // Destructive actions (this admin chose Ocean above) are outlined in the danger colour, never filled like the theme's own buttons.
    const look = (element: Locator) =>
      element.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderTopColor]);
    expect(await look(page.getByRole("button", { name: "Logout" }))).toEqual(["rgba(0, 0, 0, 0)", "rgb(201, 42, 42)"]);
    expect((await look(page.getByRole("link", { name: "Manage Invite Codes" })))[0]).toBe(hexToRgb(THEMES.ocean.buttonColor));
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/auth/);
    await visible(page, "Logged out");
    expect((await context.request.get("/api/user")).status()).toBe(401);
    await context.close();
  });

  it("paints the list page in each of the seven themes (screenshots kept per theme)", async () => {
    const { page, context } = await signedInContext(env, "painter");
    const { list } = await seedList(context.request, "Weekend errands", [
      "Buy coffee beans",
      "Water the plants",
      { title: "Garden", isParent: true },
      "Call grandma",
      { title: "Return library books", completed: true },
      "Book the dentist",
      "Fix the bike light",
      "Plan Sunday lunch",
      "Pay the electricity bill",
      "Back up the laptop",
      "Send the birthday card",
    ]);
    for (const id of THEME_IDS) {
      expect((await context.request.post("/api/user/theme", { data: { theme: id } })).status()).toBe(200);
      await gotoHydrated(page, `/list/${list.id}`);
      expect(await htmlTheme(page)).toBe(id);
      const header = await page.locator(".app-header").evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(header).toBe(hexToRgb(THEMES[id].headerColor));
      await keepScreenshot(page, `theme-${id}-list`);
    }
    await context.close();
  });

  it("gives the Account tab's words the row's width on a phone, their button under them, and beside them on a desktop", async () => {
    const { page, context } = await signedInContext(env, "wide_words", TALL_PHONE);
    await gotoHydrated(page, "/settings?tab=account");
    const rows = await accountRows(page);
    await keepScreenshot(page, "settings-account-phone");
    for (const title of ["Password", "API tokens", "Webhooks"]) {
      const row = rows.find((each) => each.title === title);
      expect(row, title).toMatchObject({ buttonUnder: true, buttonLinedUp: true });
      expect(row!.wordsWidth, title).toBeGreaterThanOrEqual(200);
    }
    // A row whose words fit beside its button keeps it there.
    expect(rows.find((row) => row.title === "Username")).toMatchObject({ buttonBeside: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.setViewportSize(DESKTOP);
    expect((await accountRows(page)).filter((row) => !row.buttonBeside)).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor to /auth", async () => {
    const context = await env.browser.newContext({ baseURL: env.baseUrl });
    const page = await context.newPage();
    await page.goto("/settings?tab=account");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });
});
