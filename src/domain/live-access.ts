import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import { findListAccess } from "./access";

/**
 * @module DESIGN §7: who may follow a list's events over /ws or long-poll, and from when, by the
 * same list rules as every request (access.ts). src/realtime/ applies these; the hub asks them
 * again whenever access may have changed.
 */
/**
 * How a live client follows a list. `member`: the user owns it or it is shared with them.
 * `link`: only the list's shareId lets them in, so they get only events carrying that shareId.
 */
export type LiveVia = "member" | "link";

export interface LiveGrant {
  listId: number;
  via: LiveVia;
  /** The shareId the client gave, kept so a member who loses the share can fall back to it. */
  shareId?: string;
  /**
   * The replay floor: the newest event id when this access was granted. Nothing at or below it is
   * ever replayed, so a new recipient, a link holder or someone re-shared never reads the list's
   * earlier history (titles of items deleted before they could see the list).
   */
  floor: number;
}

/**
 * Whether (and how) a live client may follow `list`: as a member when signed in as its owner or a
 * named recipient, otherwise through the list's current shareId; anyone else not at all. A member
 * who also gave the link stays a member, so a read recipient is never promoted by the link.
 */
export async function decideLiveAccess(
  store: Store,
  userId: number | null,
  list: TaskList | undefined,
  shareId: string | undefined,
): Promise<Omit<LiveGrant, "floor"> | undefined> {
  if (!list) return undefined;
  if (userId !== null && (await findListAccess(store, { userId }, list)))
    return { listId: list.id, via: "member", ...(shareId ? { shareId } : {}) };
  if (shareId && (await findListAccess(store, { userId: null, shareId }, list))) return { listId: list.id, via: "link", shareId };
  return undefined;
}

/**
 * A stored event reaches a follower only if it is newer than the grant's floor; a link holder
 * gets only events carrying its link, so after a rotation nothing more, by construction.
 */
export function mayReceiveListEvent(grant: LiveGrant, event: { id: number; shareId?: string }): boolean {
  if (event.id <= grant.floor) return false;
  return grant.via === "member" || grant.shareId === event.shareId;
}

/** A client resuming from before its grant gets `resync` (refetch), never the earlier events. */
export const isBeforeReplayFloor = (grant: LiveGrant, lastEventId: number): boolean => lastEventId < grant.floor;

/**
 * Only link holders see the shareId on live events: it opens the list at the link's level, and a
 * read recipient who learnt it could write (see listForCaller).
 */
export const mayLearnShareIdFromEvents = (grant: LiveGrant): boolean => grant.via === "link";

/** A rotated, expired or deleted link: whoever followed by exactly that link loses the list now. */
export const losesAccessWithLink = (grant: LiveGrant, revokedShareId: string | undefined): boolean =>
  grant.via === "link" && grant.shareId === revokedShareId;

/** Which live clients a `session_ended` announcement signs out: the named session, or all but one. */
export function isSessionEnded(sessionId: string | null, ended: { sessionId?: unknown; exceptSessionId?: unknown }): boolean {
  if (sessionId === null) return false;
  return ended.sessionId === sessionId || (typeof ended.exceptSessionId === "string" && ended.exceptSessionId !== sessionId);
}

/** Who made a long-poll client: its session, or (made signed out) the link it is bound to. */
export interface PollClientOwner {
  userId: number | null;
  sessionId: string | null;
  boundShareId?: string;
}

/**
 * DESIGN §7: a poll client works only for the session that made it. One made signed out works for
 * any signed-out caller (SPEC's poll carries no shareId: the unguessable clientId is the
 * credential, as a session token is) except one naming another link than the client's.
 */
export function pollClientServes(owner: PollClientOwner, caller: { sessionId: string | null; shareId?: string }): boolean {
  if (owner.sessionId !== null) return owner.sessionId === caller.sessionId;
  if (caller.sessionId !== null) return false;
  return owner.boundShareId === undefined || caller.shareId === undefined || owner.boundShareId === caller.shareId;
}

/** A signed-out poll client bound to a link may follow that link's list and no other. */
export const mayFollowWithPollClient = (owner: PollClientOwner, target: { shareId?: string }): boolean =>
  owner.userId !== null || owner.boundShareId === undefined || target.shareId === owner.boundShareId;
