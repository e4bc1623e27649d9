import { useState } from "react";
import { COLOR_MODES, type ColorMode } from "../../src/shared/themes";
import { applyMode, storeMode } from "./theme-storage";

const LABELS: Record<ColorMode, string> = { light: "Light", dark: "Dark", system: "System" };

/**
 * Light, Dark or System (the device's setting), beside the theme cards. Native radios give the
 * arrow keys for free; the choice repaints at once and is kept in a cookie for the server's render.
 */
export function ModePicker({ current }: { current: ColorMode }) {
  const [selected, setSelected] = useState(current);

  function choose(mode: ColorMode) {
    setSelected(mode);
    applyMode(mode);
    storeMode(mode);
  }

  return (
    <fieldset className="mode-picker">
      <legend className="mode-picker__legend">Appearance</legend>
      <div className="mode-picker__options">
        {COLOR_MODES.map((mode) => (
          <label key={mode} className="mode-picker__option">
            <input type="radio" name="color-mode" value={mode} checked={selected === mode} onChange={() => choose(mode)} />
            {LABELS[mode]}
          </label>
        ))}
      </div>
      <p className="muted mode-picker__hint">System follows your device's light or dark setting. Kept in this browser.</p>
    </fieldset>
  );
}
