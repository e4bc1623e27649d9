import { Hono } from "hono";
import type { AppEnv } from "../env";
import { accountApi } from "./account";
import { activityApi } from "./activity";
import { adminApi } from "./admin";
import { documentationApi } from "./docs";
import { exchangeApi } from "./exchange";
import { listsApi } from "./lists";
import { notificationsApi } from "./notifications";
import { pollApi } from "./poll";
import { routinesApi } from "./routines";
import { sectionsApi } from "./sections";
import { searchApi } from "./search";
import { sharingApi } from "./sharing";
import { tasksApi } from "./tasks";
import { tokensApi } from "./tokens";
import { versionsApi } from "./versions";
import { webhooksApi } from "./webhooks";

/**
 * Every /api route in one chain, mounted at /api by src/app.ts. Its type carries each route's
 * path, method, input (the shared schemas) and answer, so the islands' client (islands/api.ts)
 * is checked against the server without importing it (docs/decisions/034-typed-client-forms-signals.md).
 */
export const apiRoutes = new Hono<AppEnv>()
  .route("/", accountApi)
  .route("/", tasksApi)
  .route("/", adminApi)
  .route("/", versionsApi)
  .route("/", exchangeApi)
  .route("/", listsApi)
  .route("/", sharingApi)
  .route("/", pollApi)
  .route("/", activityApi)
  .route("/", notificationsApi)
  .route("/", routinesApi)
  .route("/", sectionsApi)
  .route("/", searchApi)
  .route("/", webhooksApi)
  .route("/", tokensApi)
  // Last: the document describes every route above, read when first asked for (docs/decisions/062-openapi.md).
  .route(
    "/",
    documentationApi((): Hono<AppEnv> => apiRoutes),
  );

export type ApiRoutes = typeof apiRoutes;
