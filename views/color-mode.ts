/** @module The page's light/dark choice, set once per render by src/http/pages/render.tsx and read by views/Layout.tsx. */
import { createContext } from "react";
import type { ColorMode } from "../src/shared/themes";

/** "system" where no render sets it (the server-error page): the device's own preference then decides. */
export const ColorModeContext = createContext<ColorMode>("system");

/** <html data-mode>: "light" or "dark" when chosen; absent for "system", where the stylesheet asks the device. */
export const modeAttribute = (mode: ColorMode) => (mode === "system" ? undefined : mode);
