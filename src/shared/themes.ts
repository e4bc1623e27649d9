/** The seven themes of SPEC §3, each with 10 task colours cycled by item index. */
export const THEME_IDS = ["vibrant", "monochrome", "nature", "warm", "rainbow", "sunset", "ocean"] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export interface Theme {
  id: ThemeId;
  name: string;
  taskColors: readonly string[];
  headerColor: string;
  buttonColor: string;
}

export const THEMES: Record<ThemeId, Theme> = {
  vibrant: {
    id: "vibrant",
    name: "Vibrant",
    taskColors: ["#ff6b6b", "#feca57", "#48dbfb", "#1dd1a1", "#ff9ff3", "#54a0ff", "#5f27cd", "#ff9f43", "#00d2d3", "#c8d6e5"],
    headerColor: "#5f27cd",
    buttonColor: "#e03131",
  },
  monochrome: {
    id: "monochrome",
    name: "Monochrome",
    taskColors: ["#f5f5f5", "#e8e8e8", "#dcdcdc", "#d0d0d0", "#c4c4c4", "#b8b8b8", "#cfcfcf", "#e0e0e0", "#ececec", "#d8d8d8"],
    headerColor: "#222222",
    buttonColor: "#444444",
  },
  nature: {
    id: "nature",
    name: "Nature",
    taskColors: ["#a8e6cf", "#dcedc1", "#c5e1a5", "#aed581", "#9ccc65", "#d4e157", "#b2dfdb", "#80cbc4", "#c8e6c9", "#e6ee9c"],
    headerColor: "#2e7d32",
    buttonColor: "#4e7f2a",
  },
  warm: {
    id: "warm",
    name: "Warm",
    taskColors: ["#ffccbc", "#ffab91", "#ffe0b2", "#ffcc80", "#ffecb3", "#ffe082", "#f8bbd0", "#f48fb1", "#ffcdd2", "#ef9a9a"],
    headerColor: "#bf360c",
    buttonColor: "#ba4a00",
  },
  rainbow: {
    id: "rainbow",
    name: "Rainbow",
    taskColors: ["#ff8a80", "#ffd180", "#ffff8d", "#ccff90", "#a7ffeb", "#80d8ff", "#82b1ff", "#b388ff", "#ea80fc", "#ff80ab"],
    headerColor: "#6a1b9a",
    buttonColor: "#d81b60",
  },
  sunset: {
    id: "sunset",
    name: "Sunset",
    taskColors: ["#ffb199", "#ff9a8b", "#ff8e9e", "#f9a8d4", "#fbc2eb", "#fcd5ce", "#fec89a", "#ffd6a5", "#f8ad9d", "#f4978e"],
    headerColor: "#c0392b",
    buttonColor: "#b45309",
  },
  ocean: {
    id: "ocean",
    name: "Ocean",
    taskColors: ["#b3e5fc", "#81d4fa", "#4fc3f7", "#b2ebf2", "#80deea", "#4dd0e1", "#bbdefb", "#90caf9", "#c5cae9", "#9fa8da"],
    headerColor: "#01579b",
    buttonColor: "#0277bd",
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
