import { Hono, type MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import * as z from "zod";
import { ListPage } from "../../../views/ListPage";
import { AppError } from "../../domain/errors";
import { sharedListResponse } from "../../domain/lists";
import { idSchema } from "../../shared/params";
import type { SharedListResponse } from "../../shared/types";
import { callerOf } from "../caller";
import type { AppContext, AppEnv } from "../env";
import { expiryText } from "../../shared/rules/links";
import { renderLostAccess } from "./not-found";
import { pageTheme, renderKeptPage } from "./render";
import { withShareId } from "../share-link";

/** Without a session or a share link there is nothing to look up: sign in first. */
const signedInOrLinked: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = callerOf(c);
  return caller.userId === null && !caller.shareId ? c.redirect("/auth") : next();
};

/** Built once: zod compiles a schema on its first parse, which would otherwise be every request's. */
const listParamSchema = z.object({ id: idSchema });
const parentQuerySchema = z.object({ parentId: idSchema.optional() });

const listParam = validator("param", (value, c: AppContext) => {
  const parsed = listParamSchema.safeParse(value);
  return parsed.success ? parsed.data : renderLostAccess(c, undefined);
});

/** A malformed ?parentId= names no parent, like a stale one: back to the list itself. */
const parentQuery = validator("query", (value, c: AppContext) => {
  const parsed = parentQuerySchema.safeParse(value);
  return parsed.success ? parsed.data : c.redirect(withShareId(`/list/${c.req.param("id")}`, callerOf(c).shareId));
});

/**
 * /list/{id}: for the owner, a recipient, or anyone holding the list's shareId (signed in
 * or not). Whoever may not see the list gets a 404, as if it did not exist (docs/product-rules.md#access), on
 * a page that says why as far as they may know.
 */
export const listPages = new Hono<AppEnv>().get("/list/:id", signedInOrLinked, listParam, parentQuery, async (c) => {
  const user = c.get("user");
  const caller = callerOf(c);
  let shared: SharedListResponse;
  let eventId: number;
  let accessExpiresAt: string | null;
  try {
    ({
      response: shared,
      eventId,
      accessExpiresAt,
    } = await sharedListResponse(c.get("deps").store, caller, { listId: c.req.valid("param").id }));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return renderLostAccess(c, c.req.valid("param").id);
    throw error;
  }
  // A stale ?parentId= (deleted, or not a parent of this list) falls back to the list itself.
  const parentId = c.req.valid("query").parentId ?? 0;
  if (parentId && !shared.tasks.some((task) => task.id === parentId && task.isParent)) {
    return c.redirect(withShareId(`/list/${shared.list.id}`, caller.shareId));
  }
  const screen = {
    list: { id: shared.list.id, name: shared.list.name },
    tasks: shared.tasks,
    accessLevel: shared.accessLevel,
    isOwner: shared.isOwner,
    can: shared.can,
    ownerName: shared.ownerInfo?.username ?? null,
    shareId: caller.shareId ?? null,
    parentId,
    eventId,
    viewerId: user?.id ?? null,
    sections: shared.sections,
  };
  const { assets, store } = c.get("deps");
  const [theme, username] = [pageTheme(c), user?.username ?? null];
  // The expiry in words rather than the time now: the page kept for the next request stays the same all day.
  const linkExpiry = accessExpiresAt === null ? null : expiryText(accessExpiresAt, store.clock.now());
  const page = { theme, username, screen, sharing: shared.can.share ? shared.list : null, linkExpiry, routine: shared.list.routine };
  return renderKeptPage(c, assets, page, () => <ListPage assets={assets} {...page} />);
});
