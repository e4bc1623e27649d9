import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
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
}

/** Home: the header, then the lists island (own lists and 'Shared with me') (docs/product-rules.md#screens). */
export function HomePage({ assets, theme, user, home }: HomePageProps) {
  return (
    <Layout title="My Lists" theme={theme} assets={assets}>
      <Header username={user.username} />
      <main id="main" tabIndex={-1} className="page">
        <Island name="HomeScreen" props={home} />
      </main>
    </Layout>
  );
}
