import { oneAtATime } from "../auth/attempt-queue";
import { deviceCookieSecret, signDeviceToken, trustedDeviceNonce, withDeviceToken } from "../auth/device-cookie";
import { hashPassword, timingDummyHash, verifyPassword } from "../auth/passwords";
import type { RateLimiter } from "../auth/rate-limit";
import type { ChangePasswordInput, LoginInput, RegisterInput } from "../shared/account";
import type { User } from "../shared/types";
import { normalizeTheme, type ThemeId } from "../shared/themes";
import type { Store } from "../store";
import type { SessionRecord } from "../store/sessions";
import type { UserRecord } from "../store/users";
import { mayReturnToList } from "./access";
import { userTopic, type EventBus } from "./bus";
import { AppError, badRequest, conflict, unauthorized } from "./errors";
import { isValidInviteCode } from "./invites";

export const toPublicUser = ({ id, username, createdAt }: User): User => ({ id, username, createdAt });

const TOO_MANY_ATTEMPTS = "Too many failed attempts. Please try again later.";

export async function assertNotRateLimited(limiter: RateLimiter, keys: string[]) {
  const wait = Math.max(...(await Promise.all(keys.map((key) => limiter.retryAfter(key)))));
  if (wait > 0) throw new AppError(429, TOO_MANY_ATTEMPTS, "RATE_LIMITED", undefined, wait);
}

const recordFailures = (limiter: RateLimiter, keys: string[]) => Promise.all(keys.map((key) => limiter.recordFailure(key)));

/** Unique constraint violations, as both SQLite and PostgreSQL word them. */
export const isUniqueViolation = (error: unknown) => error instanceof Error && /unique|duplicate key/i.test(error.message);

export async function register(store: Store, limiter: RateLimiter, ip: string, input: RegisterInput): Promise<UserRecord> {
  const ipKey = `register:${ip}`;
  await assertNotRateLimited(limiter, [ipKey]);
  if (!(await isValidInviteCode(store, input.inviteCode))) {
    await limiter.recordFailure(ipKey);
    throw new AppError(403, "Invalid invite code", "INVALID_INVITE_CODE");
  }
  if (await store.users.findByUsername(input.username)) throw badRequest("Username already exists", "USERNAME_TAKEN");
  const passwordHash = await hashPassword(input.password);
  try {
    return await store.users.create(input.username, passwordHash);
  } catch (error) {
    // Two registrations of one name at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw badRequest("Username already exists", "USERNAME_TAKEN");
    throw error;
  }
}

/** Where a login comes from: its address, and the device cookie its browser carries, if any. */
export interface LoginOrigin {
  ip: string;
  deviceCookie: string | undefined;
}

/**
 * The browser's own key when its device cookie is valid for this username and has not failed too
 * often itself (OWASP "device cookies"); undefined for a stranger, or a device cookie that has.
 */
async function trustedDeviceKey(store: Store, limiter: RateLimiter, deviceCookie: string | undefined, username: string) {
  if (!deviceCookie) return undefined;
  const nonce = trustedDeviceNonce(await deviceCookieSecret(store), deviceCookie, username);
  const key = nonce && `login-device:${nonce}`;
  return key && (await limiter.retryAfter(key)) === 0 ? key : undefined;
}

/**
 * Failures count per address and per username, so guessing is slow from
 * anywhere. A browser that signed in to this very account before counts under its device cookie
 * alone, so a stranger's failures (at the username, or at an address shared behind a proxy) never
 * lock the owner out of her own browser; its cookie names one username, so it buys nothing against
 * another account, and once it has failed ten times it counts as a stranger's again.
 */
export async function login(store: Store, limiter: RateLimiter, origin: LoginOrigin, input: LoginInput): Promise<UserRecord> {
  const username = input.username.toLowerCase();
  const deviceKey = await trustedDeviceKey(store, limiter, origin.deviceCookie, username);
  const keys = deviceKey ? [deviceKey] : [`login-ip:${origin.ip}`, `login-user:${username}`];
  // Attempts counted under the same first key take turns, so a burst sees its own failures.
  return oneAtATime(keys[0]!, () => checkLogin(store, limiter, keys, input));
}

