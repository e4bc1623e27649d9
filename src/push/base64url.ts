/** Bytes WebCrypto accepts as a BufferSource (never a view of a SharedArrayBuffer). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Web Push speaks unpadded base64url everywhere (keys, salts, JWTs): one spelling, both ways. */
export const toBase64url = (bytes: Uint8Array | ArrayBuffer): string =>
  Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString("base64url");

export const fromBase64url = (text: string): Bytes => new Uint8Array(Buffer.from(text, "base64url"));

/** Whether `text` is unpadded base64url of exactly `length` bytes (a key or secret a browser sent). */
export function isBase64urlOf(text: string, length: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && fromBase64url(text).length === length;
}

export function concatBytes(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
