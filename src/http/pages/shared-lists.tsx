import { Hono } from "hono";
import { SharedListsPage } from "../../../views/SharedListsPage";
import { toPublicUser } from "../../domain/accounts";
import { mySharedLists, sharedWithMe } from "../../domain/sharing";
import type { AppEnv } from "../env";
import { protectedPage } from "../middleware/protected-page";
import { requireUser } from "../middleware/session";
import { pageTheme, renderPage } from "./render";

/** A tab whose data failed to load renders its error state and retries from the browser. */
const orNull = <T,>(result: PromiseSettledResult<T>): T | null => (result.status === "fulfilled" ? result.value : null);

export const sharedListsPages = new Hono<AppEnv>().get("/shared-lists", protectedPage, async (c) => {
  const user = requireUser(c);
  const { store, assets } = c.get("deps");
  const [withMe, mine] = await Promise.allSettled([sharedWithMe(store, user.id), mySharedLists(store, user.id)]);
  const shares = { sharedWithMe: orNull(withMe), myShares: orNull(mine), renderedAt: Date.now() };
  return renderPage(c, <SharedListsPage assets={assets} theme={pageTheme(c)} user={toPublicUser(user)} shares={shares} />);
});
