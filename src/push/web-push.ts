import { type Bytes, concatBytes, fromBase64url } from "./base64url";
import { jwkOfPoint, vapidAuthorization, type VapidKeys } from "./vapid";

/**
 * @module Web Push message encryption (RFC 8291, `aes128gcm` content coding of RFC 8188) on
 * WebCrypto, and the request that hands one message to a browser's push service (RFC 8030).
 */

/** What a browser's PushSubscription gives the server: where to post, and its keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One record holds the whole message: push services accept at most 4096 bytes of body. */
const RECORD_SIZE = 4096;

/** The fixed parts a test may pin (RFC 8291 Appendix A); otherwise fresh for every message. */
export interface EncryptionSeed {
  salt: Bytes;
  /** The application server's one-time ECDH key pair, as a JWK with `d`, and its raw public point. */
  senderPrivateJwk: JsonWebKey;
  senderPublic: Bytes;
}

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;
const text = (value: string) => new TextEncoder().encode(value);

async function freshSeed(): Promise<EncryptionSeed> {
  const pair = await crypto.subtle.generateKey(ECDH, true, ["deriveBits"]);
  return {
    salt: crypto.getRandomValues(new Uint8Array(16)),
    senderPrivateJwk: await crypto.subtle.exportKey("jwk", pair.privateKey),
    senderPublic: new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)),
  };
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/**
 * The `aes128gcm` body for `plaintext` to the subscription's keys: salt, record size, the sender's
 * public key, then one AES-128-GCM record ending in the last-record delimiter 0x02 (RFC 8291 §3.4).
 */
export async function encryptPushMessage(plaintext: Bytes, keys: { p256dh: string; auth: string }, seed?: EncryptionSeed): Promise<Bytes> {
  const { salt, senderPrivateJwk, senderPublic } = seed ?? (await freshSeed());
  const receiverPublic = fromBase64url(keys.p256dh);
  const receiverKey = await crypto.subtle.importKey("jwk", jwkOfPoint(receiverPublic), ECDH, false, []);
  const senderKey = await crypto.subtle.importKey("jwk", senderPrivateJwk, ECDH, false, ["deriveBits"]);
  const sharedSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: receiverKey }, senderKey, 256));
  const keyInfo = concatBytes(text("WebPush: info\0"), receiverPublic, senderPublic);
  const ikm = await hkdf(fromBase64url(keys.auth), sharedSecret, keyInfo, 32);
  const contentKey = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", contentKey, "AES-GCM", false, ["encrypt"]);
  const record = concatBytes(plaintext, new Uint8Array([2]));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, aes, record));
  const header = new Uint8Array(21);
  header.set(salt);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = senderPublic.length;
  return concatBytes(header, senderPublic, sealed);
}

export type Urgency = "very-low" | "low" | "normal" | "high";

export interface PushOptions {
  /** Seconds the push service may hold the message for an offline browser. */
  ttl: number;
  urgency: Urgency;
  /** A waiting message with the same topic is replaced by this one (RFC 8030 §5.4): base64url, ≤ 32 chars. */
  topic: string;
}

/** The POST that hands one encrypted message to the subscription's push service. */
export async function pushRequest(
  target: PushTarget,
  message: string,
  options: PushOptions,
  vapid: { keys: VapidKeys; subject: string; nowMs: number },
): Promise<Request> {
  const body = await encryptPushMessage(text(message), target);
  return new Request(target.endpoint, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Encoding": "aes128gcm",
      TTL: String(options.ttl),
      Urgency: options.urgency,
      Topic: options.topic,
      Authorization: await vapidAuthorization(vapid.keys, target.endpoint, vapid.subject, vapid.nowMs),
    },
  });
}
