import { getCookie } from "hono/cookie";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { ColorModeContext } from "../../../views/color-mode";
import type { Assets } from "../../assets";
import { COLOR_MODE_COOKIE, type ColorMode, normalizeTheme, type ThemeId, toColorMode } from "../../shared/themes";
import type { AppContext } from "../env";
import { NO_STORE, revalidatedBody } from "../middleware/conditional";

const HTML_TYPE = "text/html; charset=UTF-8";

/** The visitor's light/dark choice (cookie set by the Settings page), guests' too; no cookie follows the device. */
export const pageMode = (c: AppContext): ColorMode => toColorMode(getCookie(c, COLOR_MODE_COOKIE));

/** Every page's <html> carries the mode, so the first paint is already in the right colours. */
const toDocument = (c: AppContext, page: ReactElement) =>
  `<!DOCTYPE html>${renderToString(<ColorModeContext value={pageMode(c)}>{page}</ColorModeContext>)}`;

/**
 * Server-renders a page view to a full HTML document the browser may keep and must revalidate:
 * Back shows it at once, and a reload of an unchanged page costs a 304 (docs/decisions/012-delivery.md).
 */
export const renderPage = (c: AppContext, page: ReactElement, status: 200 | 404 = 200) =>
  revalidatedBody(c, toDocument(c, page), HTML_TYPE, status);

/** Documents kept per build of the assets, the most recently sent last (docs/decisions/036). */
const KEPT_DOCUMENTS = 32;
const keptDocuments = new WeakMap<Assets, Map<string, string>>();

/**
 * `renderPage` for a view that is a pure function of `inputs` (everything it reads but the assets
 * and the colour mode, as JSON): the document rendered from equal inputs is sent again instead of
 * being rendered anew. The caller still reads and checks everything behind `inputs` each time, so
 * only its own answer is ever reused; a changed list or a renamed user makes new inputs.
 */
export function renderKeptPage(c: AppContext, assets: Assets, inputs: unknown, page: () => ReactElement) {
  const kept = keptDocuments.get(assets) ?? new Map<string, string>();
  keptDocuments.set(assets, kept);
  const key = `${pageMode(c)}\n${JSON.stringify(inputs)}`;
  const document = kept.get(key) ?? toDocument(c, page());
  kept.delete(key);
  kept.set(key, document);
  if (kept.size > KEPT_DOCUMENTS) kept.delete(kept.keys().next().value!);
  return revalidatedBody(c, document, HTML_TYPE);
}

/**
 * A page that shows a secret (the invite code) or one moment's answer (a single sign-on's refusal):
 * never written to any cache, nor kept for Back.
 */
export function renderSecretPage(c: AppContext, page: ReactElement, status: 200 | 400 | 403 | 429 | 503 = 200) {
  c.header("Cache-Control", NO_STORE);
  return c.html(toDocument(c, page), status);
}

/** The signed-in user's theme, rendered into <html> so the page never flashes another one. */
export const pageTheme = (c: AppContext): ThemeId => normalizeTheme(c.get("user")?.theme);
