/** The seven themes of SPEC §3, each with 10 task colours cycled by item index, light and dark. */
export const THEME_IDS = ["vibrant", "monochrome", "nature", "warm", "rainbow", "sunset", "ocean"] as const;
export type ThemeId = (typeof THEME_IDS)[number];

/** Light or dark, as <html data-mode> says; "system" follows the device (prefers-color-scheme). */
export const COLOR_MODES = ["light", "dark", "system"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
/** The browser's cookie for the mode: absent means "system", so a guest with no choice follows the device. */
export const COLOR_MODE_COOKIE = "listwell_mode";

export const toColorMode = (value: unknown): ColorMode => (value === "light" || value === "dark" ? value : "system");

/** What <meta name="color-scheme"> says, so the browser paints its own parts (canvas, scrollbars) to match before the stylesheet loads. */
export const colorSchemeOf = (mode: ColorMode) => (mode === "system" ? "light dark" : mode);

/**
 * A theme at night: its own surfaces and text, a header and button that keep white text at 4.5:1,
 * and ten row colours that tint the dark surface (rows mix a little of them in, see 32-list-colours.css).
 */
export interface DarkPalette {
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  header: string;
  button: string;
  taskColors: readonly string[];
}

export interface Theme {
  id: ThemeId;
  name: string;
  /** SPEC §3's colours, on the light page. */
  taskColors: readonly string[];
  headerColor: string;
  buttonColor: string;
  dark: DarkPalette;
}

export const THEMES: Record<ThemeId, Theme> = {
  vibrant: {
    id: "vibrant",
    name: "Vibrant",
    taskColors: ["#ff6b6b", "#feca57", "#48dbfb", "#1dd1a1", "#ff9ff3", "#54a0ff", "#5f27cd", "#ff9f43", "#00d2d3", "#c8d6e5"],
    headerColor: "#5f27cd",
    buttonColor: "#d6336c",
    dark: {
      background: "#15131f",
      surface: "#211e30",
      text: "#f1eefa",
      muted: "#aba5c1",
      border: "#3a3452",
      header: "#4a1fa8",
      button: "#c2255c",
      taskColors: ["#9e4242", "#9d7d36", "#2d889c", "#128264", "#9e6397", "#34639e", "#6c4bb8", "#9e632a", "#008283", "#7c858e"],
    },
  },
  monochrome: {
    id: "monochrome",
    name: "Monochrome",
    taskColors: ["#f5f5f5", "#e8e8e8", "#dcdcdc", "#d0d0d0", "#c4c4c4", "#b8b8b8", "#cfcfcf", "#e0e0e0", "#ececec", "#d8d8d8"],
    headerColor: "#222222",
    buttonColor: "#444444",
    dark: {
      background: "#111111",
      surface: "#1c1c1c",
      text: "#f0f0f0",
      muted: "#a8a8a8",
      border: "#363636",
      header: "#2a2a2a",
      button: "#555555",
      taskColors: ["#989898", "#909090", "#888888", "#818181", "#7a7a7a", "#727272", "#808080", "#8b8b8b", "#929292", "#868686"],
    },
  },
  nature: {
    id: "nature",
    name: "Nature",
    taskColors: ["#a8e6cf", "#dcedc1", "#c5e1a5", "#aed581", "#9ccc65", "#d4e157", "#b2dfdb", "#80cbc4", "#c8e6c9", "#e6ee9c"],
    headerColor: "#2e7d32",
    buttonColor: "#4e7f2a",
    dark: {
      background: "#0f1a12",
      surface: "#18261b",
      text: "#e8f3e9",
      muted: "#a0b9a4",
      border: "#2c4431",
      header: "#1b5e20",
      button: "#3f6d21",
      taskColors: ["#688f80", "#889378", "#7a8c66", "#6c8450", "#617e3f", "#838c36", "#6e8a88", "#4f7e7a", "#7c8f7d", "#8f9461"],
    },
  },
  warm: {
    id: "warm",
    name: "Warm",
    taskColors: ["#ffccbc", "#ffab91", "#ffe0b2", "#ffcc80", "#ffecb3", "#ffe082", "#f8bbd0", "#f48fb1", "#ffcdd2", "#ef9a9a"],
    headerColor: "#bf360c",
    buttonColor: "#ba4a00",
    dark: {
      background: "#1c1410",
      surface: "#281d17",
      text: "#f8ece6",
      muted: "#c6ada1",
      border: "#4a3529",
      header: "#8c2a09",
      button: "#a84300",
      taskColors: ["#9e7e75", "#9e6a5a", "#9e8b6e", "#9e7e4f", "#9e926f", "#9e8b51", "#9a7481", "#97596e", "#9e7f82", "#945f5f"],
    },
  },
  rainbow: {
    id: "rainbow",
    name: "Rainbow",
    taskColors: ["#ff8a80", "#ffd180", "#ffff8d", "#ccff90", "#a7ffeb", "#80d8ff", "#82b1ff", "#b388ff", "#ea80fc", "#ff80ab"],
    headerColor: "#6a1b9a",
    buttonColor: "#d81b60",
    dark: {
      background: "#17121f",
      surface: "#221b2d",
      text: "#f3eefa",
      muted: "#b3a8c4",
      border: "#3d3150",
      header: "#4a148c",
      button: "#c2185b",
      taskColors: ["#9e564f", "#9e824f", "#9e9e57", "#7e9e59", "#689e92", "#4f869e", "#516e9e", "#6f549e", "#914f9c", "#9e4f6a"],
    },
  },
  sunset: {
    id: "sunset",
    name: "Sunset",
    taskColors: ["#ffb199", "#ff9a8b", "#ff8e9e", "#f9a8d4", "#fbc2eb", "#fcd5ce", "#fec89a", "#ffd6a5", "#f8ad9d", "#f4978e"],
    headerColor: "#c0392b",
    buttonColor: "#b45309",
    dark: {
      background: "#1d1214",
      surface: "#2a1a1e",
      text: "#fbecee",
      muted: "#cba9af",
      border: "#4d2f35",
      header: "#962d22",
      button: "#9a4508",
      taskColors: ["#9e6e5f", "#9e5f56", "#9e5862", "#9a6883", "#9c7892", "#9c8480", "#9d7c5f", "#9e8566", "#9a6b61", "#975e58"],
    },
  },
  ocean: {
    id: "ocean",
    name: "Ocean",
    taskColors: ["#b3e5fc", "#81d4fa", "#4fc3f7", "#b2ebf2", "#80deea", "#4dd0e1", "#bbdefb", "#90caf9", "#c5cae9", "#9fa8da"],
    headerColor: "#01579b",
    buttonColor: "#0277bd",
    dark: {
      background: "#0b1621",
      surface: "#12212f",
      text: "#e6f2fb",
      muted: "#9ab5ca",
      border: "#26405a",
      header: "#01447a",
      button: "#0268a3",
      taskColors: ["#6f8e9c", "#50839b", "#317999", "#6e9296", "#4f8a91", "#30818c", "#748a9c", "#597d9a", "#7a7d90", "#636887"],
    },
  },
};

export const DEFAULT_THEME: ThemeId = "vibrant";

export const isThemeId = (value: unknown): value is ThemeId =>
  typeof value === "string" && (THEME_IDS as readonly string[]).includes(value);

/** SPEC §4: legacy names map onto today's themes; anything unknown becomes vibrant. */
export function normalizeTheme(value: unknown): ThemeId {
  if (value === "terminal") return "monochrome";
  return isThemeId(value) ? value : DEFAULT_THEME;
}
