/**
 * @module API tokens (docs/decisions/061-api-tokens.md): made, listed and revoked by their owner
 * in a signed-in browser, and turned back into their user and scope when a script presents one.
 * What a token's caller may then do is the access policy's (src/domain/access.ts).
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import {
  type ApiToken,
  type CreatedApiToken,
  type CreateTokenInput,
  INVALID_TOKEN_MESSAGE,
  LIST_IDS_MESSAGE,
  TOKEN_NOT_FOUND,
  TOKEN_PREFIX,
} from "../shared/tokens";
import type { RateLimiter } from "../auth/rate-limit";
import type { Store } from "../store";
import { type EventBus, userTopic } from "./bus";
import type { TokenRecord } from "../store/tokens";
import type { UserRecord } from "../store/users";
import { findListAccess } from "./access";
import { AppError, badRequest, notFound, unauthorized } from "./errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `lastUsedAt` is written at most this often per token, so a busy script costs no write per call. */
export const LAST_USED_STEP_MS = 60_000;

/** The SHA-256 (hex) the database keeps, as for sessions (docs/decisions/002-native-sha256.md). */
export const tokenHash = (token: string) => Bun.SHA256.hash(token, "hex");

/** `lw_` and 32 random bytes in base64url: 256 bits, beyond guessing. */
const newSecret = () => TOKEN_PREFIX + encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));

/** Each list must be one the user can open now (own or shared by name); the same list twice counts once. */
async function openableListIds(store: Store, userId: number, listIds: number[]): Promise<number[]> {
  const unique = [...new Set(listIds)];
  for (const id of unique) {
    const list = await store.lists.findById(id);
    if (!(await findListAccess(store, { userId }, list))) throw badRequest(LIST_IDS_MESSAGE, "VALIDATION_ERROR");
  }
  return unique;
}

/** POST /api/tokens: the one answer that carries the secret; the database keeps its hash only. */
export async function createToken(store: Store, user: UserRecord, input: CreateTokenInput): Promise<CreatedApiToken> {
  const listIds = input.listIds ? await openableListIds(store, user.id, input.listIds) : null;
  const now = store.clock.now();
  const token = newSecret();
  const made = await store.tokens.create({
    hash: tokenHash(token),
    userId: user.id,
    name: input.name,
    access: input.access,
    listIds,
    createdAt: now,
    expiresAt: input.expiresInDays ? now + input.expiresInDays * DAY_MS : null,
  });
  return { ...made, token };
}

export const listTokens = (store: Store, user: UserRecord): Promise<ApiToken[]> => store.tokens.listForUser(user.id);

/** What Settings shows: the user's tokens, and the lists one may be limited to (own, then shared by name). */
export async function tokenSettings(store: Store, user: UserRecord) {
  const [tokens, own, shared] = await Promise.all([
    listTokens(store, user),
    store.lists.listOwnedBy(user.id),
    store.shares.sharedWith(user.id),
  ]);
  const lists = [...own.map(({ id, name }) => ({ id, name })), ...shared.map(({ list: { id, name } }) => ({ id, name }))];
  return { tokens, lists, now: store.clock.now() };
}

/**
 * DELETE /api/tokens/{id}: the user's own live token, else 404 as if it did not exist. Its live
 * clients are signed out as a session's are when it ends (src/realtime/hub.ts).
 */
export async function revokeToken(store: Store, bus: EventBus, user: UserRecord, id: number): Promise<void> {
  if (!(await store.tokens.revoke(id, user.id, store.clock.now()))) throw notFound(TOKEN_NOT_FOUND);
  await bus.publish(userTopic(user.id), { type: "session_ended", tokenId: id });
}

/**
 * The user and token behind a bearer secret, or undefined when it is unknown, revoked or expired.
 * Read from the database on every call, so a revoke on any instance refuses the very next one.
 */
export async function authenticateToken(store: Store, secret: string): Promise<{ user: UserRecord; token: TokenRecord } | undefined> {
  if (!secret.startsWith(TOKEN_PREFIX)) return undefined;
  const found = await store.tokens.findWithUser(tokenHash(secret));
  const now = store.clock.now();
  if (!found || found.token.revoked || (found.token.expiresAtMs !== null && now >= found.token.expiresAtMs)) return undefined;
  if (found.token.lastUsedAtMs === null || now - found.token.lastUsedAtMs >= LAST_USED_STEP_MS)
    await store.tokens.touch(found.token.id, now);
  return found;
}

export const TOO_MANY_TOKEN_FAILURES = "Too many invalid tokens from this address. Try again later.";

/**
 * A bearer secret that opens nothing: 401, counted against the address as a failed login is
 * (src/auth/rate-limit.ts), and 429 once the address is over the limit. A live token is never
 * counted nor refused by it, so guesses from a shared address cannot lock out its scripts.
 */
export async function refuseUnknownToken(limiter: RateLimiter, address: string): Promise<never> {
  const key = `token:${address}`;
  const wait = await limiter.retryAfter(key);
  if (wait > 0) throw new AppError(429, TOO_MANY_TOKEN_FAILURES, "RATE_LIMITED", undefined, wait);
  await limiter.recordFailure(key);
  throw unauthorized(INVALID_TOKEN_MESSAGE);
}
