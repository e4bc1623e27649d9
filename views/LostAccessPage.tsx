import type { Assets } from "../src/assets";
import type { LostAccess } from "../src/shared/lost-access";
import type { ThemeId } from "../src/shared/themes";
import type { PlainToast } from "../src/shared/toast";
import { Island } from "./Island";
import { Layout } from "./Layout";

export interface LostAccessPageProps {
  assets: Assets;
  theme: ThemeId;
  reason: LostAccess;
  listId: number | null;
  shareId: string | null;
  signedIn: boolean;
  toast?: PlainToast;
}

const TITLES: Partial<Record<LostAccess["kind"], string>> = { deleted: "List deleted", "not-visible": "List not available" };

/** A list that no longer opens: why, and whom to ask (docs/decisions/048-dead-links.md); sent with 404. */
export function LostAccessPage({ assets, theme, reason, listId, shareId, signedIn, toast }: LostAccessPageProps) {
  return (
    <Layout title={TITLES[reason.kind] ?? "Link no longer works"} theme={theme} assets={assets} toast={toast}>
      <main id="main" tabIndex={-1} className="centered-page">
        <div className="card stack">
          <Island name="LostAccess" props={{ reason, listId, shareId }} />
          <a className="button button--primary" href={signedIn ? "/" : "/auth"}>
            {signedIn ? "Go to your lists" : "Log in or register"}
          </a>
        </div>
      </main>
    </Layout>
  );
}
