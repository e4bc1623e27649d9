import type { Caller } from "../domain/access";
import type { AppContext } from "./env";

/**
 * Who is calling, for the access rules of DESIGN §5: the signed-in user (if any) and the
 * `shareId` query parameter a share-link visitor carries on every call (SPEC §6).
 */
export function callerOf(c: AppContext): Caller {
  const shareId = c.req.query("shareId")?.trim();
  return { userId: c.get("user")?.id ?? null, ...(shareId ? { shareId } : {}) };
}
