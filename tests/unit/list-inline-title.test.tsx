// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InlineTitle } from "../../islands/list/InlineTitle";
import { aTask } from "../helpers/tasks";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const task = aTask({ id: 7, title: "Mlik" });

let container: HTMLElement;
let root: Root;
let renamed: string[];
beforeEach(() => {
  renamed = [];
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<InlineTitle task={task} editable onRename={(_, title) => renamed.push(title)} />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const title = () => container.querySelector("button");
const field = () => container.querySelector("input");

function startEditing() {
  act(() => title()!.click());
  expect(field()).not.toBeNull();
}

/** Types into the controlled field as a person would: React hears the native input event. */
function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(field(), value);
    field()!.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const press = (key: string) => act(() => field()!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })));

describe("InlineTitle (edit a title in place)", () => {
  it("turns the title into a field holding it, and Enter saves the trimmed title", () => {
    startEditing();
    expect(field()!.value).toBe("Mlik");
    expect(field()!.getAttribute("aria-label")).toBe("Edit title of Mlik");
    type("  Milk ");
    press("Enter");
    expect(renamed).toEqual(["Milk"]);
    expect(field()).toBeNull();
    expect(title()!.textContent).toBe("Mlik"); // the screen shows the new title once the list says so
  });

  it("cancels on Escape, and saves nothing the blur after it", () => {
    startEditing();
    type("Milk");
    press("Escape");
    expect(field()).toBeNull();
    expect(renamed).toEqual([]);
  });

  it("saves when the field is left", () => {
    startEditing();
    type("Milk");
    act(() => field()!.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(renamed).toEqual(["Milk"]);
  });

  it("sends nothing for an unchanged or emptied title", () => {
    startEditing();
    press("Enter");
    startEditing();
    type("   ");
    press("Enter");
    expect(renamed).toEqual([]);
    expect(title()!.textContent).toBe("Mlik");
  });

  it("is plain text for a reader who may not edit", () => {
    act(() => root.render(<InlineTitle task={task} editable={false} onRename={() => renamed.push("x")} />));
    expect(container.querySelector("button, input")).toBeNull();
    expect(container.textContent).toBe("Mlik");
  });
});
