import { Hono } from "hono";
import { ListPage } from "../../../views/ListPage";
import { AppError } from "../../domain/errors";
import { sharedListResponse } from "../../domain/lists";
import type { SharedListResponse } from "../../shared/types";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { SHARED_ACCESS_FAILED } from "../../../islands/toast";
import { renderNotFound } from "./not-found";
import { pageTheme, renderPage } from "./render";
import { withShareId } from "../share-link";

/**
 * SPEC §2 /list/{id}: for the owner, a recipient, or anyone holding the list's shareId (signed in
 * or not). Whoever may not see the list gets the 404 page, as if it did not exist (DESIGN §5).
 */
export const listPages = new Hono<AppEnv>().get("/list/:id", async (c) => {
  const user = c.get("user");
  const caller = callerOf(c);
  if (!user && !caller.shareId) return c.redirect("/auth");
  let shared: SharedListResponse;
  try {
    shared = await sharedListResponse(c.get("deps").store, caller, { listId: Number(c.req.param("id")) });
  } catch (error) {
    // Still a 404 like any list the caller may not see, but a dead link says so (SPEC §8).
    if (error instanceof AppError && error.status === 404) return renderNotFound(c, caller.shareId ? SHARED_ACCESS_FAILED : undefined);
    throw error;
  }
  // A stale ?parentId= (deleted, or not a parent of this list) falls back to the list itself.
  const parentId = Number(c.req.query("parentId")) || 0;
  if (parentId && !shared.tasks.some((task) => task.id === parentId && task.isParent)) {
    return c.redirect(withShareId(`/list/${shared.list.id}`, caller.shareId));
  }
  const screen = {
    list: { id: shared.list.id, name: shared.list.name },
    tasks: shared.tasks,
    accessLevel: shared.accessLevel,
    isOwner: shared.isOwner,
    ownerName: shared.ownerInfo?.username ?? null,
    shareId: caller.shareId ?? null,
    parentId,
  };
  return renderPage(c, <ListPage assets={c.get("deps").assets} theme={pageTheme(c)} username={user?.username ?? null} screen={screen} />);
});
