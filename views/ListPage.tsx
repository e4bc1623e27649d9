import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { describeRule } from "../src/shared/routine-words";
import type { ListRoutine } from "../src/shared/routines";
import type { TaskList } from "../src/shared/types";
import type { ListScreenProps } from "../islands/list/ListScreen";
import { Header } from "./Header";
import { Island } from "./Island";
import { Layout } from "./Layout";

export interface ListPageProps {
  assets: Assets;
  theme: ThemeId;
  /** Null for an anonymous share-link visitor. */
  username: string | null;
  screen: ListScreenProps;
  /** The list with its link, level and expiry, for whoever may share it (the server's `can.share`); else null. */
  sharing: TaskList | null;
  /** "Expires in 3 days" when the caller's access ends with the share link's expiry; null when it does not. */
  linkExpiry: string | null;
  /** When the list resets itself (docs/decisions/053-routines.md), or null. */
  routine: ListRoutine | null;
}

/**
 * What a person who is not the owner may do here, in words, from the access the server resolved
 * (docs/decisions/047-list-header.md): their level, whom to ask for more, and when their link ends.
 */
export function accessLine(screen: ListScreenProps, linkExpiry: string | null): string | null {
  if (screen.isOwner) return null;
  const owner = screen.ownerName ?? "the owner";
  const level = screen.can.edit
    ? "You can edit this list."
    : screen.can.tick
      ? `You can tick items — ask ${owner} to make other changes.`
      : `View only — ask ${owner} to edit.`;
  if (linkExpiry === null) return level;
  return `${level} Your link ${linkExpiry.charAt(0).toLowerCase()}${linkExpiry.slice(1)}.`;
}

/** List page: header with Back, the completed toggle, Share and More actions, then the list island (docs/product-rules.md#screens). */
export function ListPage({ assets, theme, username, screen, sharing, linkExpiry, routine }: ListPageProps) {
  const hasCompleted = screen.tasks.some((task) => task.completed);
  // A guest has no home or settings: Back offers to sign in and keep this list instead.
  const guestAuth = !username && screen.shareId ? `/auth?shareId=${encodeURIComponent(screen.shareId)}` : null;
  const line = accessLine(screen, linkExpiry);
  return (
    <Layout title={screen.list.name} theme={theme} assets={assets}>
      <Header
        username={username}
        backHref={guestAuth ?? "/"}
        settingsDisabled={!username}
        menuOnPhone
        midTask
        actions={
          <>
            <Island name="CompletedToggle" props={{ hasCompleted }} />
            {sharing && <Island name="ShareButton" props={{ list: sharing }} />}
            <Island
              name="ListMenu"
              props={{ listId: screen.list.id, shareId: screen.shareId, signedIn: username !== null, routine, can: screen.can }}
            />
          </>
        }
      />
      <main id="main" tabIndex={-1} className="page page--list">
        {guestAuth ? (
          // One box for a guest: what they may do first, then how to keep the list.
          <p className="notice guest-notice">
            {line && <strong className="access-line">{line} </strong>}
            You are using a shared list as a guest. <a href={guestAuth}>Log in or register</a> to keep it in your lists.
          </p>
        ) : (
          line && <p className="notice access-line">{line}</p>
        )}
        <Island name="RoutineLine" props={{ listId: screen.list.id, shown: { routine, words: routine && describeRule(routine.rrule) } }} />
        <Island
          name="ListActivity"
          props={{ listId: screen.list.id, ...(screen.shareId ? { shareId: screen.shareId } : {}), guest: !username }}
        />
        <Island name="ListScreen" props={screen} />
      </main>
    </Layout>
  );
}
