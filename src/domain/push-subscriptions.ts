import type { Config } from "../config";
import { fromBase64url, isBase64urlOf } from "../push/base64url";
import { generateVapidKeys, isP256Point, type VapidKeys } from "../push/vapid";
import type { PushSubscriptionInput } from "../shared/notifications";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import type { PushSubscriptionRecord } from "../store/push";
import { type Caller, resolveReadAccess, resolveShareAccess } from "./access";
import { badRequest, notFound, unauthorized } from "./errors";

/**
 * @module Who may receive pushes (docs/decisions/050-notifications.md): a signed-in browser for its account, or a link
 * guest's browser for the one list its shareId opens, and the server's VAPID keys they are sent under.
 */

/** The server's VAPID key pair: made the first time it is needed (at start) and kept in the database. */
export const vapidKeysOf = (store: Store): Promise<VapidKeys> => store.push.vapidKeys(generateVapidKeys);

export const SUBSCRIPTION_NOT_FOUND = "Subscription not found";

/** A browser subscribes: 201 with the subscription. The keys must be a P-256 point and a 16-byte secret. */
export async function subscribeToPush(
  store: Store,
  config: Pick<Config, "pushAllowInsecure">,
  caller: Caller,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionRecord> {
  const owner = await subscriberOf(store, caller);
  const protocol = new URL(input.endpoint).protocol;
  if (protocol !== "https:" && !(config.pushAllowInsecure && protocol === "http:")) throw badRequest("endpoint must be an https URL");
  if (!isBase64urlOf(input.keys.p256dh, 65) || !isP256Point(fromBase64url(input.keys.p256dh)))
    throw badRequest("keys.p256dh must be a 65-byte P-256 public key");
  if (!isBase64urlOf(input.keys.auth, 16)) throw badRequest("keys.auth must be 16 bytes");
  return store.push.subscribe({ endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, ...owner }, store.clock.now());
}

/** Ends a subscription the caller holds (their account's, or a guest's through the same link); anything else is 404, and 401 signed out without a link. */
export async function unsubscribeFromPush(store: Store, caller: Caller, endpoint: string): Promise<void> {
  if (caller.userId === null && !caller.shareId) throw unauthorized();
  const found = await store.push.findByEndpoint(endpoint);
  const holds =
    found && (caller.userId !== null ? found.userId === caller.userId : found.userId === null && found.shareId === caller.shareId);
  if (!found || !holds) throw notFound(SUBSCRIPTION_NOT_FOUND);
  await store.push.remove(found.id);
}

/**
 * The subscription a link guest's browser (named by its endpoint) holds for list `listId` through
 * the live link it carries: 401 without a link, 404 for a link that does not open the list, 400
 * without an endpoint, 404 for a browser that has not subscribed to this list through this link.
 */
export async function guestSubscriptionOf(
  store: Store,
  caller: Caller,
  listId: number,
  endpoint: string | undefined,
): Promise<PushSubscriptionRecord> {
  if (!caller.shareId) throw unauthorized();
  const { list } = await resolveReadAccess(store, caller, { id: listId });
  if (!endpoint) throw badRequest("endpoint is required");
  const found = await store.push.findByEndpoint(endpoint);
  if (!found || !isGuestSubscriptionTo(found, list)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return found;
}

/** Whether `record` is a link guest's browser following `list` through the list's current link. */
export const isGuestSubscriptionTo = (record: PushSubscriptionRecord, list: TaskList): boolean =>
  record.userId === null && record.listId === list.id && record.shareId === list.shareId;

/** An account subscribes for everything it may read; a guest only for the list its live link opens (404 otherwise). */
async function subscriberOf(store: Store, caller: Caller): Promise<Pick<PushSubscriptionRecord, "userId" | "listId" | "shareId">> {
  if (caller.userId !== null) return { userId: caller.userId, listId: null, shareId: null };
  if (!caller.shareId) throw unauthorized();
  const access = await resolveShareAccess(store, caller, caller.shareId);
  return { userId: null, listId: access.list.id, shareId: access.list.shareId };
}
