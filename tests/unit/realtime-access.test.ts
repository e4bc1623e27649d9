import { describe, expect, it } from "vitest";
import {
  isBeforeReplayFloor,
  isSignedOutBy,
  losesAccessWithLink,
  mayFollowWithPollClient,
  mayLearnShareIdFromEvents,
  mayReceiveListEvent,
  pollClientServes,
  type LiveGrant,
} from "../../src/domain/access";

/** The live-update rules of domain/access.ts, as a reader of that file should find them. */
const member: LiveGrant = { listId: 7, via: "member", floor: 100 };
const holder: LiveGrant = { listId: 7, via: "link", shareId: "link-a", floor: 100 };

describe("who may follow what, live", () => {
  it("replays nothing at or before the grant's floor, and only its own link's events to a link holder", () => {
    expect(mayReceiveListEvent(member, { id: 100, shareId: "link-a" })).toBe(false);
    expect(mayReceiveListEvent(member, { id: 101, shareId: "link-b" })).toBe(true);
    expect(mayReceiveListEvent(holder, { id: 101, shareId: "link-a" })).toBe(true);
    expect(mayReceiveListEvent(holder, { id: 101, shareId: "link-b" })).toBe(false);
    expect(isBeforeReplayFloor(member, 0)).toBe(true);
    expect(isBeforeReplayFloor(member, 99)).toBe(true);
    expect(isBeforeReplayFloor(member, 100)).toBe(false);
  });

  it("shows the shareId on events to link holders only, and a revoked link stops exactly its holders", () => {
    expect(mayLearnShareIdFromEvents(member)).toBe(false);
    expect(mayLearnShareIdFromEvents(holder)).toBe(true);
    expect(losesAccessWithLink(holder, "link-a")).toBe(true);
    expect(losesAccessWithLink(holder, "link-b")).toBe(false);
    expect(losesAccessWithLink({ ...member, shareId: "link-a" }, "link-a")).toBe(false);
  });

  it("ends the named session, or every session but the one kept", () => {
    expect(isSignedOutBy({ sessionId: "s1" }, { sessionId: "s1" })).toBe(true);
    expect(isSignedOutBy({ sessionId: "s2" }, { sessionId: "s1" })).toBe(false);
    expect(isSignedOutBy({ sessionId: "s2" }, { exceptSessionId: "s1" })).toBe(true);
    expect(isSignedOutBy({ sessionId: "s1" }, { exceptSessionId: "s1" })).toBe(false);
    expect(isSignedOutBy({ sessionId: null }, { exceptSessionId: "s1" })).toBe(false);
  });

  it("serves a poll client only to the session that made it, or signed out under its own link", () => {
    const signedIn = { userId: 1, sessionId: "s1" };
    expect(pollClientServes(signedIn, { sessionId: "s1" })).toBe(true);
    expect(pollClientServes(signedIn, { sessionId: "s2" })).toBe(false);
    expect(pollClientServes(signedIn, { sessionId: null })).toBe(false);
    const anonymous = { userId: null, sessionId: null, boundShareId: "link-a" };
    expect(pollClientServes(anonymous, { sessionId: null })).toBe(true);
    expect(pollClientServes(anonymous, { sessionId: null, shareId: "link-a" })).toBe(true);
    expect(pollClientServes(anonymous, { sessionId: null, shareId: "link-b" })).toBe(false);
    expect(pollClientServes(anonymous, { sessionId: "s1" })).toBe(false);
    expect(mayFollowWithPollClient(anonymous, { shareId: "link-a" })).toBe(true);
    expect(mayFollowWithPollClient(anonymous, { shareId: "link-b" })).toBe(false);
    expect(mayFollowWithPollClient(anonymous, {})).toBe(false);
    expect(mayFollowWithPollClient(signedIn, { shareId: "link-b" })).toBe(true);
  });
});
