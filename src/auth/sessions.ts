import { randomToken } from "./random-token";
import type { Store } from "../store";
import type { SessionRecord } from "../store/sessions";
import type { UserRecord } from "../store/users";

/** Sessions as in the Lucia guide: a random token in the cookie, its SHA-256 in the database. */
export const SESSION_COOKIE = "listwell_session";
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_LIFETIME_MS / 2;

/** The moment a session is renewed on use: past half its lifetime. */
export const renewAtOf = (session: SessionRecord) => session.expiresAt - RENEW_WHEN_LEFT_MS;

export const generateSessionToken = () => randomToken(20);

/** The SHA-256 (hex) the database keeps: Bun's native hash, see docs/decisions/002-native-sha256.md. */
export const sessionIdFromToken = (token: string) => Bun.SHA256.hash(token, "hex");

export async function createSession(store: Pick<Store, "sessions" | "clock">, token: string, userId: number): Promise<SessionRecord> {
  const session = { id: sessionIdFromToken(token), userId, expiresAt: store.clock.now() + SESSION_LIFETIME_MS };
  await store.sessions.create(session);
  return session;
}

/**
 * The signed-in user behind a session token, for HTTP requests and websocket upgrades alike: read
 * from the database on every call, never from memory, so a logout or password change on any
 * instance sharing it refuses the very next request. Renewed past its half-life; `renewed` says
 * the cookie needs re-sending.
 */
export async function authenticate(
  store: Pick<Store, "sessions" | "clock">,
  token: string,
): Promise<{ session: SessionRecord; user: UserRecord; renewed: boolean } | undefined> {
  const found = await store.sessions.findWithUser(sessionIdFromToken(token));
  if (!found) return undefined;
  const { session, user } = found;
  const now = store.clock.now();
  if (now >= session.expiresAt) {
    await store.sessions.delete(session.id);
    return undefined;
  }
  if (now <= renewAtOf(session)) return { session, user, renewed: false };
  session.expiresAt = now + SESSION_LIFETIME_MS;
  await store.sessions.extend(session.id, session.expiresAt);
  return { session, user, renewed: true };
}
