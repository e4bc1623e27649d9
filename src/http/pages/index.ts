import { Hono } from "hono";
import type { AppEnv } from "../env";
import { authPages } from "./auth";
import { homePages } from "./home";
import { listPages } from "./list";
import { settingsPages } from "./settings";
import { sharedListsPages } from "./shared-lists";
import { adminPages } from "./admin";
import { shareRoutes } from "./share-routes";
import { singleSignOnPages } from "./single-sign-on";

/** Every page route (docs/http-contract.md#pages); anything else falls through to the 404 page. */
export const pages = new Hono<AppEnv>()
  .route("/", authPages)
  .route("/", singleSignOnPages)
  .route("/", homePages)
  .route("/", listPages)
  .route("/", settingsPages)
  .route("/", sharedListsPages)
  .route("/", adminPages)
  .route("/", shareRoutes);
