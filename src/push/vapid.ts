import { toBase64url } from "./base64url";

/**
 * @module VAPID (RFC 8292): the server's P-256 key pair, made once and kept in the database, and
 * the ES256 JWT each push carries so the push service knows which application server sent it.
 */
export interface VapidKeys {
  /** The uncompressed 65-byte P-256 point, base64url: what browsers pass as `applicationServerKey`. */
  publicKey: string;
  /** The private key as a JWK (d, x, y). */
  privateJwk: JsonWebKey;
}

const ES256 = { name: "ECDSA", namedCurve: "P-256" } as const;

export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey(ES256, true, ["sign", "verify"]);
  const publicKey = toBase64url(await crypto.subtle.exportKey("raw", pair.publicKey));
  const { kty, crv, d, x, y } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey, privateJwk: { kty, crv, d, x, y } };
}

/** P-256's prime and the `b` of its curve y² = x³ − 3x + b (SEC 2, secp256r1). */
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const numberOf = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString("hex")}`);

/**
 * Whether `point` is an uncompressed point on P-256 (0x04 || x || y). Checked here rather than by
 * a WebCrypto import that fails: Bun leaves that failure behind, and the next crypto call of the
 * process (a password hash) reports it as its own.
 */
export function isP256Point(point: Uint8Array): boolean {
  if (point.length !== 65 || point[0] !== 4) return false;
  const [x, y] = [numberOf(point.subarray(1, 33)), numberOf(point.subarray(33))];
  return x < P && y < P && (y * y - (x * x * x - 3n * x + B)) % P === 0n;
}

/** A JWK's public half from a raw uncompressed point (0x04 || x || y). */
export function jwkOfPoint(point: Uint8Array): JsonWebKey {
  if (!isP256Point(point)) throw new Error("not an uncompressed P-256 point");
  return { kty: "EC", crv: "P-256", x: toBase64url(point.subarray(1, 33)), y: toBase64url(point.subarray(33)), ext: true };
}

/** How long a push's JWT is good for: RFC 8292 §2 allows at most 24 hours. */
export const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

const textBytes = (text: string) => new TextEncoder().encode(text);

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` for a push to `endpoint`: the audience is the
 * endpoint's origin, `sub` the operator's contact (VAPID_SUBJECT).
 */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, subject: string, nowMs: number): Promise<string> {
  const header = toBase64url(textBytes(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(nowMs / 1000) + VAPID_TOKEN_SECONDS, sub: subject };
  const signingInput = `${header}.${toBase64url(textBytes(JSON.stringify(claims)))}`;
  const key = await crypto.subtle.importKey("jwk", keys.privateJwk, ES256, false, ["sign"]);
  // WebCrypto signs ECDSA as r || s, which is exactly JWS's ES256 form (RFC 7518 §3.4).
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, textBytes(signingInput));
  return `vapid t=${signingInput}.${toBase64url(signature)}, k=${keys.publicKey}`;
}
