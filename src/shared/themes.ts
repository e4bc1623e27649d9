/** The seven themes, each with 10 task colours cycled by item index, light and dark. */
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
  /** The theme's own colours, on the light page. */
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
      taskColors: ["#b32e2e", "#b5861f", "#1498b4", "#0f8565", "#ab55a1", "#1c61b6", "#6c4bb8", "#b46214", "#0d7576", "#788592"],
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
      taskColors: ["#609783", "#8a9972", "#7b945e", "#6d9044", "#628d30", "#939f23", "#68918d", "#458882", "#789379", "#989f55"],
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
      taskColors: ["#a77a6b", "#ad624b", "#a98d64", "#b0823e", "#a99864", "#b0943f", "#a26b7e", "#a54b69", "#a5787d", "#a05454"],
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
      taskColors: ["#b0473e", "#b0863e", "#aeae48", "#80ae4a", "#5baa98", "#3e8db0", "#3f69b0", "#6a44af", "#9d3eae", "#b03e64"],
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
      taskColors: ["#ac6651", "#ae5346", "#ae4857", "#a65d84", "#a47095", "#a38079", "#ab7b52", "#ab865a", "#a66355", "#a6524a"],
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
      taskColors: ["#6592a6", "#3f8aac", "#1a82b1", "#65999f", "#4195a0", "#1b91a0", "#6b8aa5", "#4b7fa9", "#757a95", "#5a628f"],
    },
  },
};

export const DEFAULT_THEME: ThemeId = "vibrant";

export const isThemeId = (value: unknown): value is ThemeId =>
  typeof value === "string" && (THEME_IDS as readonly string[]).includes(value);

/** Legacy names map onto today's themes; anything unknown becomes vibrant (docs/product-rules.md#accounts). */
export function normalizeTheme(value: unknown): ThemeId {
  if (value === "terminal") return "monochrome";
  return isThemeId(value) ? value : DEFAULT_THEME;
}
