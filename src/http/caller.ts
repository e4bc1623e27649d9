import { getCookie } from "hono/cookie";
import { decodeURIComponentSafely, type ActingCaller } from "../domain/actors";
import { GUEST_NAME_COOKIE, GUEST_NAME_HEADER } from "../shared/attribution";
import type { AppContext } from "./env";

/**
 * Who is calling, for the access rules: the signed-in user (if any) and the
 * `shareId` query parameter a share-link visitor carries on every call (docs/product-rules.md#access). A guest's
 * display name (docs/product-rules.md#guests) comes in the X-Guest-Name header or the browser's cookie, both
 * URI-encoded so any name fits; the domain checks it when the guest makes a change.
 */
export function callerOf(c: AppContext): ActingCaller {
  const shareId = c.req.query("shareId")?.trim();
  const user = c.get("user");
  const token = c.get("token");
  const named = user ? { username: user.username } : withGuestName(rawGuestName(c));
  return { userId: user?.id ?? null, ...(shareId ? { shareId } : {}), ...named, ...(token ? { scope: token.scope } : {}) };
}

const withGuestName = (guestName: string | undefined) => (guestName === undefined ? {} : { guestName });

/** The name a guest sent, decoded, unchecked (the domain judges it when it is used). */
export function rawGuestName(c: AppContext): string | undefined {
  const header = c.req.header(GUEST_NAME_HEADER);
  // Hono decodes cookie values itself.
  return header !== undefined ? decodeURIComponentSafely(header) : getCookie(c, GUEST_NAME_COOKIE);
}
