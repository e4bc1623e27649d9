import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { normalizeTheme, type ThemeId } from "../../shared/themes";
import type { AppContext } from "../env";

/** Server-renders a page view to a full HTML document. */
export function renderPage(c: AppContext, page: ReactElement, status: 200 | 404 = 200) {
  c.header("Cache-Control", "no-store");
  return c.html(`<!DOCTYPE html>${renderToString(page)}`, status);
}

/** The signed-in user's theme, rendered into <html> so the page never flashes another one. */
export const pageTheme = (c: AppContext): ThemeId => normalizeTheme(c.get("user")?.theme);
