import { type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import type { IslandName } from "../islands/registry";
import type { PlainToast } from "../src/shared/toast";
import { IconSprite } from "../islands/ui/Icon";
import type { Assets } from "../src/assets";
import { type ColorMode, colorSchemeOf, THEMES, type ThemeId } from "../src/shared/themes";
import { DEFERRED_ISLANDS } from "../islands/deferred";
import { ColorModeContext, modeAttribute } from "./color-mode";
import { Island, RenderedIslands } from "./Island";

export interface LayoutProps {
  title: string;
  theme: ThemeId;
  assets: Assets;
  children: ReactNode;
  /** Shown by the Toaster as the page opens. */
  toast?: PlainToast;
}

/**
 * The loader and every chunk it will import for the islands hydrated first, so none waits on
 * another. The loader comes first: it holds React, the biggest file, which every island needs.
 * Deferred islands are left out: on a slow link they would share the bandwidth with these.
 */
function chunksFor(assets: Assets, islands: Set<IslandName>): string[] {
  const first = [...islands].filter((name) => !DEFERRED_ISLANDS.has(name));
  return [...new Set([assets.script, ...assets.scriptImports, ...first.flatMap((name) => assets.islands[name] ?? [])])];
}

/**
 * The browser's bar and an installed app's title bar take the header's colour: the theme's, by day
 * or by night as the mode says, and both (by the device's preference) when the mode is "system".
 * islands/offline-cache/register.ts keeps it in step when Settings switches either in place.
 */
function themeColors(themeId: ThemeId, mode: ColorMode): Array<{ color: string; media?: string }> {
  const theme = THEMES[themeId];
  if (mode === "light") return [{ color: theme.headerColor }];
  if (mode === "dark") return [{ color: theme.dark.header }];
  return [
    { color: theme.headerColor, media: "(prefers-color-scheme: light)" },
    { color: theme.dark.header, media: "(prefers-color-scheme: dark)" },
  ];
}

/** The first stop of the Tab key on every page, shown only while focused. */
const SKIP_LINK = '<a class="skip-link" href="#main">Skip to content</a>';

/**
 * The document around every page; the theme and the light/dark mode are rendered into <html> so there is no flash.
 * The body is rendered first, so the head can name only the islands it holds: a page without
 * islands gets no script at all.
 */
export function Layout({ title, theme, assets, children, toast }: LayoutProps) {
  const mode = useContext(ColorModeContext);
  const islands = new Set<IslandName>();
  const inPage = (content: ReactNode) =>
    renderToString(
      <RenderedIslands value={islands}>
        <IconSprite value={assets.icons}>{content}</IconSprite>
      </RenderedIslands>,
    );
  const main = inPage(children);
  // Other islands raise toasts through it; without them, only a toast given here needs it.
  const toaster = islands.size > 0 || toast ? inPage(<Island name="Toaster" props={toast ? { initial: toast } : {}} />) : "";
  // Settings previews and switches themes in place; every other page needs its own colours only.
  const style = islands.has("ThemePicker") ? assets.style : (assets.themeStyles[theme] ?? assets.style);
  return (
    <html lang="en" data-theme={theme} data-mode={modeAttribute(mode)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="color-scheme" content={colorSchemeOf(mode)} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Listwell`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {themeColors(theme, mode).map(({ color, media }) => (
          <meta key={color + media} name="theme-color" content={color} media={media} />
        ))}
        {/* With a precedence React writes it before the preloads: the render waits for it, not for them. */}
        <link rel="stylesheet" href={style} precedence="default" />
        {islands.size > 0 && (
          <>
            {/* Not async: a module script then waits for the whole document, so it finds every island marker. */}
            <script type="module" src={assets.script} data-icons={assets.icons} />
            {chunksFor(assets, islands).map((chunk) => (
              <link key={chunk} rel="modulepreload" href={chunk} />
            ))}
          </>
        )}
      </head>
      {/* Both parts are React's own render of this page's views above; every page's <main> is #main. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's output, not user input */}
      <body dangerouslySetInnerHTML={{ __html: SKIP_LINK + main + toaster }} />
    </html>
  );
}
