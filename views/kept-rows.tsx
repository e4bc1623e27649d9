import { Fragment, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { ItemRowProps } from "../islands/list/ItemRow";
import type { SectionHeadingProps } from "../islands/list/SectionHeading";
import { IconSprite } from "../islands/ui/Icon";

/** A row, or a section's heading among the rows (docs/decisions/060-sections-browser.md). */
type Row = ReactElement<ItemRowProps | SectionHeadingProps>;

/** Rows kept, the most recently used last: the rows of the last twenty or so full lists read. */
const KEPT_ROWS = 2_000;
const keptRows = new Map<string, string>();

/**
 * A row's props but its handlers: JSON would leave the functions out as well, but on a slower path
 * than copying the rest first.
 */
function renderedProps(props: Row["props"]) {
  const rendered: Record<string, unknown> = {};
  for (const name in props) {
    const value = (props as unknown as Record<string, unknown>)[name];
    if (typeof value !== "function") rendered[name] = value;
  }
  return rendered;
}

/**
 * The markup of a list's rows for the list page's server render (islands/list/ListBody.tsx), each
 * row rendered by React once per state and kept (docs/decisions/040-list-page-render.md). A row is
 * a pure function of its props and the sprite's URL, and it is kept by them: its props as JSON (the
 * handlers are functions, which render nothing) and the URL. The rows not kept yet are rendered
 * together in one root of their own, as an island is, and cut at their closing tags: a row is one
 * <li> with none inside, and React escapes every `<` of its text, so each "</li>" ends one row.
 * tests/unit/kept-rows.test.tsx holds the page to the browser's own render of the island.
 */
export function keptRowMarkup(rows: Row[], sprite: string): string {
  const keys = rows.map((row) => `${sprite}\n${JSON.stringify(renderedProps(row.props))}`);
  const markup = keys.map((key) => keptRows.get(key));
  const missing = markup.flatMap((kept, i) => (kept === undefined ? [i] : []));
  if (missing.length > 0) {
    const rendered = renderToString(
      <IconSprite value={sprite}>
        {missing.map((i) => (
          <Fragment key={i}>{rows[i]}</Fragment>
        ))}
      </IconSprite>,
    ).split("</li>");
    if (rendered.length !== missing.length + 1) throw new Error(`${missing.length} rows rendered as ${rendered.length - 1}`);
    missing.forEach((i, n) => {
      markup[i] = `${rendered[n]}</li>`;
    });
  }
  keys.forEach((key, i) => {
    keptRows.delete(key);
    keptRows.set(key, markup[i]!);
  });
  while (keptRows.size > KEPT_ROWS) keptRows.delete(keptRows.keys().next().value!);
  return markup.join("");
}
