import { client } from "./api";
import { SHARED_ACCESS_FAILED } from "../src/shared/toast";
import { flashToast } from "./toast";

/** The session storage keys for a share link followed before signing in. */
const PENDING_SHARE_KEY = "pendingShareId";

export const rememberPendingShare = (shareId: string) => sessionStorage.setItem(PENDING_SHARE_KEY, shareId);
export const pendingShare = () => sessionStorage.getItem(PENDING_SHARE_KEY);

/**
 * After signing in with a pending share (docs/product-rules.md#screens): fetch the shared list, clear the
 * pending id, and land on /?shareId=… with the access toast; on failure land on / with an error.
 */
export async function landAfterSignIn(): Promise<string> {
  const shareId = pendingShare();
  if (!shareId) return "/";
  sessionStorage.removeItem(PENDING_SHARE_KEY);
  try {
    const shared = await client.list.$get({ query: { shareId } });
    flashToast({ title: `You now have access to the shared list "${shared.list.name}"`, variant: "success" });
    return `/?shareId=${encodeURIComponent(shareId)}`;
  } catch {
    flashToast(SHARED_ACCESS_FAILED);
    return "/";
  }
}
