/**
 * @module What a toast says, as the server can hand it to a page (a prop) and an island can keep
 * across a page load: text only, no action. The queue that shows toasts is islands/toast.ts.
 */
export interface PlainToast {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  durationMs?: number;
}

/** Shared access failure: a share link that is dead, or a shared list that went away (docs/product-rules.md#on-the-page). */
export const SHARED_ACCESS_FAILED: PlainToast = { title: "Error", description: "Failed to access the shared list", variant: "destructive" };
