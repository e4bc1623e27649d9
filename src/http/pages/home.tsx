import { Hono } from "hono";
import { HomePage } from "../../../views/HomePage";
import { toPublicUser } from "../../domain/accounts";
import { listOfLiveLink } from "../../domain/access";
import { listProgress, ownLists } from "../../domain/lists";
import { sharedWithMe } from "../../domain/sharing";
import { SHARED_ACCESS_FAILED } from "../../shared/toast";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/session";
import { protectedPage } from "../middleware/protected-page";
import { pageTheme, renderKeptPage } from "./render";

export const homePages = new Hono<AppEnv>().get("/", protectedPage, async (c) => {
  const user = requireUser(c);
  const { store, assets } = c.get("deps");
  // 'Error loading lists. Please try again.': a failed read still renders the page, and the
  // island retries from the browser instead of the visitor meeting a bare error page.
  const shareId = c.req.query("shareId")?.trim() || null;
  // The cards' counts are extra: without them the lists still show, and the island asks for them.
  const [home, progress, linked] = await Promise.all([
    Promise.all([ownLists(store, user.id), sharedWithMe(store, user.id)])
      .then(([lists, shared]) => ({ lists, sharedWithMe: shared, loadError: false }))
      .catch(() => ({ lists: [], sharedWithMe: [], loadError: true })),
    listProgress(store, user.id).catch(() => null),
    // Null when it could not be read: Home still shows, without the highlight, and says nothing of the link.
    shareId ? listOfLiveLink(store, shareId).catch(() => null) : null,
  ]);
  // Named by its id: a card of a list shared to read or tick carries no shareId to match.
  const highlightListId = linked?.id ?? null;
  // The legacy /shared/{id} lands here when its link names no list: say so, as a dead link's page does.
  const toast = linked === undefined ? SHARED_ACCESS_FAILED : undefined;
  const inputs = { theme: pageTheme(c), user: toPublicUser(user), home: { ...home, progress, highlightListId, viewerId: user.id }, toast };
  return renderKeptPage(c, assets, inputs, () => <HomePage assets={assets} {...inputs} />);
});
