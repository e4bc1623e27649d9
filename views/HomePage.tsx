import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import type { PlainToast } from "../src/shared/toast";
import type { User } from "../src/shared/types";
import type { HomeScreenProps } from "../islands/home/HomeScreen";
import { Header } from "./Header";
import { Island } from "./Island";
import { Layout } from "./Layout";

export interface HomePageProps {
  assets: Assets;
  theme: ThemeId;
  user: User;
  home: HomeScreenProps;
  /** Shown once the page loads: a share link that names no list. */
  toast?: PlainToast;
}

/** Home: the header, then the lists island (own lists and 'Shared with me') (docs/product-rules.md#screens). */
export function HomePage({ assets, theme, user, home, toast }: HomePageProps) {
  return (
    <Layout title="My Lists" theme={theme} assets={assets} toast={toast}>
      <Header username={user.username} />
      <main id="main" tabIndex={-1} className="page">
        <Island name="HomeScreen" props={home} />
      </main>
    </Layout>
  );
}
