// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import GuestNameDialog from "../../islands/activity/GuestNameDialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
let sent: unknown[];
let answer: { status: number; body: unknown };
let onClose: Mock<(saved?: string) => void>;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  sent = [];
  onClose = vi.fn<(saved?: string) => void>();
  answer = { status: 200, body: { displayName: "Sam (guest)" } };
  vi.stubGlobal("fetch", async (_path: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const render = () => act(() => root.render(<GuestNameDialog shareId="link" current={null} onClose={onClose} />));
const field = () => container.querySelector<HTMLInputElement>("#guest-name")!;
const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);

function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(field(), value);
    field().dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const save = () =>
  act(async () => {
    [...container.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find((button) => button.textContent === "Save")!.click();
  });

describe("the guest name dialog", () => {
  it("says why an invisible character cannot be used before sending, and shows the server's own words for a look-alike", async () => {
    render();
    type("S\u200bam");
    await save();
    expect(alerts()).toEqual(["Your name cannot contain control or invisible characters"]);
    expect(sent).toEqual([]);

    answer = {
      status: 409,
      body: { message: "That name looks like an account's name here. Please choose another name.", error: "GUEST_NAME_TAKEN" },
    };
    type("aliсe");
    await save();
    expect(sent).toEqual([{ name: "aliсe" }]);
    expect(alerts()).toEqual(["That name looks like an account's name here. Please choose another name."]);
    expect(onClose).not.toHaveBeenCalled();

    answer = { status: 200, body: { displayName: "Alicia (guest)" } };
    type("Alicia");
    await save();
    expect(onClose).toHaveBeenCalledWith("Alicia");
  });
});
