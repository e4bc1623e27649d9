import type { ThemeId } from "../../src/shared/themes";

/**
 * SPEC §3: the theme is kept in browser storage as well as on the server. The server's copy wins
 * (SPEC §4) and arrives already normalised (legacy names mapped), so only writes happen here.
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
