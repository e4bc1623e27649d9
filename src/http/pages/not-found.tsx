import { LostAccessPage } from "../../../views/LostAccessPage";
import { NotFoundPage } from "../../../views/NotFoundPage";
import { whyLost } from "../../domain/lost-access";
import { SHARED_ACCESS_FAILED } from "../../shared/toast";
import { callerOf } from "../caller";
import type { AppContext } from "../env";
import { pageTheme, renderPage } from "./render";

/** The product's 404 page, for a path that names nothing. */
export const renderNotFound = (c: AppContext) => renderPage(c, <NotFoundPage assets={c.get("deps").assets} theme={pageTheme(c)} />, 404);

/**
 * `/list/{id}` the caller may not open (`listId` undefined when the address names no list): still
 * the 404 of a list that does not exist, with a page that says why as far as the caller may know
 * and whom to ask (docs/decisions/048-dead-links.md). Through a link it carries the product's shared
 * access failure toast.
 */
export async function renderLostAccess(c: AppContext, listId: number | undefined) {
  const caller = callerOf(c);
  const shareId = caller.shareId ?? null;
  const page = {
    reason: await whyLost(c.get("deps").store, caller, listId),
    listId: listId ?? null,
    shareId,
    signedIn: caller.userId !== null,
    toast: shareId ? SHARED_ACCESS_FAILED : undefined,
  };
  return renderPage(c, <LostAccessPage assets={c.get("deps").assets} theme={pageTheme(c)} {...page} />, 404);
}
