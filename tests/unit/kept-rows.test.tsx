/**
 * The server keeps each list row's markup once React has rendered it (docs/decisions/040-list-page-render.md).
 * The list page must still be, byte for byte, what the browser's own render of the island gives,
 * since that is what hydration compares: with its rows rendered afresh, with every row kept, and
 * after one row changed, which must show its change.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ListScreen, { type ListScreenProps } from "../../islands/list/ListScreen";
import { IconSprite } from "../../islands/ui/Icon";
import type { ListCan } from "../../src/shared/can";
import { Island } from "../../views/Island";
import { aTask } from "../helpers/tasks";

const SPRITE = "/build/icons-kept-rows.svg";
const NONE: ListCan = {
  tick: false,
  edit: false,
  clearCompleted: false,
  restoreAnyDeleted: false,
  renameList: false,
  setRoutine: false,
  share: false,
  deleteList: false,
  beTold: true,
};
const OWNER: ListCan = {
  tick: true,
  edit: true,
  clearCompleted: true,
  restoreAnyDeleted: true,
  renameList: true,
  setRoutine: true,
  share: true,
  deleteList: true,
  beTold: true,
};

const sam = { userId: 1, username: "sam" };
const parent = aTask({ title: "Party", isParent: true, position: 4, createdBy: sam });
const tasks = [
  aTask({ title: "Milk", position: 0, createdBy: sam }),
  aTask({ title: "Eggs", completed: true, position: 1, createdBy: sam, completedBy: { userId: 2, username: "kim" } }),
  aTask({ title: "Bread", description: "Wholemeal, sliced", position: 2, createdBy: null }),
  // Quotes, an ampersand, a closing tag and characters outside Latin-1, all escaped in the markup.
  aTask({ title: 'Jam </li> & "butter" 🍓 – ñ', position: 3, createdBy: sam }),
  parent,
  aTask({ title: "Balloons", parentId: parent.id, position: 0, createdBy: sam }),
  aTask({ title: "Cake", parentId: parent.id, completed: true, position: 1, completedBy: sam }),
];

const screen = (fields: Partial<ListScreenProps> = {}): ListScreenProps => ({
  list: { id: 1, name: "Groceries" },
  tasks,
  accessLevel: "admin",
  isOwner: true,
  can: OWNER,
  ownerName: null,
  shareId: null,
  parentId: 0,
  eventId: 9,
  viewerId: 1,
  sections: [],
  ...fields,
});

/** What the browser's render of the island makes, which its hydration compares with the page. */
const browserRender = (props: ListScreenProps) =>
  renderToString(
    <IconSprite value={SPRITE}>
      <ListScreen {...props} />
    </IconSprite>,
    { identifierPrefix: "ListScreen-" },
  );

/** The island as the server renders it into the page, without its marker. */
function pageRender(props: ListScreenProps) {
  const html = renderToString(
    <IconSprite value={SPRITE}>
      <Island name="ListScreen" props={props} />
    </IconSprite>,
  );
  return html.slice(html.indexOf(">") + 1, -"</div>".length);
}

const rowOf = (html: string, title: string) => html.split("<li").find((row) => row.includes(`>${title}</button>`)) ?? "";

describe("kept list rows", () => {
  it.each([
    ["the owner's list", screen()],
    ["a parent item's own view, the parent pinned first", screen({ parentId: parent.id })],
    ["a reader's list, without controls", screen({ accessLevel: "read", isOwner: false, can: NONE, ownerName: "sam", viewerId: 2 })],
    ["a list that may only be ticked", screen({ accessLevel: "check", isOwner: false, can: { ...NONE, tick: true }, ownerName: "sam" })],
    ["an empty list", screen({ tasks: [] })],
    // Headings stand among the rows (docs/decisions/060-sections-browser.md); Bakery holds none.
    [
      "a list in sections, one of them empty",
      screen({
        tasks: tasks.map((task) => (task.title === "Milk" || task.title === "Party" ? { ...task, sectionId: 5 } : task)),
        sections: [
          { id: 6, name: "Bakery", position: 1 },
          { id: 5, name: "Dairy & <eggs>", position: 0 },
        ],
      }),
    ],
  ])("renders %s as the browser does, rows fresh and rows kept", (_, props) => {
    const expected = browserRender(props);
    expect(expected).toContain('<ul class="items">');
    expect(pageRender(props)).toBe(expected);
    expect(pageRender(props)).toBe(expected);
    expect(expected.match(/class="section-heading"/g)?.length ?? 0).toBe(props.sections.length);
  });

  it("shows a row's change at once, and keeps the rows that did not change as they were", () => {
    expect(pageRender(screen())).toBe(browserRender(screen()));
    const ticked = screen({ tasks: tasks.map((task) => (task.title === "Milk" ? { ...task, completed: true, completedBy: sam } : task)) });

    const page = pageRender(ticked);
    expect(page).toBe(browserRender(ticked));
    expect(rowOf(page, "Milk")).toContain('aria-checked="true"');
    expect(rowOf(page, "Milk")).toContain("Ticked by sam");
    expect(rowOf(pageRender(screen()), "Milk")).toContain('aria-checked="false"');
    // Who added an open item is in its menu, not on every row (docs/decisions/045-phone-rows.md).
    expect(rowOf(pageRender(screen()), "Milk")).not.toContain("Added by");
  });
});
