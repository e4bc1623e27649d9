/**
 * @module Every island by the name its server-rendered marker carries, for the server's render.
 * The browser never imports this map: islands/hydrate.tsx loads each island lazily by the same
 * name, and the types below make the lists agree. An island is its file's default export, named as
 * the file, or an export of that name from a page's bundle, which is how the build finds each
 * island's chunk (src/assets.ts). Add new islands here and there.
 */
import AuthPanel from "./AuthPanel";
import LoginTest from "./LoginTest";
import Toaster from "./Toaster";
import LiveUpdates from "./realtime/LiveUpdates";
import HomeScreen from "./home/HomeScreen";
import SessionRecovery from "./SessionRecovery";
import VersionDialog from "./VersionDialog";
import AccountSettings from "./settings/AccountSettings";
import Webhooks from "./settings/Webhooks";
import ThemePicker from "./settings/ThemePicker";
import SharedLists from "./SharedLists";
import InviteCodeForm from "./admin/InviteCodeForm";
import DeploymentNotice from "./admin/DeploymentNotice";
import WebhookAddresses from "./admin/WebhookAddresses";
import SharedAccess from "./SharedAccess";
import LostAccess from "./LostAccess";
import ListScreen from "./list/ListScreen";
import CompletedToggle from "./list/CompletedToggle";
import ListActivity from "./activity/ListActivity";
import ListMenu from "./list/ListMenu";
import ShareButton from "./list/ShareButton";
import ImportButton from "./exchange/ImportButton";
import Bell from "./notifications/Bell";
import RoutineLine from "./routines/RoutineLine";
import SearchButton from "./search/SearchButton";
import type { ComponentProps } from "react";

export const islands = {
  AuthPanel,
  LoginTest,
  Toaster,
  LiveUpdates,
  HomeScreen,
  SessionRecovery,
  VersionDialog,
  AccountSettings,
  Webhooks,
  ThemePicker,
  SharedLists,
  InviteCodeForm,
  DeploymentNotice,
  WebhookAddresses,
  SharedAccess,
  LostAccess,
  ListScreen,
  CompletedToggle,
  ListActivity,
  ListMenu,
  ShareButton,
  ImportButton,
  Bell,
  RoutineLine,
  SearchButton,
};

export type IslandName = keyof typeof islands;

/** Each island's props by its name: what the server renders it with and the browser hydrates it with. */
export type IslandProps = { [N in IslandName]: ComponentProps<(typeof islands)[N]> };

/** How the browser loads each island: from the chunk of its own file or of its page's bundle (islands/hydrate.tsx). */
export type IslandLoaders = { [N in IslandName]: () => Promise<(typeof islands)[N]> };
