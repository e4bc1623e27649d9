import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { normalizeTheme, type ThemeId } from "../../shared/themes";
import type { AppContext } from "../env";
import { NO_STORE, revalidatedBody } from "../middleware/conditional";

const HTML_TYPE = "text/html; charset=UTF-8";

const toDocument = (page: ReactElement) => `<!DOCTYPE html>${renderToString(page)}`;

/**
 * Server-renders a page view to a full HTML document the browser may keep and must revalidate:
 * Back shows it at once, and a reload of an unchanged page costs a 304 (docs/decisions/012-delivery.md).
 */
export const renderPage = (c: AppContext, page: ReactElement, status: 200 | 404 = 200) =>
  revalidatedBody(c, toDocument(page), HTML_TYPE, status);

/** A page that shows a secret (the invite code): never written to any cache, nor kept for Back. */
export function renderSecretPage(c: AppContext, page: ReactElement) {
  c.header("Cache-Control", NO_STORE);
  return c.html(toDocument(page));
}

/** The signed-in user's theme, rendered into <html> so the page never flashes another one. */
export const pageTheme = (c: AppContext): ThemeId => normalizeTheme(c.get("user")?.theme);
