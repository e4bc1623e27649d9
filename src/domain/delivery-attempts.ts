import type { Logger } from "../logger";

/**
 * @module One try of a delivery from the queue (docs/decisions/050-notifications.md,
 * docs/decisions/063-webhooks.md): pushes and webhook calls are sent the same way and, when the
 * receiver is busy, failing or unreachable, wait the same backoff, honouring Retry-After.
 */

const SEND_TIMEOUT_MS = 15_000;

/**
 * 25 s, then 1, 2, 4 … minutes, at most an hour. The first retry is promised within 30 s of the
 * failure: 25 s leaves room for the worker's one-second tick and the send itself.
 */
export const backoffMs = (attempts: number) => (attempts === 0 ? 25_000 : Math.min(30_000 * 2 ** attempts, 60 * 60 * 1000));

/** Retry-After as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** When to try again: the backoff, or later if the receiver asked for it. */
export const retryDelayMs = (attempts: number, response: Response | undefined, now: number) =>
  Math.max(backoffMs(attempts), retryAfterMs(response?.headers.get("retry-after") ?? null, now) ?? 0);

/** Whether a failure is worth trying again: no answer, 429 or 5xx. */
export const isRetriable = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

export type Sender = (request: Request) => Promise<Response>;

/** Builds and sends one request within the timeout; undefined when nothing answered (the reason is logged). */
export async function sendOnce(send: Sender, build: () => Request | Promise<Request>, logger: Logger): Promise<Response | undefined> {
  try {
    const response = await send(new Request(await build(), { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }));
    await response.body?.cancel();
    return response;
  } catch (error) {
    logger.warn(`delivery failed: ${String(error)}`);
    return undefined;
  }
}
