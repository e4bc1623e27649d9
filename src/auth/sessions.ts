import { randomToken } from "./random-token";
import type { Store } from "../store";
import type { sessionsStore, SessionRecord } from "../store/sessions";
import type { UserRecord } from "../store/users";

/** Sessions as in the Lucia guide: a random token in the cookie, its SHA-256 in the database. */
export const SESSION_COOKIE = "listwell_session";
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_LIFETIME_MS / 2;

type Sessions = ReturnType<typeof sessionsStore>;

export const generateSessionToken = () => randomToken(20);

/** The SHA-256 (hex) the database keeps: Bun's native hash, see docs/decisions/002-native-sha256.md. */
export const sessionIdFromToken = (token: string) => Bun.SHA256.hash(token, "hex");

export async function createSession(sessions: Sessions, token: string, userId: number): Promise<SessionRecord> {
  const session = { id: sessionIdFromToken(token), userId, expiresAt: Date.now() + SESSION_LIFETIME_MS };
  await sessions.create(session);
  return session;
}

/** The session behind a token, renewed past its half-life; `renewed` says the cookie needs re-sending. */
export async function validateSessionToken(
  sessions: Sessions,
  token: string,
): Promise<{ session: SessionRecord; renewed: boolean } | undefined> {
  const session = await sessions.find(sessionIdFromToken(token));
  if (!session) return undefined;
  const now = Date.now();
  if (now >= session.expiresAt) {
    await sessions.delete(session.id);
    return undefined;
  }
  if (session.expiresAt - now < RENEW_WHEN_LEFT_MS) {
    session.expiresAt = now + SESSION_LIFETIME_MS;
    await sessions.extend(session.id, session.expiresAt);
    return { session, renewed: true };
  }
  return { session, renewed: false };
}

/** The signed-in user behind a session token, for HTTP requests and websocket upgrades alike. */
export async function authenticate(
  store: Pick<Store, "sessions" | "users">,
  token: string,
): Promise<{ session: SessionRecord; user: UserRecord; renewed: boolean } | undefined> {
  const found = await validateSessionToken(store.sessions, token);
  const user = found && (await store.users.findById(found.session.userId));
  return found && user ? { ...found, user } : undefined;
}
