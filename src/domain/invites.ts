import type { Store } from "../store";
import { badRequest } from "./errors";
import { randomToken } from "../auth/random-token";

const INVITE_CODE_KEY = "invite_code";

/**
 * On first start the code comes from INVITE_CODE or is generated; once stored, the
 * stored code (which the admin may have changed) wins over the environment.
 */
export async function ensureInviteCode(store: Store, fromEnvironment: string | undefined): Promise<string> {
  const stored = await store.settings.get(INVITE_CODE_KEY);
  if (stored) return stored;
  const code = fromEnvironment?.trim() || randomToken(6);
  await store.settings.set(INVITE_CODE_KEY, code);
  return code;
}

export const getInviteCode = async (store: Store) => (await store.settings.get(INVITE_CODE_KEY)) ?? null;

export async function setInviteCode(store: Store, code: string): Promise<string> {
  const trimmed = code.trim();
  if (!trimmed) throw badRequest("Invite code cannot be empty");
  await store.settings.set(INVITE_CODE_KEY, trimmed);
  return trimmed;
}

/** Compares in constant time so the code cannot be guessed character by character. */
export async function isValidInviteCode(store: Store, candidate: string): Promise<boolean> {
  const expected = await getInviteCode(store);
  if (!expected) return false;
  const a = new TextEncoder().encode(expected);
  const b = new TextEncoder().encode(candidate.trim());
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
