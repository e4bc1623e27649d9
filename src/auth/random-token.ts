import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/**
 * An unguessable id in lowercase base32, as sessions, share links, poll clients and the first
 * invite code use: `bytes` of randomness (16 bytes = 128 bits) from the platform's CSPRNG.
 */
export const randomToken = (bytes: number): string => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