async function checkLogin(store: Store, limiter: RateLimiter, keys: string[], input: LoginInput): Promise<UserRecord> {
  await assertNotRateLimited(limiter, keys);
  const user = await store.users.findByUsername(input.username);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !valid) {
    await recordFailures(limiter, keys);
    throw unauthorized("Invalid username or password");
  }
  return user;
}

/** The browser's device cookie after signing in as `user`: a fresh token for them, others kept. */
export async function deviceCookieAfterSignIn(store: Store, user: UserRecord, deviceCookie: string | undefined): Promise<string> {
  const token = signDeviceToken(await deviceCookieSecret(store), user.username);
  return withDeviceToken(deviceCookie, token, user.username);
}

export async function isUsernameTaken(store: Store, username: string): Promise<boolean> {
  return (await store.users.findByUsername(username.trim())) !== undefined;
}

export async function renameUser(store: Store, user: UserRecord, username: string): Promise<User> {
  if (username === user.username) throw badRequest("This is your current username", "SAME_USERNAME");
  const holder = await store.users.findByUsername(username);
  if (holder && holder.id !== user.id) throw conflict("This username is already taken", "USERNAME_TAKEN");
  try {
    const renamed = await store.users.rename(user.id, username);
    if (!renamed) throw unauthorized();
    return toPublicUser(renamed);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("This username is already taken", "USERNAME_TAKEN");
    throw error;
  }
}

/**
 * Losing access stops live events at once, and signing out loses a user's access: whoever ends
 * sessions announces it, and every instance's live clients on them continue anonymously (keeping
 * only what a share link still grants them).
 */
function announceSessionEnded(bus: EventBus, userId: number, ended: { sessionId: string } | { exceptSessionId: string }) {
  return bus.publish(userTopic(userId), { type: "session_ended", ...ended });
}

/** Logout, or a new sign-in replacing the browser's session: that session ends everywhere. */
export async function endSession(store: Store, bus: EventBus, session: Pick<SessionRecord, "id" | "userId">): Promise<void> {
  await store.sessions.delete(session.id);
  await announceSessionEnded(bus, session.userId, { sessionId: session.id });
}

/** A password change signs out every other session of the user (docs/product-rules.md#accounts). */
export async function changePassword(
  store: Store,
  bus: EventBus,
  limiter: RateLimiter,
  user: UserRecord,
  currentSessionId: string,
  input: ChangePasswordInput,
): Promise<void> {
  // A stolen session must not be a way to guess the password it lacks: failures count like logins.
  const key = `password-user:${user.id}`;
  await assertNotRateLimited(limiter, [key]);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    await limiter.recordFailure(key);
    throw badRequest("Current password is incorrect", "WRONG_PASSWORD");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await store.db.transaction(async (tx) => {
    await store.users.setPasswordHash(user.id, passwordHash, tx);
    await store.sessions.deleteAllForUserExcept(user.id, currentSessionId, tx);
  });
  await announceSessionEnded(bus, user.id, { exceptSessionId: currentSessionId });
}

export const themeOf = (user: UserRecord): ThemeId => normalizeTheme(user.theme);

export const setTheme = (store: Store, user: UserRecord, theme: ThemeId) => store.users.setTheme(user.id, theme);

/**
 * Remembers the list a signed-in user opened, for GET /api/user/last-list. An open list page
 * follows its list live, so following is what counts as opening: GET never changes state (docs/product-rules.md#accounts).
 */
export async function rememberLastList(store: Store, userId: number, listId: number): Promise<void> {
  await store.users.setLastList(userId, listId);
}

/** The last list the user opened, while they may still see it. */
export async function lastVisibleList(store: Store, user: UserRecord): Promise<number | null> {
  if (user.lastListId === null) return null;
  const list = await store.lists.findById(user.lastListId);
  return list && (await mayReturnToList(store, user.id, list)) ? list.id : null;
}
