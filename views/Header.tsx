import type { ReactNode } from "react";
import { Icon } from "../islands/ui/Icon";
import { Island } from "./Island";
import { Logo } from "./Logo";

export interface HeaderProps {
  username: string | null;
  /** Where Back goes; no Back button when absent. */
  backHref?: string;
  /** The page's own controls: on the list page the completed toggle, Share and "More actions". */
  actions?: ReactNode;
  /**
   * The page's "More actions" menu holds Help & Info and Settings on a phone, where the header
   * keeps no icon without a label (docs/decisions/047-list-header.md).
   */
  menuOnPhone?: boolean;
  /** Settings is disabled on the settings screen itself, and for a guest, who has none. */
  settingsDisabled?: boolean;
  /**
   * A list page: someone mid-task (ticking in the shop), whom a What's New modal would take a tap
   * from. The version waits for the next other page, where check-updates answers it until it is seen.
   */
  midTask?: boolean;
}

/** The header the signed-in screens share: title, greeting, Back, the page's actions, the bell, Help & Info, Settings. */
export function Header({ username, backHref, actions, menuOnPhone, settingsDisabled, midTask }: HeaderProps) {
  return (
    <header className={menuOnPhone ? "app-header app-header--menu" : "app-header"}>
      <div className="app-header__start">
        {backHref && (
          <a className="icon-button" href={backHref} aria-label="Back">
            <Icon name="back" />
          </a>
        )}
        <Logo />
      </div>
      <div className="app-header__end">
        <span className="greeting">Hi, {username || "user"}</span>
        {actions}
        {/* The list page's `/` goes to its add field, so there search is `s` alone (docs/decisions/058-search.md). */}
        {username && <Island name="SearchButton" props={{ keys: midTask ? ["s"] : ["/", "s"] }} />}
        {username && <Island name="Bell" props={{}} />}
        <a className="icon-button" href="/settings?tab=info" aria-label="Help & Info" title="Help & Info">
          <Icon name="help" />
        </a>
        {settingsDisabled ? (
          <button className="icon-button" type="button" disabled aria-label="Settings" title="Settings">
            <Icon name="settings" />
          </button>
        ) : (
          <a className="icon-button" href="/settings" aria-label="Settings" title="Settings">
            <Icon name="settings" />
          </a>
        )}
      </div>
      {/* Signed-in pages only: the What's New dialog (not mid-task) and recovery from an expired session. */}
      {username && !midTask && <Island name="VersionDialog" props={{}} />}
      {username && <Island name="SessionRecovery" props={{ username }} />}
      {/* Live updates on every page with this header; it reads a list page's list from the URL. */}
      <Island name="LiveUpdates" props={{}} />
    </header>
  );
}
