import { listTopic, userTopic, type EventBus } from "./bus";
import { MAX_LISTS_PER_USER, type ReorderListsInput, type UpdateListInput } from "../shared/lists";
import { DAY_MS } from "../shared/rules/links";
import type { SharedListResponse, TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import {
  canOf,
  linkIsLive,
  listForCaller,
  requireOwner,
  resolveListAccess,
  resolveReadAccess,
  resolveShareAccess,
  type Caller,
  type ListAccess,
  LIST_NOT_FOUND,
} from "./access";
import { forbidden, notFound } from "./errors";
import { publishEvents, recordListEvent } from "./events";
import { actorOf } from "./actors";
import { wrapSnapshot } from "../store/list-snapshots";
import { randomToken } from "../auth/random-token";
import { setRoutine } from "./routines";

/** 128 random bits: a share link cannot be guessed or enumerated. */
export const newShareId = () => randomToken(16);

/**
 * What a `list_updated` event carries. The shareId stays out: after a rotation, whoever held the
 * old link must not learn the new one from an event still on its way.
 */
const listEventPayload = ({ shareId: _secret, ...list }: TaskList) => list;

export const ownLists = (store: Store, userId: number) => store.lists.listOwnedBy(userId);

/** How far along a list is, as a Home card shows it ("3 of 12 done"). */
export interface ListProgress {
  done: number;
  total: number;
}

/**
 * GET /api/task-lists/progress and the Home page: live items (sub-items included) of every list on
 * the user's Home, own and shared with them, keyed by list id.
 */
export async function listProgress(store: Store, userId: number): Promise<Record<string, ListProgress>> {
  const progress: Record<string, ListProgress> = {};
  for (const { listId, done, total } of await store.lists.progressFor(userId)) progress[listId] = { done, total };
  return progress;
}

/** The 26th list answers 403 LIST_LIMIT_REACHED (docs/product-rules.md#limits). */
export function assertBelowListLimit(count: number) {
  if (count >= MAX_LISTS_PER_USER) {
    throw forbidden(`You can have at most ${MAX_LISTS_PER_USER} lists`, "LIST_LIMIT_REACHED");
  }
}

/**
 * A new list of the user's at the end of their Home, with a fresh link at its default settings.
 * Count and insert share the caller's transaction, so parallel creates at 24 lists make exactly one.
 */
export async function insertOwnList(store: Store, userId: number, name: string, tx: Db): Promise<TaskList> {
  await store.lists.lockOwner(userId, tx);
  assertBelowListLimit(await store.lists.countOwnedBy(userId, tx));
  const position = await store.lists.nextPosition(userId, tx);
  return store.lists.create({ name, userId, shareId: newShareId(), position }, tx);
}

export async function createList(store: Store, bus: EventBus, userId: number, name: string): Promise<TaskList> {
  const list = await store.db.transaction((tx) => insertOwnList(store, userId, name, tx));
  await tellHomes(bus, [userId], list.id);
  return list;
}

/**
 * Lists these people see on Home changed (made, renamed, moved, deleted, copied, imported): their
 * Homes on every tab and device, which follow each person's topic and not the lists, read them again.
 */
export async function tellHomes(bus: EventBus, userIds: readonly number[], listId?: number): Promise<void> {
  for (const userId of userIds) await bus.publish(userTopic(userId), { type: "list_updated", ...(listId === undefined ? {} : { listId }) });
}

/** Runs an owner-only change in a transaction, then publishes its list_updated event. */
async function changeOwnedList(
  store: Store,
  bus: EventBus,
  caller: Caller,
  listId: number,
  action: string,
  change: (access: ListAccess, tx: Db) => Promise<TaskList>,
): Promise<{ before: TaskList; after: TaskList }> {
  const { before, after, event } = await store.db.transaction(async (tx) => {
    const access = requireOwner(await resolveListAccess(store, caller, listId, tx), action);
    const after = await change(access, tx);
    // The event's own shareId is the one the list had: see listEventPayload.
    const event = await recordListEvent(store, tx, { ...after, shareId: access.list.shareId }, "list_updated", listEventPayload(after), {
      actor: await actorOf(store, caller, tx),
    });
    return { before: access.list, after, event };
  });
  await publishEvents(bus, [event]);
  return { before, after };
}

/**
 * Rename, link level, link expiry (docs/product-rules.md#share-links) and routine (docs/decisions/053-routines.md): owner only. The expiry is kept as a time,
 * counted from now by the store's clock; the link's live clients are cut when it passes
 * (src/realtime/link-expiry.ts). A new name also reaches the recipients' own topics, since their
 * Home and Shared Lists pages show it without following the list.
 */
export async function updateList(store: Store, bus: EventBus, caller: Caller, listId: number, changes: UpdateListInput): Promise<TaskList> {
  const { linkExpiresInDays, routine, ...fields } = changes;
  const { after } = await changeOwnedList(store, bus, caller, listId, "change this list", async (access, tx) => {
    if (routine !== undefined) await setRoutine(store, access.list.id, routine, tx);
    const updated = (await store.lists.update(access.list.id, fields, tx))!;
    if (linkExpiresInDays === undefined) return updated;
    // An expired link given a new expiry opens again: its holders' history starts anew (docs/product-rules.md#history-floor).
    if (!linkIsLive(access.list, store.clock.now())) await store.accessStarts.startLink(access.list.id, tx);
    const expiresAt = linkExpiresInDays === null ? null : store.clock.now() + linkExpiresInDays * DAY_MS;
    return (await store.lists.setLinkExpiry(access.list.id, expiresAt, tx))!;
  });
  // Recipients' Homes show the name too, not the link's level or expiry.
  const recipients = changes.name === undefined ? [] : await store.shares.recipientIds(after.id);
  await tellHomes(bus, [after.userId, ...recipients], after.id);
  return after;
}

/**
 * A new shareId kills every old link at once; realtime drops their subscribers. The new
 * link keeps an expiry still to come; one already past goes, or the new link would be born dead.
 */
export async function rotateShareId(store: Store, bus: EventBus, caller: Caller, listId: number): Promise<TaskList> {
  const { before, after } = await changeOwnedList(store, bus, caller, listId, "change this list's link", async (access, tx) => {
    const rotated = (await store.lists.update(access.list.id, { shareId: newShareId() }, tx))!;
    await store.accessStarts.startLink(rotated.id, tx);
    return linkIsLive(rotated, store.clock.now()) ? rotated : (await store.lists.setLinkExpiry(rotated.id, null, tx))!;
  });
  await bus.publish(listTopic(after.id), { type: "access_revoked", listId: after.id, shareId: before.shareId });
  return after;
}

/**
 * Links that expired after `after` and by `upTo` (epoch ms) lose their live clients
 * exactly as a rotation takes them (the HTTP side refuses an expired link by itself, at each call).
 * Answers how many links expired.
 */
export async function revokeExpiredLinks(store: Store, bus: EventBus, after: number, upTo: number): Promise<number> {
  const expired = await store.lists.linksExpiredBetween(after, upTo);
  for (const { id, shareId } of expired) await bus.publish(listTopic(id), { type: "access_revoked", listId: id, shareId });
  return expired.length;
}

/**
 * A soft delete. The list, its items and shares stay for `restoreList` until purged,
 * but every read treats it as gone at once, so everyone on it loses access.
 */
export async function deleteList(store: Store, bus: EventBus, caller: Caller, listId: number): Promise<void> {
  const { list, recipients, event } = await store.db.transaction(async (tx) => {
    const { list } = requireOwner(await resolveListAccess(store, caller, listId, tx), "delete this list");
    const recipients = await store.shares.recipientIds(list.id, tx);
    // A deleted list leaves one event behind, naming nothing but its id, so long-poll clients still
    // learn of the deletion; its earlier events (titles, descriptions) go with it. The deletion is
    // recorded first: event ids are never reused, so the newest row must stay.
    const by = { actor: await actorOf(store, caller, tx), action: "list_deleted" };
    const event = await recordListEvent(store, tx, list, "list_updated", { id: list.id, deleted: true }, by);
    await store.events.forgetListBefore(list.id, event.id, tx);
    await store.lists.softDelete(list.id, Date.now(), tx);
    return { list, recipients, event };
  });
  await publishEvents(bus, [event]);
  await bus.publish(listTopic(list.id), { type: "access_revoked", listId: list.id, shareId: list.shareId });
  await tellHomes(bus, [list.userId], list.id);
  for (const userId of recipients) {
    await bus.publish(userTopic(userId), { type: "share_removed", listId: list.id });
    await bus.publish(userTopic(userId), { type: "access_revoked", listId: list.id });
  }
}

/**
 * POST /api/task-lists/{id}/restore (docs/product-rules.md#undo-and-restore): the owner brings a deleted list back with
 * its items and shares, within the 25-list limit. What the deletion told is told again the other
 * way: the list's followers get its current state, the owner's other devices refresh their Home,
 * and each recipient gets it back on theirs (`share_added`).
 */
export async function restoreList(store: Store, bus: EventBus, caller: Caller, listId: number): Promise<TaskList> {
  const userId = caller.userId!;
  const { list, recipients, event } = await store.db.transaction(async (tx) => {
    await store.lists.lockOwner(userId, tx);
    if (!(await store.lists.findDeletedOwned(listId, userId, tx))) throw notFound(LIST_NOT_FOUND);
    assertBelowListLimit(await store.lists.countOwnedBy(userId, tx));
    const list = (await store.lists.restore(listId, tx))!;
    const by = { actor: await actorOf(store, caller, tx), action: "list_restored" };
    const event = await recordListEvent(store, tx, list, "list_updated", listEventPayload(list), by);
    return { list, recipients: await store.shares.recipientIds(list.id, tx), event };
  });
  await publishEvents(bus, [event]);
  await tellHomes(bus, [userId], list.id);
  for (const recipient of recipients) await bus.publish(userTopic(recipient), { type: "share_added", listId: list.id });
  return list;
}

/**
 * Moves the caller's own lists, all or none, and answers all their lists in the new order.
 * Two reorders sent from stale views can ask for one position twice; the lists are then
 * renumbered in their shown order, so each keeps a place of its own.
 */
export async function reorderLists(store: Store, bus: EventBus, caller: Caller, items: ReorderListsInput): Promise<TaskList[]> {
  const userId = caller.userId!;
  const lists = await store.db.transaction(async (tx) => {
    // One owner's reorders run one after another, so each renumbers what the previous left.
    await store.lists.lockOwner(userId, tx);
    for (const item of [...items].sort((a, b) => a.id - b.id)) {
      requireOwner(await resolveListAccess(store, caller, item.id, tx), "reorder this list");
      await store.lists.setPosition(item.id, userId, item.position, tx);
    }
    const lists = await store.lists.listOwnedBy(userId, tx);
    if (new Set(lists.map((list) => list.position)).size === lists.length) return lists;
    for (const [index, list] of lists.entries()) if (list.position !== index) await store.lists.setPosition(list.id, userId, index, tx);
    return lists.map((list, index) => ({ ...list, position: index }));
  });
  await tellHomes(bus, [userId]);
  return lists;
}

/** GET /api/task-lists/by-share-id/{shareId}: the list behind a link the caller may use. */
export async function listByShareId(store: Store, caller: Caller, shareId: string): Promise<TaskList> {
  return (await resolveShareAccess(store, caller, shareId)).list;
}

type SharedListTarget = { shareId: string } | { listId: number };

/**
 * The shared list response (docs/http-contract.md#shapes), for a list reached by shareId or by id, with the list's newest
 * event id its items are as of: the page's live connection compares it with the one it subscribes
 * at, so it refetches only when the list changed in between.
 */
export async function sharedListResponse(store: Store, caller: Caller, target: SharedListTarget) {
  const { response, eventId, access } = await readSharedList(store, caller, target);
  // When the caller's access ends with the link's: the page says so (docs/decisions/047-list-header.md).
  const accessExpiresAt = access.viaLink ? access.list.linkExpiresAt : null;
  return { response, eventId, accessExpiresAt };
}

/**
 * GET /api/list: the response and its JSON, whose items are the list's cached JSON spliced in
 * rather than 50 items serialised again on every read. Same keys in the same order as
 * `JSON.stringify(response)`.
 */
export async function sharedListJson(store: Store, caller: Caller, target: SharedListTarget) {
  const { response, snapshot } = await readSharedList(store, caller, target);
  const { list, accessLevel, isOwner, ownerInfo, can, sections } = response;
  const head = `{"list":${JSON.stringify(list)},"tasks":`;
  const tail = `,"accessLevel":${JSON.stringify(accessLevel)},"isOwner":${isOwner},"ownerInfo":${JSON.stringify(ownerInfo)},"can":${JSON.stringify(can)},"sections":${JSON.stringify(sections)}}`;
  return { response, json: wrapSnapshot(snapshot, head, tail) };
}

async function readSharedList(store: Store, caller: Caller, target: SharedListTarget) {
  const access = await resolveReadAccess(store, caller, "shareId" in target ? { shareId: target.shareId } : { id: target.listId });
  const snapshot = await store.snapshots.read(access.list.id, access.latestEventId);
  const response: SharedListResponse = {
    list: listForCaller(access, caller),
    tasks: snapshot.tasks,
    accessLevel: access.level,
    isOwner: access.isOwner,
    ownerInfo: access.ownerName === undefined ? null : { username: access.ownerName },
    can: canOf(access, caller),
    sections: snapshot.sections,
  };
  return { response, snapshot, eventId: snapshot.eventId, access };
}
