/**
 * A real HTTP receiver for webhook tests (docs/decisions/063-webhooks.md), on 127.0.0.1 and a free
 * port: it keeps every call's headers and body per path, and answers each path with the statuses
 * queued for it (then 200).
 */
export interface ReceivedCall {
  headers: Record<string, string>;
  body: string;
  status: number;
}

export type WebhookReceiver = ReturnType<typeof startWebhookReceiver>;

export function startWebhookReceiver() {
  const calls = new Map<string, ReceivedCall[]>();
  const answers = new Map<string, Array<{ status: number; retryAfter?: string }>>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname.slice(1);
      const answer = answers.get(path)?.shift() ?? { status: 200 };
      const call = { headers: Object.fromEntries(request.headers), body: await request.text(), status: answer.status };
      calls.set(path, [...(calls.get(path) ?? []), call]);
      return new Response(null, { status: answer.status, headers: answer.retryAfter ? { "retry-after": answer.retryAfter } : {} });
    },
  });
  return {
    url: (path: string) => `http://127.0.0.1:${server.port}/${path}`,
    to: (path: string) => calls.get(path) ?? [],
    /** The next calls to `path` are answered with these, in order. */
    answer(path: string, ...next: Array<{ status: number; retryAfter?: string }>) {
      answers.set(path, [...(answers.get(path) ?? []), ...next]);
    },
    stop: () => server.stop(true),
  };
}
