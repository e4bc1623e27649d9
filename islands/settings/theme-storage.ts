import { COLOR_MODE_COOKIE, type ColorMode, colorSchemeOf, type ThemeId } from "../../src/shared/themes";

/**
 * The theme is kept in browser storage as well as on the server. The server's copy wins
 * (docs/product-rules.md#accounts) and arrives already normalised (legacy names mapped), so only writes happen here.
 */
const THEME_KEY = "theme";

export function storeTheme(theme: ThemeId) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode or a full quota: the server copy still holds the choice.
  }
}

/** Switches every themed colour at once: the stylesheet keys the variables by <html data-theme>. */
export function applyTheme(theme: ThemeId) {
  document.documentElement.dataset.theme = theme;
}

/** A year, in seconds: the choice outlives sessions, and a guest keeps it too. */
const MODE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The light/dark choice lives in a cookie, not in storage: the server reads it to render <html
 * data-mode> so the first paint is already right (src/http/pages/render.tsx). "system" clears it.
 */
export function storeMode(mode: ColorMode) {
  const lifetime = mode === "system" ? "=; Max-Age=0" : `=${mode}; Max-Age=${MODE_COOKIE_MAX_AGE}`;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing from Firefox and Safari
  document.cookie = `${COLOR_MODE_COOKIE}${lifetime}; Path=/; SameSite=Lax${secure}`;
}

/** Repaints at once, as the server would render it (views/Layout.tsx): <html data-mode> and the color-scheme meta. */
export function applyMode(mode: ColorMode) {
  const root = document.documentElement;
  if (mode === "system") delete root.dataset.mode;
  else root.dataset.mode = mode;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", colorSchemeOf(mode));
}
