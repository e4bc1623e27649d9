/**
 * Whether a browser's Origin header names the host the request was sent to. Both doors that take
 * a browser's changes ask it: the HTTP middleware for unsafe calls, and the websocket upgrade.
 */
export function isSameOrigin(origin: string, requestUrl: string, hostHeader: string | undefined): boolean {
  try {
    const from = new URL(origin);
    const host = hostHeader ?? new URL(requestUrl).host;
    return from.host === host;
  } catch {
    return false;
  }
}
