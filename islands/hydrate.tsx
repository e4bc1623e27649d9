/**
 * @module The island loader (HonoX's pattern), imported by the entry (islands/client.ts): it finds
 * the server-rendered `[data-island]` markers and imports only those islands, so a page downloads
 * what it shows. The islands one page shows together come in one chunk, a bundle
 * (docs/decisions/065-page-bundles.md): a chunk per island made the list page fetch 34 files,
 * whose separate compression alone cost 9 KB. The page preloads the same chunks (views/Layout.tsx),
 * so the imports below find them already on their way.
 */
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFERRED_ISLANDS } from "./deferred";
import type { IslandLoaders, IslandName, IslandProps } from "./registry";
import { IconSprite } from "./ui/Icon";

const listPage = () => import("./list/list-page");
const pageFrame = () => import("./page-frame");
const settingsPage = () => import("./settings/settings-page");
const adminPage = () => import("./admin/admin-page");

const load: IslandLoaders = {
  AuthPanel: () => import("./AuthPanel").then((module) => module.default),
  LoginTest: () => import("./LoginTest").then((module) => module.default),
  HomeScreen: () => import("./home/HomeScreen").then((module) => module.default),
  VersionDialog: () => import("./VersionDialog").then((module) => module.default),
  SharedLists: () => import("./SharedLists").then((module) => module.default),
  SharedAccess: () => import("./SharedAccess").then((module) => module.default),
  LostAccess: () => import("./LostAccess").then((module) => module.default),
  Toaster: () => pageFrame().then((module) => module.Toaster),
  LiveUpdates: () => pageFrame().then((module) => module.LiveUpdates),
  SessionRecovery: () => pageFrame().then((module) => module.SessionRecovery),
  Bell: () => pageFrame().then((module) => module.Bell),
  SearchButton: () => pageFrame().then((module) => module.SearchButton),
  ListScreen: () => listPage().then((module) => module.ListScreen),
  CompletedToggle: () => listPage().then((module) => module.CompletedToggle),
  ListActivity: () => listPage().then((module) => module.ListActivity),
  ListMenu: () => listPage().then((module) => module.ListMenu),
  ShareButton: () => listPage().then((module) => module.ShareButton),
  RoutineLine: () => listPage().then((module) => module.RoutineLine),
  AccountSettings: () => settingsPage().then((module) => module.AccountSettings),
  Webhooks: () => settingsPage().then((module) => module.Webhooks),
  ThemePicker: () => settingsPage().then((module) => module.ThemePicker),
  ImportButton: () => settingsPage().then((module) => module.ImportButton),
  InviteCodeForm: () => adminPage().then((module) => module.InviteCodeForm),
  DeploymentNotice: () => adminPage().then((module) => module.DeploymentNotice),
  WebhookAddresses: () => adminPage().then((module) => module.WebhookAddresses),
};

/** Marks the island once React has attached to it, so tests and styles can tell, and says so. */
function Hydrated({ marker, onHydrated, children }: { marker: HTMLElement; onHydrated: () => void; children: ReactNode }) {
  useEffect(() => {
    marker.dataset.hydrated = "true";
    onHydrated();
  }, [marker, onHydrated]);
  return children;
}

/** views/Layout.tsx puts the sprite's URL on this script's element: the CSP allows no inline data. */
const iconSprite = document.querySelector<HTMLScriptElement>("script[data-icons]")?.dataset.icons ?? "";

/** Resolves once React has hydrated the island (its effects ran), so it answers taps. */
async function hydrate<N extends IslandName>(marker: HTMLElement, name: N): Promise<void> {
  // A name from another build (a page rendered before a deploy) has no loader here.
  if (!Object.hasOwn(load, name)) return;
  const Component = (await load[name]()) as ComponentType<IslandProps[N] & object>;
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
