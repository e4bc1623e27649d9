import { THEMES } from "../src/shared/themes";

/** Every theme's colours as CSS variables keyed by <html data-theme>, so switching needs no reload. */
const css = Object.values(THEMES)
  .map(
    (theme) =>
      `[data-theme="${theme.id}"]{--header:${theme.headerColor};--button:${theme.buttonColor};` +
      theme.taskColors.map((color, i) => `--task-${i}:${color}`).join(";") +
      "}",
  )
  .join("");

export function ThemeStyles() {
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
