import { userTopic, type EventBus } from "./bus";

/**
 * DESIGN §7: losing access stops live events at once, and signing out loses a user's access.
 * Whoever deletes sessions announces it; every instance's live clients on those sessions then
 * continue anonymously (keeping only what a share link still grants them).
 */
export function announceSessionEnded(
  bus: EventBus,
  userId: number,
  ended: { sessionId: string } | { exceptSessionId: string },
): Promise<void> {
  return bus.publish(userTopic(userId), { type: "session_ended", ...ended });
}
