/**
 * @module
 * The reads an open list repeats most (every reconnect, every Back): `GET /api/list/{id}` and
 * `GET /api/tasks?listId={id}`. Their routes run the rules like any other; this gives them memory.
 * While the database has not changed, the same session reading the same address gets the same
 * answer, so the answer is kept under the change mark the session was read with (docs/decisions/025)
 * and the front door gives it again without the list's statements or the rules
 * (src/http/front-door.ts). Any commit, on this instance or another sharing the file, moves the mark.
 * A link visitor's answer is never kept: a link expires with time, not with a commit.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { matchedRoute } from "../route-pattern";

/** Answers kept per session and address; the least recently added goes first. */
const KEPT_ANSWERS = 1_000;

const JSON_TYPE = "application/json";

export interface KeptAnswer {
  mark: number;
  json: string;
  /** The route that answered, as the request log names it. */
  route: string;
}

export type KeptReads = ReturnType<typeof keptReads>;

export function keptReads() {
  const kept = new Map<string, KeptAnswer>();
  /** A kept answer is the session's at one address: the URL as sent, which its route's id schema accepted. */
  const keyOf = (url: string, sessionId: string) => `${url} ${sessionId}`;
  return {
    /** The answer kept for this address and session while `mark` stands. */
    find(url: string, sessionId: string, mark: number | undefined): KeptAnswer | undefined {
      const known = mark === undefined ? undefined : kept.get(keyOf(url, sessionId));
      return known?.mark === mark ? known : undefined;
    },
    /** Mounted on the read's own route, ahead of its handler: keeps what the handler answered. */
    keeping: (async (c, next) => {
      await next();
      const mark = c.get("mark");
      const session = c.get("session");
      if (mark === undefined || !session || c.req.query("shareId") !== undefined) return;
      if (c.res.status !== 200 || c.res.headers.get("content-type") !== JSON_TYPE) return;
      const key = keyOf(c.req.url, session.id);
      kept.delete(key);
      kept.set(key, { mark, json: await c.res.clone().text(), route: matchedRoute(c) });
      if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
    }) as MiddlewareHandler<AppEnv>,
  };
}
