import type { ListCan } from "../shared/can";
import { NOTIFICATION } from "../shared/live-messages";
import { TOKEN_REFUSALS, type TokenScope } from "../shared/tokens";
import { linkHasExpired } from "../shared/rules/links";
import type { AccessLevel, SharedWithMeItem, TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { ListForReader } from "../store/lists";
import type { UserRecord } from "../store/users";
import { forbidden, notFound, unauthorized } from "./errors";

/**
 * @module The one access policy: every "may this caller do that" of docs/product-rules.md, for
 * HTTP, pages, live updates over /ws and long-poll, undo and sharing alike, so one read tells who
 * may do what. Everything that touches a list resolves the caller's access here first; a caller
 * who may not see it gets 404, as if it did not exist. What the caller may do is also sent to the
 * list page as `can` flags (`canOf`), from the same table the checks read. How a call about an item
 * finds its list is src/domain/item-access.ts.
 */
export interface ListAccess {
  list: TaskList;
  level: AccessLevel;
  isOwner: boolean;
  /** The list's named recipients, when the read that found the list brought them along (a change through an item). */
  recipientIds?: number[];
  /** Let in by the share link alone, so the link's expiry ends this access. */
  viaLink?: boolean;
  /** Reached with a read-only API token: whatever its user may see, and no change at all. */
  readToken?: boolean;
}

export interface Caller {
  userId: number | null;
  /** A share link's id, when the call came through one. */
  shareId?: string;
  /** An API token's scope, when the call came with one (docs/decisions/061-api-tokens.md). */
  scope?: TokenScope;
}

export const LIST_NOT_FOUND = "List not found";

/** The codes of a 403 that says who may not, not what may not be: the caller's access, not the request. */
export const ACCESS_REFUSALS: ReadonlySet<string> = new Set(["ADMIN_ONLY", "READ_ONLY", "CHECK_ONLY", "OWNER_ONLY"]);

// ── Accounts, administration and sharing ────────────────────────────────────────────────────

/** The administrator is the user with id 1. */
export const ADMIN_USER_ID = 1;

export const isAdmin = (user: UserRecord | null): boolean => user?.id === ADMIN_USER_ID;

/** Admin endpoints are user id 1's alone: 401 signed out, 403 for everyone else (docs/product-rules.md#access). */
export function requireAdmin(user: UserRecord | null): UserRecord {
  if (!user) throw unauthorized();
  if (!isAdmin(user)) throw forbidden("Only the administrator can do this", "ADMIN_ONLY");
  return user;
}

/**
 * Whether a user may be sent back to a list they opened before: only while they own it or it is
 * shared with them by name. A list once opened through a link is not theirs to return to.
 */
export async function mayReturnToList(store: Store, userId: number, list: TaskList): Promise<boolean> {
  return list.userId === userId || (await store.shares.find(list.id, userId)) !== undefined;
}

/**
 * Whether a named recipient at `level` may learn the list's shareId: the link opens the list at its
 * own level to anyone, so a read or check recipient who knew it could do more while signed out.
 */
const mayLearnShareId = (level: AccessLevel): boolean => level === "write" || level === "admin";

/** A "shared with me" entry as its recipient may see it (see `mayLearnShareId`). */
export function sharedWithMeForRecipient(item: SharedWithMeItem): SharedWithMeItem {
  return mayLearnShareId(item.shared.accessLevel) ? item : { ...item, list: { ...item.list, shareId: "" } };
}

// ── API tokens (docs/decisions/061-api-tokens.md) ─────────────────────────────────────────────

/** A token limited to some lists opens those alone: any other answers 404, as for a stranger. */
export const inTokenScope = (caller: Pick<Caller, "scope">, listId: number): boolean =>
  !caller.scope?.listIds || caller.scope.listIds.includes(listId);

/** What a call answers about many lists, cut to the token's lists. */
export const withinTokenScope = <T>(caller: Pick<Caller, "scope">, items: T[], listIdOf: (item: T) => number): T[] =>
  caller.scope?.listIds ? items.filter((item) => inTokenScope(caller, listIdOf(item))) : items;

/**
 * Which of its user's own live messages a client hears: one with a token limited to some lists
 * hears those lists' alone, and no inbox message, whose unread count is every list's.
 */
export const hearsUserMessage = (caller: Pick<Caller, "scope">, message: { type: string; listId?: number }): boolean =>
  !caller.scope?.listIds || (message.type !== NOTIFICATION && message.listId !== undefined && inTokenScope(caller, message.listId));

/** Calls a signed-in browser alone may make: the tokens themselves, the account, administration, pages. */
const SESSION_ONLY = /^\/api\/(tokens|admin|push\/subscriptions|change-password|update-username|logout|login|register)(\/|$)/;
/** The account's own settings (its theme): a token may read them, never change them. */
const ACCOUNT_WRITES = /^(POST|PUT|PATCH|DELETE) \/api\/user(\/|$)/;
/** Calls that only follow lists live: a read token may make them although they are POSTs. */
const LIVE_READS = /^\/api\/poll\/(connect|subscribe|unsubscribe)$/;
/** Calls about all the user's lists at once (ordering, exporting, the inbox) or making lists it could not see. */
const ALL_LISTS_ONLY =
  /^(POST \/api\/task-lists(\/(import|reorder|[^/]+\/duplicate))?|GET \/api\/task-lists\/export|[A-Z]+ \/api\/notifications(\/read)?)$/;

/** What a bearer call may reach, before its route runs: 403 for a call its token may not make. */
export function requireTokenMayCall(scope: TokenScope, method: string, path: string): void {
  const isApi = path.startsWith("/api/") || path === "/ws";
  const refuse = ({ error, message }: { error: string; message: string }) => forbidden(message, error);
  if (!isApi || SESSION_ONLY.test(path) || ACCOUNT_WRITES.test(`${method} ${path}`)) throw refuse(TOKEN_REFUSALS.notAllowed);
  const reads = method === "GET" || method === "HEAD" || LIVE_READS.test(path);
  if (!reads && scope.access === "read") throw refuse(TOKEN_REFUSALS.readOnly);
  if (scope.listIds && ALL_LISTS_ONLY.test(`${method} ${path}`)) throw refuse(TOKEN_REFUSALS.someLists);
}

// ── Lists ───────────────────────────────────────────────────────────────────────────────────

/**
 * A link past its expiry opens nothing, exactly like a rotated one; the owner still
 * sees it (expired) and can give it a new expiry.
 */
export function linkIsLive(list: TaskList, now: number): boolean {
  return !linkHasExpired(list.linkExpiresAt === null ? null : Date.parse(list.linkExpiresAt), now);
}

/** The list a share link opens, or undefined when the link is unknown, rotated or expired; `lock` as in the store's findById. */
export async function listOfLiveLink(store: Store, shareId: string, tx?: Db, lock = false): Promise<TaskList | undefined> {
  const list = await store.lists.findByShareId(shareId, tx, lock);
  return list && linkIsLive(list, store.clock.now()) ? list : undefined;
}

/** The rule itself, given the caller's own share of the list (if any) and the time now. */
export function accessThrough(caller: Caller, list: TaskList, grant: AccessLevel | undefined, now: number): ListAccess | undefined {
  const access = accessOf(caller, list, grant, now);
  return access && caller.scope?.access === "read" ? { ...access, readToken: true } : access;
}

function accessOf(caller: Caller, list: TaskList, grant: AccessLevel | undefined, now: number): ListAccess | undefined {
  if (!inTokenScope(caller, list.id)) return undefined;
  if (caller.userId !== null && list.userId === caller.userId) return { list, level: "admin", isOwner: true };
  // A named recipient's own level wins over the link's, even when they use the link.
  if (grant) return { list, level: grant, isOwner: false };
  if (caller.shareId && caller.shareId === list.shareId && linkIsLive(list, now))
    return { list, level: list.linkAccess, isOwner: false, viaLink: true };
  return undefined;
}

export async function findListAccess(store: Store, caller: Caller, list: TaskList | undefined, tx?: Db): Promise<ListAccess | undefined> {
  if (!list) return undefined;
  const grant = caller.userId !== null && list.userId !== caller.userId ? await store.shares.find(list.id, caller.userId, tx) : undefined;
  return accessThrough(caller, list, grant?.accessLevel, store.clock.now());
}

/**
 * A signed-out caller without a share link may see no list at all: asked to log in (401), not told
 * a list is missing (the page's session recovery, docs/product-rules.md#on-the-page).
 */
export function requireSignedInOrLink(caller: Caller): void {
  if (caller.userId === null && !caller.shareId) throw unauthorized();
}

/**
 * The caller's access for a read outside a transaction, by list id or shareId, or 404: the same
 * rule, with the list, the caller's share, the list's newest event id and its owner's name read in
 * one statement from the database on every call, so an unshare or a rotated link on any instance
 * refuses the very next read (docs/decisions/009).
 */
export async function resolveReadAccess(
  store: Store,
  caller: Caller,
  where: { id: number } | { shareId: string },
): Promise<ListAccess & Omit<ListForReader, "list" | "grant">> {
  if ("id" in where) requireSignedInOrLink(caller);
  const found = "id" in where && !Number.isSafeInteger(where.id) ? undefined : await store.lists.findForReader(where, caller.userId);
  const through = "shareId" in where ? { ...caller, shareId: where.shareId } : caller;
  const access = found && accessThrough(through, found.list, found.grant, store.clock.now());
  if (!found || !access) throw notFound(LIST_NOT_FOUND);
  return { ...access, latestEventId: found.latestEventId, ownerName: found.ownerName };
}

/**
 * The caller's access to list `listId`, or 404. Inside a transaction (every write) the list's row
 * is locked first, so one list's changes commit in order and no write acts on a stale list.
 */
export async function resolveListAccess(store: Store, caller: Caller, listId: number, tx?: Db): Promise<ListAccess> {
  requireSignedInOrLink(caller);
  const list = Number.isSafeInteger(listId) ? await store.lists.findById(listId, tx, tx !== undefined) : undefined;
  const access = await findListAccess(store, caller, list, tx);
  if (!access) throw notFound(LIST_NOT_FOUND);
  return access;
}

/** The caller's access to the list behind a shareId, or 404 (unknown, rotated or not theirs). */
export async function resolveShareAccess(store: Store, caller: Caller, shareId: string, tx?: Db): Promise<ListAccess> {
  const access = await findListAccess(store, { ...caller, shareId }, await store.lists.findByShareId(shareId, tx, tx !== undefined), tx);
  if (!access) throw notFound(LIST_NOT_FOUND);
  return access;
}

export const READ_ONLY_MESSAGE = "You have read-only access to this list";
export const CHECK_ONLY_MESSAGE = "You can only tick items on this list";

/** A read-only token is refused as its own calls are before their routes run (`requireTokenMayCall`). */
const readTokenRefusal = () => forbidden(TOKEN_REFUSALS.readOnly.message, TOKEN_REFUSALS.readOnly.error);

/**
 * What the caller may do on the list: the one table every check below reads, and what the list
 * page is told (`can`), so a control is shown exactly when the server would allow it. Level
 * `check` may tick and untick, nothing else; `write` and `admin` change the items; what changes
 * the list itself is the owner's.
 */
function rightsOf({ level, isOwner, readToken }: Pick<ListAccess, "level" | "isOwner" | "readToken">): Omit<ListCan, "beTold"> {
  const owner = isOwner && !readToken;
  return {
    tick: !readToken && level !== "read",
    edit: owner || (!readToken && (level === "write" || level === "admin")),
    clearCompleted: owner,
    restoreAnyDeleted: owner,
    renameList: owner,
    setRoutine: owner,
    share: owner,
    deleteList: owner,
  };
}

/** The list page's flags: the table above, and whether the caller is among those told of changes. */
export const canOf = (access: Pick<ListAccess, "level" | "isOwner" | "viaLink">, caller: Pick<Caller, "userId">): ListCan => ({
  ...rightsOf(access),
  beTold: !access.viaLink || caller.userId === null,
});

/** Any change to the list's items: `write` and `admin` (and the owner); `check` may only tick. */
export function requireWriteAccess(access: ListAccess, message = READ_ONLY_MESSAGE): ListAccess {
  if (rightsOf(access).edit) return access;
  if (access.readToken) throw readTokenRefusal();
  if (access.level === "check") throw forbidden(CHECK_ONLY_MESSAGE, "CHECK_ONLY");
  throw forbidden(message, "READ_ONLY");
}

/** Level `check`: ticking and unticking an item is the one change it allows. */
export function requireTickAccess(access: ListAccess): ListAccess {
  if (access.readToken) throw readTokenRefusal();
  if (!rightsOf(access).tick) throw forbidden(READ_ONLY_MESSAGE, "READ_ONLY");
  return access;
}

/** A PATCH of an item that sets nothing but `completed` is a tick; anything more is an edit. */
export function requireTaskUpdateAccess(access: ListAccess, changes: { [field: string]: unknown }): ListAccess {
  const onlyCompletion = Object.entries(changes).every(([field, value]) => field === "completed" || value === undefined);
  return onlyCompletion ? requireTickAccess(access) : requireWriteAccess(access);
}

export function requireOwner(access: ListAccess, action = "do this"): ListAccess {
  if (!access.isOwner) throw forbidden(`Only the list's owner can ${action}`, "OWNER_ONLY");
  return access;
}

/**
 * The list as this caller may see it: a recipient below write never learns its shareId (see
 * `mayLearnShareId`). The owner and whoever came through the link see it.
 */
export function listForCaller(access: ListAccess, caller: Caller): TaskList {
  if (access.isOwner || caller.shareId === access.list.shareId || mayLearnShareId(access.level)) return access.list;
  return { ...access.list, shareId: "" };
}

// ── Live updates ────────────────────────────────────────────────────────────────────────────
// Who may follow a list's events over /ws or long-poll, and from when, by the same rules as every
// request. src/realtime/ applies these; its hub asks them again whenever access may have changed.

export interface LiveGrant {
  listId: number;
  /** `member`: the owner or a named recipient. `link`: only the shareId lets them in, so only events carrying it reach them. */
  via: "member" | "link";
  /** The shareId the client gave, kept so a member who loses the share can fall back to it. */
  shareId?: string;
  /**
   * The replay floor: the list's newest event id when this access was granted. Nothing at or below it is
   * ever replayed, so no one reads the list's history from before they could see it.
   */
  floor: number;
}

/**
 * Whether (and how) a live client may follow `list`: as a member (owner or named recipient), else
 * through its live link. A member who also gave the link stays a member, never promoted by it.
 */
export async function decideLiveAccess(
  store: Store,
  { userId, scope }: Caller,
  list: TaskList | undefined,
  shareId: string | undefined,
): Promise<Omit<LiveGrant, "floor"> | undefined> {
  if (!list) return undefined;
  const scoped = scope ? { scope } : {};
  if (userId !== null && (await findListAccess(store, { userId, ...scoped }, list)))
    return { listId: list.id, via: "member", ...(shareId ? { shareId } : {}) };
  if (shareId && (await findListAccess(store, { userId: null, shareId, ...scoped }, list)))
    return { listId: list.id, via: "link", shareId };
  return undefined;
}

/** Only events newer than the grant's floor; a link holder's only if they carry its link (after a rotation, none). */
export function mayReceiveListEvent(grant: LiveGrant, event: { id: number; shareId?: string }): boolean {
  if (event.id <= grant.floor) return false;
  return grant.via === "member" || grant.shareId === event.shareId;
}

/** A client resuming from before its grant gets `resync` (refetch), never the earlier events. */
export const isBeforeReplayFloor = (grant: LiveGrant, lastEventId: number): boolean => lastEventId < grant.floor;

/** Only link holders see the shareId on live events, for the reason `listForCaller` hides it. */
export const mayLearnShareIdFromEvents = (grant: LiveGrant): boolean => grant.via === "link";

/** A rotated, expired or deleted link: whoever followed by exactly that link loses the list now. */
export const losesAccessWithLink = (grant: LiveGrant, revokedShareId: string | undefined): boolean =>
  grant.via === "link" && grant.shareId === revokedShareId;

/** Which live clients a `session_ended` announcement signs out: the named session's, all but one session's, or a revoked token's. */
export function isSignedOutBy(
  client: { sessionId: string | null; tokenId?: number },
  ended: Partial<Record<"sessionId" | "exceptSessionId" | "tokenId", unknown>>,
) {
  if (client.tokenId !== undefined) return ended.tokenId === client.tokenId;
  if (client.sessionId === null) return false;
  return ended.sessionId === client.sessionId || (typeof ended.exceptSessionId === "string" && ended.exceptSessionId !== client.sessionId);
}

/** Who made a long-poll client: its session or API token, or (made signed out) the link it is bound to. */
export interface PollClientOwner {
  userId: number | null;
  sessionId: string | null;
  tokenId?: number;
  boundShareId?: string;
}

/**
 * A poll client works only for the session or API token that made it. One made signed out works for any
 * signed-out caller (the poll carries no shareId: the unguessable clientId is the credential, as a
 * session token is) except one naming another link than the client's.
 */
export function pollClientServes(
  owner: PollClientOwner,
  caller: { sessionId: string | null; tokenId?: number; shareId?: string },
): boolean {
  if (owner.sessionId !== null) return owner.sessionId === caller.sessionId;
  if (owner.tokenId !== undefined || caller.tokenId !== undefined) return owner.tokenId === caller.tokenId;
  if (caller.sessionId !== null) return false;
  return owner.boundShareId === undefined || caller.shareId === undefined || owner.boundShareId === caller.shareId;
}

/** A signed-out poll client bound to a link may follow that link's list and no other. */
export const mayFollowWithPollClient = (owner: PollClientOwner, target: { shareId?: string }): boolean =>
  owner.userId !== null || owner.boundShareId === undefined || target.shareId === owner.boundShareId;
