/** Settings "Info tab": a short guide to the product, then 'Start Using' (docs/product-rules.md#screens). */
import type { ReactNode } from "react";
import { LIST_SHORTCUTS } from "../../islands/list/shortcuts";

/** Each point: term, explanation, and where it lives when that is a screen of its own. */
type GuidePoint = readonly [term: string, text: ReactNode, href?: string];

/** The list page's keys, from the list its `?` dialog shows too. */
const shortcuts = (
  <>
    On a list, press <kbd>?</kbd> to see these at any time.
    <ul className="guide__shortcuts">
      {LIST_SHORTCUTS.map((shortcut) => (
        <li key={shortcut.does}>
          {shortcut.keys.map((key, index) => (
            <span key={key}>
              {index > 0 && " "}
              <kbd>{key}</kbd>
            </span>
          ))}{" "}
          {shortcut.does}
        </li>
      ))}
    </ul>
  </>
);

const SECTIONS: ReadonlyArray<{ title: string; points: readonly GuidePoint[] }> = [
  {
    title: "Basic List Operations",
    points: [
      ["Create a list", "Press 'New List' on the home screen and give it a name of up to 48 characters. You can keep up to 25 lists."],
      ["Open a list", "Select a list on the home screen to see its items."],
      ["Rename or delete", "Use a list's Edit button to rename it, or Delete to remove it together with all its items."],
      ["Reorder lists", "Drag a list by its handle to put your lists in the order that suits you."],
    ],
  },
  {
    title: "Working with Items",
    points: [
      [
        "Add items",
        "Type in 'Add an item' under a list's items and press Enter; the field stays ready for the next one, and a pasted list adds all its lines at once. The 'Add Item' button beside it opens the full form, for a description or a parent item. A title is required (up to 80 characters).",
      ],
      ["Complete items", "Tap an item's checkbox to mark it done. Changed your mind? Press Undo in the toast that appears."],
      [
        "Edit and reorder",
        "Select an item's title to fix it in place (Enter saves, Escape cancels). Edit or delete an item with its buttons, and drag it by its handle to move it.",
      ],
      ["Hide completed", "Use 'Hide completed' in the header to focus on what is left; 'Show completed' brings finished items back."],
      ["Keyboard shortcuts", shortcuts],
    ],
  },
  {
    title: "Advanced Features",
    points: [
      ["Parent items", "Turn on 'Make this a parent item' to group sub-items under an item, then open it to manage them."],
      ["Sharing", "Share a list with another user by username, or send its link. Changes appear live for everyone on the list."],
      ["Shared Lists", "See every list shared with you, and every list you have shared, on the Shared Lists screen.", "/shared-lists"],
      ["Reset and clear", "Reset a list to untick every item for a fresh start, or clear the completed items away."],
      ["Alphabetical order", "Switch a list from 'Manual order' to 'Alphabetical' to sort its items by title."],
      ["Themes", "Pick one of seven colour themes on the Theme tab; it follows you to every device you sign in on."],
    ],
  },
];

export function InfoGuide() {
  return (
    <div className="stack">
      <p className="muted">
        Listwell keeps your task lists in one place and lets you work on them together. Here is how to get the most out of it.
      </p>
      <div className="guide">
        {SECTIONS.map((section) => (
          <section key={section.title} className="guide__section" aria-labelledby={`guide-${slug(section.title)}`}>
            <h2 id={`guide-${slug(section.title)}`}>{section.title}</h2>
            <dl className="guide__points">
              {section.points.map(([term, text, href]) => (
                <div key={term} className="guide__point">
                  <dt>{href ? <a href={href}>{term}</a> : term}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p className="guide__start">
        {/* biome-ignore lint/a11y/useSemanticElements: the product's Start Using button, as a link: it needs no script, and goes to / itself (a GET form goes to /?) */}
        <a href="/" role="button" className="button button--primary">
          Start Using
        </a>
      </p>
    </div>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, "-");
