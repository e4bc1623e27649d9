// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import AuthPanel from "../../islands/AuthPanel";
import { loginSchema } from "../../src/shared/account";
import { validateRegistration } from "../../src/shared/rules/account";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  sessionStorage.clear();
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (props: Partial<Parameters<typeof AuthPanel>[0]> = {}) =>
  act(() => root.render(<AuthPanel initialTab="login" prefillUsername="" shareId={null} relogin={false} sso={null} {...props} />));

const byLabel = (label: string) => {
  const id = [...container.querySelectorAll("label")].find((l) => l.textContent === label)?.htmlFor;
  return container.querySelector<HTMLInputElement>(`#${id}`)!;
};

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const submit = (name: string) =>
  act(() => [...container.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find((b) => b.textContent === name)!.click());

const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

describe("the login form", () => {
  it("shows the spec's messages beside the fields and sends nothing", () => {
    render();
    type(byLabel("Username"), "ab");
    type(byLabel("Password"), "123");
    submit("Login");
    expect(alerts()).toEqual(["Username must be at least 3 characters", "Password must be at least 6 characters"]);
    expect(byLabel("Username").getAttribute("aria-invalid")).toBe("true");
    // Editing a field takes its stale message away; the other stays until the next submit.
    type(byLabel("Username"), "abc");
    expect(alerts()).toEqual(["Password must be at least 6 characters"]);
    expect(byLabel("Username").getAttribute("aria-invalid")).toBeNull();
  });

  it("prefills the username on relogin and stores a pending share id", () => {
    render({ prefillUsername: "carol", relogin: true });
    expect(byLabel("Username").value).toBe("carol");
    act(() => root.unmount());
    root = createRoot(container);
    render({ initialTab: "register", shareId: "abc123" });
    expect(sessionStorage.getItem("pendingShareId")).toBe("abc123");
    expect(container.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe("Register");
  });
});

describe("the registration form", () => {
  beforeEach(() => render({ initialTab: "register" }));

  it("reads 'Create Account' and explains the username rule", () => {
    expect(container.textContent).toContain("3-24 characters, letters, numbers, and underscores only.");
    expect([...container.querySelectorAll("button")].some((b) => b.textContent === "Create Account")).toBe(true);
  });

  it("checks every field with the spec's messages", () => {
    type(byLabel("Username"), "bad name");
    type(byLabel("Password"), "secret1");
    type(byLabel("Confirm Password"), "secret2");
    submit("Create Account");
    expect(alerts()).toEqual([
      "Username can only contain letters, numbers, and underscores",
      "Passwords do not match",
      "Invite code is required",
    ]);
    type(byLabel("Username"), "erin");
    expect(alerts()).toEqual(["Passwords do not match", "Invite code is required"]);
    type(byLabel("Username"), "x".repeat(25));
    submit("Create Account");
    expect(alerts()[0]).toBe("Username cannot exceed 24 characters");
  });
});

describe("the shared account rules", () => {
  it("puts the confirmation error on confirmPassword and never sends it", () => {
    const mismatch = validateRegistration({ username: "dana", password: "secret1", confirmPassword: "nope", inviteCode: "x" });
    expect(mismatch).toEqual({ success: false, errors: { confirmPassword: "Passwords do not match" } });
    const valid = validateRegistration({ username: " dana ", password: "secret1", confirmPassword: "secret1", inviteCode: " x " });
    expect(valid).toEqual({ success: true, data: { username: "dana", password: "secret1", inviteCode: "x" } });
    expect(loginSchema.safeParse({ username: "  dana  ", password: "secret1" }).data?.username).toBe("dana");
  });
});
