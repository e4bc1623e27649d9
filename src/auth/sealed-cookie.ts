/**
 * @module
 * A value kept in the browser for a few minutes that only this server can have written: JSON,
 * base64url, an expiry inside and an HMAC over both. Single sign-on keeps its round trip's checks
 * and a first sign-in's identity this way (docs/decisions/064-oidc.md), so any instance on the
 * database can finish what another began, and nothing is left behind when a person walks away.
 */
import { timingSafeEqual } from "node:crypto";
import type * as z from "zod";
import type { Store } from "../store";
import { storedSecret } from "./device-cookie";

const SECRET_SETTING = "sealed_cookie_secret";

const sign = (secret: string, payload: string) => new Bun.CryptoHasher("sha256", secret).update(payload).digest("base64url");

/** A tag only this server can make for `text`: Settings' link to single sign-on carries one for its session. */
export const tagOf = async (store: Pick<Store, "settings">, text: string) => sign(await storedSecret(store, SECRET_SETTING), text);

/** Whether `tag` is this server's for `text`, compared in constant time. */
export async function isTagOf(store: Pick<Store, "settings">, text: string, tag: string): Promise<boolean> {
  const [expected, given] = [Buffer.from(await tagOf(store, text)), Buffer.from(tag)];
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function seal(store: Pick<Store, "settings" | "clock">, value: object, lifetimeMs: number): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ value, expiresAt: store.clock.now() + lifetimeMs })).toString("base64url");
  return `${payload}.${sign(await storedSecret(store, SECRET_SETTING), payload)}`;
}

/** What `seal` kept, if this server signed it, it has not expired and it has `schema`'s shape. */
export async function unseal<T>(
  store: Pick<Store, "settings" | "clock">,
  sealed: string | undefined,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const [payload, signature] = sealed?.split(".") ?? [];
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(await storedSecret(store, SECRET_SETTING), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const { value, expiresAt } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { value: unknown; expiresAt: number };
  if (store.clock.now() >= expiresAt) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
