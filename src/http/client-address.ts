/**
 * @module The client's address, which the per-address limits count by (docs/product-rules.md#limits): the
 * same answer for an HTTP request and for the websocket upgrade.
 */

/** What Bun's server tells about a request's TCP peer. */
export interface PeerSource {
  requestIP?: (request: Request) => { address: string } | null;
}

/** Answered when there is no TCP peer to read (a test calling the app without a server). */
const NO_PEER = "local";

/**
 * With `trustProxy` hops, each proxy appended the address it saw to `X-Forwarded-For`, so the one
 * the outermost trusted proxy saw is the `trustProxy`-th from the right; entries further left were
 * written by the client and prove nothing. A header too short to hold it did not pass through all
 * the proxies, so the TCP peer answers. Without `trustProxy` the header is never read.
 */
export function clientAddress(request: Request, server: PeerSource | undefined, trustProxy: number): string {
  const peer = server?.requestIP?.(request)?.address ?? NO_PEER;
  if (trustProxy <= 0) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return forwarded[forwarded.length - trustProxy] ?? peer;
}
