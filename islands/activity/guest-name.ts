import { GUEST_NAME_COOKIE } from "../../src/shared/attribution";
import { emit } from "../signals";

/**
 * @module A share-link guest's display name (docs/product-rules.md#guests), kept in this browser: localStorage holds
 * it, and a cookie mirrors it so every call and the live connection carry it without each caller
 * adding a header (docs/decisions/024). The server adds " (guest)" and checks it.
 */
const STORAGE_KEY = "listwell:guest-name";
const YEAR_SECONDS = 365 * 24 * 3600;

export function storedGuestName(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const writeCookie = (name: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: one short value; the Cookie Store API is not in every browser we serve
  document.cookie = `${GUEST_NAME_COOKIE}=${encodeURIComponent(name)}; path=/; max-age=${YEAR_SECONDS}; samesite=strict`;
};

/** The cookie follows localStorage (it may have expired, or been cleared on its own). */
export function syncGuestCookie() {
  const name = storedGuestName();
  if (name && !document.cookie.split("; ").some((pair) => pair.startsWith(`${GUEST_NAME_COOKIE}=`))) writeCookie(name);
}

export function saveGuestName(name: string) {
  try {
    localStorage.setItem(STORAGE_KEY, name);
  } catch {
    // Private mode without storage: the cookie still carries it for this visit.
  }
  writeCookie(name);
  emit("listwell:guest-name", null);
}
