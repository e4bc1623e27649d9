import type { ReactNode } from "react";
import type { PlainToast } from "../islands/toast";
import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Island } from "./Island";

export interface LayoutProps {
  title: string;
  theme: ThemeId;
  assets: Assets;
  children: ReactNode;
  /** Shown by the Toaster as the page opens. */
  toast?: PlainToast;
}

/** The document around every page; the theme is rendered into <html> so there is no flash. */
export function Layout({ title, theme, assets, children, toast }: LayoutProps) {
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Listwell`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.style} />
        {/* Not async: a module script then waits for the whole document, so it finds every island marker. */}
        <script type="module" src={assets.script} />
      </head>
      <body>
        {children}
        <Island name="Toaster" props={toast ? { initial: toast } : {}} />
      </body>
    </html>
  );
}
