import { useEffect } from "react";
import { ApiRequestError, client, onUnauthorized } from "./api";
import { toast } from "./toast";

export interface SessionRecoveryProps {
  username: string;
}

/** Long enough to read the toast before the page changes. */
const REDIRECT_DELAY_MS = 1500;
/** Remembers, across the trip through /auth, whose session is being recovered. */
const RECOVERING_KEY = "listwell:recoveringSession";
/** The login flashes its own toast onto the next page; this one should be the one left up. */
const RESTORED_TOAST_DELAY_MS = 300;

/**
 * Session recovery: on a signed-in page, a call answered 401 means the session is gone.
 * Say so once, send the user to log in again with their name filled in, and when they are back
 * on a signed-in page as the same user, tell them the session is restored.
 */
export default function SessionRecovery({ username }: SessionRecoveryProps) {
  useEffect(() => {
    const recovered = sessionStorage.getItem(RECOVERING_KEY);
    let restoredTimer: ReturnType<typeof setTimeout> | undefined;
    if (recovered !== null) {
      sessionStorage.removeItem(RECOVERING_KEY);
      if (recovered === username) {
        restoredTimer = setTimeout(
          () => toast({ title: "Session Restored", description: `Welcome back, ${username}!`, variant: "success" }),
          RESTORED_TOAST_DELAY_MS,
        );
      }
    }
    let recovering = false;
    const uninstall = onUnauthorized(() => {
      if (recovering) return;
      recovering = true;
      sessionStorage.setItem(RECOVERING_KEY, username);
      toast({ title: "Session expired: Reconnecting to server...", variant: "destructive" });
      setTimeout(() => {
        window.location.assign(`/auth?action=relogin&username=${encodeURIComponent(username)}`);
      }, REDIRECT_DELAY_MS);
    });
    // Back can restore this page frozen as it was (the bfcache), even after a logout: when the
    // session is no longer this user's, show what the server shows now (docs/decisions/012-delivery.md).
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      // The server marks the answer no-store, so it is asked, never a kept copy.
      client.user
        .$get(undefined, { handlesUnauthorized: true })
        .then(
          (user) => user.username,
          (error: unknown) => {
            // Refused (signed out): nobody's page. A network failure goes on to the catch below.
            if (error instanceof ApiRequestError) return undefined;
            throw error;
          },
        )
        .then((current) => {
          if (current !== username) window.location.reload();
        })
        // Offline: the page stays as it was, and its next call finds out.
        .catch(() => undefined);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      clearTimeout(restoredTimer);
      uninstall();
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [username]);
  return null;
}
