/**
 * @module OWASP "device cookies" (docs/product-rules.md#accounts): a browser that signed in to an account before
 * carries a token naming the username, HMAC-signed with a server secret. It proves nothing about
 * the password; it only tells a returning browser from a stranger, so a stranger's failures can
 * lock out strangers without locking out the owner.
 */
import { timingSafeEqual } from "node:crypto";
import type { Store } from "../store";
import { randomToken } from "./random-token";

export const DEVICE_COOKIE = "listwell_device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** One browser may be used by a few people (a family computer); each keeps their own token. */
const MAX_TOKENS_PER_BROWSER = 5;
const SECRET_SETTING = "device_cookie_secret";
const TOKEN_SEPARATOR = "~";

/**
 * A signing secret, shared by every instance on one database: made once and stored, as the
 * invite code is. Read at each use rather than kept, so two instances that started at the same
 * moment and both wrote one agree on the stored one from then on.
 */
export async function storedSecret(store: Pick<Store, "settings">, setting: string): Promise<string> {
  const stored = await store.settings.get(setting);
  if (stored) return stored;
  await store.settings.set(setting, randomToken(32));
  return (await store.settings.get(setting))!;
}

export const deviceCookieSecret = (store: Pick<Store, "settings">) => storedSecret(store, SECRET_SETTING);

const encodeName = (username: string) => Buffer.from(username.toLowerCase()).toString("base64url");
const sign = (secret: string, payload: string) => new Bun.CryptoHasher("sha256", secret).update(payload).digest("base64url");

/** A fresh token for `username`: `name.nonce.signature`. */
export function signDeviceToken(secret: string, username: string): string {
  const payload = `${encodeName(username)}.${randomToken(16)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * The nonce of the cookie's token for `username` when its signature holds, else undefined. The
 * nonce names this browser for the limit on its own failures.
 */
export function trustedDeviceNonce(secret: string, cookie: string | undefined, username: string): string | undefined {
  const name = encodeName(username);
  for (const token of cookie?.split(TOKEN_SEPARATOR) ?? []) {
    const [tokenName, nonce, signature] = token.split(".");
    if (tokenName !== name || !nonce || !signature) continue;
    const expected = Buffer.from(sign(secret, `${tokenName}.${nonce}`));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return nonce;
  }
  return undefined;
}

/** The cookie after a sign-in as `username`: their new token first, other accounts' kept. */
export function withDeviceToken(cookie: string | undefined, token: string, username: string): string {
  const name = encodeName(username);
  const others = (cookie?.split(TOKEN_SEPARATOR) ?? []).filter((entry) => entry && entry.split(".")[0] !== name);
  return [token, ...others].slice(0, MAX_TOKENS_PER_BROWSER).join(TOKEN_SEPARATOR);
}
