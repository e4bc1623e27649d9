import AuthPanel from "./AuthPanel";
import LoginTest from "./LoginTest";
import Toaster from "./Toaster";
import LiveUpdates from "./realtime/LiveUpdates";
import HomeScreen from "./home/HomeScreen";
import SessionRecovery from "./SessionRecovery";
import VersionDialog from "./VersionDialog";
import AccountSettings from "./settings/AccountSettings";
import ThemePicker from "./settings/ThemePicker";
import SharedLists from "./SharedLists";
import InviteCodeForm from "./admin/InviteCodeForm";
import DeploymentNotice from "./admin/DeploymentNotice";
import SharedAccess from "./SharedAccess";
import ListScreen from "./list/ListScreen";
import CompletedToggle from "./list/CompletedToggle";

/** Every island by the name its server-rendered marker carries. Add new islands here. */
export const islands = {
  AuthPanel,
  LoginTest,
  Toaster,
  LiveUpdates,
  HomeScreen,
  SessionRecovery,
  VersionDialog,
  AccountSettings,
  ThemePicker,
  SharedLists,
  InviteCodeForm,
  DeploymentNotice,
  SharedAccess,
  ListScreen,
  CompletedToggle,
};

export type IslandName = keyof typeof islands;
