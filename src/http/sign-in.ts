import { createSession, generateSessionToken } from "../auth/sessions";
import * as accounts from "../domain/accounts";
import { joinSharedList } from "../domain/sharing";
import type { UserRecord } from "../store/users";
import type { AppContext } from "./env";
import { deviceCookieOf, setDeviceCookie, setSessionCookie } from "./middleware/session";

/**
 * A fresh session for every sign-in, by password, registration or single sign-on
 * (docs/http-contract.md#sessions-and-cookies), ending the one the browser had, and the list behind
 * a shareId joined on the way.
 */
export async function signIn(c: AppContext, user: UserRecord, shareId: string | undefined) {
  const { store, bus } = c.get("deps");
  const previous = c.get("session");
  if (previous) await accounts.endSession(store, bus, previous);
  const token = generateSessionToken();
  await createSession(store, token, user.id);
  // The session cookie first: clients that keep one cookie keep that one.
  setSessionCookie(c, token);
  setDeviceCookie(c, await accounts.deviceCookieAfterSignIn(store, user, deviceCookieOf(c)));
  const sharedList = shareId ? await joinSharedList(store, bus, user, shareId) : undefined;
  return { ...accounts.toPublicUser(user), ...(sharedList ? { sharedList } : {}) };
}
