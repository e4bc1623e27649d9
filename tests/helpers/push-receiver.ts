import { type Bytes, concatBytes, fromBase64url, toBase64url } from "../../src/push/base64url";
import { jwkOfPoint } from "../../src/push/vapid";

/**
 * @module The push service's side of Web Push, for tests: a browser's subscription keys, the
 * decryption of an `aes128gcm` body (RFC 8291) with them, the check of a VAPID JWT (RFC 8292), and
 * a local HTTP receiver that plays the push service and answers as it is told.
 */

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;
const text = (value: string) => new TextEncoder().encode(value);

/** What a browser holds for one subscription: the public keys it sends, and its ECDH private key. */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  privateKey: CryptoKey;
}

export async function browserKeys(): Promise<BrowserKeys> {
  const pair = await crypto.subtle.generateKey(ECDH, true, ["deriveBits"]);
  return {
    p256dh: toBase64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
    auth: toBase64url(crypto.getRandomValues(new Uint8Array(16))),
    privateKey: pair.privateKey,
  };
}

/** A browser's keys from a private JWK (the RFC's example receiver). */
export async function browserKeysOf(privateJwk: JsonWebKey, p256dh: string, auth: string): Promise<BrowserKeys> {
  return { p256dh, auth, privateKey: await crypto.subtle.importKey("jwk", privateJwk, ECDH, false, ["deriveBits"]) };
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** Opens an `aes128gcm` Web Push body as the browser does; throws when it does not decrypt. */
export async function decryptPushMessage(body: Bytes, keys: BrowserKeys): Promise<string> {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const senderKey = await crypto.subtle.importKey("jwk", jwkOfPoint(senderPublic), ECDH, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: senderKey }, keys.privateKey, 256));
  const receiverPublic = fromBase64url(keys.p256dh);
  const ikm = await hkdf(fromBase64url(keys.auth), shared, concatBytes(text("WebPush: info\0"), receiverPublic, senderPublic), 32);
  const contentKey = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", contentKey, "AES-GCM", false, ["decrypt"]);
  const record = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, sealed));
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  if (record[end] !== 2) throw new Error("not a last record");
  return new TextDecoder().decode(record.subarray(0, end));
}

/** Checks `vapid t=…, k=…` as a push service does: the signature under k; answers k and the claims. */
export async function verifyVapid(authorization: string): Promise<{ publicKey: string; claims: Record<string, unknown> } | undefined> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) return undefined;
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split(".");
  if (!header || !claims || !signature) return undefined;
  const key = await crypto.subtle.importKey("jwk", jwkOfPoint(fromBase64url(publicKey)), { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64url(signature), text(`${header}.${claims}`));
  if (!valid) return undefined;
  return { publicKey, claims: JSON.parse(new TextDecoder().decode(fromBase64url(claims))) as Record<string, unknown> };
}

/** One push as the receiver took it. */
export interface ReceivedPush {
  path: string;
  headers: Headers;
  body: Bytes;
  status: number;
}

/**
 * A push service on 127.0.0.1: `answers` names the status each path answers (201 when unnamed),
 * optionally with a Retry-After. Every request is kept, whatever it answered.
 */
export function startPushReceiver() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; retryAfter?: string }>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const answer = answers.get(path) ?? { status: 201 };
      received.push({ path, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()), status: answer.status });
      return new Response(null, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": answer.retryAfter } : {} });
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    received,
    endpoint: (name: string) => `${origin}/push/${name}`,
    answer(name: string, status: number, retryAfter?: string) {
      answers.set(`/push/${name}`, { status, retryAfter });
    },
    to: (name: string) => received.filter((push) => push.path === `/push/${name}`),
    stop: () => server.stop(true),
  };
}

export type PushReceiver = ReturnType<typeof startPushReceiver>;
