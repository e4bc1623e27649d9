/**
 * @module The loaders of the islands only Settings and Admin show, in a chunk of their own that
 * islands/hydrate.tsx imports when a page holds one of them: every other page, the list page
 * first, loads a loader map without these entries (docs/decisions/063-webhooks.md measures it).
 */
import type { IslandLoaders } from "./registry";

export type SettingsIslandName =
  | "AccountSettings"
  | "Webhooks"
  | "ThemePicker"
  | "InviteCodeForm"
  | "DeploymentNotice"
  | "WebhookAddresses";

export const settingsLoaders: Pick<IslandLoaders, SettingsIslandName> = {
  AccountSettings: () => import("./settings/AccountSettings"),
  Webhooks: () => import("./settings/Webhooks"),
  ThemePicker: () => import("./settings/ThemePicker"),
  InviteCodeForm: () => import("./admin/InviteCodeForm"),
  DeploymentNotice: () => import("./admin/DeploymentNotice"),
  WebhookAddresses: () => import("./admin/WebhookAddresses"),
};
