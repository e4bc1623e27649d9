/**
 * @module The island loader (HonoX's pattern), imported by the entry (islands/client.ts): it finds
 * the server-rendered `[data-island]` markers and imports only those islands, each its own chunk,
 * so a page downloads what it shows. The page preloads the same chunks (views/Layout.tsx), so the
 * imports below find them already on their way. The islands of Settings and Admin are loaded
 * through a map of their own (islands/settings-loaders.ts), so the other pages do not carry it.
 */
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFERRED_ISLANDS } from "./deferred";
import type { IslandLoaders, IslandName, IslandProps } from "./registry";
import type { SettingsIslandName } from "./settings-loaders";
import { IconSprite } from "./ui/Icon";

const load: Omit<IslandLoaders, SettingsIslandName> = {
  AuthPanel: () => import("./AuthPanel"),
  LoginTest: () => import("./LoginTest"),
  Toaster: () => import("./Toaster"),
  LiveUpdates: () => import("./realtime/LiveUpdates"),
  HomeScreen: () => import("./home/HomeScreen"),
  SessionRecovery: () => import("./SessionRecovery"),
  VersionDialog: () => import("./VersionDialog"),
  SharedLists: () => import("./SharedLists"),
  SharedAccess: () => import("./SharedAccess"),
  LostAccess: () => import("./LostAccess"),
  ListScreen: () => import("./list/ListScreen"),
  CompletedToggle: () => import("./list/CompletedToggle"),
  ListActivity: () => import("./activity/ListActivity"),
  ListMenu: () => import("./list/ListMenu"),
  ShareButton: () => import("./list/ShareButton"),
  ImportButton: () => import("./exchange/ImportButton"),
  Bell: () => import("./notifications/Bell"),
  RoutineLine: () => import("./routines/RoutineLine"),
  SearchButton: () => import("./search/SearchButton"),
};

/** Marks the island once React has attached to it, so tests and styles can tell, and says so. */
function Hydrated({ marker, onHydrated, children }: { marker: HTMLElement; onHydrated: () => void; children: ReactNode }) {
  useEffect(() => {
    marker.dataset.hydrated = "true";
    onHydrated();
  }, [marker, onHydrated]);
  return children;
}

/** The island's loader, from Settings' and Admin's map when it is not in this one; undefined for a name neither has. */
async function loaderOf(name: string) {
  if (Object.hasOwn(load, name)) return load[name as keyof typeof load];
  const { settingsLoaders } = await import("./settings-loaders");
  return Object.hasOwn(settingsLoaders, name) ? settingsLoaders[name as SettingsIslandName] : undefined;
}

/** views/Layout.tsx puts the sprite's URL on this script's element: the CSP allows no inline data. */
const iconSprite = document.querySelector<HTMLScriptElement>("script[data-icons]")?.dataset.icons ?? "";

/** Resolves once React has hydrated the island (its effects ran), so it answers taps. */
async function hydrate<N extends IslandName>(marker: HTMLElement, name: N): Promise<void> {
  const loader = await loaderOf(name);
  if (!loader) return;
  const Component = (await loader()).default as ComponentType<IslandProps[N] & object>;
  // The server checked them as they were rendered (islands/props.ts): JSON gives back what it was given.
  const props = JSON.parse(marker.dataset.props ?? "{}") as IslandProps[N] & object;
  const { promise, resolve } = Promise.withResolvers<void>();
  hydrateRoot(
    marker,
    <Hydrated marker={marker} onHydrated={resolve}>
      <IconSprite value={iconSprite}>
        <Component {...props} />
      </IconSprite>
    </Hydrated>,
    // The prefix views/Island.tsx rendered with, so useId values match the server's.
    { identifierPrefix: `${name}-` },
  );
  return promise;
}

const markers = [...document.querySelectorAll<HTMLElement>("[data-island]")].flatMap((marker) => {
  const name = marker.dataset.island as IslandName | undefined;
  return name ? [{ marker, name }] : [];
});
const first = markers.filter(({ name }) => !DEFERRED_ISLANDS.has(name));
const later = markers.filter(({ name }) => DEFERRED_ISLANDS.has(name));
// The deferred islands wait for the others, failed ones included: a broken island must not keep the toasts away.
/** Settles once the page's own islands have hydrated (or failed to), as the deferred ones start. */
export const hydrated = Promise.allSettled(first.map(({ marker, name }) => hydrate(marker, name))).then(() => {
  for (const { marker, name } of later) void hydrate(marker, name);
});
