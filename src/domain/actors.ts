import { GUEST_NAME_TAKEN_MESSAGE, GUEST_SUFFIX, type Actor } from "../shared/attribution";
import { GUEST_NAME_LOOKALIKE_MESSAGE, readGuestName } from "../shared/rules/guest-names";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { type Caller, LIST_NOT_FOUND, resolveReadAccess } from "./access";
import { badRequest, conflict, notFound } from "./errors";

/**
 * A caller as the HTTP layer sees it: a signed-in caller's username as their session read it, or
 * the display name a share-link guest sends (docs/product-rules.md#guests).
 */
export type ActingCaller = Caller & { username?: string; guestName?: string };

/**
 * A guest's display name as others will see it, "Sam (guest)": trimmed, 1 to 30 visible characters,
 * and neither an account's name in any case nor one that looks like it (docs/product-rules.md#guests), so a guest
 * cannot pass for a member. The suffix is always the server's, whatever the guest typed.
 */
export async function guestDisplayName(store: Store, raw: string, tx?: Db): Promise<string> {
  const { name, problem } = readGuestName(raw);
  if (problem !== undefined) throw badRequest(problem, "INVALID_GUEST_NAME");
  const account = await store.users.findLookalike(name, tx);
  if (account) {
    const same = account.username.toLowerCase() === name.toLowerCase();
    throw conflict(same ? GUEST_NAME_TAKEN_MESSAGE : GUEST_NAME_LOOKALIKE_MESSAGE, "GUEST_NAME_TAKEN");
  }
  return `${name}${GUEST_SUFFIX}`;
}

/**
 * POST /api/guest-name: the name as others would see it, for a guest holding a live share link
 * (`?shareId=`); anyone else gets the list's 404, so nobody can probe usernames without a link.
 */
export async function checkGuestName(store: Store, caller: Caller, raw: string): Promise<string> {
  if (!caller.shareId) throw notFound(LIST_NOT_FOUND);
  await resolveReadAccess(store, caller, { shareId: caller.shareId });
  return guestDisplayName(store, raw);
}

/**
 * Who is making a change, as items and events record it: the account, or the guest and their name.
 * An account's name comes with the request's session when it has one, sparing every write a read.
 */
export async function actorOf(store: Store, caller: ActingCaller, tx?: Db): Promise<Actor> {
  if (caller.userId !== null) {
    if (caller.username !== undefined) return { userId: caller.userId, username: caller.username };
    const user = await store.users.findById(caller.userId, tx);
    return { userId: caller.userId, username: user?.username ?? null };
  }
  return { userId: null, username: caller.guestName === undefined ? null : await guestDisplayName(store, caller.guestName, tx) };
}

/** The guest's name for the presence row, or undefined when they gave none or one that is refused. */
export async function presentableGuestName(store: Store, raw: string | undefined): Promise<string | undefined> {
  if (raw === undefined) return undefined;
  try {
    return await guestDisplayName(store, raw);
  } catch {
    return undefined;
  }
}

/** A header value as the browser encoded it (any name fits a header so); one that does not decode is taken as it is. */
export function decodeURIComponentSafely(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
