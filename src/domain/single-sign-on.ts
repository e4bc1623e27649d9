/**
 * @module
 * Signing in through an OpenID Connect provider (docs/decisions/064-oidc.md): an account is found by
 * the provider's subject, made on a first sign-in (with the invite code, unless the server makes
 * accounts on its own), and the password paths close when the server signs in that way only.
 */
import type { ProviderIdentity } from "../auth/oidc";
import { hashPassword } from "../auth/passwords";
import type { RateLimiter } from "../auth/rate-limit";
import { randomToken } from "../auth/random-token";
import type { Config } from "../config";
import { REGISTERED_USERNAME_MAX as USERNAME_MAX, USERNAME_MIN, validateUsername } from "../shared/rules/account";
import type { Store } from "../store";
import type { UserRecord } from "../store/users";
import { assertNotRateLimited, isUniqueViolation } from "./accounts";
import { AppError, badRequest, forbidden } from "./errors";
import { isValidInviteCode } from "./invites";

const PASSWORDS_OFF_MESSAGE = "This server signs in through single sign-on only";

/** OIDC_ONLY: sign-in, registration and password changes by password answer 403. */
export function assertPasswordsOn(config: Pick<Config, "oidc">) {
  if (config.oidc?.only) throw forbidden(PASSWORDS_OFF_MESSAGE, "PASSWORDS_OFF");
}

/** A name the registration rules accept, made from whatever the provider offered. */
export function usernameFrom(suggested: string): string {
  const plain = suggested
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_]/g, "")
    .slice(0, USERNAME_MAX);
  return plain.length >= USERNAME_MIN ? plain : `user${plain}`.slice(0, USERNAME_MAX);
}

/** `base`, or `base_2`, `base_3`… cut to fit, the first no account holds. */
async function unusedUsername(store: Store, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `_${n}`;
    const candidate = base.slice(0, USERNAME_MAX - suffix.length) + suffix;
    if (!(await store.users.findByUsername(candidate))) return candidate;
  }
}

/** The suggestion the invite page fills in: valid and free when it was offered. */
export const suggestUsername = (store: Store, identity: ProviderIdentity) =>
  unusedUsername(store, usernameFrom(identity.suggestedUsername));

/** The account linked to this subject, if any. */
export const linkedUser = (store: Store, identity: ProviderIdentity) => store.identities.findUser(identity.issuer, identity.subject);

/**
 * A new account for a first sign-in, linked in the same commit. It gets a random password nobody
 * knows, so the password sign-in can never open it until its owner sets one.
 */
async function createLinkedUser(store: Store, identity: ProviderIdentity, username: string): Promise<UserRecord> {
  const passwordHash = await hashPassword(randomToken(32));
  return store.db.transaction(async (tx) => {
    const user = await store.users.create(username, passwordHash, tx);
    await store.identities.link(identity.issuer, identity.subject, user.id, tx);
    return user;
  });
}

/** OIDC_AUTO_REGISTER: the first sign-in makes the account under the first free name. */
export async function autoRegister(store: Store, identity: ProviderIdentity): Promise<UserRecord> {
  for (;;) {
    try {
      return await createLinkedUser(store, identity, await suggestUsername(store, identity));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same subject's other sign-in made the account a moment ago: it is this one's too.
      const raced = await linkedUser(store, identity);
      if (raced) return raced;
      // Another sign-in took the name between the look and the insert: look again.
    }
  }
}

/** The invite page's answer: the invite code checked as registration checks it, then the name. */
export async function registerWithInvite(
  store: Store,
  limiter: RateLimiter,
  ip: string,
  identity: ProviderIdentity,
  input: { username: string; inviteCode: string },
): Promise<UserRecord> {
  const ipKey = `register:${ip}`;
  await assertNotRateLimited(limiter, [ipKey]);
  if (!input.inviteCode.trim()) throw badRequest("Invite code is required", "INVITE_CODE_REQUIRED");
  if (!(await isValidInviteCode(store, input.inviteCode))) {
    await limiter.recordFailure(ipKey);
    throw new AppError(403, "Invalid invite code", "INVALID_INVITE_CODE");
  }
  const username = input.username.trim();
  const invalid = validateUsername(username);
  if (invalid) throw badRequest(invalid, "INVALID_USERNAME");
  if (await store.users.findByUsername(username)) throw badRequest("Username already exists", "USERNAME_TAKEN");
  if (await linkedUser(store, identity)) throw badRequest("This sign-in already has an account", "ALREADY_LINKED");
  try {
    return await createLinkedUser(store, identity, username);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest("Username already exists", "USERNAME_TAKEN");
    throw error;
  }
}

/** Settings' "Link": the signed-in account takes this subject, if neither is linked yet. */
export async function linkAccount(store: Store, user: UserRecord, identity: ProviderIdentity): Promise<void> {
  const holder = await linkedUser(store, identity);
  if (holder?.id === user.id) return;
  if (holder) throw badRequest("This sign-in is already linked to another account", "ALREADY_LINKED");
  if (await store.identities.isLinked(user.id, identity.issuer)) {
    throw badRequest("Your account is already linked to another sign-in", "ALREADY_LINKED");
  }
  await store.identities.link(identity.issuer, identity.subject, user.id);
}
