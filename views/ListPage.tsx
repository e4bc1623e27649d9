import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
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
}

/** List page: header with Back and the completed toggle, then the list island (docs/product-rules.md#screens). */
export function ListPage({ assets, theme, username, screen }: ListPageProps) {
  const hasCompleted = screen.tasks.some((task) => task.completed);
  // A guest has no home or settings: Back offers to sign in and keep this list instead.
  const guestAuth = !username && screen.shareId ? `/auth?shareId=${encodeURIComponent(screen.shareId)}` : null;
  return (
    <Layout title={screen.list.name} theme={theme} assets={assets}>
      <Header
        username={username}
        backHref={guestAuth ?? "/"}
        settingsDisabled={!username}
        completedToggle={
          <>
            <Island name="CompletedToggle" props={{ hasCompleted }} />
            <Island name="ExportMenu" props={{ listId: screen.list.id, shareId: screen.shareId }} />
          </>
        }
      />
      <main id="main" tabIndex={-1} className="page page--list">
        {guestAuth && (
          <p className="notice guest-notice">
            You are using a shared list as a guest. <a href={guestAuth}>Log in or register</a> to keep it in your lists.
          </p>
        )}
        <Island
          name="ListActivity"
          props={{ listId: screen.list.id, ...(screen.shareId ? { shareId: screen.shareId } : {}), guest: !username }}
        />
        <Island name="ListScreen" props={screen} />
      </main>
    </Layout>
  );
}
