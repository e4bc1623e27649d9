import type { Assets } from "../src/assets";
import type { LoginTestProps } from "../islands/LoginTest";
import { Island } from "./Island";
import { Layout } from "./Layout";

export function LoginTestPage({ assets, test }: { assets: Assets; test: LoginTestProps }) {
  return (
    <Layout title="Login test" theme="vibrant" assets={assets}>
      <main id="main" tabIndex={-1} className="page page--narrow stack">
        <h1>Login test</h1>
        <Island name="LoginTest" props={test} />
      </main>
    </Layout>
  );
}
