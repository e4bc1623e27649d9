import { type CSSProperties, type KeyboardEvent, useEffect, useState } from "react";
import { type ColorMode, THEME_IDS, THEMES, type Theme, type ThemeId } from "../../src/shared/themes";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Icon } from "../ui/Icon";
import { ModePicker } from "./ModePicker";
import { applyTheme, storeTheme } from "./theme-storage";

export interface ThemePickerProps {
  current: ThemeId;
  /** The light/dark choice the page was rendered with. */
  mode: ColorMode;
}

/**
 * Settings' Theme tab: a grid of preview cards; a click applies the theme and saves it.
 * The light/dark choice sits above it, in the same island so the page loads no extra chunk.
 */
export default function ThemePicker({ current, mode }: ThemePickerProps) {
  const [selected, setSelected] = useState(current);

  // The server's theme wins over the browser's copy (docs/product-rules.md#accounts), so the copy follows it.
  useEffect(() => storeTheme(current), [current]);

  async function choose(theme: ThemeId) {
    if (theme === selected) return;
    const previous = selected;
    setSelected(theme);
    applyTheme(theme);
    storeTheme(theme);
    try {
      await client.user.theme.$post({ json: { theme } });
    } catch (error) {
      setSelected(previous);
      applyTheme(previous);
      storeTheme(previous);
      toast({ title: "Failed to save theme", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  }

  function moveBy(event: KeyboardEvent<HTMLDivElement>) {
    const step = ARROW_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = THEME_IDS[(THEME_IDS.indexOf(selected) + step + THEME_IDS.length) % THEME_IDS.length]!;
    event.currentTarget.querySelector<HTMLElement>(`[data-theme-id="${next}"]`)?.focus();
    void choose(next);
  }

  return (
    <>
      <ModePicker current={mode} />
      {/* The radio pattern: one Tab stop, the chosen theme; the arrows move to the next or previous card and choose it. */}
      <div className="theme-grid" role="radiogroup" aria-label="Colour theme" onKeyDown={(event) => moveBy(event)}>
        {THEME_IDS.map((id) => (
          <ThemeCard key={id} theme={THEMES[id]} selected={id === selected} onSelect={() => choose(id)} />
        ))}
      </div>
    </>
  );
}

const ARROW_STEPS: Record<string, number | undefined> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Both palettes ride on the element; the stylesheet's light-dark() shows the one the page is in. */
const paint = (light: string, dark: string) => ({ "--light": light, "--dark": dark }) as CSSProperties;

function ThemeCard({ theme, selected, onSelect }: { theme: Theme; selected: boolean; onSelect: () => void }) {
  const { dark } = theme;
  const swatches = theme.taskColors.map((color, i) => paint(color, dark.taskColors[i] ?? color));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card-sized button in a radiogroup, as the ARIA radio pattern allows
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      tabIndex={selected ? 0 : -1}
      aria-label={theme.name}
      className="theme-card"
      data-theme-id={theme.id}
      onClick={onSelect}
    >
      <span className="theme-card__header" style={paint(theme.headerColor, dark.header)}>
        <span className="theme-card__name">{theme.name}</span>
        {selected && (
          <span className="theme-card__check" aria-hidden="true">
            <Icon name="check" size={16} />
          </span>
        )}
      </span>
      <span className="theme-card__swatches" aria-hidden="true">
        {swatches.map((style, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a theme's colours are fixed and may repeat
          <span key={i} className="theme-card__swatch" style={style} />
        ))}
      </span>
      <span className="theme-card__footer" aria-hidden="true">
        <span className="theme-card__task" style={swatches[0]} />
        <span className="theme-card__task theme-card__task--short" style={swatches[1]} />
        <span className="theme-card__button" style={paint(theme.buttonColor, dark.button)}>
          Button
        </span>
      </span>
      <span className="theme-card__label">{selected ? "Selected" : "Select"}</span>
    </button>
  );
}
