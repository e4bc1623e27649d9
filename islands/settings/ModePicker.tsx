import { useState } from "react";
import { COLOR_MODES, type ColorMode } from "../../src/shared/themes";
import { RadioChoices } from "../ui/Choices";
import { applyMode, storeMode } from "./theme-storage";

const LABELS: Record<ColorMode, string> = { light: "Light", dark: "Dark", system: "System" };
const CHOICES = COLOR_MODES.map((mode) => ({ value: mode, label: LABELS[mode] }));

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
    <RadioChoices legend="Appearance" name="color-mode" choices={CHOICES} value={selected} onChange={choose}>
      <p className="muted mode-picker__hint">System follows your device's light or dark setting. Kept in this browser.</p>
    </RadioChoices>
  );
}
