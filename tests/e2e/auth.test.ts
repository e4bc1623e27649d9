import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousContext, gotoHydrated, keepScreenshot, PHONE, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";

describe("auth page in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("registers, lands home, logs out, logs back in, and shows a wrong password's toast", async () => {
    const { page, context } = await anonymousContext(env);
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await gotoHydrated(page, "/auth");
    await keepScreenshot(page, "auth-login");

    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Username must be at least 3 characters").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Invite code is required").isVisible()).toBe(true);

    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm Password").fill("different1");
    await page.getByLabel("Invite Code").fill(TEST_INVITE_CODE);
    await expect.poll(() => page.getByText("Username available ✓").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Passwords do not match").isVisible()).toBe(true);
    await keepScreenshot(page, "auth-register-errors");

    await page.getByLabel("Confirm Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${env.baseUrl}/`);
    await expect.poll(() => page.getByText("Hi, alice").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Account created for alice!").isVisible()).toBe(true);
    expect((await env.testApp.store.users.findByUsername("alice"))?.id).toBe(1);

    await gotoHydrated(page, "/settings?tab=account");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/auth/);
    expect((await context.request.get("/api/user")).status()).toBe(401);

    await gotoHydrated(page, "/auth");
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect.poll(() => page.getByText("Login failed").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Invalid username or password").isVisible()).toBe(true);
    await keepScreenshot(page, "auth-login-failed");

    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${env.baseUrl}/`);
    await expect.poll(() => page.getByText("Welcome back, alice!").isVisible()).toBe(true);
    await context.close();
  });

  it("tells a taken username apart on blur and on submit", async () => {
    const { page, context } = await anonymousContext(env, PHONE);
    await context.request.post("/api/register", { data: { username: "bob_taken", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE } });
    await context.clearCookies();
    await gotoHydrated(page, "/auth");
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Username").fill("bob_taken");
    await page.getByLabel("Password", { exact: true }).click();
    await expect.poll(() => page.getByText("This username is already taken").isVisible()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm Password").fill(TEST_PASSWORD);
    await page.getByLabel("Invite Code").fill(TEST_INVITE_CODE);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Username already taken").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Username 'bob_taken' already exists. Please choose another.").isVisible()).toBe(true);
    await keepScreenshot(page, "auth-register-taken-phone");
    await context.close();
  });

  it("prefills a relogin and switches to Register for a share link, each with its toast", async () => {
    const { page, context } = await anonymousContext(env);
    await gotoHydrated(page, "/auth?action=relogin&username=carol");
    expect(await page.getByLabel("Username").inputValue()).toBe("carol");
    expect(await page.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.getByText("Session Expired").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please log in again to continue").isVisible()).toBe(true);

    await gotoHydrated(page, "/auth?shareId=some-share");
    expect(await page.getByRole("tab", { name: "Register" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.getByText("Register or log in to interact with the shared list").isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem("pendingShareId"))).toBe("some-share");
    await keepScreenshot(page, "auth-shared-link");
    await context.close();
  });

  it("renders the 404 page and the login test page", async () => {
    const { page, context } = await anonymousContext(env);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText("404 Page Not Found").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);

    await gotoHydrated(page, "/login-test");
    await expect.poll(() => page.getByText("Not logged in").isVisible()).toBe(true);
    await page.getByLabel("Invite code").fill(TEST_INVITE_CODE);
    await page.getByLabel("Username").fill("tester");
    await page.getByRole("button", { name: "Test Registration" }).click();
    await expect.poll(() => page.getByTestId("last-action").textContent()).toBe("Registration succeeded");
    await page.getByRole("button", { name: "Test Logout" }).click();
    await expect.poll(() => page.getByTestId("last-action").textContent()).toBe("Logout succeeded");
    await page.getByRole("button", { name: "Test Login" }).click();
    await expect.poll(() => page.getByTestId("last-action").textContent()).toBe("Login succeeded");
    await context.close();
  });
});
