import { userTopic, type EventBus } from "./bus";
import type { ListShareEntry, ShareByUsernameInput } from "../shared/lists";
import type { ShareRecord, SharedWithMeItem } from "../shared/types";
import type { Store } from "../store";
import type { UserRecord } from "../store/users";
import { listOfLiveLink, requireOwner, resolveListAccess, sharedWithMeForRecipient, type Caller } from "./access";
import { badRequest, conflict, notFound } from "./errors";

/** Tells both sides of a share that it appeared or went away (their Shared Lists screens refresh). */
async function announceShare(bus: EventBus, type: "share_added" | "share_removed", listId: number, ownerId: number, recipientId: number) {
  await bus.publish(userTopic(ownerId), { type, listId });
  await bus.publish(userTopic(recipientId), { type, listId });
}

/**
 * Logging in or registering with a shareId (docs/product-rules.md#screens) makes the list the user's
 * "Shared with me" at the link's level, never more. Answers the shareId for `sharedList`, or
 * undefined when the link is unknown, rotated or expired (the sign-in itself still succeeds).
 * The list's row is locked while the share is made: an owner narrowing the link at that moment
 * waits, or is waited for, so the share never has the level the link no longer has.
 */
export async function joinSharedList(store: Store, bus: EventBus, user: UserRecord, shareId: string): Promise<string | undefined> {
  const joined = await store.db.transaction(async (tx) => {
    const list = await listOfLiveLink(store, shareId, tx, true);
    if (!list) return undefined;
    const added = list.userId !== user.id && (await store.shares.grant(list.id, user.id, list.linkAccess, tx));
    return { list, added };
  });
  if (joined?.added) await announceShare(bus, "share_added", joined.list.id, joined.list.userId, user.id);
  return joined?.list.shareId;
}

/** Sharing by username (docs/product-rules.md#sharing): the target must exist, must not be the owner, must not have it yet. */
export async function shareByUsername(store: Store, bus: EventBus, caller: Caller, input: ShareByUsernameInput): Promise<ShareRecord> {
  const record = await store.db.transaction(async (tx) => {
    const { list } = requireOwner(await resolveListAccess(store, caller, input.listId, tx), "share this list");
    const recipient = await store.users.findByUsername(input.username, tx);
    if (!recipient) throw notFound("User not found", "USER_NOT_FOUND");
    if (recipient.id === list.userId) throw badRequest("You cannot share a list with yourself", "SHARE_WITH_SELF");
    // The unique (list_id, user_id) index decides between two shares racing for the same user.
    if (!(await store.shares.grant(list.id, recipient.id, input.accessLevel, tx))) {
      throw conflict("List is already shared with this user", "ALREADY_SHARED");
    }
    return (await store.shares.findRecord(list.id, recipient.id, tx))!;
  });
  await announceShare(bus, "share_added", record.listId, caller.userId!, record.sharedWithId);
  return record;
}

export const NOT_SHARED_WITH_USER = "This list is not shared with that user";

/**
 * The owner removes a recipient (owner only). The recipient's live
 * subscriptions end at once (docs/product-rules.md#live-updates) through `access_revoked` on their user topic.
 */
export async function unshare(store: Store, bus: EventBus, caller: Caller, listId: number, userId: number): Promise<void> {
  const ownerId = await store.db.transaction(async (tx) => {
    const access = await resolveListAccess(store, caller, listId, tx);
    requireOwner(access, "unshare this list");
    if ((await store.shares.revoke(access.list.id, userId, tx)) === 0) throw notFound(NOT_SHARED_WITH_USER);
    return access.list.userId;
  });
  await announceShare(bus, "share_removed", listId, ownerId, userId);
  await bus.publish(userTopic(userId), { type: "access_revoked", listId });
}

/** Shared-with-me items, each as its recipient may see it (docs/http-contract.md#shapes). */
export async function sharedWithMe(store: Store, userId: number): Promise<SharedWithMeItem[]> {
  return (await store.shares.sharedWith(userId)).map(sharedWithMeForRecipient);
}

export const mySharedLists = (store: Store, userId: number): Promise<ShareRecord[]> => store.shares.sharedByOwner(userId);

export const sharedListIds = (store: Store, userId: number): Promise<number[]> => store.shares.listIdsSharedWith(userId);

/** The owner's view of one list's recipients, each entry with the list's shareId. */
export async function sharesOfList(store: Store, caller: Caller, listId: number): Promise<ListShareEntry[]> {
  const { list } = requireOwner(await resolveListAccess(store, caller, listId), "see who this list is shared with");
  const shares = await store.shares.sharedByOwner(list.userId, list.id);
  return shares.map((share) => ({ ...share, shareId: list.shareId }));
}
